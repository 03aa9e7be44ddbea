import { Hono } from "hono";
import { crudApi } from "@/lib/crud/api";
import type { AppEnv } from "@/lib/hono-env";
import { deliveryVanPages } from "./delivery-van/pages";
import { deliveryVanService } from "./delivery-van/service";
import { translationGroupPages } from "./translation-group/pages";
import { translationGroupService } from "./translation-group/service";

/**
 * Delivery vans and translation groups (spec 02 §2, §7): generic CRUD on
 * /api/settings/deliveryVan (the spec shows no path; it follows the page route) and
 * /api/settings/translationGroup. Mounted at /api.
 */
export const settingsApi = new Hono<AppEnv>();
settingsApi.route("/settings/deliveryVan", crudApi(deliveryVanService));
settingsApi.route("/settings/translationGroup", crudApi(translationGroupService));

/** Page routes of the same module: list, :id and new of each. Mounted at /. */
export const settingsPages = new Hono<AppEnv>();
settingsPages.route("/", deliveryVanPages);
settingsPages.route("/", translationGroupPages);
