import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { jsonBody } from "@/lib/http/request";
import { getEditorCategories, saveEditorCategories } from "./service";

/** docs/domain.md#editor-categories: GET and PUT `/api/settings/editorCategories` ({fence, other, assembly}: categories). */
export const editorCategoriesApi = new Hono<AppEnv>();

editorCategoriesApi.get("/", async (c) => c.json(success(await getEditorCategories({ ctx: c.get("ctx") }))));
editorCategoriesApi.put("/", async (c) => c.json({ ...success(await saveEditorCategories({ ctx: c.get("ctx"), input: await jsonBody(c) })), code: "SAVED" }));
