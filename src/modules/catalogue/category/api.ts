import { Hono } from "hono";
import { crudApi } from "@/lib/crud/api";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { categoryService, listCategoriesWithChildren } from "./service";

/** Categories API: /api/category (spec 01 §7): the nested tree and the generic CRUD calls. */
export const categoryApi = new Hono<AppEnv>();

categoryApi.get("/allWithChildren", async (c) => c.json(success(await listCategoriesWithChildren({ ctx: c.get("ctx") }))));
categoryApi.route("/", crudApi(categoryService));
