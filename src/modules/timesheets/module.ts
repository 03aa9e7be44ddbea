import { defineModule, routes } from "@/lib/http/module";
import { timesheetsApi } from "./api";
import { reportPages } from "./report/pages";
import { workLogPages } from "./worklog/pages";
import { workplacePages } from "./workplace/pages";
import { workTypePages } from "./worktype/pages";

/** Workplaces, work types (with their WT barcodes) and work logs (docs/domain.md#timesheets). */
export const timesheetsModule = defineModule({
  name: "timesheets",
  api: timesheetsApi,
  pages: routes(["/", workplacePages], ["/", workTypePages], ["/", workLogPages], ["/", reportPages]),
});
