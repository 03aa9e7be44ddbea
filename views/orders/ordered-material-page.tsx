/**
 * Ordered material (docs/domain.md#ordered-material): the orders whose material is being ordered
 * (ORDER_CONFIRMATION and MATERIAL_ORDER), each with a checkbox, and "Fill in the material list"
 * summing the chosen ones: per product, part and colour, the pieces and running metres, what the
 * warehouses hold and have on the way and what is short (in red; "only short lines" keeps those),
 * and the orders they come from; the items the cut list had to leave out; an xlsx export of the
 * same; and "Create a supplier order" from the short lines (supplier, optional name, the render's
 * idempotency key and the page's choice of orders). Server-rendered, no island.
 */
import { formatCzechDate } from "@/lib/dates";
import {
  type OrderedMaterial,
  ORDERED_MATERIAL_PATH,
  ORDERS_FORM_SENT,
  ORDERED_MATERIAL_SUPPLIER_ORDER_PATH,
  ORDERED_MATERIAL_XLSX_PATH,
  type OrderedMaterialLine,
} from "@/modules/orders/ordered-material/schemas";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { Icon } from "../components/icons";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { FENCE_ORDER_PATH, statusLabel } from "./fence-order-list";
import { MaterialTotalRow, metres, pieces } from "./manufacture-list-page";

/** Links to the orders a line comes from; beyond these the line says how many more (the xlsx and the API with `?sources=1` list them all). */
const SOURCES_SHOWN = 12;

/**
 * The page's choice of orders as the `orders` value: null when nothing was asked (every order);
 * the chosen orders, or the ids asked when none of them is in the statuses (an empty value would mean every order).
 */
export function chosenOrdersValue(material: Pick<OrderedMaterial, "orders" | "chosen">): string | null {
  if (!material.chosen.length) return null;
  const selected = material.orders.filter((order) => order.selected).map((order) => order.id);
  return (selected.length ? selected : material.chosen).join(",");
}

/** The query that reproduces the page's choice (the orders, only the short lines): nothing when every order and every line is shown. */
export function orderedMaterialQuery(material: Pick<OrderedMaterial, "orders" | "chosen" | "onlyShort">): string {
  const orders = chosenOrdersValue(material);
  const query = [orders === null ? null : `orders=${orders}`, material.onlyShort ? "short=1" : null].filter((part) => part !== null);
  return query.length ? `?${query.join("&")}` : "";
}

/** A short line's mark: red on light red, like the stock page's reorder marker. */
const SHORT_STYLE = { color: "var(--red)", background: "var(--red-light)", fontWeight: 600 };

function MaterialLine({ line }: { line: OrderedMaterialLine }) {
  const { t, lang } = useView();
  const short = (line.short ?? 0) > 0;
  return (
    <tr data-component={line.component} data-short={short ? "true" : undefined}>
      <td>{line.product ? <a href={`/products/${line.product.id}`}>{line.product.id}</a> : ""}</td>
      <td>{line.name}</td>
      <td>{line.color ?? ""}</td>
      <td className="align-end nowrap">{pieces(line.amount, lang)}</td>
      <td className="align-end nowrap">{metres(line.runningMeters, lang)}</td>
      <td className="align-end nowrap">{line.inStock === null ? "" : pieces(line.inStock, lang)}</td>
      <td className="align-end nowrap">{line.onTheWay === null ? "" : pieces(line.onTheWay, lang)}</td>
      <td className="align-end nowrap" data-short={short ? "true" : undefined} style={short ? SHORT_STYLE : undefined} title={short ? t("orderedMaterial.shortTitle") : undefined}>
        {line.short === null ? "" : pieces(line.short, lang)}
      </td>
      <td className="ordered-material-sources">
        {line.sources.slice(0, SOURCES_SHOWN).map(([orderId, amount], index) => (
          <span key={orderId}>
            {index ? ", " : ""}
            <a href={`${FENCE_ORDER_PATH}/${orderId}?tab=1`} title={t("orderedMaterial.sourceTitle", { id: orderId, amount: pieces(amount, lang) })}>
              {t("orderedMaterial.source", { id: orderId, amount: pieces(amount, lang) })}
            </a>
          </span>
        ))}
        {line.sources.length > SOURCES_SHOWN ? <span className="field-hint"> {t("orderedMaterial.moreSources", { count: line.sources.length - SOURCES_SHOWN })}</span> : null}
      </td>
    </tr>
  );
}

