import { count, eq } from "drizzle-orm";
import { workplaces, workTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { createCrudService } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { type Workplace, workplaceInput } from "./schemas";

const collator = new Intl.Collator("cs");
export const byCzechName = (a: { name: string; id: number }, b: { name: string; id: number }) => collator.compare(a.name, b.name) || a.id - b.id;

export const workplaceService = createCrudService({
  table: workplaces,
  input: workplaceInput,
  toEntity: (row): Workplace => ({ id: row.id, name: row.name }),
  toValues: (input) => ({ name: input.name }),
  listFields: {
    id: { column: workplaces.id, filter: "number", sortable: true },
    name: { column: workplaces.name, filter: "text", sortable: true },
  },
  defaultSort: ["name", "asc"],
  unique: [{ field: "name", column: workplaces.name }],
  beforeDelete: async ({ ctx, id }) => {
    const [used] = await ctx.db.select({ n: count() }).from(workTypes).where(eq(workTypes.workplaceId, id));
    if (used && used.n > 0) throw AppError.fail(msg("workplace.hasWorkTypes", { count: used.n }));
  },
});

/** Every workplace by name, for selects and the work type filter. */
export async function allWorkplaces({ ctx }: { ctx: Ctx }): Promise<Workplace[]> {
  const rows = await ctx.db.select({ id: workplaces.id, name: workplaces.name }).from(workplaces);
  return rows.sort(byCzechName);
}
