import type { Ctx } from "@/lib/context";
import { AppError, msg, type Message } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { parseBarcode, scanInput } from "./schemas";

export type ScanResult = { action: "open"; url: string; message: Message } | { action: "added"; message: Message };

/**
 * What each domain does with its codes. A domain registers its handler when it exists; until
 * then its codes answer "not found". A handler returns null when the referenced record is missing.
 */
export type DomainCode = { by: "ean13"; ean13: string } | { by: "id"; id: number };
export type BarcodeHandler = (args: { ctx: Ctx; code: DomainCode }) => Promise<ScanResult | null>;

const handlers: Partial<Record<"product" | "order" | "warehouse", BarcodeHandler>> = {};

export function registerBarcodeHandler(kind: "product" | "order" | "warehouse", handler: BarcodeHandler): void {
  handlers[kind] = handler;
}

export async function scanBarcode({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ScanResult> {
  const { code } = parseInput(scanInput, input);
  const parsed = parseBarcode(code);
  switch (parsed.kind) {
    case "product":
    case "order":
    case "warehouse": {
      const handler = handlers[parsed.kind];
      const domainCode: DomainCode = parsed.by === "ean13" ? { by: "ean13", ean13: parsed.ean13 } : { by: "id", id: parsed.id };
      const result = handler ? await handler({ ctx, code: domainCode }) : null;
      if (!result) throw AppError.fail(msg("shell.barcodeNotFound", { code }));
      return result;
    }
    case "workType":
      throw AppError.fail(msg("shell.barcodeWorkType", { code }));
    case "card":
      throw AppError.fail(msg("shell.barcodeCard", { code }));
    default:
      throw AppError.fail(msg("shell.barcodeUnknown", { code }));
  }
}
