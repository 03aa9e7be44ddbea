import { eq } from "drizzle-orm";
import { fenceOrders } from "@db/schema";
import { FENCE_ORDER_PATH } from "@views/orders/fence-order-list";
import type { BarcodeHandler } from "@/lib/context";
import { msg } from "@/lib/errors";
import { defineModule, routes } from "@/lib/http/module";
import { uploadLimit } from "@/lib/http/uploads";
import { ordersSetupApi } from "./api";
import { fenceItemApi } from "./fence-item/api";
import { customerApi } from "./customer/api";
import { customerPages } from "./customer/pages";
import { fenceOrderRestApi } from "./fence-order/api";
import { filesApi } from "./fence-order/files-api";
import { filesPages } from "./fence-order/files-pages";
import { ORDER_FILE_RULES } from "./fence-order/files.service";
import { fenceOrderPageRoutes } from "./fence-order/pages";
import { fenceOfferRoutes } from "./fence-offer/pages";
import { BANK_STATEMENT_UPLOAD_RULES, bankStatementPages } from "./bank-statement/pages";
import { invoicesApi } from "./invoice/api";
import { accountantExportApi, accountantExportPages } from "./invoice/export/routes";
import { accountantExportJob } from "./invoice/export/job";
import { pdfWorkersPiece } from "./invoice/export/pdf-pool";
import { overdueInvoicesBasket } from "./invoice/overdue";
import { invoicePages } from "./invoice/pages";
import { sendDocumentEmailJob } from "./mail/job";
import { mailPages } from "./mail/pages";
import { invoicePdfRoutes } from "./invoice/pdf/routes";
import { ordersSetupPages } from "./pages";
import { manufactureListApi } from "./manufacture-list/api";
import { manufactureListPages } from "./manufacture-list/pages";
import { orderedMaterialApi } from "./ordered-material/api";
import { orderedMaterialPages } from "./ordered-material/pages";
import { promiseApi } from "./promise/api";
import { promisePages } from "./promise/pages";
import { promiseStatusUsage } from "./promise/service";

/** `O<id>` in the menu box (docs/domain.md#barcodes) opens the order. */
export const openScannedOrder: BarcodeHandler = async ({ ctx, code }) => {
  if (code.by !== "id") return null;
  const [order] = await ctx.db.select({ id: fenceOrders.id }).from(fenceOrders).where(eq(fenceOrders.id, code.id)).limit(1);
  return order ? { action: "open", url: `${FENCE_ORDER_PATH}/${order.id}`, message: msg("shell.barcodeOpenOrder", { id: order.id }) } : null;
};

/** Orders: the customer directory, fence orders with their tabs (the items tab's API among them) and files, promises, promise statuses, default promises, invoice settings, invoices. */
export const ordersModule = defineModule({
  name: "orders",
  api: routes(["/", ordersSetupApi], ["/orders/customers", customerApi], ["/orders/fenceOrder", fenceOrderRestApi], ["/orders/fenceOrder", fenceItemApi], ["/", filesApi], ["/", promiseApi], ["/orders/manufactureList", manufactureListApi], ["/", fenceOfferRoutes], ["/", orderedMaterialApi], ["/", accountantExportApi], ["/", invoicesApi], ["/", invoicePdfRoutes]),
  pages: routes(["/", ordersSetupPages], ["/", customerPages], ["/", fenceOrderPageRoutes], ["/", filesPages], ["/", promisePages], ["/", manufactureListPages], ["/", fenceOfferRoutes], ["/", orderedMaterialPages], ["/", accountantExportPages], ["/", bankStatementPages], ["/", invoicePages], ["/", invoicePdfRoutes], ["/", mailPages]),
  uploadLimits: [
    uploadLimit("POST", /^\/orders\/invoices\/bankStatements$/, BANK_STATEMENT_UPLOAD_RULES),
    uploadLimit("POST", /^\/api\/orders\/fenceOrder\/upload$/, ORDER_FILE_RULES),
    uploadLimit("POST", /^\/orders\/fenceOrder\/\d+\/files$/, ORDER_FILE_RULES),
  ],
  barcodeHandlers: { order: openScannedOrder },
  // The overdue documents' count and sum, an alert in the baskets column (docs/decisions/080-overdue-and-reminders.md).
  basketLoaders: [overdueInvoicesBasket],
  usageChecks: [promiseStatusUsage],
  jobs: [accountantExportJob, sendDocumentEmailJob],
  // The export's PDF worker threads: a pool still open at shutdown is ended (docs/architecture.md#components).
  pieces: [pdfWorkersPiece],
  // The invoice settings (bank account, numbering, due days) are every document's: admins change them (docs/domain.md#roles).
  adminOnly: [{ prefix: "/orders/invoiceSettings", apiReadsOpen: true }],
});
