/**
 * The common basket as barcode labels (PDF) and as CSV (docs/domain.md#basket-exports; decision 028). Only the
 * caller's own basket is served: another user's id answers 404, as a record the caller cannot see.
 * Rendered on demand, not cached: a basket changes with every add.
 */
import { inArray } from "drizzle-orm";
import { products } from "@db/schema";
import { productBarcode } from "@/lib/barcode";
import type { Ctx } from "@/lib/context";
import { todayInPrague } from "@/lib/dates";
import { AppError } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { formatDecimal } from "@/lib/money";
import { renderPdf } from "@/lib/pdf/render";
import { parseInput } from "@/lib/validation";
import { AMOUNT_DECIMALS, COMMON_WAREHOUSE_ID } from "../schemas";
import { listBasketItems, nonStorableProducts, notStorableMessage } from "../service";
import { toCsv } from "./csv";
import { BASKET_CSV_COLUMNS, basketOwnerInput } from "./schemas";

interface BasketLine {
  id: number;
  productId: number;
  name: string;
  ean13: string | null;
  quantity: number;
}

/** The caller's common basket, oldest line first, with each product's EAN-13; someone else's: 404. */
async function ownCommonBasket(ctx: Ctx, input: unknown): Promise<BasketLine[]> {
  if (ctx.userId === null) throw AppError.error("UNAUTHORIZED");
  const { userId } = parseInput(basketOwnerInput, input);
  if (userId !== ctx.userId) throw AppError.notFound();
  const items = await listBasketItems({ ctx, input: { type: "COMMON", warehouseId: COMMON_WAREHOUSE_ID } });
  const ids = items.map((item) => item.shopProduct.id);
  const eans = new Map(
    ids.length ? (await ctx.db.select({ id: products.id, ean13: products.ean13 }).from(products).where(inArray(products.id, ids))).map((row) => [row.id, row.ean13]) : [],
  );
  return items.map((item) => ({ id: item.id, productId: item.shopProduct.id, name: item.shopProduct.name, ean13: eans.get(item.shopProduct.id) ?? null, quantity: item.quantity }));
}

/** `GET /pdf/barcodesFromBasket/{userId}`: one label per line; an empty basket is one page saying so. */
export async function basketBarcodesPdf({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ fileName: string; pdf: Uint8Array }> {
  const lines = await ownCommonBasket(ctx, input);
  // A service has no label to stick on anything: its line (added before baskets refused services) is named, not printed.
  const services = await nonStorableProducts(ctx, lines.map((line) => line.productId));
  if (services.length) throw AppError.fail(services.map((product) => notStorableMessage(product.name)));
  const t = tFor(ctx.lang);
  const labels = lines.map((line) => {
    const code = productBarcode({ id: line.productId, ean13: line.ean13 });
    return {
      name: line.name,
      symbology: code.symbology,
      code: code.value,
      quantity: t("basketExports.quantity", { quantity: formatDecimal(line.quantity, ctx.lang, AMOUNT_DECIMALS) }) as string,
    };
  });
  const pdf = await renderPdf(() => import("@/lib/pdf/basket-barcodes").then((m) => m.BasketBarcodesDocument), {
    data: { title: t("basketExports.pdfTitle"), author: t("appName"), labels, emptyText: t("basketExports.empty") },
  });
  return { fileName: t("basketExports.pdfFileName", { date: todayInPrague() }), pdf };
}

/** `GET /basket/exportToCsv/{userId}`: id, product id, EAN (kept as text, decision 036), name, quantity (decimal comma); the headers in the caller's language. */
export async function basketCsv({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ fileName: string; bytes: Uint8Array }> {
  const lines = await ownCommonBasket(ctx, input);
  const t = tFor(ctx.lang);
  const header = BASKET_CSV_COLUMNS.map((column) => t(`basketExports.column.${column}`) as string);
  const rows = lines.map((line) => [line.id, line.productId, line.ean13 ? { digits: line.ean13 } : "", line.name, line.quantity]);
  return { fileName: t("basketExports.csvFileName", { date: todayInPrague() }), bytes: toCsv(header, rows) };
}
