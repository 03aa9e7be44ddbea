import { defineModule, routes } from "@/lib/http/module";
import { manufacturePlanApi, planningApi } from "./api";
import { planningPages } from "./pages";

/** Planning (docs/domain.md#planning): shipment and assembly plans by van and day, the manufacture and painting plans. */
export const planningModule = defineModule({
  name: "planning",
  api: routes(["/orders/planning", planningApi], ["/orders/manufacture", manufacturePlanApi]),
  pages: planningPages,
});
