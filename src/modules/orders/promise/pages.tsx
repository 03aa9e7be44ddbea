/**
 * Pages of promises (docs/domain.md#promise), default promises (docs/domain.md#default-promises)
 * and the fence order's Promises tab (2). Mounted at "/".
 */
import { Hono } from "hono";
import { idColumn, idField } from "@/web/crud/columns";
import { crudPages } from "@/web/crud/pages";
import { formErrorsOf, formNotValidToast, formState, withFormErrors } from "@/web/form-state";
import type { Ctx } from "@/lib/context";
import { formatCzechDate, todayInPrague } from "@/lib/dates";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import type { T } from "@/lib/i18n";
import { flash, renderFragment } from "@/web/render";
import { htmxToast, isHtmx } from "@/lib/http/htmx";
import { listHref, type TableColumn } from "@views/components/data-table";
import { type FormField, type FormValues, formToInput } from "@views/components/form";
import { PromiseStatusButtons } from "@views/orders/promise-status-buttons";
import { OrderPromisesTab } from "@views/orders/promise-tab";
import { type DefaultPromise, FENCE_ORDER_STATUSES, type OrderPromise } from "./schemas";
import { countUnresolvedByStatus, defaultPromiseService, getPromiseOrder, listOrderPromises, listPromiseStatusOptions, promiseService } from "./service";

export const PROMISES_PATH = "/orders/promises";
export const DEFAULT_PROMISES_PATH = "/orders/defaultPromises";
export const orderPath = (orderId: number, tab?: number) => `/orders/fenceOrder/${orderId}${tab === undefined ? "" : `?tab=${tab}`}`;
/** The order editor's Promises tab index (docs/domain.md#fence-order-editor). */
export const PROMISES_TAB = 2;

async function statusField(ctx: Ctx, label: string, autoFocus = false): Promise<FormField> {
  const statuses = await listPromiseStatusOptions({ ctx });
  return {
    name: "status",
    label,
    kind: "select",
    required: true,
    autoFocus,
    emptyOption: "--",
    options: statuses.map((status) => ({ value: String(status.id), label: status.name })),
  };
}

const textFields = (t: T, names: string[]): FormField[] =>
  names.map((name) => ({ name, label: t(`promise.${name}`), kind: "textarea", required: name === "promise", maxLength: 2000 }));

export const promisePages = new Hono<AppEnv>();

promisePages.route(
  "/",
  crudPages<DefaultPromise>({
    path: DEFAULT_PROMISES_PATH,
    i18n: "defaultPromise",
    service: defaultPromiseService,
    columns: (t) => [
      idColumn(DEFAULT_PROMISES_PATH, t("defaultPromise.id")),
      { key: "status", label: t("defaultPromise.status"), sortable: true, render: (row) => row.status.name },
      { key: "promise", label: t("defaultPromise.promise"), filter: "text", sortable: true },
      { key: "daysToDeadline", label: t("defaultPromise.daysToDeadline"), filter: "number", sortable: true, align: "end" },
      { key: "triggerOrderStatus", label: t("defaultPromise.triggerOrderStatus"), sortable: true, render: (row) => t(`fenceOrderStatus.${row.triggerOrderStatus}`) },
    ],
    fields: async ({ t, ctx, entity }) => [
      ...idField(t("defaultPromise.id"), entity),
      await statusField(ctx, t("defaultPromise.status"), true),
      { name: "promise", label: t("defaultPromise.promise"), kind: "textarea", required: true, maxLength: 2000 },
      { name: "daysToDeadline", label: t("defaultPromise.daysToDeadline"), kind: "integer", required: true, hint: t("defaultPromise.daysToDeadlineHint") },
      {
        name: "triggerOrderStatus",
        label: t("defaultPromise.triggerOrderStatus"),
        kind: "select",
        required: true,
        emptyOption: "--",
        hint: t("defaultPromise.triggerOrderStatusHint"),
        options: FENCE_ORDER_STATUSES.map((status) => ({ value: status, label: t(`fenceOrderStatus.${status}`) })),
      },
    ],
  }),
);

const promiseColumns = (t: T): TableColumn<OrderPromise>[] => [
  idColumn(PROMISES_PATH, t("promise.id")),
  { key: "status", label: t("promise.status"), sortable: true, render: (row) => row.status.name },
  { key: "orderId", label: t("promise.order"), filter: "number", sortable: true, render: (row) => <a href={orderPath(row.order.id)}>{row.order.id}</a> },
  { key: "customer", label: t("promise.customer"), filter: "text" },
  { key: "phone", label: t("promise.phone"), filter: "text" },
  { key: "created", label: t("promise.created"), sortable: true, render: (row) => formatCzechDate(row.created) },
  { key: "deadline", label: t("promise.deadline"), sortable: true, render: (row) => formatCzechDate(row.deadline) },
  { key: "resolved", label: t("promise.resolved"), filter: "boolean", sortable: true },
  { key: "solved", label: t("promise.solved"), sortable: true, render: (row) => formatCzechDate(row.solved) },
  { key: "promise", label: t("promise.promise"), filter: "text", sortable: true },
  { key: "note", label: t("promise.note"), filter: "text", sortable: true },
  { key: "issues", label: t("promise.issues"), filter: "text", sortable: true },
  { key: "resolution", label: t("promise.resolution"), filter: "text", sortable: true },
];

