import { Hono } from "hono";
import { crudApi } from "@/lib/crud/api";
import type { AppEnv } from "@/lib/hono-env";
import { defineModule, routes } from "@/lib/http/module";
import { deliveryVanPages } from "./delivery-van/pages";
import { deliveryVanService } from "./delivery-van/service";
import { eshopApi } from "./eshop/api";
import { eshopPages } from "./eshop/pages";
import { kioskDevicesApi } from "./kiosk-devices/api";
import { kioskDevicesPages } from "./kiosk-devices/pages";
import { shippingApi } from "./shipping/api";
import { shippingPages } from "./shipping/pages";
import { translationGroupPages } from "./translation-group/pages";
import { translationGroupService } from "./translation-group/service";
import { usersApi } from "./users/api";
import { collectSecrets } from "./users/one-time-cookie";
import { usersPages } from "./users/pages";

/** Users and kiosk devices: admins only (DESIGN.md §8.2, §8.7). */
const ADMIN_PATHS = ["/settings/users", "/settings/kioskDevices"];

/** The admin pages hand out one-time secrets (passwords, pairing links) shown once on the next page. */
const adminPages = new Hono<AppEnv>();
for (const path of ADMIN_PATHS) adminPages.use(`${path}/*`, collectSecrets);
adminPages.route("/", usersPages);
adminPages.route("/", kioskDevicesPages);

/**
 * Settings (spec 01 §2.11–2.12, spec 02 §2): e-shops, shipping, delivery vans, translation groups
 * (generic CRUD; the API paths follow the page routes), and users and kiosk devices.
 */
export const settingsModule = defineModule({
  name: "settings",
  api: routes(
    ["/settings/eshop", eshopApi],
    ["/settings/shipping", shippingApi],
    ["/settings/deliveryVan", crudApi(deliveryVanService)],
    ["/settings/translationGroup", crudApi(translationGroupService)],
    ["/settings/users", usersApi],
    ["/settings/kioskDevices", kioskDevicesApi],
  ),
  pages: routes(["/", eshopPages], ["/", shippingPages], ["/", deliveryVanPages], ["/", translationGroupPages], ["/", adminPages]),
  adminOnly: ADMIN_PATHS,
});
