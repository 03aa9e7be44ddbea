import { Hono } from "hono";
import { crudPages } from "@/web/crud/pages";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { renderPage } from "@/web/render";
import { CategoryTreePage, categoryNodeTexts, categoryNodesMarkup } from "@views/catalogue/category-tree-page";
import { idParam } from "@/lib/http/request";
import { categoryChildren, categoryService, categoryTree } from "./service";
import { pathOptions } from "./tree";

const PATH = "/products/category";

const treePage = async (c: AppContext) => renderPage(c, <CategoryTreePage tree={await categoryTree({ ctx: c.get("ctx") })} basePath={PATH} />);

/** Category tree page and form: /products/category (docs/domain.md#categories). */
export const categoryPages = new Hono<AppEnv>();

// The spec's Delete goes back to `/products/category/`; both spellings show the tree.
categoryPages.get(`${PATH}/`, treePage);
// A collapsed node of the tree page, opened: its children as list items (an htmx fragment).
categoryPages.get(`${PATH}/:id{[0-9]+}/children`, async (c) =>
  c.html(categoryNodesMarkup(await categoryChildren({ ctx: c.get("ctx"), input: { id: idParam(c) } }), PATH, categoryNodeTexts(c.get("t")))),
);
categoryPages.route(
  "/",
  crudPages({
    path: PATH,
    i18n: "category",
    service: categoryService,
    afterDelete: `${PATH}/`,
    list: { view: treePage },
    // The add-child button: `new?parentCategoryId=ID` preselects the parent.
    defaults: (c) => ({ parent: c.req.query("parentCategoryId") ?? "" }),
    fields: async ({ t, ctx, entity }) => {
      // A category cannot move under itself or below itself, so its own subtree is not offered.
      const options = pathOptions(await categoryTree({ ctx }), entity?.id ?? null).map((option) => ({ value: String(option.id), label: option.label }));
      return [
        ...(entity ? [{ name: "id", label: t("category.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
        { name: "name", label: t("category.name"), kind: "text", required: true, autoFocus: true, maxLength: 200 },
        { name: "parent", label: t("category.parent"), kind: "select", emptyOption: "--", options },
      ];
    },
  }),
);