/** "Create a supplier order" from the short lines: the refused form shows its errors; the page's choice of orders goes along. */
export interface SupplierOrderForm {
  fields: FormField[];
  values: FormValues;
  errors?: Record<string, string>;
  formErrors?: string[];
  idempotencyKey: string;
}

function SupplierOrderSection({ material, form }: { material: OrderedMaterial; form: SupplierOrderForm }) {
  const { t } = useView();
  const orders = chosenOrdersValue(material);
  const refused = Object.keys(form.errors ?? {}).length > 0 || (form.formErrors?.length ?? 0) > 0;
  return (
    <section className="page-section no-print" id="ordered-material-supplier-order">
      <h2>{t("orderedMaterial.supplierOrder.heading")}</h2>
      {material.shortLines === 0 && !refused ? (
        <p>{t("orderedMaterial.supplierOrder.nothingShort")}</p>
      ) : (
        <>
          <p>{t("orderedMaterial.supplierOrder.intro", { count: material.shortLines })}</p>
          <EntityForm
            action={ORDERED_MATERIAL_SUPPLIER_ORDER_PATH}
            fields={form.fields}
            values={form.values}
            errors={form.errors}
            formErrors={form.formErrors}
            submitLabel={t("orderedMaterial.supplierOrder.submit")}
          >
            {orders === null ? null : <input type="hidden" name="orders" value={orders} />}
            <input type="hidden" name="idempotencyKey" value={form.idempotencyKey} />
          </EntityForm>
        </>
      )}
    </section>
  );
}

