import { defineModule } from "@/lib/http/module";
import { kioskApi } from "./api";
import { kioskPages, TIMESHEET_SETTINGS_PATH } from "./pages";
import { closeForgottenClockOutsJob } from "./shift-end";

/**
 * The workshop kiosk (docs/domain.md#kiosk, decision 056): public routes that a paired device's
 * cookie opens (each route checks the device itself); its writes pass the same-origin check.
 */
export const kioskModule = defineModule({
  name: "kiosk",
  api: kioskApi,
  pages: kioskPages,
  publicRoutes: [
    { method: "GET", pattern: /^\/kiosk$/ },
    { method: "GET", pattern: /^\/kiosk\/pair\/[\w-]{1,100}$/ },
    { method: "POST", pattern: /^\/kiosk\/pair\/[\w-]{1,100}$/ },
    { method: "POST", pattern: /^\/api\/kiosk\/scan$/ },
  ],
  jobs: [closeForgottenClockOutsJob],
  // The timesheet settings (shift end, how old an offline scan may be) are every worker's: admins change them (docs/domain.md#roles).
  adminOnly: [TIMESHEET_SETTINGS_PATH],
});
