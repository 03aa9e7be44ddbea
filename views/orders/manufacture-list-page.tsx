/**
 * The manufacture list of a fence order (docs/domain.md#manufacture-list: product id linking to the
 * product, name, colour, length, amount): the cut list grouped by product with a subtotal row each
 * and a grand total, the items left out and why, an xlsx export, printing (app.css's print rules
 * drop the menu, the baskets column and these buttons) and "add all to the common basket" (a plain
 * form with a fresh idempotency key per render; the answer comes back to this page with a toast
 * and the baskets column refreshed). Server-rendered, no island.
 */
import type { ManufactureList, ManufactureListOrder } from "@/modules/orders/manufacture-list/schemas";
import { manufactureListAddHref, manufactureListXlsxHref } from "@/modules/orders/manufacture-list/schemas";
import type { CutProblem, SkippedItem } from "@/modules/orders/fence-item/cut-list";
import type { Lang } from "@/lib/context";
import type { T } from "@/lib/i18n";
import { formatDecimal } from "@/lib/money";
import { Icon } from "../components/icons";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { FENCE_ORDER_PATH } from "./fence-order-list";

const orderName = (order: ManufactureListOrder) => [order.lastName, order.firstName].filter(Boolean).join(" ") + (order.company ? `, ${order.company}` : "");

const mm = (value: number | null, lang: Lang) => (value === null ? "" : formatDecimal(value, lang, 2));
/** Pieces (up to 3 decimals: an item may be 2.5 fields) and running metres (to the mm), as the material tables show them. */
export const pieces = (value: number, lang: Lang) => formatDecimal(value, lang, 3);
export const metres = (value: number | null, lang: Lang) => (value === null ? "" : formatDecimal(value, lang, 3));

/** A material table's grand total: "Celkem" over the label columns, the pieces, the running metres, and empty cells after. */
export function MaterialTotalRow({ labelColumns, amount, runningMeters, trailingColumns = 0 }: { labelColumns: number; amount: number; runningMeters: number; trailingColumns?: number }) {
  const { t, lang } = useView();
  return (
    <tfoot>
      <tr className="total-row">
        <th scope="row" colSpan={labelColumns}>
          {t("manufactureList.total")}
        </th>
        <td className="align-end nowrap">{pieces(amount, lang)}</td>
        <td className="align-end nowrap">{metres(runningMeters, lang)}</td>
        {Array.from({ length: trailingColumns }, (_, index) => (
          <td key={index} />
        ))}
      </tr>
    </tfoot>
  );
}

/** A problem's field in words: the item field's label, else the part's, else the parameter's. */
function fieldLabel(t: T, field: string): string {
  for (const key of [`fenceItem.field.${field}`, `manufactureList.component.${field}`, `manufactureList.field.${field}`]) {
    const text = t(key, { defaultValue: "" }) as string;
    if (text) return text;
  }
  return field;
}

const problemText = (t: T, problem: CutProblem) => t(`manufactureList.problem.${problem.reason}`, { field: fieldLabel(t, problem.field) }) as string;

function SkippedItems({ skipped }: { skipped: SkippedItem[] }) {
  const { t } = useView();
  if (!skipped.length) return null;
  return (
    <div className="alert alert-warning manufacture-skipped" role="status">
      <p>{t("manufactureList.skipped")}</p>
      <ul>
        {skipped.map((item) => (
          <li key={item.itemId ?? item.index}>
            {t("manufactureList.skippedItem", {
              position: item.index + 1,
              product: item.product?.name ?? t("manufactureList.noProduct"),
              problems: item.problems.map((problem) => problemText(t, problem)).join(", "),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ManufactureListTable({ list }: { list: ManufactureList }) {
  const { t, lang } = useView();
  const column = (key: string) => t(`manufactureList.column.${key}`);
  return (
    <div className="data-table manufacture-list">
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">{t("manufactureList.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{column("productId")}</th>
              <th scope="col">{column("name")}</th>
              <th scope="col">{column("color")}</th>
              <th scope="col" className="align-end">{column("length")}</th>
              <th scope="col" className="align-end">{column("amount")}</th>
              <th scope="col" className="align-end">{column("runningMeters")}</th>
            </tr>
          </thead>
          {list.groups.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={6} className="table-empty">
                  {t("manufactureList.empty")}
                </td>
              </tr>
            </tbody>
          ) : (
            list.groups.map((group) => (
              <tbody key={group.product.id} data-product={group.product.id}>
                {group.lines.map((line) => (
                  <tr key={`${line.component}|${line.color ?? ""}|${line.length ?? ""}`} data-component={line.component}>
                    <td>
                      <a href={`/products/${line.product.id}`}>{line.product.id}</a>
                    </td>
                    <td>{line.name}</td>
                    <td>{line.color ?? ""}</td>
                    <td className="align-end nowrap">{mm(line.length, lang)}</td>
                    <td className="align-end nowrap">{pieces(line.amount, lang)}</td>
                    <td className="align-end nowrap">{metres(line.runningMeters, lang)}</td>
                  </tr>
                ))}
                <tr className="subtotal-row">
                  <th scope="row" colSpan={4}>
                    {t("manufactureList.subtotal", { product: group.product.name })}
                  </th>
                  <td className="align-end nowrap">{pieces(group.amount, lang)}</td>
                  <td className="align-end nowrap">{group.runningMeters ? metres(group.runningMeters, lang) : ""}</td>
                </tr>
              </tbody>
            ))
          )}
          {list.groups.length ? <MaterialTotalRow labelColumns={4} amount={list.totals.amount} runningMeters={list.totals.runningMeters} /> : null}
        </table>
      </div>
    </div>
  );
}

export function ManufactureListPage({ list, idempotencyKey }: { list: ManufactureList; idempotencyKey: string }) {
  const { t } = useView();
  const { order } = list;
  const actions = (
    <div className="manufacture-actions no-print">
      <a className="button" href={manufactureListXlsxHref(order.id)} download="" data-download="xlsx">
        <Icon name="order" /> {t("manufactureList.exportXlsx")}
      </a>
      <button type="button" className="button" data-print="">
        {t("manufactureList.print")}
      </button>
      <form method="post" action={manufactureListAddHref(order.id)} className="inline-form">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <button type="submit" className="button button-primary" disabled={list.production.length === 0}>
          <Icon name="basket" /> {t("manufactureList.addAll")}
        </button>
      </form>
    </div>
  );
  return (
    <AppLayout title={t("manufactureList.title", { id: order.id })} actions={actions}>
      <p className="manufacture-order">
        <a href={`${FENCE_ORDER_PATH}/${order.id}?tab=1`}>{t("manufactureList.order", { id: order.id, name: orderName(order) })}</a>
      </p>
      <SkippedItems skipped={list.skipped} />
      <ManufactureListTable list={list} />
    </AppLayout>
  );
}
