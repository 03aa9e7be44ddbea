/**
 * The ordered material page and its xlsx (docs/domain.md#ordered-material), and "Create a supplier order" from its
 * short lines (docs/domain.md#ordered-material):
 * - GET  /orders/fenceOrder/orderedMaterial                ?orders=1,2&short=1; a fresh idempotency key per render;
 * - GET  /orders/fenceOrder/orderedMaterial/export.xlsx    the same choice as a download;
 * - POST /orders/fenceOrder/orderedMaterial/supplierOrder  the form (supplier, name, orders, idempotencyKey): to the
 *   new supplier order's detail (303) with a toast; refused, the page again with the form's errors (422).
 */
import { Hono } from "hono";
import type { FormField, FormValues } from "@views/components/form";
import { formToInput } from "@views/components/form";
import { OrderedMaterialPage } from "@views/orders/ordered-material-page";
import { SUPPLIER_ORDERS_PATH } from "@views/suppliers/supplier-order-views";
import type { Ctx } from "@/lib/context";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import type { T } from "@/lib/i18n";
import { XLSX_MIME } from "@/lib/xlsx/sheet";
import { ORDER_NAME_MAX } from "@/modules/suppliers/orders/schemas";
import { supplierField } from "@/modules/suppliers/orders/fields";
import { formState, withFormErrors } from "@/web/form-state";
import { flash, renderPage } from "@/web/render";
import { orderedMaterialQueryInput } from "./api";
import { orderedMaterialInput } from "./schemas";
import { exportOrderedMaterialXlsx } from "./export";
import { ORDERED_MATERIAL_PATH, ORDERED_MATERIAL_SUPPLIER_ORDER_PATH, ORDERED_MATERIAL_XLSX_PATH, ORDERS_FORM_SENT } from "./schemas";
import { createSupplierOrderFromShortLines, getOrderedMaterial } from "./service";

export const orderedMaterialPages = new Hono<AppEnv>();

/** The supplier order form's fields: the supplier (required) and an optional name (the default is the basket's). */
const supplierOrderFields = async (t: T, ctx: Ctx): Promise<FormField[]> => [
  await supplierField(t, ctx),
  { name: "name", label: t("supplierOrder.name"), kind: "text", maxLength: ORDER_NAME_MAX, hint: t("supplierOrder.nameHint") },
];

/**
 * The page for a choice of orders; after a refused supplier order, its form with the errors and
 * what was typed. `noneTicked`: the order form was sent with every box unticked, which the query
 * cannot tell from "every order": the page says to tick one and sums nothing (422).
 */
async function materialView(
  c: AppContext,
  input: Record<string, unknown>,
  refused: { values: FormValues; error: AppError } | null = null,
  noneTicked = false,
  queryErrors: Record<string, string> = {},
) {
  const t = c.get("t");
  const ctx = c.get("ctx");
  // The page links each line's orders: it asks for the sources the API leaves out by default.
  const [summed, fields] = await Promise.all([getOrderedMaterial({ ctx, input: { ...input, sources: true } }), supplierOrderFields(t, ctx)]);
  const material = noneTicked
    ? { ...summed, orders: summed.orders.map((order) => ({ ...order, selected: false })), lines: [], skipped: [], totals: { amount: 0, runningMeters: 0 }, shortLines: 0 }
    : summed;
  const { errors, formErrors, answer } = formState(c, refused?.error, fields.map((field) => field.name));
  // A fresh key per render: a double click (or a resubmitted form) creates one order; reloading the page gives a new one.
  const supplierOrder = { fields, values: refused?.values ?? {}, errors, formErrors, idempotencyKey: crypto.randomUUID() };
  const init = Object.keys(queryErrors).length
    ? { status: 422 }
    : noneTicked
      ? { status: 422, toasts: [{ kind: "warning" as const, text: t("orderedMaterial.noneTicked") as string }] }
      : answer;
  return renderPage(c, <OrderedMaterialPage material={material} supplierOrder={supplierOrder} noneTicked={noneTicked} queryErrors={queryErrors} />, init);
}

/**
 * An unreadable query (a hand-edited `?orders=abc`, a `short=maybe`) shows the page again (422)
 * with the message at its field, as the transfer log's filters do, not a bare error: unreadable
 * orders sum nothing (dropping them would mean every order), an unreadable `short` shows every line.
 */
orderedMaterialPages.get(ORDERED_MATERIAL_PATH, (c) => {
  const t = c.get("t");
  const input = orderedMaterialQueryInput(c);
  const parsed = orderedMaterialInput.safeParse(input);
  const bad = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0])));
  const queryErrors: Record<string, string> = {};
  if (bad.has("orders")) queryErrors.orders = t("orderedMaterial.ordersUnreadable", { value: input.orders }) as string;
  if (bad.has("short")) queryErrors.short = t("orderedMaterial.shortUnreadable", { value: input.short ?? "" }) as string;
  const usable = { orders: bad.has("orders") ? "" : input.orders, short: bad.has("short") ? undefined : input.short, sources: bad.has("sources") ? undefined : input.sources };
  const noneTicked = bad.has("orders") || (c.req.query(ORDERS_FORM_SENT) === "1" && input.orders === "");
  return materialView(c, usable, null, noneTicked, queryErrors);
});

orderedMaterialPages.get(ORDERED_MATERIAL_XLSX_PATH, async (c) => {
  const file = await exportOrderedMaterialXlsx({ ctx: c.get("ctx"), input: orderedMaterialQueryInput(c) });
  return sendFile(c, { bytes: file.bytes, contentType: XLSX_MIME, fileName: file.fileName, disposition: "attachment" });
});

orderedMaterialPages.post(ORDERED_MATERIAL_SUPPLIER_ORDER_PATH, async (c) => {
  const t = c.get("t");
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const fields = await supplierOrderFields(t, c.get("ctx"));
  const orders = typeof body.orders === "string" ? body.orders : "";
  const idempotencyKey = typeof body.idempotencyKey === "string" ? body.idempotencyKey : undefined;
  return withFormErrors(
    async () => {
      const order = await createSupplierOrderFromShortLines({ ctx: c.get("ctx"), input: { ...formToInput(fields, body), orders, idempotencyKey } });
      flash(c, "success", t("orderedMaterial.supplierOrder.created", { id: order.id, count: order.lines.length }) as string);
      return c.redirect(`${SUPPLIER_ORDERS_PATH}/${order.id}`, 303);
    },
    (error) => materialView(c, { orders }, { values: body, error }),
  );
});
