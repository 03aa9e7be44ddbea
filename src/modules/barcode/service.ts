import { type Ctx, type DomainCode, type ScanResult } from "@/lib/context";
import { AppError, msg } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { BARCODE_MIN_LENGTH, isLongEnoughCode, parseBarcode, scanInput } from "./schemas";

/**
 * The menu box's scan (docs/domain.md#barcodes). Each domain answers its own codes through the handler it
 * declares in its module (ctx.wiring); a domain without one, or a missing record, is "not found".
 */
export async function scanBarcode({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ScanResult> {
  const raw = (input as { code?: unknown } | null)?.code;
  // docs/domain.md#barcode-input: the box acts only on more than 2 characters (or a short printed code); a shorter scan says so plainly.
  if (typeof raw === "string" && raw.trim() !== "" && !isLongEnoughCode(raw)) {
    throw AppError.invalid({ code: msg("shell.barcodeTooShort", { min: BARCODE_MIN_LENGTH }) });
  }
  const { code } = parseInput(scanInput, input);
  const parsed = parseBarcode(code);
  switch (parsed.kind) {
    case "product":
    case "order":
    case "warehouse": {
      const handler = ctx.wiring.barcodeHandlers[parsed.kind];
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
