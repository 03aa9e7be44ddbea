import { Island } from "@islands/Island";
import CategoryTreePicker from "@islands/catalogue/category-tree-picker";
import type { PageMeta } from "@/lib/envelope";
import type { Lang } from "@/lib/context";
import { langOf, type T } from "@/lib/i18n";
import { formatDecimal } from "@/lib/money";
import { parseCategoryIds } from "@/modules/catalogue/category/tree";
import {
  WAREHOUSE_EXPORT_MANUFACTURE_PATH,
  WAREHOUSE_EXPORT_PATH,
  WAREHOUSE_ITEM_DEFAULT_SORT,
  WAREHOUSE_ITEM_PATH,
  WAREHOUSE_PAGE_PATH,
  WAREHOUSE_ITEM_FILTERS,
  type WarehouseItemRow,
  variantParametersText,
} from "@/modules/warehouse/items/schemas";
import { treeTexts } from "../catalogue/category-picker-field";
import { DataTable, listHref, type TableColumn, type TableState } from "../components/data-table";
import { Icon } from "../components/icons";
import { AppLayout } from "../layouts/app-layout";
import { ScaleLiveFeed } from "./scale-live";
import { useView } from "../view-context";
import { WarehouseBarcodeLink } from "./warehouse-barcode";

/** The table's id; the data table names its hidden filters `<table>-filter-<name>`. */
export const STOCK_TABLE_ID = "warehouse-items";
const CATEGORY_FILTER_INPUT_ID = `${STOCK_TABLE_ID}-filter-categories`;

const quantity = (value: number, lang: Lang) => formatDecimal(value, lang, 3);

function ScaleQuantityCell({ row, t }: { row: WarehouseItemRow; t: T }) {
  // Kept live by islands/scales/scale-live.ts (data-live-item); blank, not 0, when no scale reports for the item (docs/domain.md#scale-live).
  return <span data-live-item={row.id}>{row.scaleQuantity === null ? null : <ScaleQuantity row={row} scaleQuantity={row.scaleQuantity} t={t} />}</span>;
}

function ScaleQuantity({ row, scaleQuantity, t }: { row: WarehouseItemRow; scaleQuantity: number; t: T }) {
  const title = row.scaleColour === "red" ? t("stockView.scaleRed") : row.scaleColour === "orange" ? t("stockView.scaleOrange") : undefined;
  return (
    <span
      className="scale-quantity"
      data-scale-colour={row.scaleColour}
      title={title}
    >
      {quantity(scaleQuantity, langOf(t))}
    </span>
  );
}

/** The reorder marker (quantity + on the way below the required level), with its reason as the tooltip. */
export function ReorderMarker({ t }: { t: T }) {
  return (
    <span className="reorder-marker" title={t("stockView.reorderTip")} style={{ color: "var(--red, #b42318)" }}>
      <Icon name="alert" label={t("stockView.reorderTip")} />
    </span>
  );
}

/** `back`: the page as shown (filters, sort, page), where the item's "Back" and its save return. */
export function stockColumns(t: T, back?: string): TableColumn<WarehouseItemRow>[] {
  const edit = (row: WarehouseItemRow, text: string | number) => <a href={WAREHOUSE_ITEM_PATH(row.id, back)}>{text}</a>;
  const lang = langOf(t);
  return [
    { key: "product", label: t("stockView.product"), filter: "text", sortable: true, render: (row) => edit(row, row.product.name) },
    { key: "quantity", label: t("stockView.quantity"), sortable: true, align: "end", render: (row) => quantity(row.quantity, lang) },
    { key: "onTheWay", label: t("stockView.onTheWay"), sortable: true, align: "end", render: (row) => quantity(row.onTheWay, lang) },
    { key: "requiredStockLevel", label: t("stockView.requiredStockLevel"), sortable: true, align: "end", render: (row) => quantity(row.requiredStockLevel, lang) },
    { key: "scaleQuantity", label: t("stockView.scaleQuantity"), align: "end", render: (row) => <ScaleQuantityCell row={row} t={t} /> },
    { key: "reorder", label: t("stockView.reorder"), align: "center", render: (row) => (row.reorder ? <ReorderMarker t={t} /> : "") },
    // docs/domain.md#warehouse-page: a manufactured variant's parameter values, filtered by a text in them.
    { key: "parameters", label: t("stockView.parameters"), filter: "text", render: (row) => variantParametersText(row.parameters, lang) },
  ];
}

