/**
 * The orders module's face (docs/architecture.md#modules, decision 071): what other modules, the
 * demo seed and the test factories may import from orders. Everything else under this folder is
 * the module's own, and `scripts/import-graph.ts` refuses an import past this file. Besides it,
 * `browser.ts` (the browser-safe part, re-exported here) and the `schemas.ts` files (contracts the
 * server, views and islands share) are public; `module.ts` is for `src/modules/index.ts` alone.
 */
export * from "./browser";

// The fence engine's vocabulary: the demo seed and the test factories build products and items the
// engine reads; planning's manufacture plans cut what the orders' manufacture list cuts.
export { type AssemblyRole, assemblyCounts, computeFenceItem, creationFieldOf, PRODUCT_TYPES, type ProductType } from "./fence-item/engine";
export { buildCutList } from "./fence-item/cut-list";

// Planning reads an order's items, facts and deposit to plan it, and locks the order while it writes
// a plan; its grid, manufacture plans and order tabs answer from the orders' own read models.
export { lockFenceOrder, planRulesOnChange } from "./fence-order/service";
export { type ItemPlanAmounts, readItemPlanAmounts } from "./fence-order/plan-facts";
export { depositPaidSql } from "./invoice/deposit";
export { orderItemsSql } from "./order-snapshot/order-items";
// The timesheets' report and planning's manufacture plans read orders as one snapshot.
export { readOrderSnapshot, readOrderSnapshots } from "./order-snapshot/service";
export { getOrderedMaterial, materialReadinessOf } from "./ordered-material/service";
export { cutListItemsOf } from "./manufacture-list/service";

// The demo seed and the test factories make orders, items, invoices and promises the way the
// app does: through the services, so their rules hold for demo data too.
export { assemblyProducts } from "./fence-item/items-read";
export { fillEmptyItemsTabs } from "./fence-item/items-bulk";
export { editOrderItems } from "./fence-item/service";
export { createFenceOrder } from "./fence-order/service";
export { engineParametersOf } from "./fence-item/product-parameters";
export { FENCE_PARAMETER_KEYS_BY_TYPE } from "./fence-item/product-types";
export { createInvoice, getInvoice, recordInvoicePayment } from "./invoice/service";
// The index page's overdue tile; a reminder's PDF for whoever sends it (docs/decisions/080-overdue-and-reminders.md).
export { overdueSummary } from "./invoice/overdue";
export { renderReminderPdf, reminderPdf } from "./invoice/pdf/reminder";
export { defaultPromiseService, promiseService } from "./promise/service";
export { promiseStatusService } from "./service";

// The customer directory (docs/domain.md#customers): the demo seed files its bulk orders' customers;
// an import matches and upserts contacts by IČO, e-mail or phone.
export { customerService, customerUpsertAction, findCustomerMatch, recordOrderCustomer, upsertCustomer, type UpsertResult } from "./customer/service";
// The customers' spreadsheet import and export (docs/domain.md#imports), offered by Settings → Import.
export { exportCustomersXlsx } from "./customer/export";
export { customerImport } from "./customer/import";
