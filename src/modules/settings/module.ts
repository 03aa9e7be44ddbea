import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import type { AppEnv } from "@/lib/hono-env";
import { defineModule, routes } from "@/lib/http/module";
import { uploadLimit } from "@/lib/http/uploads";
import { backupsPages } from "./backups/pages";
import { BACKUPS_PATH } from "./backups/schemas";
import { writeNightlyBackupJob } from "./backups/service";
import { companyIdentityApi } from "./company-identity/api";
import { companyIdentityPages } from "./company-identity/pages";
import { COMPANY_IDENTITY_PATH, COMPANY_LOGO_RULES } from "./company-identity/schemas";
import { deliveryVanPages } from "./delivery-van/pages";
import { emailSettingsPages } from "./email/pages";
import { MAIL_SETTINGS_PATH } from "./email/schemas";
import { deliveryVanService } from "./delivery-van/service";
import { editorCategoriesApi } from "./editor-categories/api";
import { editorCategoriesPages } from "./editor-categories/pages";
import { EDITOR_CATEGORIES_PATH } from "./editor-categories/schemas";
import { eshopApi } from "./eshop/api";
import { eshopPages } from "./eshop/pages";
import { runImportJob } from "./imports/job";
import { IMPORT_UPLOAD_RULES, importPages } from "./imports/pages";
import { IMPORT_PATH } from "./imports/schemas";
import { kioskDevicesApi } from "./kiosk-devices/api";
import { kioskDevicesPages } from "./kiosk-devices/pages";
import { shippingApi } from "./shipping/api";
import { shippingPages } from "./shipping/pages";
import { translationGroupPages } from "./translation-group/pages";
import { translationGroupService } from "./translation-group/service";
import { usersApi } from "./users/api";
import { collectSecrets } from "./users/one-time-cookie";
import { usersPages } from "./users/pages";

/** Users and kiosk devices: admins only (docs/domain.md#kiosk-devices, docs/domain.md#users). */
const ADMIN_PATHS = ["/settings/users", "/settings/kioskDevices"];

/** The admin pages hand out one-time secrets (passwords, pairing links) shown once on the next page. */
const adminPages = new Hono<AppEnv>();
for (const path of ADMIN_PATHS) adminPages.use(`${path}/*`, collectSecrets);
adminPages.route("/", usersPages);
adminPages.route("/", kioskDevicesPages);

/**
 * Settings (docs/domain.md#settings): e-shops, shipping, delivery vans, translation groups
 * (generic CRUD; the API paths follow the page routes), users and kiosk devices, the company identity, and
 * backups (a download now, the nightly ones kept in DATA_DIR/backups), and the e-mail sender and templates.
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
    [COMPANY_IDENTITY_PATH, companyIdentityApi],
    [EDITOR_CATEGORIES_PATH, editorCategoriesApi],
  ),
  pages: routes(["/", eshopPages], ["/", shippingPages], ["/", deliveryVanPages], ["/", translationGroupPages], ["/", adminPages], ["/", companyIdentityPages], ["/", editorCategoriesPages], ["/", backupsPages], ["/", importPages], ["/", emailSettingsPages]),
  // The company identity (docs/domain.md#company-identity) and the items editor's categories change how
  // everyone works: admins change them, everyone reads them (their APIs' GETs); docs/domain.md#roles.
  // Backups hold everything the company has: admins only (docs/decisions/067-backup-and-restore.md).
  adminOnly: [...ADMIN_PATHS, BACKUPS_PATH, IMPORT_PATH, MAIL_SETTINGS_PATH, { prefix: COMPANY_IDENTITY_PATH, apiReadsOpen: true }, { prefix: EDITOR_CATEGORIES_PATH, apiReadsOpen: true }],
  jobs: [writeNightlyBackupJob, runImportJob],
  uploadLimits: [
    uploadLimit("PUT", /^\/api\/settings\/company\/logo$/, COMPANY_LOGO_RULES),
    uploadLimit("POST", /^\/settings\/company\/logo$/, COMPANY_LOGO_RULES),
    uploadLimit("POST", /^\/settings\/import\/[a-z]+$/, IMPORT_UPLOAD_RULES),
  ],
});
