import type { CSSProperties, ReactNode } from "react";
import type { PageMeta } from "@/lib/envelope";
import { formatDecimal } from "@/lib/money";
import { Icon } from "./icons";
import { useView } from "../view-context";

export type FilterKind = "text" | "number" | "boolean";

export interface TableColumn<Row> {
  key: string;
  label: string;
  filter?: FilterKind;
  sortable?: boolean;
  /** Cell content; defaults to the row's value under `key`. */
  render?: (row: Row) => ReactNode;
  align?: "start" | "end" | "center";
  /** Keeps the cell on one line (phone numbers, dates). */
  nowrap?: boolean;
}

const cellClass = (column: { align?: string; nowrap?: boolean }): string | undefined =>
  [column.align ? `align-${column.align}` : "", column.nowrap ? "nowrap" : ""].filter(Boolean).join(" ") || undefined;

export interface TableState {
  page: number;
  size: number;
  sort?: string;
  filters: Record<string, string>;
}

export const PAGE_SIZES = [20, 50, 100, 500];

/** What an outside filter (the category tree) dispatches on the table's form after changing it. */
export const FILTERS_CHANGED_EVENT = "filters-changed";

/** The list URL for a state: the one source of truth for links, htmx requests and pushed URLs. */
export function listHref(basePath: string, state: TableState, change: Partial<TableState> = {}): string {
  const next = { ...state, ...change, filters: { ...state.filters, ...(change.filters ?? {}) } };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(next.filters)) if (value) query.set(key, value);
  if (next.sort) query.set("sort", next.sort);
  if (next.page > 1) query.set("page", String(next.page));
  if (next.size !== 20) query.set("size", String(next.size));
  const text = query.toString();
  return text ? `${basePath}?${text}` : basePath;
}

function BooleanCell({ value }: { value: unknown }) {
  const { t } = useView();
  return value ? (
    <Icon name="check" className="bool-yes" label={t("table.yes")} />
  ) : (
    <Icon name="cross" className="bool-no" label={t("table.no")} />
  );
}

function cellValue<Row>(column: TableColumn<Row>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (typeof value === "boolean") return <BooleanCell value={value} />;
  if (value === null || value === undefined) return "";
  return String(value);
}

const ARIA_SORT = { asc: "ascending", desc: "descending", none: "none" } as const;

/** The direction the list is sorted by `column`, if it is the sort column. */
function sortedBy(state: TableState, column: { key: string }): "asc" | "desc" | undefined {
  const [field, dir] = (state.sort ?? "").split(",");
  return field === column.key && (dir === "asc" || dir === "desc") ? dir : undefined;
}

function SortLink<Row>({ column, basePath, state, targetId }: { column: TableColumn<Row>; basePath: string; state: TableState; targetId: string }) {
  const { t } = useView();
  const current = sortedBy(state, column);
  const nextDir = current === "asc" ? "desc" : "asc";
  const href = listHref(basePath, state, { sort: `${column.key},${nextDir}`, page: 1 });
  return (
    <a
      href={href}
      hx-get={href}
      hx-target={`#${targetId}`}
      hx-swap="outerHTML"
      hx-push-url="true"
      className="sort-link"
      aria-label={`${column.label}: ${t(nextDir === "asc" ? "table.sortAsc" : "table.sortDesc")}`}
    >
      {column.label} <Icon name={current === "asc" ? "sortAsc" : current === "desc" ? "sortDesc" : "sortNone"} className="sort-icon" />
    </a>
  );
}

/** The table's filter form and the class its filter controls carry (the form's triggers listen to these only). */
const formIdOf = (tableId: string) => `${tableId}-form`;
const filterClassOf = (tableId: string) => `${tableId}-filter`;

/**
 * What joins a filter control to its table: outside the <form> element (it does not wrap the
 * table), so joined by the form attribute, and each control sends the whole form itself. A
 * change while a request is in flight replaces it, so the last state wins.
 */
function filterControlAttributes(tableId: string, basePath: string) {
  const formId = formIdOf(tableId);
  return {
    form: formId,
    className: filterClassOf(tableId),
    "hx-get": basePath,
    "hx-include": `#${formId}`,
    "hx-target": `#${tableId}`,
    "hx-swap": "outerHTML",
    "hx-push-url": "true",
    "hx-sync": `#${formId}:replace`,
  };
}

