import { z } from "zod";
import { isValidEan13 } from "@/lib/ean13";
import { storableString } from "@/lib/zod-fields";

/** DESIGN.md §8.1: what a scanned code means. */
export type BarcodeKind = "product" | "order" | "warehouse" | "workType" | "card";

/** Spec 01 §5, §9: the menu box acts only on more than 2 characters. */
export const BARCODE_MIN_LENGTH = 3;

export const scanInput = z.object({
  code: storableString("validation.required").trim().min(BARCODE_MIN_LENGTH, "validation.required").max(64, "validation.maxLength"),
});

export type ParsedCode =
  | { kind: "product"; by: "ean13"; ean13: string }
  | { kind: "product" | "order" | "warehouse" | "workType"; by: "id"; id: number; ean13?: never }
  | { kind: "card"; card: string }
  | { kind: "unknown" };

export function parseBarcode(raw: string): ParsedCode {
  const code = raw.trim().toUpperCase();
  if (isValidEan13(code)) return { kind: "product", by: "ean13", ean13: code };
  const prefixed = /^(WT|P|O|W)(\d{1,9})$/.exec(code);
  if (prefixed) {
    const kind = ({ P: "product", O: "order", W: "warehouse", WT: "workType" } as const)[prefixed[1] as "P" | "O" | "W" | "WT"];
    return { kind, by: "id", id: Number(prefixed[2]) };
  }
  const card = /^U([A-Z0-9-]{1,40})$/.exec(code);
  if (card) return { kind: "card", card: card[1]! };
  return { kind: "unknown" };
}
