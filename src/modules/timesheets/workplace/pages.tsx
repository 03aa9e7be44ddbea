import { namedEntityPages } from "@/web/crud/named-entity-pages";
import { workplaceService } from "./service";

/** docs/domain.md#workplaces: the workplace list and form (id, name). */
export const workplacePages = namedEntityPages({ path: "/timesheets/workplace", i18n: "workplace", service: workplaceService });
