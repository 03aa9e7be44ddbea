import { eq } from "drizzle-orm";
import { products } from "@db/schema";
import type { BarcodeHandler } from "@/lib/context";
import { msg } from "@/lib/errors";
import { defineModule, routes } from "@/lib/http/module";
import { uploadLimit } from "@/lib/http/uploads";
import { MANUFACTURE_DATA_RULES } from "@/modules/warehouse/stock/schemas";
import { basketApi } from "./api";
import { basketPages } from "./pages";
import { basketExportRoutes } from "./exports/pages";
import { savedBasketApi } from "./saved/api";
import { savedBasketPages } from "./saved/pages";
import { UPLOAD_ACTION } from "./page-schemas";
import { COMMON_WAREHOUSE_ID } from "./schemas";
import { addToBasket, basketSummaries } from "./service";

/** A scanned product code (docs/domain.md#barcodes: EAN-13 or P<id>): found → 1 more in the caller's common basket. */
export const addScannedProduct: BarcodeHandler = async ({ ctx, code }) => {
  const where = code.by === "ean13" ? eq(products.ean13, code.ean13) : eq(products.id, code.id);
  const [product] = await ctx.db.select({ id: products.id, name: products.name }).from(products).where(where).limit(1);
  if (!product) return null;
  await addToBasket({ ctx, input: { type: "COMMON", warehouseId: COMMON_WAREHOUSE_ID, productId: product.id, amount: 1 } });
  return { action: "added", message: msg("basket.addedProduct", { name: product.name }) };
};

/**
 * Baskets: /api/basket, the basket pages, the layout's left column and the product codes of the
 * menu box; saved baskets (/api/basket/saved, /manufacture/savedBaskets) and the common basket's
 * barcode PDF and CSV (pages and /api alike).
 */
export const basketsModule = defineModule({
  name: "baskets",
  api: routes(["/basket", basketApi], ["/basket/saved", savedBasketApi], ["/", basketExportRoutes]),
  pages: routes(["/", basketPages], ["/", savedBasketPages], ["/", basketExportRoutes]),
  barcodeHandlers: { product: addScannedProduct },
  basketLoaders: [basketSummaries],
  // The page's upload form takes the file the API takes (decision 025), not the default body cap.
  uploadLimits: [uploadLimit("POST", new RegExp(`^${UPLOAD_ACTION}$`), MANUFACTURE_DATA_RULES)],
});
