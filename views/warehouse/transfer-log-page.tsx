import type { PageMeta } from "@/lib/envelope";
import { formatCzechDate, formatCzechDateTime } from "@/lib/dates";
import { langOf, type T } from "@/lib/i18n";
import { formatDecimal } from "@/lib/money";
import { WAREHOUSE_PAGE_PATH } from "@/modules/warehouse/items/schemas";
import { WAREHOUSE_TRANSFER_TYPES } from "@/modules/warehouse/stock/schemas";
import { TRANSFER_LOG_FILTERS, TRANSFER_LOG_PATH, logGroupMark, transferLogGroupHref, type TransferLogRow, userLabel } from "@/modules/warehouse/transfer-log/schemas";
import { DataTable, type TableColumn, type TableState } from "../components/data-table";
import { FilterBar, FilterDate, FilterSelect, FilterText } from "../components/filter-bar";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export const TRANSFER_LOG_TABLE_ID = "transfer-log";

const warehouseLink = (warehouse: { id: number; name: string } | null) => (warehouse ? <a href={WAREHOUSE_PAGE_PATH(warehouse.id)}>{warehouse.name}</a> : "");

export function transferLogColumns(t: T): TableColumn<TransferLogRow>[] {
  // Translated once per page, not once per row: 50 rows ask for them 50 times.
  const typeLabels = new Map<string, string>(WAREHOUSE_TRANSFER_TYPES.map((type) => [type, t(`transferLog.types.${type}`)]));
  const openGroup = t("transferLog.openGroupTitle");
  return [
    { key: "id", label: t("transferLog.id"), align: "end" },
    { key: "createdAt", label: t("transferLog.date"), nowrap: true, render: (row) => formatCzechDateTime(row.createdAt) },
    { key: "targetWarehouse", label: t("transferLog.targetWarehouse"), render: (row) => warehouseLink(row.targetWarehouse) },
    { key: "sourceWarehouse", label: t("transferLog.sourceWarehouse"), render: (row) => warehouseLink(row.sourceWarehouse) },
    { key: "product", label: t("transferLog.product"), render: (row) => <a href={`/products/${row.product.id}`}>{row.product.name}</a> },
    { key: "transferType", label: t("transferLog.transferType"), render: (row) => typeLabels.get(row.transferType) ?? row.transferType },
    { key: "quantity", label: t("transferLog.quantity"), align: "end", render: (row) => formatDecimal(row.quantity, langOf(t), 3) },
    { key: "user", label: t("transferLog.user"), render: (row) => userLabel(row.user) },
    {
      key: "logGroup",
      label: t("transferLog.logGroup"),
      nowrap: true,
      render: (row) => {
        const mark = logGroupMark(row.logGroup);
        return (
          <a href={transferLogGroupHref(row.logGroup)} className="log-group-mark" title={`${openGroup} ${row.logGroup}`}>
            <span className="log-group-swatch" style={{ backgroundColor: mark.colour }} aria-hidden="true" />
            <code>{mark.text}</code>
          </a>
        );
      },
    },
  ];
}

export function TransferLogTable(props: { rows: TransferLogRow[]; meta: PageMeta; state: TableState }) {
  const { t } = useView();
  return (
    <DataTable
      id={TRANSFER_LOG_TABLE_ID}
      basePath={TRANSFER_LOG_PATH}
      columns={transferLogColumns(t)}
      rows={props.rows}
      meta={props.meta}
      state={props.state}
      rowKey={(row) => row.id}
      hiddenFilters={[...TRANSFER_LOG_FILTERS]}
      rowProps={(row) => ({ style: { backgroundColor: row.colour }, "data-log-group": row.logGroup })}
    />
  );
}

/** dd.mm.yyyy as typed, an ISO date shown the Czech way. */
const dateText = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCzechDate(value) : (value ?? ""));

export interface TransferLogChoices {
  warehouses: { id: number; name: string }[];
  users: { id: number; label: string }[];
}

/** The filters: a plain GET form, so the URL holds them and the pager keeps them. */
function TransferLogFilters({ typed: f, errors, choices }: { typed: Record<string, string>; errors: Record<string, string>; choices: TransferLogChoices }) {
  const { t } = useView();
  const id = (name: string) => `transfer-log-${name}`;
  const any = t("transferLog.any");
  return (
    <FilterBar path={TRANSFER_LOG_PATH} className="transfer-log-filters">
      <FilterDate id={id("from")} name="from" label={t("transferLog.from")} value={dateText(f.from)} error={errors.from} />
      <FilterDate id={id("to")} name="to" label={t("transferLog.to")} value={dateText(f.to)} error={errors.to} />
      <FilterSelect id={id("warehouse")} name="warehouse" label={t("transferLog.warehouse")} any={any} value={f.warehouse} error={errors.warehouse} options={choices.warehouses.map((warehouse) => ({ value: String(warehouse.id), label: warehouse.name }))} />
      <FilterText id={id("product")} name="product" label={t("transferLog.productId")} value={f.product} numeric size={8} error={errors.product} />
      <FilterSelect id={id("type")} name="type" label={t("transferLog.transferType")} any={any} value={f.type} error={errors.type} options={WAREHOUSE_TRANSFER_TYPES.map((type) => ({ value: type, label: t(`transferLog.types.${type}`) }))} />
      <FilterSelect id={id("user")} name="user" label={t("transferLog.user")} any={any} value={f.user} error={errors.user} options={choices.users.map((user) => ({ value: String(user.id), label: user.label }))} />
      {f.logGroup ? <input type="hidden" name="logGroup" value={f.logGroup} /> : null}
    </FilterBar>
  );
}

/** docs/domain.md#transfer-log: read-only, filtered, each operation in its own pastel; `?logGroup=` shows one operation. */
export function TransferLogPage(props: {
  rows: TransferLogRow[];
  meta: PageMeta;
  state: TableState;
  /** The filters as typed, shown back in the fields (an unreadable one is not applied: `filterErrors` says why). */
  typed: Record<string, string>;
  filterErrors: Record<string, string>;
  choices: TransferLogChoices;
}) {
  const { t } = useView();
  const group = props.state.filters.logGroup;
  return (
    <AppLayout
      title={group ? t("transferLog.groupTitle", { group: logGroupMark(group).text }) : t("transferLog.title")}
      actions={
        group ? (
          <a className="button" href={TRANSFER_LOG_PATH}>
            {t("transferLog.allRows")}
          </a>
        ) : undefined
      }
    >
      <TransferLogFilters typed={props.typed} errors={props.filterErrors} choices={props.choices} />
      <TransferLogTable rows={props.rows} meta={props.meta} state={props.state} />
    </AppLayout>
  );
}
