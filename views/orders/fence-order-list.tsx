import { AGE_WARNING_DAYS, FENCE_ORDER_STATUSES, type FenceOrderRow } from "@/modules/orders/fence-order/schemas";
import { DEADLINE_DAYS, statusFromDates, statusFromPlans } from "@/modules/orders/fence-order/status";
import { formatCzechDate, formatCzechDateTime } from "@/lib/dates";
import type { PageMeta } from "@/lib/envelope";
import type { T } from "@/lib/i18n";
import { DataTable, MultiChoiceFilter, type TableColumn, type TableState } from "../components/data-table";
import { Icon } from "../components/icons";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export const FENCE_ORDER_PATH = "/orders/fenceOrder";
export const FENCE_ORDER_TABLE_ID = "list-fenceOrder";

const AGE_COLORS = { yellow: "#c9a400", orange: "#e07000", red: "#c62828" } as const;

/** Whole days between two ISO dates. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The age warning of an order not CLOSED: 60+ days since its order date yellow, 80+ orange, 90+ red (docs/domain.md#age-warning). */
export function ageWarning(row: Pick<FenceOrderRow, "status" | "orderDate">, today: string): { level: keyof typeof AGE_COLORS; days: number } | null {
  if (row.status === "CLOSED" || !row.orderDate) return null;
  const days = daysBetween(row.orderDate, today);
  if (days >= AGE_WARNING_DAYS.red) return { level: "red", days };
  if (days >= AGE_WARNING_DAYS.orange) return { level: "orange", days };
  if (days >= AGE_WARNING_DAYS.yellow) return { level: "yellow", days };
  return null;
}

export const statusLabel = (t: T, status: string) => t(`fenceOrderStatus.${status}`);

function Icons({ row, today }: { row: FenceOrderRow; today: string }) {
  const { t } = useView();
  const age = ageWarning(row, today);
  return (
    <span className="fence-order-icons">
      {row.priorityOrder ? (
        <span className="icon-priority" title={t("fenceOrder.priorityOrder")}>
          <Icon name="flag" label={t("fenceOrder.priorityOrder")} />
        </span>
      ) : null}
      {row.fileCount > 0 ? (
        <span className="icon-files" title={t("fenceOrder.hasFiles", { count: row.fileCount })}>
          <Icon name="paperclip" label={t("fenceOrder.hasFiles", { count: row.fileCount })} />
        </span>
      ) : null}
      {row.openPromiseCount > 0 ? (
        <span className="icon-promises" title={t("fenceOrder.openPromises", { count: row.openPromiseCount })}>
          <Icon name="promise" label={t("fenceOrder.openPromises", { count: row.openPromiseCount })} />
        </span>
      ) : null}
      {age ? (
        <span className={`icon-age age-${age.level}`} data-age={age.level} style={{ color: AGE_COLORS[age.level] }} title={t("fenceOrder.age", { days: age.days })}>
          <Icon name="alert" label={t("fenceOrder.age", { days: age.days })} />
        </span>
      ) : null}
    </span>
  );
}

function StatusCell({ row }: { row: FenceOrderRow }) {
  const { t } = useView();
  const lines = row.autoUpdates.map(
    (update) => `${formatCzechDateTime(update.at)}: ${update.from ? `${statusLabel(t, update.from)} → ` : ""}${statusLabel(t, update.to)}`,
  );
  const tooltip = lines.length ? `${t("fenceOrder.statusHistory")}:\n${lines.join("\n")}` : undefined;
  return (
    <span className="fence-order-status" title={tooltip}>
      {statusLabel(t, row.status)}
    </span>
  );
}

function NoteCell({ row }: { row: FenceOrderRow }) {
  const { t } = useView();
  if (!row.note) return <Icon name="cross" className="bool-no" label={t("table.no")} />;
  const href = `${FENCE_ORDER_PATH}/${row.id}/note`;
  return (
    <a href={href} hx-get={href} hx-target="#fence-order-note" hx-swap="innerHTML" className="note-link" title={t("fenceOrder.showNote")}>
      <Icon name="check" className="bool-yes" label={t("fenceOrder.hasNote")} />
    </a>
  );
}

export function fenceOrderColumns(t: T, today: string): TableColumn<FenceOrderRow>[] {
  return [
    { key: "id", label: t("fenceOrder.id"), filter: "number", sortable: true, render: (row) => <a href={`${FENCE_ORDER_PATH}/${row.id}`}>{row.id}</a> },
    { key: "icons", label: t("fenceOrder.icons"), render: (row) => <Icons row={row} today={today} /> },
    { key: "status", label: t("fenceOrder.status"), sortable: true, render: (row) => <StatusCell row={row} /> },
    { key: "firstName", label: t("fenceOrder.firstName"), sortable: true },
    { key: "lastName", label: t("fenceOrder.lastName"), sortable: true },
    { key: "company", label: t("fenceOrder.company"), sortable: true },
    { key: "deliveryCity", label: t("fenceOrder.city_list"), render: (row) => (row.deliveryAddress && row.deliveryCity ? row.deliveryCity : (row.city ?? "")) },
    { key: "phone", label: t("fenceOrder.phone"), nowrap: true, render: (row) => (row.phone ? <a href={`tel:${row.phone.replace(/[^\d+]/g, "")}`}>{row.phone}</a> : "") },
    { key: "email", label: t("fenceOrder.email") },
    { key: "offerDate", label: t("fenceOrder.offerDate"), sortable: true, nowrap: true, render: (row) => formatCzechDate(row.offerDate) },
    { key: "measurementDate", label: t("fenceOrder.measurementDate"), sortable: true, nowrap: true, render: (row) => formatCzechDate(row.measurementDate) },
    { key: "orderDate", label: t("fenceOrder.orderDate"), sortable: true, nowrap: true, render: (row) => formatCzechDate(row.orderDate) },
    { key: "deadline", label: t("fenceOrder.deadline"), sortable: true, nowrap: true, render: (row) => formatCzechDate(row.deadline) },
    { key: "note", label: t("fenceOrder.note"), render: (row) => <NoteCell row={row} /> },
  ];
}