/** `noneTicked`: every order box was unticked; the page sums nothing and offers no export (its empty choice would mean every order). */
/** `queryErrors`: the unreadable parts of the query (`orders`, `short`), said at their fields. */
export function OrderedMaterialPage({
  material,
  supplierOrder,
  noneTicked = false,
  queryErrors = {},
}: {
  material: OrderedMaterial;
  supplierOrder: SupplierOrderForm;
  noneTicked?: boolean;
  queryErrors?: Record<string, string>;
}) {
  const { t } = useView();
  const column = (key: string) => t(`orderedMaterial.column.${key}`);
  const actions = (
    <div className="manufacture-actions no-print">
      <a className="button" href={`${ORDERED_MATERIAL_XLSX_PATH}${orderedMaterialQuery(material)}`} download="" data-download="xlsx">
        <Icon name="order" /> {t("orderedMaterial.exportXlsx")}
      </a>
      <button type="button" className="button" data-print="">
        {t("manufactureList.print")}
      </button>
    </div>
  );
  return (
    <AppLayout title={t("fenceOrder.orderedMaterial")} actions={noneTicked ? undefined : actions}>
      <p>{t("orderedMaterial.intro")}</p>
      <form method="get" action={ORDERED_MATERIAL_PATH} className="ordered-material-orders">
        <input type="hidden" name={ORDERS_FORM_SENT} value="1" />
        <h2>{t("orderedMaterial.ordersHeading")}</h2>
        {queryErrors.orders ? (
          <p id="ordered-material-orders-error" className="field-error" role="alert">
            {queryErrors.orders}
          </p>
        ) : null}
        <table className="simple-table" aria-describedby={queryErrors.orders ? "ordered-material-orders-error" : undefined}>
          <thead>
            <tr>
              <th scope="col">{t("orderedMaterial.column.selected")}</th>
              <th scope="col">{t("fenceOrder.id")}</th>
              <th scope="col">{t("fenceOrder.status")}</th>
              <th scope="col">{t("fenceOrder.lastName")}</th>
              <th scope="col">{t("fenceOrder.company")}</th>
              <th scope="col">{t("fenceOrder.orderDate")}</th>
              <th scope="col">{t("fenceOrder.deadline")}</th>
            </tr>
          </thead>
          <tbody>
            {material.orders.length === 0 ? (
              <tr>
                <td colSpan={7}>{t("orderedMaterial.noOrders")}</td>
              </tr>
            ) : (
              material.orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <input type="checkbox" name="orders" value={order.id} defaultChecked={order.selected} aria-label={t("orderedMaterial.choose", { id: order.id })} />
                  </td>
                  <td>
                    <a href={`${FENCE_ORDER_PATH}/${order.id}`}>{order.id}</a>
                  </td>
                  <td>{statusLabel(t, order.status)}</td>
                  <td>{[order.lastName, order.firstName].join(" ")}</td>
                  <td>{order.company ?? ""}</td>
                  <td>{formatCzechDate(order.orderDate)}</td>
                  <td>{formatCzechDate(order.deadline)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        {material.orders.length ? (
          <p className="no-print">
            <label className="inline-check">
              <input type="checkbox" name="short" value="1" defaultChecked={material.onlyShort} aria-describedby={queryErrors.short ? "ordered-material-short-error" : undefined} /> {t("orderedMaterial.onlyShort")}
            </label>{" "}
            <button type="submit" className="button button-primary">
              {t("orderedMaterial.fill")}
            </button>{" "}
            <a href={ORDERED_MATERIAL_PATH}>{t("orderedMaterial.all")}</a>
          </p>
        ) : null}
        {queryErrors.short ? (
          <p id="ordered-material-short-error" className="field-error" role="alert">
            {queryErrors.short}
          </p>
        ) : null}
      </form>
      {material.skipped.length ? (
        <div className="alert alert-warning" role="status">
          <p>{t("orderedMaterial.skipped")}</p>
          <ul>
            {material.skipped.map((item) => (
              <li key={`${item.orderId}-${item.itemId}`}>
                <a href={`${FENCE_ORDER_PATH}/${item.orderId}?tab=1`}>{t("orderedMaterial.skippedItem", { id: item.orderId, product: item.productName ?? t("manufactureList.noProduct") })}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <h2>{t("orderedMaterial.listHeading")}</h2>
      <div className="data-table">
        <div className="table-scroll">
          <table className="ordered-material-table">
            <thead>
              <tr>
                <th scope="col">{column("productId")}</th>
                <th scope="col">{column("name")}</th>
                <th scope="col">{column("color")}</th>
                <th scope="col" className="align-end">{column("amount")}</th>
                <th scope="col" className="align-end">{column("runningMeters")}</th>
                <th scope="col" className="align-end">{column("inStock")}</th>
                <th scope="col" className="align-end">{column("onTheWay")}</th>
                <th scope="col" className="align-end">{column("short")}</th>
                <th scope="col">{column("orders")}</th>
              </tr>
            </thead>
            <tbody>
              {material.lines.length === 0 ? (
                <tr>
                  <td colSpan={9} className="table-empty">
                    {material.onlyShort ? t("orderedMaterial.noneShort") : t("orderedMaterial.empty")}
                  </td>
                </tr>
              ) : (
                material.lines.map((line) => <MaterialLine key={`${line.product?.id ?? line.name}|${line.component}|${line.color ?? ""}`} line={line} />)
              )}
            </tbody>
            {material.lines.length ? <MaterialTotalRow labelColumns={3} amount={material.totals.amount} runningMeters={material.totals.runningMeters} trailingColumns={4} /> : null}
          </table>
        </div>
      </div>
      {material.lines.length ? <p className="field-hint">{t("orderedMaterial.stockNote")}</p> : null}
      <SupplierOrderSection material={material} form={supplierOrder} />
    </AppLayout>
  );
}
