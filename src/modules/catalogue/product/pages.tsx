import { Hono } from "hono";
import type { ReactNode } from "react";
import { crudPages } from "@/web/crud/pages";
import { formNotValidToast, formState, isRefusal, withFormErrors } from "@/web/form-state";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import { translateMessage } from "@/lib/i18n";
import { flash, renderFragment, renderPage } from "@/web/render";
import { htmxTarget, htmxToast, isHtmx } from "@/lib/http/htmx";
import { type FormValues, formToInput } from "@views/components/form";
import { ProductCommonTab, productCommonFields } from "@views/catalogue/product-common-tab";
import { ProductEditorPage, ProductTabList, TABLIST_ID, tabHref } from "@views/catalogue/product-editor";
import { ProductCategoryFilter, productColumns } from "@views/catalogue/product-list";
import { ProductParametersTab, parameterFieldName } from "@views/catalogue/product-parameters-tab";
import { ProductPricesTab, eshopFieldName } from "@views/catalogue/product-prices-tab";
import { ProductTranslationsTab, translationFieldNames } from "@views/catalogue/product-translations-tab";
import { categoryTree } from "../category/service";
import { productMediaPages } from "./media-pages";
import { listProductParameters, saveProductParameters } from "./parameters";
import { getProductPrices, saveProductPrices } from "./prices";
import { PRODUCT_DEFAULTS, PRODUCT_LANGUAGES, PRODUCT_TABS, type Product, type ProductTab } from "./schemas";
import { defaultVatId, productService, vatChoices } from "./service";
import { getProductTranslations, saveProductTranslations } from "./translations";

/** docs/domain.md#products-list: the list with the category tree on the left; the editor is drawn below. */
const listPages = crudPages<Product>({
  path: "/products",
  i18n: "product",
  service: productService,
  form: false,
  columns: productColumns,
  fields: () => [],
  list: {
    hiddenFilters: ["categories"],
    aside: async (_c, state) => <ProductCategoryFilter value={state.filters.categories} />,
  },
});

const activeTab = (c: AppContext, editing: boolean): ProductTab => {
  const tab = c.req.query("tab");
  return editing && (PRODUCT_TABS as readonly string[]).includes(tab ?? "") ? (tab as ProductTab) : "common";
};


type Body = Record<string, string | File | (string | File)[]>;
const text = (body: Body, name: string): string => {
  const value = body[name];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === "string" ? last : "";
};

// ---- the lazy tabs this module serves (images and tools come from the media module) -----------

interface TabRenderArgs {
  c: AppContext;
  id: number;
  /** Set when a post failed: what was typed, and the error to show. */
  posted?: Body;
  error?: AppError;
}

interface LazyTab {
  render(args: TabRenderArgs): Promise<ReactNode>;
  save(c: AppContext, id: number, body: Body): Promise<unknown>;
}

