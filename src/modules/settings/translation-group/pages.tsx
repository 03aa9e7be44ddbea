import { namedEntityPages } from "@/web/crud/named-entity-pages";
import { translationGroupService } from "./service";

/** docs/domain.md#translation-groups: translation group list and edit (Id read-only, Name), new. */
export const translationGroupPages = namedEntityPages({ path: "/settings/translationGroup", i18n: "translationGroup", service: translationGroupService });
