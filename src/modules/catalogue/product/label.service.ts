/**
 * The product's barcode label (docs/domain.md#product-editor, Tools tab): EAN-13 when the product has one, otherwise
 * Code 128 `P<id>` (docs/domain.md#barcodes), its names and its price. Rendered on demand: it takes a
 * few milliseconds and must follow every edit of the product, so it is not cached.
 */
import { eq } from "drizzle-orm";
import { products, vatRates } from "@db/schema";
import { barcodePng, productBarcode } from "@/lib/barcode";
import type { Ctx } from "@/lib/context";
import { isRowId } from "@/lib/crud/service";
import { AppError } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { formatDecimal, formatMoney, fromHalere, toHalere } from "@/lib/money";
import { renderPdf } from "@/lib/pdf/render";

/** A net price plus VAT, rounded half up to the haléř. */
export function grossHalere(netHalere: number, ratePercent: string | number): number {
  const rateHundredths = toHalere(ratePercent);
  return Math.floor((netHalere * (10_000 + rateHundredths) + 5_000) / 10_000);
}

async function labelProduct(ctx: Ctx, productId: number) {
  if (!isRowId(productId)) throw AppError.notFound();
  const [product] = await ctx.db
    .select({
      id: products.id,
      name: products.name,
      invoiceName: products.invoiceName,
      ean13: products.ean13,
      unitPrice: products.unitPrice,
      vatRate: vatRates.rate,
    })
    .from(products)
    .leftJoin(vatRates, eq(vatRates.id, products.vatId))
    .where(eq(products.id, productId));
  if (!product) throw AppError.notFound();
  return product;
}

/** What the Tools tab shows: the product and the code its label carries. */
export async function productLabelInfo({ ctx, input }: { ctx: Ctx; input: { productId: number } }) {
  const product = await labelProduct(ctx, input.productId);
  return { product: { id: product.id, name: product.name }, code: productBarcode(product) };
}

export async function productLabelPdf({ ctx, input }: { ctx: Ctx; input: { productId: number } }): Promise<{ fileName: string; pdf: Uint8Array }> {
  const product = await labelProduct(ctx, input.productId);
  const t = tFor(ctx.lang);
  const code = productBarcode(product);
  const prices: { label: string; amount: string }[] = [];
  if (product.unitPrice !== null) {
    const net = toHalere(product.unitPrice);
    prices.push({ label: t("productMedia.label.priceWithoutVat"), amount: formatMoney(fromHalere(net), ctx.lang) });
    if (product.vatRate !== null) {
      const gross = grossHalere(net, product.vatRate);
      prices.push({ label: t("productMedia.label.priceWithVat", { rate: formatDecimal(product.vatRate, ctx.lang) }), amount: formatMoney(fromHalere(gross), ctx.lang) });
    }
  }
  const pdf = await renderPdf(() => import("@/lib/pdf/product-label").then((m) => m.ProductLabelDocument), {
    label: {
      company: t("appName"),
      name: product.name,
      invoiceName: product.invoiceName && product.invoiceName !== product.name ? product.invoiceName : null,
      code: code.value,
      barcodePng: await barcodePng(code.symbology, code.value, { scale: 4, includeText: false }),
      prices,
    },
  });
  return { fileName: `stitek-produktu-${product.id}.pdf`, pdf };
}
