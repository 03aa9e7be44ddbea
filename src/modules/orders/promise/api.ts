import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import type { AppEnv } from "@/lib/hono-env";
import { defaultPromiseService, promiseService } from "./service";

/** Promises (/api/orders/promises for the list, /api/orders/promise for saves) and default promises (/api/orders/defaultPromises). Mounted at /api. */
export const promiseApi = new Hono<AppEnv>();
promiseApi.route("/orders/defaultPromises", crudApi(defaultPromiseService));
// docs/domain.md#promise: the list reads /orders/promises, saves go to /orders/promise; both spellings answer the generic calls.
const promiseCrud = crudApi(promiseService);
promiseApi.route("/orders/promises", promiseCrud);
promiseApi.route("/orders/promise", promiseCrud);
