/** Page routes of fence orders: list, the tabbed editor (Common tab), status form, note dialog, customer lookup. */
import { Hono } from "hono";
import { CommonTab, CustomerFields, CustomerLookupResult, FenceOrderEditorPage, fenceOrderSections, allFields } from "@views/orders/fence-order-editor";
import { FENCE_ORDER_PATH, FENCE_ORDER_TABLE_ID, FenceOrderListPage, FenceOrderNoteDialog, FenceOrderTable } from "@views/orders/fence-order-list";
import { type FormValues, formToInput } from "@views/components/form";
import { formState, isRefusal, withFormErrors } from "@/web/form-state";
import { todayInPrague } from "@/lib/dates";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import { flash, renderFragment, renderPage } from "@/web/render";
import { isHtmx } from "@/lib/http/htmx";
import { listActiveVatRates } from "@/modules/catalogue/vat/service";
import { FenceItemsTab } from "@views/orders/fence-items-tab";
import { itemsEditorData } from "../fence-item/choices";
import { checkOrderItems } from "../fence-item/service";
import { fenceOrderListInput } from "./api";
import { CUSTOMER_FIELDS, DEFAULT_DELIVERY_TEXT, DEFAULT_PAYMENT_RULES, type FenceOrderRow } from "./schemas";
import {
  changeFenceOrderStatus,
  createFenceOrder,
  customerLookup,
  fenceOrderOfRow,
  getFenceOrder,
  listFenceOrders,
  updateFenceOrder,
} from "./service";

export const fenceOrderPageRoutes = new Hono<AppEnv>();
const P = FENCE_ORDER_PATH;

fenceOrderPageRoutes.get(P, async (c) => {
  const input = fenceOrderListInput(c);
  const { rows, meta } = await listFenceOrders({ ctx: c.get("ctx"), input });
  const state = { page: input.page, size: input.size, sort: meta.sort, filters: input.filters };
  const today = todayInPrague();
  if (isHtmx(c) && c.req.header("HX-Target") === FENCE_ORDER_TABLE_ID) return renderFragment(c, <FenceOrderTable rows={rows} meta={meta} state={state} today={today} />);
  return renderPage(c, <FenceOrderListPage rows={rows} meta={meta} state={state} today={today} />);
});

fenceOrderPageRoutes.get(`${P}/:id{[0-9]+}/note`, async (c) => {
  const id = idParam(c);
  const order = await getFenceOrder({ ctx: c.get("ctx"), input: { id } });
  return renderFragment(c, <FenceOrderNoteDialog id={id} note={order.note ?? ""} />);
});

/** VAT choices: the active rates, plus the order's own rate when it has since become inactive. */
async function vatChoices(c: AppContext, order: FenceOrderRow | null): Promise<number[]> {
  const rates = (await listActiveVatRates({ ctx: c.get("ctx") })).map((rate) => rate.rate);
  return order && !rates.includes(order.vat) ? [...rates, order.vat].sort((a, b) => a - b) : rates;
}

const newDefaults = (): FormValues => ({ ...DEFAULT_PAYMENT_RULES, delivery: DEFAULT_DELIVERY_TEXT, vat: "21", offerDate: todayInPrague() });

async function editorView(c: AppContext, order: FenceOrderRow | null, init: { values?: FormValues; error?: AppError; tab?: number } = {}) {
  const t = c.get("t");
  const sections = fenceOrderSections(t, await vatChoices(c, order));
  const values = init.values ?? (order ? { ...order, vat: String(order.vat) } : newDefaults());
  const { errors, formErrors, answer } = formState(c, init.error, allFields(sections).map((f) => f.name));
  // Tab 1 is the items editor's page of its own (itemsTabView).
  const tab = order ? (init.tab ?? 0) : 0;
  const items = order && tab === 0 ? await checkOrderItems({ ctx: c.get("ctx"), input: { id: order.id } }) : null;
  const common = <CommonTab order={order} sections={sections} values={values} errors={errors} formErrors={formErrors} items={items} />;
  return renderPage(c, <FenceOrderEditorPage order={order} tab={tab} common={common} />, answer);
}

