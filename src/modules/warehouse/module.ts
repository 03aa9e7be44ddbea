import { eq } from "drizzle-orm";
import { warehouses } from "@db/schema";
import type { BarcodeHandler } from "@/lib/context";
import { msg } from "@/lib/errors";
import { defineModule, routes } from "@/lib/http/module";
import { uploadLimit } from "@/lib/http/uploads";
import { warehouseApi } from "./api";
import { warehouseItemApi } from "./items/api";
import { warehouseItemPages } from "./items/pages";
import { warehousePages } from "./pages";
import { purgeOldScaleReadingsJob } from "./scale-feed/retention";
import { stockApi } from "./stock/api";
import { MANUFACTURE_DATA_RULES } from "./stock/schemas";
import { transferLogApi } from "./transfer-log/api";
import { transferLogPages } from "./transfer-log/pages";
import { scaleFeedPiece } from "./scale-feed/feed";
import { scaleLivePiece } from "./scale-feed/live";
import { scaleFeedPages } from "./scale-feed/pages";
import { markScaleDiscrepanciesJob, scaleDiscrepancySummary } from "./scale-feed/service";
import { SCALE_FEED_SETTINGS_PATH } from "./scale-feed/schemas";

/** `W<id>` in the menu box (docs/domain.md#barcodes) opens the warehouse's stock page (/warehouse/:id). */
export const openScannedWarehouse: BarcodeHandler = async ({ ctx, code }) => {
  if (code.by !== "id") return null;
  const [warehouse] = await ctx.db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.id, code.id)).limit(1);
  return warehouse
    ? { action: "open", url: `/warehouse/${warehouse.id}`, message: msg("shell.barcodeOpenWarehouse", { name: warehouse.name }) }
    : null;
};

/** Warehouses, warehouse selection and rack scales. */
export const warehouseModule = defineModule({
  name: "warehouse",
  api: routes(["/", warehouseApi], ["/", stockApi], ["/", warehouseItemApi], ["/", transferLogApi]),
  pages: routes(["/", warehousePages], ["/", warehouseItemPages], ["/", transferLogPages], ["/", scaleFeedPages]),
  // docs/domain.md#scale-discrepancies: the count of discrepancies in the baskets column.
  basketLoaders: [scaleDiscrepancySummary],
  barcodeHandlers: { warehouse: openScannedWarehouse },
  // The job that finds discrepancies; the one that keeps 90 days of scale readings (docs/domain.md#scale-feed).
  jobs: [markScaleDiscrepanciesJob, purgeOldScaleReadingsJob],
  // The scale feed (its MQTT subscription and batching writer) and the live pages' poller (docs/architecture.md#components).
  pieces: [scaleFeedPiece, scaleLivePiece],
  uploadLimits: [uploadLimit("POST", /^\/api\/basket\/uploadManufactureData$/, MANUFACTURE_DATA_RULES)],
  // The scale feed's settings decide every warehouse's discrepancy marks: admins change them (docs/domain.md#roles).
  adminOnly: [SCALE_FEED_SETTINGS_PATH],
});
