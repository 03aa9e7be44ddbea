import { translationGroups } from "@db/schema";
import { namedEntityService } from "@/lib/crud/named-entity";

/** docs/domain.md#translation-groups: a translation group is an id and a required name. */
export const translationGroupService = namedEntityService({ table: translationGroups });
