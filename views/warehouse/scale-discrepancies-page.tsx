/** docs/domain.md#scale-discrepancies: items whose scales have disagreed with the book for longer than the set minutes, newest first. */
import type { PageMeta } from "@/lib/envelope";
import { formatCzechDateTime } from "@/lib/dates";
import { formatDecimal } from "@/lib/money";
import { WAREHOUSE_ITEM_PATH, WAREHOUSE_PAGE_PATH } from "@/modules/warehouse/items/schemas";
import { SCALE_DISCREPANCIES_PATH, SCALE_FEED_SETTINGS_PATH } from "@/modules/warehouse/scale-feed/schemas";
import type { ScaleDiscrepancy } from "@/modules/warehouse/scale-feed/service";
import { DataTable, type TableState } from "../components/data-table";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export const DISCREPANCY_TABLE_ID = "scale-discrepancies";

export function ScaleDiscrepancyTable(props: { rows: ScaleDiscrepancy[]; meta: PageMeta; state: TableState }) {
  const { t, lang } = useView();
  const number = (value: number | null) => (value === null ? "" : formatDecimal(value, lang, 3));
  return (
    <DataTable
      id={DISCREPANCY_TABLE_ID}
      basePath={SCALE_DISCREPANCIES_PATH}
      rows={props.rows}
      meta={props.meta}
      state={props.state}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ "data-item-id": row.id })}
      columns={[
        { key: "product", label: t("scaleFeed.discrepancies.product"), render: (row) => <a href={WAREHOUSE_ITEM_PATH(row.id)}>{row.product.name}</a> },
        { key: "warehouse", label: t("scaleFeed.discrepancies.warehouse"), render: (row) => <a href={WAREHOUSE_PAGE_PATH(row.warehouse.id)}>{row.warehouse.name}</a> },
        { key: "quantity", label: t("scaleFeed.discrepancies.quantity"), align: "end", render: (row) => number(row.quantity) },
        { key: "scaleQuantity", label: t("scaleFeed.discrepancies.scaleQuantity"), align: "end", render: (row) => number(row.scaleQuantity) },
        {
          key: "difference",
          label: t("scaleFeed.discrepancies.difference"),
          align: "end",
          render: (row) => (row.difference === null ? "" : `${row.difference > 0 ? "+" : ""}${number(row.difference)}`),
        },
        { key: "since", label: t("scaleFeed.discrepancies.since"), nowrap: true, render: (row) => formatCzechDateTime(row.since) },
      ]}
    />
  );
}

export function ScaleDiscrepanciesPage(props: { rows: ScaleDiscrepancy[]; meta: PageMeta; state: TableState; minutes: number }) {
  const { t } = useView();
  return (
    <AppLayout
      title={t("scaleFeed.discrepancies.title")}
      actions={
        <a className="button" href={SCALE_FEED_SETTINGS_PATH}>
          {t("scaleFeed.settings.title")}
        </a>
      }
    >
      <p className="page-intro">{t("scaleFeed.discrepancies.intro", { count: props.minutes })}</p>
      <ScaleDiscrepancyTable rows={props.rows} meta={props.meta} state={props.state} />
    </AppLayout>
  );
}
