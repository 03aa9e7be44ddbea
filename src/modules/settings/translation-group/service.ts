import { translationGroups } from "@db/schema";
import { namedEntityService } from "@/lib/crud/named-entity";

/** Spec 02 §3, §5: a translation group is an id and a required name. */
export const translationGroupService = namedEntityService({ table: translationGroups });