function FilterInput<Row>({ column, state, targetId, basePath }: { column: TableColumn<Row>; state: TableState; targetId: string; basePath: string }) {
  const { t } = useView();
  const id = `${targetId}-filter-${column.key}`;
  const value = state.filters[column.key] ?? "";
  // Kept across swaps (hx-preserve) together with its own listeners, so keys typed while a
  // request is in flight still filter.
  const common = { id, name: column.key, ...filterControlAttributes(targetId, basePath) };
  if (column.filter === "boolean") {
    return (
      <select {...common} defaultValue={value} aria-label={`${t("action.filter")}: ${column.label}`} hx-preserve="true" hx-trigger="change">
        <option value="">{t("table.any")}</option>
        <option value="true">{t("table.yes")}</option>
        <option value="false">{t("table.no")}</option>
      </select>
    );
  }
  return (
    <input
      {...common}
      type="search"
      inputMode={column.filter === "number" ? "decimal" : undefined}
      defaultValue={value}
      autoComplete="off"
      aria-label={`${t("action.filter")}: ${column.label}`}
      // Kept across swaps so keys typed while a request is in flight are not overwritten by the answer.
      hx-preserve="true"
      // Enter submits the table's form (the form attribute), which sends the filter at once; a
      // `search` trigger beside it sent it twice, the second aborting the first.
      hx-trigger="input changed delay:300ms"
    />
  );
}

export interface FilterChoice {
  value: string;
  label: string;
}

/** The ticked values of a multi-choice filter: sent repeated (`a=X&a=Y`) or comma-joined (`a=X,Y`), kept joined in the state. */
export const chosenValues = (state: TableState, name: string): string[] => (state.filters[name] ?? "").split(",").filter(Boolean);

/**
 * A multi-choice filter above a list (order statuses…): one checkbox chip per choice, ticked by a
 * click, a tap or Space, where a <select multiple> needed Ctrl-click. Each box sends the table's
 * form on change, so the choices travel as the repeated parameter (`status=A&status=B`) and the
 * URL keeps the state; nothing ticked filters nothing. Outside the table, so a swap keeps them.
 */
