/**
 * Saved baskets (docs/domain.md#saved-baskets: id and name, no edit; the row action loads the
 * basket into the common basket): the shared list (filter, sort, paging through htmx) with the line
 * count, when and by whom it was saved, and per row "load" (a plain form with a fresh idempotency
 * key per render) and delete (behind the confirm dialog). Server-rendered, no island.
 */
import type { PageMeta } from "@/lib/envelope";
import { formatCzechDateTime } from "@/lib/dates";
import type { T } from "@/lib/i18n";
import { SAVED_BASKETS_PATH, type SavedBasket, savedBasketDeleteHref, savedBasketLoadHref } from "@/modules/baskets/saved/schemas";
import { DataTable, type TableColumn, type TableState } from "../components/data-table";
import { Icon } from "../components/icons";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export const SAVED_BASKETS_TABLE_ID = "saved-baskets";

/** A saved basket's row with the idempotency key its load form sends. */
export type SavedBasketRow = SavedBasket & { loadKey: string };

function RowActions({ row }: { row: SavedBasketRow }) {
  const { t } = useView();
  return (
    <div className="row-actions" style={{ display: "flex", gap: ".75rem", alignItems: "center", flexWrap: "wrap" }}>
      <form method="post" action={savedBasketLoadHref(row.id)}>
        <input type="hidden" name="idempotencyKey" value={row.loadKey} />
        <button type="submit" className="button button-primary" title={t("savedBaskets.loadNamed", { name: row.basketName })}>
          <Icon name="basket" /> {t("savedBaskets.load")}
        </button>
      </form>
      <form method="post" action={savedBasketDeleteHref(row.id)} data-confirm={t("savedBaskets.deleteConfirm", { name: row.basketName })}>
        <button type="submit" className="link-button danger-link" aria-label={t("savedBaskets.deleteNamed", { name: row.basketName })}>
          {t("action.delete")}
        </button>
      </form>
    </div>
  );
}

export function savedBasketColumns(t: T): TableColumn<SavedBasketRow>[] {
  return [
    { key: "id", label: t("savedBaskets.id"), sortable: true, filter: "number", align: "end" },
    { key: "basketName", label: t("savedBaskets.basketName"), sortable: true, filter: "text" },
    { key: "lineCount", label: t("savedBaskets.lineCount"), align: "end" },
    { key: "createdAt", label: t("savedBaskets.createdAt"), sortable: true, nowrap: true, render: (row) => formatCzechDateTime(row.createdAt) },
    { key: "author", label: t("savedBaskets.author"), render: (row) => row.author?.name ?? "" },
    { key: "actions", label: t("savedBaskets.actions"), render: (row) => <RowActions row={row} /> },
  ];
}

export function SavedBasketsTable(props: { rows: SavedBasketRow[]; meta: PageMeta; state: TableState }) {
  const { t } = useView();
  return (
    <DataTable
      id={SAVED_BASKETS_TABLE_ID}
      basePath={SAVED_BASKETS_PATH}
      columns={savedBasketColumns(t)}
      rows={props.rows}
      meta={props.meta}
      state={props.state}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ "data-saved-basket": row.id })}
    />
  );
}

export function SavedBasketsPage(props: { rows: SavedBasketRow[]; meta: PageMeta; state: TableState }) {
  const { t } = useView();
  return (
    <AppLayout title={t("savedBaskets.title")}>
      <SavedBasketsTable {...props} />
    </AppLayout>
  );
}
