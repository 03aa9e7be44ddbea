/**
 * Every module of the app, in mounting order (decision 016): createApp mounts each one's API at
 * /api and its pages at /, and builds the upload-limit, barcode, basket and usage tables from
 * these declarations. A new domain adds its `module.ts` here, and nowhere else.
 */
import type { ModuleDeclaration } from "@/lib/http/module";
import { authModule } from "./auth/module";
import { barcodeModule } from "./barcode/module";
import { basketsModule } from "./baskets/module";
import { catalogueModule } from "./catalogue/module";
import { jobsModule } from "./jobs/module";
import { kioskModule } from "./kiosk/module";
import { manufactureModule } from "./manufacture/module";
import { ordersModule } from "./orders/module";
import { planningModule } from "./planning/module";
import { settingsModule } from "./settings/module";
import { shellModule } from "./shell/module";
import { suppliersModule } from "./suppliers/module";
import { timesheetsModule } from "./timesheets/module";
import { warehouseModule } from "./warehouse/module";

export const modules: readonly ModuleDeclaration[] = [
  authModule,
  shellModule,
  barcodeModule,
  catalogueModule,
  basketsModule,
  settingsModule,
  suppliersModule,
  timesheetsModule,
  warehouseModule,
  // Before the orders: planning answers the order editor's tabs 5–8.
  planningModule,
  ordersModule,
  manufactureModule,
  jobsModule,
  kioskModule,
];
