import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import { jsonBody } from "@/lib/http/request";
import { success } from "@/lib/envelope";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { getInvoiceSettings, promiseStatusService, saveInvoiceSettings } from "./service";

/** Promise statuses and invoice settings: /orders/promiseStatus, /orders/invoiceSettings and their APIs. Mounted at /api. */
export const ordersSetupApi = new Hono<AppEnv>();

// docs/domain.md#promise-statuses: promise statuses at /orders/promiseStatus (generic CRUD).
ordersSetupApi.route("/orders/promiseStatus", crudApi(promiseStatusService));

// docs/domain.md#invoice-settings: read at /invoices/invoiceSettings (always id 1), save to /orders/invoiceSettings/ (PUT or POST).
const readSettings = async (c: AppContext) => c.json(success(await getInvoiceSettings({ ctx: c.get("ctx") })));
const saveSettings = async (c: AppContext) => c.json(success(await saveInvoiceSettings({ ctx: c.get("ctx"), input: await jsonBody(c) })));
for (const path of ["/invoices/invoiceSettings", "/orders/invoiceSettings"]) ordersSetupApi.get(path, readSettings);
for (const path of ["/orders/invoiceSettings", "/orders/invoiceSettings/"]) {
  ordersSetupApi.put(path, saveSettings);
  ordersSetupApi.post(path, saveSettings);
}