/** The table alone: what a filter, sort or page change swaps in. */
export function StockTable(props: { warehouseId: number; rows: WarehouseItemRow[]; meta: PageMeta; state: TableState }) {
  const { t } = useView();
  return (
    <DataTable
      id={STOCK_TABLE_ID}
      basePath={`/warehouse/${props.warehouseId}`}
      columns={stockColumns(t, listHref(WAREHOUSE_PAGE_PATH(props.warehouseId), { ...props.state, sort: props.state.sort === WAREHOUSE_ITEM_DEFAULT_SORT ? undefined : props.state.sort }))}
      rows={props.rows}
      meta={props.meta}
      state={props.state}
      rowKey={(row) => row.id}
      hiddenFilters={["categories"]}
      rowProps={(row) => ({ "data-item-id": row.id, "data-reorder": row.reorder ? "true" : undefined })}
    />
  );
}

/** The export link keeps what the page shows: its filters and order. */
export function exportHref(warehouseId: number, state: TableState): string {
  const query = new URLSearchParams({ id: String(warehouseId) });
  for (const key of WAREHOUSE_ITEM_FILTERS) if (state.filters[key]) query.set(key, state.filters[key]!);
  if (state.sort) query.set("sort", state.sort);
  return `${WAREHOUSE_EXPORT_PATH}?${query}`;
}

const EXPORT_LINK_ID = "warehouse-export-link";

/**
 * The download button; `outOfBand` with the table's htmx answer, so a filter, sort or page
 * changed without a reload also changes what the download holds.
 */
export function WarehouseExportLink(props: { warehouseId: number; state: TableState; outOfBand?: boolean }) {
  const { t } = useView();
  return (
    <a id={EXPORT_LINK_ID} className="button button-primary" href={exportHref(props.warehouseId, props.state)} download data-download="xlsx" data-export="warehouse" hx-swap-oob={props.outOfBand ? "true" : undefined}>
      <Icon name="order" /> {t("stockView.download")}
    </a>
  );
}

/** docs/domain.md#warehouse-page: the category tree beside the item table, the download buttons above. */
export function WarehouseStockPage(props: { warehouse: { id: number; name: string }; rows: WarehouseItemRow[]; meta: PageMeta; state: TableState }) {
  const { t } = useView();
  const { warehouse, state } = props;
  return (
    <AppLayout
      title={t("stockView.title", { name: warehouse.name })}
      actions={
        <>
          <WarehouseExportLink warehouseId={warehouse.id} state={state} />
          <a className="button" href={`${WAREHOUSE_EXPORT_MANUFACTURE_PATH}?id=${warehouse.id}`} download data-download="xlsx">
            {t("stockView.downloadManufacture")}
          </a>
          <WarehouseBarcodeLink id={warehouse.id} className="button" />
          <a className="button" href="/warehouse/selectWarehouse">
            {t("stockView.backToWarehouses")}
          </a>
        </>
      }
    >
      <div className="list-with-aside">
        <aside className="list-aside">
          <Island
            name="category-tree-picker"
            component={CategoryTreePicker}
            props={{
              treeUrl: "/api/category/tree",
              selected: parseCategoryIds(state.filters.categories),
              name: "categories",
              filterInputId: CATEGORY_FILTER_INPUT_ID,
              label: t("stockView.filterTitle"),
              emptyText: t("stockView.filterEmpty"),
              clearLabel: t("stockView.filterClear"),
              loadErrorText: t("stockView.filterLoadFailed"),
              ...treeTexts(t),
            }}
          />
        </aside>
        <div className="list-main">
          <StockTable warehouseId={warehouse.id} rows={props.rows} meta={props.meta} state={state} />
        </div>
      </div>
      <ScaleLiveFeed scope={{ kind: "warehouse", id: warehouse.id }} />
    </AppLayout>
  );
}