export function MultiChoiceFilter(props: {
  tableId: string;
  basePath: string;
  name: string;
  label: string;
  choices: FilterChoice[];
  state: TableState;
  /** Shown after the label (an info tooltip). */
  extra?: ReactNode;
}) {
  const chosen = new Set(chosenValues(props.state, props.name));
  const attributes = filterControlAttributes(props.tableId, props.basePath);
  return (
    <fieldset className={`multi-choice-filter filter-${props.name}`}>
      <legend>
        {props.label}
        {props.extra}
      </legend>
      <div className="filter-chips">
        {props.choices.map((choice) => (
          <label key={choice.value} className="filter-chip">
            <input {...attributes} type="checkbox" name={props.name} value={choice.value} defaultChecked={chosen.has(choice.value)} hx-trigger="change" />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A page number past the list's end (a typed URL, a list that shrank): not a page of the list, so
 * no "Page 999 of 2"; the table says so and links to the last page (docs/decisions/037).
 */
const isPastEnd = (meta: PageMeta): boolean => !meta.capped && meta.page > meta.pages;

/** A link to another page of the list, swapped in by htmx and pushed to the URL. */
function PageLink({ basePath, state, targetId, page, rel, className, children }: { basePath: string; state: TableState; targetId: string; page: number; rel?: string; className?: string; children: ReactNode }) {
  const href = listHref(basePath, state, { page });
  return (
    <a className={className} href={href} hx-get={href} hx-target={`#${targetId}`} hx-swap="outerHTML" hx-push-url="true" rel={rel}>
      {children}
    </a>
  );
}

function Pager({ basePath, state, meta, targetId }: { basePath: string; state: TableState; meta: PageMeta; targetId: string }) {
  const { t, lang } = useView();
  const pastEnd = isPastEnd(meta);
  const link = (page: number, label: string, disabled: boolean, rel?: string) =>
    disabled ? (
      <span className="pager-link disabled" aria-disabled="true">
        {label}
      </span>
    ) : (
      <PageLink className="pager-link" basePath={basePath} state={state} targetId={targetId} page={page} rel={rel}>
        {label}
      </PageLink>
    );
  const status = pastEnd
    ? t("table.pastEnd", { page: meta.page, pages: meta.pages })
    : t("table.page", { page: meta.page, pages: meta.capped ? `${meta.pages}+` : meta.pages });
  return (
    <nav className="pager" aria-label={status}>
      {link(1, t("table.first"), meta.page <= 1)}
      {/* Past the end, the page before is the last one. */}
      {link(pastEnd ? meta.pages : meta.page - 1, t("table.previous"), meta.page <= 1, "prev")}
      <span className="pager-status">{status}</span>
      {link(meta.page + 1, t("table.next"), meta.page >= meta.pages, "next")}
      {meta.capped ? null : link(meta.pages, t("table.last"), meta.page === meta.pages)}
      <span className="pager-total">{t("table.total", { total: meta.capped ? `${formatDecimal(meta.total, lang, 0)}+` : meta.total })}</span>
      <span className="pager-sizes">
        {t("table.pageSize")}:{" "}
        {PAGE_SIZES.map((size) => {
          const href = listHref(basePath, state, { size, page: 1 });
          return size === state.size ? (
            <strong key={size} aria-current="true">
              {size}
            </strong>
          ) : (
            <a key={size} href={href} hx-get={href} hx-target={`#${targetId}`} hx-swap="outerHTML" hx-push-url="true">
              {size}
            </a>
          );
        })}
      </span>
    </nav>
  );
}

/**
 * The one server-rendered list table: per-column filters, sorting and paging through htmx with
 * the state in the URL. Without JavaScript the same links and the filter form still work.
 */
export function DataTable<Row>(props: {
  id: string;
  basePath: string;
  columns: TableColumn<Row>[];
  rows: Row[];
  meta: PageMeta;
  state: TableState;
  rowKey: (row: Row) => string | number;
  /** Filters set from outside the table (a tree picker): hidden inputs the form sends along. */
  hiddenFilters?: string[];
  /** A row's own attributes (a background colour, a data attribute for tests). */
  rowProps?: (row: Row) => { className?: string; style?: CSSProperties; [data: `data-${string}`]: string | number | undefined };
}) {
  const { t } = useView();
  const { id, basePath, columns, rows, meta, state } = props;
  const hasFilters = columns.some((column) => column.filter);
  // Once per column, not once per cell (docs/decisions/039).
  const cellClasses = columns.map(cellClass);
  return (
    <div id={id} className="data-table" hx-indicator={`#${id}`}>
      {/*
       * The filter form does not wrap the table, so a row may hold a form or dialog of its own
       * (a row action): forms cannot nest. The filter controls join it by the form attribute,
       * and its triggers listen to them only, never to inputs elsewhere on the page.
       */}
      <form
        id={formIdOf(id)}
        className="table-form"
        method="get"
        action={basePath}
        hx-get={basePath}
        hx-trigger={`submit, ${FILTERS_CHANGED_EVENT}`}
        hx-target={`#${id}`}
        hx-swap="outerHTML"
        hx-push-url="true"
        // A change while a request is in flight replaces it, so the last state always wins.
        hx-sync="this:replace"
      >
        {(props.hiddenFilters ?? []).map((name) => (
          <input key={name} type="hidden" id={`${id}-filter-${name}`} name={name} value={state.filters[name] ?? ""} />
        ))}
        {state.sort ? <input type="hidden" name="sort" value={state.sort} /> : null}
        {state.size !== 20 ? <input type="hidden" name="size" value={state.size} /> : null}
        <button type="submit" className="visually-hidden" tabIndex={-1}>
          {t("action.filter")}
        </button>
      </form>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.align ? `align-${column.align}` : undefined}
                  // On the header cell, where screen readers look for it: a link may not carry aria-sort.
                  aria-sort={column.sortable ? ARIA_SORT[sortedBy(state, column) ?? "none"] : undefined}
                >
                  {column.sortable ? <SortLink column={column} basePath={basePath} state={state} targetId={id} /> : column.label}
                </th>
              ))}
            </tr>
            {hasFilters ? (
              <tr className="filter-row">
                {/* Plain cells: a header cell above an unfilterable column would be an empty header. */}
                {columns.map((column) => (
                  <td key={column.key}>{column.filter ? <FilterInput column={column} state={state} targetId={id} basePath={basePath} /> : null}</td>
                ))}
              </tr>
            ) : null}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="empty-row">
                <td colSpan={columns.length}>
                  {isPastEnd(meta) && meta.total > 0 ? (
                    <>
                      {t("table.pastEnd", { page: meta.page, pages: meta.pages })}{" "}
                      <PageLink basePath={basePath} state={state} targetId={id} page={meta.pages}>
                        {t("table.toLastPage", { pages: meta.pages })}
                      </PageLink>
                    </>
                  ) : (
                    t("table.empty")
                  )}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
                  {columns.map((column, index) => (
                    <td key={column.key} className={cellClasses[index]}>
                      {cellValue(column, row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="table-footer">
        <Pager basePath={basePath} state={state} meta={meta} targetId={id} />
        <span className="table-loading" role="status">
          {t("table.loading")}
        </span>
      </div>
    </div>
  );
}

/**
 * The same table frame without filters, sorting or paging: a short list that is shown whole (an
 * order's invoices, a document's lines). Cells keep the list's spacing and alignment, so amounts
 * in neighbouring columns never run together; `footer` rows (totals) go under the body.
 */
export function StaticTable<Row>(props: {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  rowProps?: (row: Row) => { className?: string; [data: `data-${string}`]: string | number | undefined };
  /** The table's accessible name. */
  label: string;
  /** Shown in one row when there are no rows; without it an empty table is not drawn at all. */
  empty?: string;
  footer?: ReactNode;
  id?: string;
  className?: string;
}) {
  const { columns, rows } = props;
  const cellClasses = columns.map(cellClass);
  return (
    <div id={props.id} className={["data-table static-table", props.className].filter(Boolean).join(" ")}>
      <div className="table-scroll">
        <table aria-label={props.label}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.align ? `align-${column.align}` : undefined}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="empty-row">
                <td colSpan={columns.length}>{props.empty ?? ""}</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
                  {columns.map((column, index) => (
                    <td key={column.key} className={cellClasses[index]}>
                      {cellValue(column, row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {props.footer ? <tfoot>{props.footer}</tfoot> : null}
        </table>
      </div>
    </div>
  );
}
