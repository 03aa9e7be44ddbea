import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import { success } from "@/lib/envelope";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam, jsonBody } from "@/lib/http/request";
import { productMediaApi } from "./media-api";
import { listProductParameters, saveProductParameters } from "./parameters";
import { getProductPrices, saveProductPrices } from "./prices";
import { productApiService } from "./service";
import { getProductTranslations, saveProductTranslations } from "./translations";

/**
 * Products API: /api/products. The generic calls (list filtered by id, name and `categories` =
 * semicolon-joined ids; create answers the new id) and one GET/PUT pair per editor tab.
 */
export const productApi = new Hono<AppEnv>();

productApi.get("/:id{[0-9]+}/parameters", async (c) => c.json(success(await listProductParameters({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
productApi.put("/:id{[0-9]+}/parameters", async (c) =>
  c.json(success(await saveProductParameters({ ctx: c.get("ctx"), input: { id: idParam(c), values: await jsonBody(c) } }))),
);
productApi.get("/:id{[0-9]+}/translations", async (c) => c.json(success(await getProductTranslations({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
productApi.put("/:id{[0-9]+}/translations", async (c) =>
  c.json(success(await saveProductTranslations({ ctx: c.get("ctx"), input: { id: idParam(c), translations: await jsonBody(c) } }))),
);
productApi.get("/:id{[0-9]+}/prices", async (c) => c.json(success(await getProductPrices({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
productApi.put("/:id{[0-9]+}/prices", async (c) =>
  c.json(success(await saveProductPrices({ ctx: c.get("ctx"), input: { id: idParam(c), prices: await jsonBody(c) } }))),
);

// Images, label and duplicate (the media module), then the generic calls.
productApi.route("/", productMediaApi);
productApi.route("/", crudApi(productApiService));
