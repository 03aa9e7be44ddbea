/**
 * The invoices list (/orders/invoices, docs/decisions/053-invoice-lines-and-payments.md): number, order, customer, type, status,
 * created, due, total and what remains to pay, with the shared table (sorting, paging) and a
 * filter bar (status, type, overdue, issue date range, customer); an overdue document shows its days
 * past the due date (docs/decisions/080-overdue-and-reminders.md). The accountant export form has its spot
 * above the table.
 */
import type { ReactNode } from "react";
import { formatCzechDate } from "@/lib/dates";
import type { PageMeta } from "@/lib/envelope";
import type { T } from "@/lib/i18n";
import { formatMoney } from "@/lib/money";
import { BANK_STATEMENTS_PATH } from "@/modules/orders/bank-statement/schemas";
import { readBoolean } from "@/lib/zod-fields";
import { INVOICE_KINDS } from "@/modules/orders/invoice/formats/snapshot";
import { INVOICE_STATUSES, type InvoiceSummary } from "@/modules/orders/invoice/schemas";
import { DataTable, type TableColumn, type TableState } from "../components/data-table";
import { FilterBar, FilterCheckbox, FilterDate, FilterSelect, FilterText } from "../components/filter-bar";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { FENCE_ORDER_PATH } from "./fence-order-list";

export const INVOICES_PATH = "/orders/invoices";
export const INVOICE_TABLE_ID = "list-invoices";
/** The filters the list page reads (dates as typed: dd.mm.yyyy or ISO). */
export const INVOICE_PAGE_FILTERS = ["status", "kind", "overdue", "from", "to", "customer", "orderId"] as const;

export const invoiceHref = (id: number) => `${INVOICES_PATH}/${id}`;

/** The list filtered to the overdue documents, longest overdue first (docs/decisions/080-overdue-and-reminders.md). */
export const OVERDUE_LIST_HREF = `${INVOICES_PATH}?overdue=true&sort=dueDate,asc`;

/**
 * The list's columns. Overdue documents show their days past the due date beside it (the column
 * appears when the overdue filter is on or a row is overdue); under the overdue filter every row is
 * open, so the status column gives way to it.
 */
export function invoiceColumns(t: T, lang: "cs" | "en", options: { overdueFilter?: boolean; anyOverdue?: boolean } = {}): TableColumn<InvoiceSummary>[] {
  const columns: (TableColumn<InvoiceSummary> | null)[] = [
    { key: "invoiceNumber", label: t("invoices.list.number"), sortable: true, nowrap: true, render: (row) => <a href={invoiceHref(row.id)}>{row.invoiceNumber}</a> },
    { key: "orderId", label: t("invoices.list.order"), sortable: true, render: (row) => (row.orderId ? <a href={`${FENCE_ORDER_PATH}/${row.orderId}?tab=4`}>{row.orderId}</a> : "") },
    { key: "customer", label: t("invoices.list.customer") },
    { key: "kind", label: t("invoices.list.kind"), sortable: true, render: (row) => t(`invoices.kind.${row.kind}`) },
    options.overdueFilter ? null : { key: "status", label: t("invoices.list.status"), sortable: true, render: (row) => <span data-status={row.status}>{t(`invoices.status.${row.status}`)}</span> },
    { key: "created", label: t("invoices.list.issueDate"), sortable: true, nowrap: true, render: (row) => formatCzechDate(row.created) },
    { key: "dueDate", label: t("invoices.list.dueDate"), sortable: true, nowrap: true, render: (row) => formatCzechDate(row.dueDate) },
    options.overdueFilter || options.anyOverdue
      ? {
          key: "daysOverdue",
          label: t("reminders.delay"),
          nowrap: true,
          render: (row) =>
            row.daysOverdue === null ? (
              ""
            ) : (
              <span className="badge-alert" data-days-overdue={row.daysOverdue} title={t("reminders.daysOverdue")}>
                {t("reminders.delayDays", { count: row.daysOverdue })}
              </span>
            ),
        }
      : null,
    { key: "total", label: t("invoices.list.total"), sortable: true, align: "end", nowrap: true, render: (row) => formatMoney(row.total, lang) },
    { key: "remainingToPay", label: t("invoices.list.remainingToPay"), align: "end", nowrap: true, render: (row) => formatMoney(row.remainingToPay, lang) },
  ];
  return columns.filter((column) => column !== null);
}

export function InvoiceTable(props: { rows: InvoiceSummary[]; meta: PageMeta; state: TableState }) {
  const { t, lang } = useView();
  return (
    <DataTable
      id={INVOICE_TABLE_ID}
      basePath={INVOICES_PATH}
      columns={invoiceColumns(t, lang, { overdueFilter: readBoolean(props.state.filters.overdue) === true, anyOverdue: props.rows.some((row) => row.daysOverdue !== null) })}
      rows={props.rows}
      meta={props.meta}
      state={props.state}
      rowKey={(row) => row.id}
      hiddenFilters={[...INVOICE_PAGE_FILTERS]}
      rowProps={(row) => ({ "data-invoice-id": row.id })}
    />
  );
}

/** dd.mm.yyyy for an ISO date, anything else as typed. */
const dateText = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCzechDate(value) : (value ?? ""));

function InvoiceFilters({ typed: f, errors }: { typed: Record<string, string>; errors: Record<string, string> }) {
  const { t } = useView();
  const id = (name: string) => `invoices-${name}`;
  const any = t("invoices.list.any");
  return (
    <FilterBar path={INVOICES_PATH} className="invoice-filters">
      <FilterSelect id={id("status")} name="status" label={t("invoices.list.status")} any={any} value={f.status} options={INVOICE_STATUSES.map((status) => ({ value: status, label: t(`invoices.status.${status}`) }))} />
      <FilterSelect id={id("kind")} name="kind" label={t("invoices.list.kind")} any={any} value={f.kind} options={INVOICE_KINDS.map((kind) => ({ value: kind, label: t(`invoices.kind.${kind}`) }))} />
      <FilterCheckbox id={id("overdue")} name="overdue" label={t("reminders.overdueFilter")} text={t("reminders.overdueOnly")} checked={readBoolean(f.overdue) === true} />
      <FilterDate id={id("from")} name="from" label={t("invoices.list.from")} value={dateText(f.from)} error={errors.from} />
      <FilterDate id={id("to")} name="to" label={t("invoices.list.to")} value={dateText(f.to)} error={errors.to} />
      <FilterText id={id("customer")} name="customer" label={t("invoices.list.customer")} value={f.customer} size={20} />
      {f.orderId ? <input type="hidden" name="orderId" value={f.orderId} /> : null}
    </FilterBar>
  );
}

export function InvoiceListPage(props: {
  rows: InvoiceSummary[];
  meta: PageMeta;
  state: TableState;
  typed: Record<string, string>;
  filterErrors: Record<string, string>;
  /** The accountant export form (InvoiceExportForm), wired by the page route. */
  exportForm?: ReactNode;
}) {
  const { t } = useView();
  return (
    <AppLayout
      title={t("invoices.list.title")}
      actions={
        <a className="button" href={BANK_STATEMENTS_PATH} data-testid="bank-statements">
          {t("bankPairing.open")}
        </a>
      }
    >
      <InvoiceFilters typed={props.typed} errors={props.filterErrors} />
      <InvoiceTable rows={props.rows} meta={props.meta} state={props.state} />
      {props.exportForm ?? null}
    </AppLayout>
  );
}