const lazyTabs: Record<"translations" | "parameters" | "prices", LazyTab> = {
  translations: {
    async render({ c, id, posted, error }) {
      const t = c.get("t");
      const stored = await getProductTranslations({ ctx: c.get("ctx"), input: { id } });
      const values = Object.fromEntries(
        translationFieldNames.map((name) => {
          const [lang, key] = name.split(".") as [keyof typeof stored, "name" | "invoiceName" | "description"];
          return [name, posted ? text(posted, name) : (stored[lang][key] ?? "")];
        }),
      );
      const { errors, formErrors } = formState(c, error, translationFieldNames);
      return <ProductTranslationsTab productId={id} values={values} errors={errors} formErrors={formErrors} />;
    },
    save: (c, id, body) =>
      saveProductTranslations({
        ctx: c.get("ctx"),
        input: {
          id,
          translations: Object.fromEntries(
            PRODUCT_LANGUAGES.map((lang) => [
              lang,
              { name: text(body, `${lang}.name`), invoiceName: text(body, `${lang}.invoiceName`), description: text(body, `${lang}.description`) },
            ]),
          ),
        },
      }),
  },

  parameters: {
    async render({ c, id, posted, error }) {
      const t = c.get("t");
      const parameters = await listProductParameters({ ctx: c.get("ctx"), input: { id } });
      const names = parameters.map((parameter) => String(parameter.id));
      const { errors, formErrors } = formState(c, error, names);
      const values = posted
        ? Object.fromEntries(parameters.map((parameter) => [parameterFieldName(parameter.id), text(posted, parameterFieldName(parameter.id))]))
        : undefined;
      return <ProductParametersTab productId={id} parameters={parameters} posted={values} errors={errors} formErrors={formErrors} />;
    },
    save: (c, id, body) =>
      saveProductParameters({
        ctx: c.get("ctx"),
        input: {
          id,
          values: Object.keys(body).flatMap((name) => {
            const match = /^param-(\d{1,10})$/.exec(name);
            return match ? [{ id: match[1], value: text(body, name) }] : [];
          }),
        },
      }),
  },

  prices: {
    async render({ c, id, posted, error }) {
      const t = c.get("t");
      const prices = await getProductPrices({ ctx: c.get("ctx"), input: { id } });
      const names = ["unitPrice", "m2Price", ...prices.eshops.map(({ eshop }) => eshopFieldName(eshop.id))];
      // The service names e-shop rows by their place in the list the form sent (in this order).
      const renamed = error
        ? AppError.invalid(
            Object.fromEntries(
              Object.entries(error.fields).map(([key, message]) => {
                const row = /^eshops\.(\d+)\./.exec(key);
                const eshop = row ? prices.eshops[Number(row[1])]?.eshop : undefined;
                return [eshop ? eshopFieldName(eshop.id) : key, message];
              }),
            ),
          )
        : undefined;
      const { errors, formErrors } = formState(c, renamed, names);
      const values = posted ? Object.fromEntries(names.map((name) => [name, text(posted, name)])) : undefined;
      return <ProductPricesTab productId={id} prices={prices} posted={values} errors={errors} formErrors={formErrors} />;
    },
    async save(c, id, body) {
      const current = await getProductPrices({ ctx: c.get("ctx"), input: { id } });
      return saveProductPrices({
        ctx: c.get("ctx"),
        input: {
          id,
          prices: {
            unitPrice: text(body, "unitPrice"),
            m2Price: text(body, "m2Price"),
            eshops: current.eshops.map(({ eshop }) => ({ eshop: eshop.id, price: text(body, eshopFieldName(eshop.id)) })),
          },
        },
      });
    },
  },
};

// ---- the editor ----------------------------------------------------------------------------------

interface EditorInit {
  /** The Common form as posted, with its error. */
  common?: { values: FormValues; error: AppError };
  /** A lazy tab's content rendered now (opened with `?tab=`, or a failed post). */
  tab?: { name: ProductTab; content: ReactNode };
  status?: number;
}

async function renderEditor(c: AppContext, product: Product | null, init: EditorInit = {}): Promise<Response> {
  const t = c.get("t");
  const ctx = c.get("ctx");
  const active = init.tab?.name ?? activeTab(c, product !== null);
  const [tree, vats] = [await categoryTree({ ctx }), await vatChoices({ ctx, input: { currentVatId: product?.vat?.id ?? null } })];
  const fields = productCommonFields({ t, tree, vats, editing: product !== null });
  const values: FormValues = init.common
    ? { ...init.common.values, ...(product ? { id: product.id } : {}) }
    : ((product as FormValues | null) ?? { ...PRODUCT_DEFAULTS, vat: await defaultVatId({ ctx }) });
  const { errors, formErrors } = formState(c, init.common?.error, fields.map((field) => field.name));
  const panels: Partial<Record<ProductTab, ReactNode>> = {
    common: <ProductCommonTab productId={product?.id ?? null} fields={fields} values={values} errors={errors} formErrors={formErrors} />,
  };
  if (init.tab) panels[init.tab.name] = init.tab.content;
  else if (product && active in lazyTabs) panels[active] = await lazyTabs[active as keyof typeof lazyTabs].render({ c, id: product.id });
  const failed = init.common || init.status === 422;
  return renderPage(c, <ProductEditorPage productId={product?.id ?? null} active={active} panels={panels} baseProduct={product?.baseProduct} />, {
    status: init.status ?? 200,
    toasts: failed ? [formNotValidToast(c)] : [],
  });
}

