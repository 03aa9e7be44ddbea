import { Hono } from "hono";
import type { FormField, FormValues } from "@views/components/form";
import { formToInput } from "@views/components/form";
import { OrderFromBasketPage, SUPPLIER_ORDERS_PATH as PATH, SupplierOrderDetailPage } from "@views/suppliers/supplier-order-views";
import type { Ctx } from "@/lib/context";
import { crudPages } from "@/web/crud/pages";
import { formState, withFormErrors } from "@/web/form-state";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import type { T } from "@/lib/i18n";
import { flash, renderPage } from "@/web/render";
import { listBasketItems } from "@/modules/baskets/service";
import { exportSupplierOrderXlsx, xlsxResponse } from "./export";
import { supplierField } from "./fields";
import { ORDER_NAME_MAX } from "./schemas";
import { createOrderFromBasket, getSupplierOrderDetail, supplierOrderService } from "./service";

/** The order header: id (read-only), name, supplier, note. */
const orderFields = async ({ t, ctx, entity }: { t: T; ctx: Ctx; entity: { id: number } | null }): Promise<FormField[]> => [
  ...(entity ? [{ name: "id", label: t("supplierOrder.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
  { name: "name", label: t("supplierOrder.name"), kind: "text", required: true, maxLength: ORDER_NAME_MAX },
  await supplierField(t, ctx),
  { name: "note", label: t("supplierOrder.note"), kind: "textarea", maxLength: 2000 },
];

const fromBasketFields = async (t: T, ctx: Ctx): Promise<FormField[]> => [
  { ...(await supplierField(t, ctx)), autoFocus: true },
  { name: "name", label: t("supplierOrder.name"), kind: "text", maxLength: ORDER_NAME_MAX, hint: t("supplierOrder.nameHint") },
  { name: "clearBasket", label: t("supplierOrder.clearBasket"), kind: "checkbox", hint: t("supplierOrder.clearBasketHint") },
];

/**
 * docs/domain.md#supplier-orders: the supplier order list (id, name, supplier; filtered by supplier
 * name, or by `?supplierId=`), "Create from basket", the detail with the lines and the xlsx.
 * The list, the header save (POST :id) and delete (POST :id/delete) are crudPages'; the routes
 * below are registered first, so the detail page and the from-basket form win over crudPages'
 * generic edit and new pages. A header that fails validation is shown again in the generic form.
 */
export const supplierOrderPages = new Hono<AppEnv>();

const fromBasketView = async (c: AppContext, init: { values?: FormValues; error?: AppError } = {}) => {
  const t = c.get("t");
  const ctx = c.get("ctx");
  const [fields, basket] = await Promise.all([fromBasketFields(t, ctx), listBasketItems({ ctx, input: { type: "COMMON" } })]);
  const { errors, formErrors, answer } = formState(c, init.error, fields.map((field) => field.name));
  return renderPage(
    c,
    <OrderFromBasketPage
      fields={fields}
      values={init.values ?? { clearBasket: true }}
      errors={errors}
      formErrors={formErrors}
      basket={basket.map((item) => ({ key: item.id, productId: item.shopProduct.id, name: item.shopProduct.name, quantity: item.quantity }))}
    />,
    answer,
  );
};

supplierOrderPages.get(`${PATH}/fromBasket`, (c) => fromBasketView(c));
supplierOrderPages.post(`${PATH}/fromBasket`, async (c) => {
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const input = formToInput(await fromBasketFields(c.get("t"), c.get("ctx")), body);
  return withFormErrors(
    async () => {
      const id = await createOrderFromBasket({ ctx: c.get("ctx"), input });
      flash(c, "success", "CREATED");
      return c.redirect(`${PATH}/${id}`, 303);
    },
    (error) => fromBasketView(c, { values: body, error }),
  );
});

supplierOrderPages.get(`${PATH}/:id{[0-9]+}`, async (c) => {
  const ctx = c.get("ctx");
  const order = await getSupplierOrderDetail({ ctx, input: { id: idParam(c) } });
  return renderPage(c, <SupplierOrderDetailPage order={order} fields={await orderFields({ t: c.get("t"), ctx, entity: order })} />);
});

supplierOrderPages.get(`${PATH}/:id{[0-9]+}/export.xlsx`, async (c) =>
  xlsxResponse(c, await exportSupplierOrderXlsx({ ctx: c.get("ctx"), input: { id: idParam(c) } })),
);

supplierOrderPages.route(
  "/",
  crudPages({
    path: PATH,
    i18n: "supplierOrder",
    service: supplierOrderService,
    newPath: `${PATH}/fromBasket`,
    list: { hiddenFilters: ["supplierId"] },
    columns: (t) => [
      { key: "id", label: t("supplierOrder.id"), filter: "number", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.id}</a> },
      { key: "name", label: t("supplierOrder.name"), filter: "text", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.name}</a> },
      { key: "supplier", label: t("supplierOrder.supplier"), filter: "text", render: (row) => <a href={`/suppliers/supplier/${row.supplier.id}`}>{row.supplier.name}</a> },
      { key: "lineCount", label: t("supplierOrder.lineCount"), align: "end" },
    ],
    fields: orderFields,
  }),
);