/**
 * Tab 1 (the items editor) is rendered with the page, its data in the island's props, so the first
 * paint shows it. The order's snapshot reads the order's row, which the page's header shows too; the
 * tab shows none of the Common tab's fields, so their sections (and the VAT choices) are not built.
 */
async function itemsTabView(c: AppContext, id: number) {
  const ctx = c.get("ctx");
  const { order: row, ...data } = await itemsEditorData({ ctx, input: { id } });
  const order = await fenceOrderOfRow({ ctx, input: { row } });
  return renderPage(c, <FenceOrderEditorPage order={order} tab={1} common={null} panel={<FenceItemsTab orderId={order.id} {...data} />} />);
}

const tabOf = (c: AppContext) => {
  const tab = Number(c.req.query("tab") ?? 0);
  return Number.isInteger(tab) && tab >= 0 && tab <= 8 ? tab : 0;
};

async function postedInput(c: AppContext) {
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const sections = fenceOrderSections(c.get("t"), []);
  return { raw: body as FormValues, input: formToInput(allFields(sections), body) };
}

fenceOrderPageRoutes.get(`${P}/new`, (c) => editorView(c, null));
fenceOrderPageRoutes.post(`${P}/new`, async (c) => {
  const { raw, input } = await postedInput(c);
  return withFormErrors(async () => {
    const id = await createFenceOrder({ ctx: c.get("ctx"), input });
    flash(c, "success", "CREATED");
    return c.redirect(`${P}/${id}`, 303);
  }, (error) => editorView(c, null, { values: raw, error }));
});

fenceOrderPageRoutes.get(`${P}/:id{[0-9]+}`, async (c) => {
  const tab = tabOf(c);
  return tab === 1 ? itemsTabView(c, idParam(c)) : editorView(c, await getFenceOrder({ ctx: c.get("ctx"), input: { id: idParam(c) } }), { tab });
});
fenceOrderPageRoutes.post(`${P}/:id{[0-9]+}`, async (c) => {
  const id = idParam(c);
  const order = await getFenceOrder({ ctx: c.get("ctx"), input: { id } });
  const { raw, input } = await postedInput(c);
  return withFormErrors(async () => {
    await updateFenceOrder({ ctx: c.get("ctx"), input: { id, values: input } });
    flash(c, "success", "UPDATED");
    return c.redirect(`${P}/${id}`, 303);
  }, (error) => editorView(c, order, { values: raw, error }));
});

fenceOrderPageRoutes.post(`${P}/:id{[0-9]+}/status`, async (c) => {
  const id = idParam(c);
  const body = await c.req.parseBody();
  try {
    await changeFenceOrderStatus({ ctx: c.get("ctx"), input: { id, status: body.status } });
  } catch (error) {
    if (isRefusal(error)) {
      flash(c, "fail", c.get("t")("validation.invalid"));
      return c.redirect(`${P}/${id}`, 303);
    }
    throw error;
  }
  flash(c, "success", "UPDATED");
  return c.redirect(`${P}/${id}`, 303);
});

/** Customer lookup: offers the latest earlier order's customer; with `fill=1` re-renders the personal and billing block filled in. */
fenceOrderPageRoutes.get(`${P}/lookup`, async (c) => {
  const query = Object.fromEntries(["phone", "email", "ico", "lastName", "company"].flatMap((key) => (c.req.query(key)?.trim() ? [[key, c.req.query(key)!.trim()]] : [])));
  const customer = Object.keys(query).length ? await customerLookup({ ctx: c.get("ctx"), input: query }) : null;
  if (c.req.query("fill") && customer) {
    const sections = fenceOrderSections(c.get("t"), []);
    const values = Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, customer[field]]));
    return renderFragment(c, <CustomerFields sections={sections} values={values} errors={{}} />);
  }
  return renderFragment(c, <CustomerLookupResult customer={customer} query={new URLSearchParams(query).toString()} />);
});