const postedCommon = async (c: AppContext, editing: boolean) => {
  const body = (await c.req.parseBody({ all: true })) as FormValues;
  // formToInput reads only names and kinds, so the fields need no tree or VAT choices here.
  const fields = productCommonFields({ t: c.get("t"), tree: [], vats: [], editing });
  return { body, input: formToInput(fields, body) };
};


export const productPages = new Hono<AppEnv>();

productPages.route("/", listPages);
// The Images and Tools tabs' fragments and posts (GET /products/:id/tab/images|tools, …).
productPages.route("/", productMediaPages);

productPages.get("/products/new", (c) => renderEditor(c, null));

/** docs/domain.md#save-outcomes: create shows CREATED and goes to the path plus the new id (the other tabs need it). */
productPages.post("/products/new", async (c) => {
  const { body, input } = await postedCommon(c, false);
  return withFormErrors(
    async () => {
      const id = await productService.create({ ctx: c.get("ctx"), input });
      flash(c, "success", "CREATED");
      return c.redirect(`/products/${id}`, 303);
    },
    (error) => renderEditor(c, null, { common: { values: body, error }, status: 422 }),
  );
});

productPages.get("/products/:id{[0-9]+}", async (c) => {
  const product = await productService.get({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  // A tab click swaps only the tab list; the panels are already on the page.
  if (isHtmx(c) && htmxTarget(c) === TABLIST_ID) return renderFragment(c, <ProductTabList productId={product.id} active={activeTab(c, true)} />);
  return renderEditor(c, product);
});

productPages.post("/products/:id{[0-9]+}", async (c) => {
  const id = idParam(c);
  const product = await productService.get({ ctx: c.get("ctx"), input: { id } });
  const { body, input } = await postedCommon(c, true);
  return withFormErrors(
    async () => {
      await productService.update({ ctx: c.get("ctx"), input: { id, values: input } });
      flash(c, "success", "UPDATED");
      return c.redirect(`/products/${id}`, 303);
    },
    (error) => renderEditor(c, product, { common: { values: body, error }, status: 422 }),
  );
});

productPages.post("/products/:id{[0-9]+}/delete", async (c) => {
  const id = idParam(c);
  try {
    await productService.remove({ ctx: c.get("ctx"), input: { id } });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    for (const message of error.messages) flash(c, "fail", translateMessage(c.get("t"), message));
    return c.redirect(`/products/${id}`, 303);
  }
  flash(c, "success", "DELETED");
  return c.redirect("/products", 303);
});

const LAZY_TAB = ":tab{translations|parameters|prices}";
const lazyTabOf = (c: AppContext) => lazyTabs[c.req.param("tab") as keyof typeof lazyTabs];

/** A lazy tab's fragment (no layout): what htmx puts into the panel. */
productPages.get(`/products/:id{[0-9]+}/tab/${LAZY_TAB}`, async (c) => {
  const id = idParam(c);
  return renderFragment(c, <>{await lazyTabOf(c).render({ c, id })}</>);
});

/** A tab's save: htmx gets the panel back (with a toast); a plain post redirects back to the tab. */
productPages.post(`/products/:id{[0-9]+}/tab/${LAZY_TAB}`, async (c) => {
  const id = idParam(c);
  const name = c.req.param("tab") as keyof typeof lazyTabs;
  const tab = lazyTabs[name];
  const body = (await c.req.parseBody({ all: true })) as Body;
  const t = c.get("t");
  return withFormErrors(
    async () => {
      await tab.save(c, id, body);
      if (isHtmx(c)) {
        htmxToast(c, { kind: "success", text: t("UPDATED") });
        return renderFragment(c, <>{await tab.render({ c, id })}</>);
      }
      flash(c, "success", "UPDATED");
      return c.redirect(tabHref(id, name), 303);
    },
    async (error) => {
      const content = await tab.render({ c, id, posted: body, error });
      if (isHtmx(c)) {
        htmxToast(c, formNotValidToast(c));
        return renderFragment(c, <>{content}</>, { status: 422 });
      }
      const product = await productService.get({ ctx: c.get("ctx"), input: { id } });
      return renderEditor(c, product, { tab: { name, content }, status: 422 });
    },
  );
});
