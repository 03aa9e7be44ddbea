/**
 * Wires baskets into the shell: the layout's left column and the menu barcode box's product codes
 * (DESIGN.md §8.1: EAN-13 or P<id> adds 1 to the common basket). Imported for its side effect by
 * ./api.ts, so mounting the basket API wires both.
 */
import { eq } from "drizzle-orm";
import { products } from "@db/schema";
import { msg } from "@/lib/errors";
import { setBasketLoader } from "@/lib/render";
import { registerBarcodeHandler, type BarcodeHandler } from "@/modules/barcode/service";
import { COMMON_WAREHOUSE_ID } from "./schemas";
import { addToBasket, basketSummaries } from "./service";

/** A scanned product code: found → 1 more in the caller's common basket; missing → null ("not found"). */
export const addScannedProduct: BarcodeHandler = async ({ ctx, code }) => {
  const where = code.by === "ean13" ? eq(products.ean13, code.ean13) : eq(products.id, code.id);
  const [product] = await ctx.db.select({ id: products.id, name: products.name }).from(products).where(where).limit(1);
  if (!product) return null;
  await addToBasket({ ctx, input: { type: "COMMON", warehouseId: COMMON_WAREHOUSE_ID, productId: product.id, amount: 1 } });
  return { action: "added", message: msg("basket.addedProduct", { name: product.name }) };
};

registerBarcodeHandler("product", addScannedProduct);

setBasketLoader(async (c) => {
  const user = c.get("user");
  return user ? basketSummaries({ ctx: c.get("ctx"), userId: user.id }) : [];
});
