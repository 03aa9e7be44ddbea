/**
 * The Prices tab: the base unit price and the m² price without VAT (products.unit_price,
 * products.m2_price) and a price per e-shop where it differs (product_eshop_prices). CZK.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { eshops, productEshopPrices, products } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { czechOrder } from "@/lib/crud/service";
import { AppError, type Message, msg } from "@/lib/errors";
import { halereToNumeric, toHalere } from "@/lib/money";
import { parseInput } from "@/lib/validation";
import { type ProductPrices, pricesInput } from "./schemas";
import { touchProduct } from "./service";

const fromNumeric = (value: string | null): number | null => (value === null ? null : Number(value));
const toNumeric = (value: number | undefined): string | null => (value === undefined ? null : halereToNumeric(toHalere(value)));

export async function getProductPrices({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<ProductPrices> {
  const [product] = await ctx.db
    .select({ unitPrice: products.unitPrice, m2Price: products.m2Price })
    .from(products)
    .where(eq(products.id, input.id));
  if (!product) throw AppError.notFound();
  const shops = await ctx.db.select({ id: eshops.id, name: eshops.name }).from(eshops).orderBy(asc(czechOrder(eshops.name)), asc(eshops.id));
  const overrides = new Map(
    (
      await ctx.db
        .select({ eshopId: productEshopPrices.eshopId, price: productEshopPrices.price })
        .from(productEshopPrices)
        .where(eq(productEshopPrices.productId, input.id))
    ).map((row) => [row.eshopId, row.price]),
  );
  return {
    unitPrice: fromNumeric(product.unitPrice),
    m2Price: fromNumeric(product.m2Price),
    eshops: shops.map((eshop) => ({ eshop, price: fromNumeric(overrides.get(eshop.id) ?? null) })),
  };
}

/**
 * Replaces the prices: a missing or blank amount clears it; `eshops` lists every e-shop price that
 * differs from the base one (an e-shop left out, or sent with a blank price, has none).
 */
export async function saveProductPrices({ ctx, input }: { ctx: Ctx; input: { id: number; prices: unknown } }): Promise<ProductPrices> {
  const sent = parseInput(pricesInput, input.prices);
  return withTransaction(ctx, async (tx) => {
    const fields: Record<string, Message> = {};
    const ids = sent.eshops.map((row) => row.eshop);
    const known = new Set(
      ids.length ? (await tx.db.select({ id: eshops.id }).from(eshops).where(inArray(eshops.id, ids))).map((row) => row.id) : [],
    );
    const seen = new Set<number>();
    sent.eshops.forEach((row, index) => {
      if (!known.has(row.eshop)) fields[`eshops.${index}.eshop`] = msg("product.unknownEshop", { id: row.eshop });
      else if (seen.has(row.eshop)) fields[`eshops.${index}.eshop`] = msg("validation.duplicate");
      seen.add(row.eshop);
    });
    if (Object.keys(fields).length) throw AppError.invalid(fields);

    await touchProduct(tx, input.id);
    await tx.db.update(products).set({ unitPrice: toNumeric(sent.unitPrice), m2Price: toNumeric(sent.m2Price) }).where(eq(products.id, input.id));
    await tx.db.delete(productEshopPrices).where(eq(productEshopPrices.productId, input.id));
    const rows = sent.eshops.flatMap((row) => (row.price === undefined ? [] : [{ productId: input.id, eshopId: row.eshop, price: toNumeric(row.price)! }]));
    if (rows.length) await tx.db.insert(productEshopPrices).values(rows);
    return getProductPrices({ ctx: tx, input: { id: input.id } });
  });
}