/** The order of a promise: fixed (a link and a hidden input) when editing, a number to type on a new one. */
function orderField(t: T, entity: OrderPromise | null): FormField {
  if (!entity) return { name: "order", label: t("promise.order"), kind: "integer", required: true, hint: t("promise.orderHint") };
  return {
    name: "order",
    label: t("promise.order"),
    kind: "custom",
    required: true,
    render: () => (
      <>
        <a href={orderPath(entity.order.id)} id="field-order">
          {entity.order.id}
        </a>
        <input type="hidden" name="order" value={entity.order.id} />
      </>
    ),
  };
}

/** The order's customer or phone, read-only and shown from the stored promise (also when a post is re-shown with errors). */
const orderContactField = (label: string, name: string, value: string): FormField => ({
  name,
  label,
  kind: "custom",
  readOnly: true,
  render: () => <input id={`field-${name}`} type="text" value={value} readOnly disabled />,
});

promisePages.route(
  "/",
  crudPages<OrderPromise>({
    path: PROMISES_PATH,
    i18n: "promise",
    service: promiseService,
    afterUpdate: "stay",
    defaults: (c) => ({ created: todayInPrague(), order: c.req.query("order") ?? "", resolved: false }),
    columns: promiseColumns,
    list: {
      hiddenFilters: ["status"],
      aside: async (c, state) => {
        const statuses = await listPromiseStatusOptions({ ctx: c.get("ctx") });
        const open = await countUnresolvedByStatus({ ctx: c.get("ctx") });
        // The buttons keep a chosen sort and page size; every button starts on page 1.
        const base = { page: 1, size: state.size, sort: c.req.query("sort"), filters: {} };
        return (
          <PromiseStatusButtons
            statuses={statuses.map((status) => ({
              ...status,
              unresolved: open.get(status.id) ?? 0,
              href: listHref(PROMISES_PATH, base, { filters: { status: String(status.id), resolved: "false" } }),
              current: state.filters.status === String(status.id) && state.filters.resolved === "false",
            }))}
            allHref={listHref(PROMISES_PATH, base)}
            allCurrent={!state.filters.status && !state.filters.resolved}
          />
        );
      },
    },
    fields: async ({ t, ctx, entity }) => [
      ...idField(t("promise.id"), entity),
      orderField(t, entity),
      ...(entity ? [orderContactField(t("promise.customer"), "customer", entity.customer), orderContactField(t("promise.phone"), "phone", entity.phone)] : []),
      await statusField(ctx, t("promise.status"), Boolean(entity)),
      { name: "created", label: t("promise.created"), kind: "date" },
      { name: "deadline", label: t("promise.deadline"), kind: "date", required: true },
      { name: "solved", label: t("promise.solved"), kind: "date" },
      { name: "resolved", label: t("promise.resolved"), kind: "checkbox" },
      ...textFields(t, ["promise", "note", "issues", "resolution"]),
    ],
  }),
);

/* The fence order's Promises tab (2): the order's promises and a small add form. */

const tabFields = async (c: AppContext): Promise<FormField[]> => {
  const t = c.get("t");
  return [
    await statusField(c.get("ctx"), t("promise.status")),
    { name: "deadline", label: t("promise.deadline"), kind: "date", required: true },
    ...textFields(t, ["promise", "note"]),
  ];
};

async function promisesTab(c: AppContext, orderId: number, init: { values?: FormValues; error?: AppError } = {}) {
  const ctx = c.get("ctx");
  const order = await getPromiseOrder({ ctx, input: { orderId } });
  const fields = await tabFields(c);
  const { errors, formErrors, answer } = formState(c, init.error, fields.map((field) => field.name));
  const promises = await listOrderPromises({ ctx, input: { orderId: order.id } });
  return renderFragment(
    c,
    <OrderPromisesTab orderId={order.id} promises={promises} fields={fields} values={init.values ?? {}} errors={errors} formErrors={formErrors} />,
    { status: answer.status },
  );
}

promisePages.get(`/orders/fenceOrder/:id{[0-9]+}/tab/${PROMISES_TAB}`, (c) => promisesTab(c, idParam(c)));

promisePages.post("/orders/fenceOrder/:id{[0-9]+}/promises", async (c) => {
  const orderId = idParam(c);
  const t = c.get("t");
  await getPromiseOrder({ ctx: c.get("ctx"), input: { orderId } });
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const input = { ...formToInput(await tabFields(c), body), order: orderId };
  return withFormErrors(
    async () => {
      await promiseService.create({ ctx: c.get("ctx"), input });
      if (isHtmx(c)) {
        htmxToast(c, { kind: "success", text: t("CREATED") });
        return promisesTab(c, orderId);
      }
      flash(c, "success", "CREATED");
      return c.redirect(orderPath(orderId, PROMISES_TAB), 303);
    },
    (error) => {
      if (isHtmx(c)) {
        htmxToast(c, formNotValidToast(c));
        return promisesTab(c, orderId, { values: body, error });
      }
      flash(c, "warning", "FORM_NOT_VALID");
      for (const text of formErrorsOf(t, error, []).formErrors) flash(c, "fail", text);
      return c.redirect(orderPath(orderId, PROMISES_TAB), 303);
    },
  );
});
