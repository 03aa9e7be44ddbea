import { z } from "zod";
import { isValidEan13 } from "@/lib/ean13";
import { MAX_ROW_ID, storableString } from "@/lib/zod-fields";
import { isLongEnoughCode } from "./codes";

/** docs/domain.md#barcodes: what a scanned code means. */
export type BarcodeKind = "product" | "order" | "warehouse" | "workType" | "card";

export { BARCODE_MIN_LENGTH, isLongEnoughCode } from "./codes";

export const scanInput = z.object({
  code: storableString("validation.required").trim().min(1, "validation.required").max(64, "validation.maxLength").refine(isLongEnoughCode, "validation.required"),
});

export type ParsedCode =
  | { kind: "product"; by: "ean13"; ean13: string }
  | { kind: "product" | "order" | "warehouse" | "workType"; by: "id"; id: number; ean13?: never }
  | { kind: "card"; card: string }
  | { kind: "unknown" };

export function parseBarcode(raw: string): ParsedCode {
  const code = raw.trim().toUpperCase();
  if (isValidEan13(code)) return { kind: "product", by: "ean13", ean13: code };
  // Up to 10 digits: every int4 id (2147483647) the labels print; a larger number names nothing.
  const prefixed = /^(WT|P|O|W)(\d{1,10})$/.exec(code);
  if (prefixed && Number(prefixed[2]) <= MAX_ROW_ID) {
    const kind = ({ P: "product", O: "order", W: "warehouse", WT: "workType" } as const)[prefixed[1] as "P" | "O" | "W" | "WT"];
    return { kind, by: "id", id: Number(prefixed[2]) };
  }
  const card = /^U([A-Z0-9-]{1,40})$/.exec(code);
  if (card) return { kind: "card", card: card[1]! };
  return { kind: "unknown" };
}
