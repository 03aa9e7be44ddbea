import type { ReactNode } from "react";
import { PRODUCT_TABS, type ProductTab, type Reference } from "@/modules/catalogue/product/schemas";
import { AppLayout } from "../layouts/app-layout";
import { EntityForm } from "../components/form";
import { Icon } from "../components/icons";
import { useView } from "../view-context";

export const TABLIST_ID = "product-tablist";
export const panelId = (tab: ProductTab) => `product-panel-${tab}`;
const tabId = (tab: ProductTab) => `product-tab-${tab}`;

export const productPath = (id: number) => `/products/${id}`;
export const tabHref = (id: number, tab: ProductTab) => (tab === "common" ? productPath(id) : `${productPath(id)}?tab=${tab}`);
/** Where a lazy tab's fragment comes from (images and tools are served by the media module). */
export const tabFragmentPath = (id: number, tab: ProductTab) => `${productPath(id)}/tab/${tab}`;

/*
 * Which panel shows follows the tab list's `data-active`, so switching tabs only swaps the small
 * tab list (one htmx request, no script of our own); panels keep what was typed in them. A lazy
 * panel fetches its fragment the first time it becomes visible (`intersect once`).
 */
const TAB_STYLES = `
${PRODUCT_TABS.map((tab) => `.product-tablist[data-active=${tab}] ~ .product-panels > #${panelId(tab)}`).join(",\n")} { display: block; }
`;

/** Grey bars in the shape of a form, shown until a lazy tab's fragment arrives. */
export function TabSkeleton({ productId, tab }: { productId: number; tab: ProductTab }) {
  const { t } = useView();
  return (
    <div className="tab-skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t("product.tabs.loading")}
      </span>
      <div className="skeleton-line short" />
      <div className="skeleton-line input" />
      <div className="skeleton-line short" />
      <div className="skeleton-line input" />
      <div className="skeleton-line short" />
      <div className="skeleton-line input" />
      <noscript>
        <p>
          {t("product.tabs.noScript")} <a href={tabHref(productId, tab)}>{t("product.tabs.open")}</a>
        </p>
      </noscript>
    </div>
  );
}

/**
 * The tabs as links (`?tab=name`), so they work without JavaScript and from the keyboard. With
 * htmx a click swaps only this list (and keeps the URL in step); a new product offers Common only.
 */
export function ProductTabList({ productId, active }: { productId: number | null; active: ProductTab }) {
  const { t } = useView();
  return (
    <div role="tablist" id={TABLIST_ID} className="product-tablist" data-active={active} aria-label={t("product.tabs.label")}>
      {PRODUCT_TABS.map((tab) => {
        const label = t(`product.tabs.${tab}`);
        const selected = tab === active;
        if (productId === null && tab !== "common") {
          return (
            <span key={tab} role="tab" id={tabId(tab)} aria-selected="false" aria-disabled="true" title={t("product.tabs.saveFirst")}>
              {label}
            </span>
          );
        }
        const href = productId === null ? "/products/new" : tabHref(productId, tab);
        return (
          <a
            key={tab}
            role="tab"
            id={tabId(tab)}
            href={href}
            aria-selected={selected ? "true" : "false"}
            aria-controls={panelId(tab)}
            hx-get={productId === null ? undefined : href}
            hx-target={`#${TABLIST_ID}`}
            hx-swap="outerHTML"
            hx-replace-url="true"
          >
            {label}
          </a>
        );
      })}
    </div>
  );
}

/**
 * The product editor (docs/domain.md#product-editor), titled Products. `panels` holds what the server renders now:
 * always Common, and the active tab when the page was opened with `?tab=`; every other tab of an
 * existing product is a lazy slot.
 */
export function ProductEditorPage(props: {
  productId: number | null;
  active: ProductTab;
  panels: Partial<Record<ProductTab, ReactNode>>;
  /** A manufactured variant's base product, shown read-only as a link. */
  baseProduct?: Reference | null;
}) {
  const { t } = useView();
  const { productId, active, panels, baseProduct } = props;
  return (
    <AppLayout
      title={t("product.title")}
      actions={
        productId === null ? null : (
          <a className="button" href="/products/new">
            <Icon name="plus" /> {t("product.newProduct")}
          </a>
        )
      }
    >
      <style dangerouslySetInnerHTML={{ __html: TAB_STYLES }} />
      <div className="product-editor">
        {baseProduct ? (
          <p className="product-tab-intro" id="product-variant-of" title={t("product.variantHint")}>
            {t("product.variantOf")} <a href={productPath(baseProduct.id)}>{baseProduct.name}</a>
          </p>
        ) : null}
        <ProductTabList productId={productId} active={active} />
        {productId === null ? (
          <p className="product-tab-intro" id="product-save-first">
            {t("product.tabs.saveFirst")}
          </p>
        ) : null}
        <div className="product-panels">
          {PRODUCT_TABS.map((tab) => {
            if (productId === null && tab !== "common") return null;
            const content = panels[tab];
            const lazy = content === undefined && productId !== null;
            return (
              <section
                key={tab}
                role="tabpanel"
                id={panelId(tab)}
                aria-labelledby={tabId(tab)}
                hx-get={lazy ? tabFragmentPath(productId, tab) : undefined}
                hx-trigger={lazy ? "intersect once" : undefined}
                hx-swap={lazy ? "innerHTML" : undefined}
              >
                {lazy ? <TabSkeleton productId={productId} tab={tab} /> : content}
              </section>
            );
          })}
        </div>
      </div>
    </AppLayout>
  );
}

/**
 * A lazy tab's own form: a plain post to the tab's route (redirect back to the tab), upgraded by
 * htmx to swap just this panel. Invalid input comes back with field errors and FORM_NOT_VALID.
 */
export function ProductTabForm(props: { productId: number; tab: ProductTab; errors: Record<string, string>; formErrors?: string[]; children: ReactNode }) {
  const action = tabFragmentPath(props.productId, props.tab);
  return (
    <EntityForm
      action={action}
      fields={[]}
      values={{}}
      errors={props.errors}
      formErrors={props.formErrors}
      cancelHref="/products"
      formProps={{ "hx-post": action, "hx-target": `#${panelId(props.tab)}`, "hx-swap": "innerHTML" }}
    >
      {props.children}
    </EntityForm>
  );
}
