import { Hono } from "hono";
import { etag } from "hono/etag";
import { crudApi } from "@/lib/http/crud-api";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { CATEGORY_MAX_PAGE_SIZE } from "@/lib/zod-fields";
import { categoryService, listCategoriesWithChildren, sharedCategoryTree } from "./service";

/** Categories API: /api/category (docs/domain.md#categories): the nested tree and the generic CRUD calls. */
export const categoryApi = new Hono<AppEnv>();

categoryApi.get("/allWithChildren", async (c) => c.json(success(await listCategoriesWithChildren({ ctx: c.get("ctx") }))));
/**
 * The bare tree (`{id, name, children}`) the filter pickers fetch after the page is up. The ETag
 * lets the browser keep it and ask again cheaply: an unchanged tree answers 304 with no body.
 */
categoryApi.get("/tree", etag(), async (c) => {
  c.header("Cache-Control", "private, no-cache");
  return c.json(success(await sharedCategoryTree({ ctx: c.get("ctx") })));
});
// docs/domain.md#categories: category lists load whole (size=9999), the one list allowed past MAX_PAGE_SIZE.
categoryApi.route("/", crudApi(categoryService, { maxPageSize: CATEGORY_MAX_PAGE_SIZE }));
