/**
 * The basket pages' id field (docs/domain.md#basket-id-field): a product id, an EAN-13 or a scanned product code
 * (`P<id>`, read by the menu box's resolver, docs/domain.md#barcodes) adds the default amount 1 to the
 * caller's common or warehouse basket through addToBasket, with its idempotency key
 * (docs/architecture.md#idempotency): a retried add answers the first result and adds nothing.
 */
import { eq } from "drizzle-orm";
import { products } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import { isValidEan13 } from "@/lib/ean13";
import { parseInput } from "@/lib/validation";
import { MAX_ROW_ID } from "@/lib/zod-fields";
import { parseBarcode } from "@/modules/barcode/schemas";
import { addByCodeInput, type BasketItem, DEFAULT_BASKET_AMOUNT } from "./schemas";
import { addToBasket } from "./service";

type ProductCode = { by: "id"; id: number } | { by: "ean13"; ean13: string };

/** A bare number is a product id (13 digits with a valid check digit are an EAN-13); otherwise the scan resolver's product codes. */
export function productCodeOf(raw: string): ProductCode | null {
  const code = raw.trim();
  if (/^\d{1,10}$/.test(code) && !isValidEan13(code)) {
    const id = Number(code);
    return id >= 1 && id <= MAX_ROW_ID ? { by: "id", id } : null;
  }
  const parsed = parseBarcode(code);
  if (parsed.kind !== "product") return null;
  return parsed.by === "ean13" ? { by: "ean13", ean13: parsed.ean13 } : { by: "id", id: parsed.id };
}

export interface AddCodeToBasketResult {
  message: Message;
  /** The basket line after the add, as the basket table shows it. */
  line: BasketItem;
}

/** Adds 1 of the product the code names; an unknown code is a `fail` that names it, and nothing changes. */
export async function addCodeToBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<AddCodeToBasketResult> {
  const { code, type, warehouseId, idempotencyKey } = parseInput(addByCodeInput, input);
  const productCode = productCodeOf(code);
  if (!productCode) throw AppError.fail(msg("basket.idField.unknownCode", { code }));
  const where = productCode.by === "ean13" ? eq(products.ean13, productCode.ean13) : eq(products.id, productCode.id);
  const [product] = await ctx.db.select({ id: products.id, name: products.name }).from(products).where(where).limit(1);
  if (!product) throw AppError.fail(msg("basket.idField.unknownCode", { code }));
  const added = await addToBasket({ ctx, input: { type, warehouseId, idempotencyKey, productId: product.id, amount: DEFAULT_BASKET_AMOUNT } });
  return {
    message: msg("basket.addedProduct", { name: product.name }),
    line: { id: added.itemId, shopProduct: { id: product.id, name: product.name }, quantity: added.quantity },
  };
}