export function FenceOrderTable(props: { rows: FenceOrderRow[]; meta: PageMeta; state: TableState; today: string }) {
  const { t } = useView();
  return (
    <DataTable
      id={FENCE_ORDER_TABLE_ID}
      basePath={FENCE_ORDER_PATH}
      columns={fenceOrderColumns(t, props.today)}
      rows={props.rows}
      meta={props.meta}
      state={props.state}
      rowKey={(row) => row.id}
    />
  );
}

const DATE_FIELDS = ["offerDate", "measurementDate", "orderDate"] as const;

/** The automatic status updates (docs/domain.md#order-status, decision 013), read off the rule itself so the list cannot drift from it. */
export function autoStatusRules(t: T): string[] {
  const noDates = { offerDate: null, measurementDate: null, orderDate: null };
  const bySingleDate = DATE_FIELDS.map((date) => {
    const status = statusFromDates({ ...noDates, [date]: "2000-01-01" })!.status;
    return t("fenceOrder.autoRules.dateSets", { date: t(`fenceOrder.${date}`), status: statusLabel(t, status) });
  });
  return [
    ...bySingleDate,
    t("fenceOrder.autoRules.deadline", { date: t("fenceOrder.orderDate"), days: DEADLINE_DAYS }),
    // The plan rules (docs/decisions/055-planning.md).
    t("planning.autoRules.allPlanned", { status: statusLabel(t, statusFromPlans({ allPlanned: true, allDone: false })!.status) }),
    t("planning.autoRules.allDone", { status: statusLabel(t, statusFromPlans({ allPlanned: true, allDone: true })!.status) }),
    t("fenceOrder.autoRules.limits", { canceled: statusLabel(t, "CANCELED") }),
  ];
}

const AUTO_RULES_ID = "fence-order-auto-rules";

/**
 * The info icon by the status filter: a mouse gets the rules as the title tooltip, a screen reader
 * as the button's description, and a keyboard user sees the same list while the button has focus.
 */
function AutoStatusRulesTip() {
  const { t } = useView();
  const title = t("fenceOrder.autoRules.title");
  const rules = autoStatusRules(t);
  return (
    <span className="info-tip">
      <button type="button" className="info-tip-button" aria-describedby={AUTO_RULES_ID} title={`${title}:\n${rules.map((rule) => `• ${rule}`).join("\n")}`}>
        <Icon name="info" label={title} />
      </button>
      <span role="tooltip" id={AUTO_RULES_ID} className="info-tip-text">
        <strong>{title}</strong>
        <ul>
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </span>
    </span>
  );
}

/**
 * Filters above the table: the status chips (any number ticked by a plain click; each change
 * reloads the table) and the contained-product box, applied on Enter (it submits the table's form).
 */
function FenceOrderFilters({ state }: { state: TableState }) {
  const { t } = useView();
  const form = `${FENCE_ORDER_TABLE_ID}-form`;
  return (
    <div className="fence-order-filters list-filters">
      <MultiChoiceFilter
        tableId={FENCE_ORDER_TABLE_ID}
        basePath={FENCE_ORDER_PATH}
        name="status"
        label={t("fenceOrder.status")}
        choices={FENCE_ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(t, status) }))}
        state={state}
        extra={<AutoStatusRulesTip />}
      />
      <label className="field">
        {t("fenceOrder.containedProduct")}
        <input type="search" name="product" form={form} defaultValue={state.filters.product ?? ""} placeholder={t("fenceOrder.containedProductHint")} autoComplete="off" />
      </label>
      <a href={`${FENCE_ORDER_PATH}/orderedMaterial`}>{t("fenceOrder.orderedMaterial")}</a>
    </div>
  );
}

export function FenceOrderListPage(props: { rows: FenceOrderRow[]; meta: PageMeta; state: TableState; today: string }) {
  const { t } = useView();
  return (
    <AppLayout
      title={t("fenceOrder.title")}
      actions={
        <a className="button button-primary" href={`${FENCE_ORDER_PATH}/new`}>
          <Icon name="plus" /> {t("action.add")}
        </a>
      }
    >
      <FenceOrderFilters state={props.state} />
      <FenceOrderTable {...props} />
      <div id="fence-order-note" />
    </AppLayout>
  );
}

export function FenceOrderNoteDialog({ id, note }: { id: number; note: string }) {
  const { t } = useView();
  return (
    <dialog open className="note-dialog" aria-labelledby={`note-title-${id}`}>
      <h2 id={`note-title-${id}`}>{t("fenceOrder.noteDialog", { id })}</h2>
      <p style={{ whiteSpace: "pre-wrap" }}>{note}</p>
      <form method="dialog">
        <button type="submit" className="button">
          {t("action.close")}
        </button>
      </form>
    </dialog>
  );
}
