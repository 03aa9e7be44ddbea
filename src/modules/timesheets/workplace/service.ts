import { count, eq } from "drizzle-orm";
import { workplaces, workTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { compareByName } from "@/lib/czech-order";
import { type NamedEntity, namedEntityService } from "@/lib/crud/named-entity";
import { AppError, msg } from "@/lib/errors";


/** docs/domain.md#workplaces: a workplace is an id and a name; names are unique; work types keep it from deletion. */
export const workplaceService = namedEntityService({
  table: workplaces,
  uniqueNameIndex: "workplaces_name_unique",
  beforeDelete: async ({ ctx, id }) => {
    const [used] = await ctx.db.select({ n: count() }).from(workTypes).where(eq(workTypes.workplaceId, id));
    if (used && used.n > 0) throw AppError.fail(msg("workplace.hasWorkTypes", { count: used.n }));
  },
});

/** Every workplace by name, for selects and the work type filter. */
export async function allWorkplaces({ ctx }: { ctx: Ctx }): Promise<NamedEntity[]> {
  const rows = await ctx.db.select({ id: workplaces.id, name: workplaces.name }).from(workplaces);
  return rows.sort(compareByName);
}
