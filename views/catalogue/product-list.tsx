import { Island } from "@islands/Island";
import CategoryTreePicker from "@islands/catalogue/category-tree-picker";
import type { T } from "@/lib/i18n";
import { parseCategoryIds } from "@/modules/catalogue/category/tree";
import type { Product } from "@/modules/catalogue/product/schemas";
import { AddToBasketButton } from "../baskets/add-to-basket";
import { treeTexts } from "./category-picker-field";
import type { TableColumn } from "../components/data-table";
import { useView } from "../view-context";

/** crudPages names the list's table `list-<i18n>`; the data table names its hidden filters `<table>-filter-<name>`. */
export const PRODUCT_TABLE_ID = "list-product";
export const CATEGORY_FILTER_INPUT_ID = `${PRODUCT_TABLE_ID}-filter-categories`;

/** docs/domain.md#products-list: id and name filterable, categories joined with commas; variants (docs/decisions/019-items-tab-api.md#dynamic-products) name their base product. */
export function productColumns(t: T): TableColumn<Product>[] {
  const link = (row: Product, text: string | number) => <a href={`/products/${row.id}`}>{text}</a>;
  return [
    { key: "id", label: t("product.id"), filter: "number", sortable: true, align: "end", render: (row) => link(row, row.id) },
    { key: "name", label: t("product.name"), filter: "text", sortable: true, render: (row) => link(row, row.name) },
    { key: "invoiceName", label: t("product.invoiceName"), sortable: true },
    { key: "categories", label: t("product.categories"), render: (row) => row.categories.map((category) => category.name).join(", ") },
    { key: "storable", label: t("product.storable"), sortable: true, align: "center" },
    // A manufactured variant names its base product; the yes/no filter hides or shows the variants.
    { key: "variant", label: t("product.variant"), filter: "boolean", render: (row) => (row.baseProduct ? <a href={`/products/${row.baseProduct.id}`}>{row.baseProduct.name}</a> : "") },
    { key: "ean13", label: t("product.ean13"), sortable: true },
    // docs/domain.md#products-list row action: the amount dialog (default 1) of the baskets module.
    { key: "actions", label: t("product.actions"), align: "center", render: (row) => <AddToBasketButton productId={row.id} productName={row.name} /> },
  ];
}

/** The tree the filter fetches once the page is up, so the list never waits for (or carries) the whole tree. */
export const CATEGORY_TREE_URL = "/api/category/tree";

/** The category tree beside the list: ticking narrows it (semicolon-joined ids, products below included). */
export function ProductCategoryFilter({ value }: { value: string | undefined }) {
  const { t } = useView();
  return (
    <Island
      name="category-tree-picker"
      component={CategoryTreePicker}
      props={{
        treeUrl: CATEGORY_TREE_URL,
        selected: parseCategoryIds(value),
        name: "categories",
        filterInputId: CATEGORY_FILTER_INPUT_ID,
        label: t("product.filterTitle"),
        emptyText: t("product.filterEmpty"),
        clearLabel: t("product.filterClear"),
        loadErrorText: t("product.filterLoadFailed"),
        ...treeTexts(t),
      }}
    />
  );
}
