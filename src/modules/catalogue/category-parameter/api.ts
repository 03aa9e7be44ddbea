import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { parseCategoryIds } from "../category/tree";
import { categoryParameterService, parametersForCategories } from "./service";

/** Category parameters API: /api/products/category/parameters (docs/domain.md#category-parameters); `?categoryId=` lists one category's. */
export const categoryParameterApi = new Hono<AppEnv>();

/** `forCategories?categoryIds=1;2`: what a product in those categories has, ancestors' parameters included. */
categoryParameterApi.get("/forCategories", async (c) =>
  c.json(success(await parametersForCategories({ ctx: c.get("ctx"), input: { categoryIds: parseCategoryIds(c.req.query("categoryIds")) } }))),
);
categoryParameterApi.route("/", crudApi(categoryParameterService));
