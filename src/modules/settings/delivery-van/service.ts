import { and, eq, ne } from "drizzle-orm";
import { deliveryVans } from "@db/schema";
import { createCrudService, matchesText } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { deliveryVanInput, formatSpz, normaliseSpz } from "./schemas";

const spzTaken = (input: { spz: string }) => msg("deliveryVan.spzDuplicate", { spz: formatSpz(input.spz) });

export const deliveryVanService = createCrudService({
  table: deliveryVans,
  input: deliveryVanInput,
  toEntity: (row) => ({ id: row.id, name: row.name, spz: row.spz, active: row.active }),
  toValues: (input) => ({ name: input.name, spz: input.spz, active: input.active }),
  listFields: {
    id: { column: deliveryVans.id, filter: "number", sortable: true },
    name: { column: deliveryVans.name, filter: "text", sortable: true },
    // "1ab 23" finds 1AB2345: the filter is normalised like the stored plate.
    spz: { column: deliveryVans.spz, sortable: true, where: (value) => matchesText(deliveryVans.spz, normaliseSpz(value)) },
    active: { column: deliveryVans.active, filter: "boolean", sortable: true },
  },
  defaultSort: ["name", "asc"],
  // The plate is unique (a unique index backs this up); the message names the plate.
  validate: async ({ ctx, input, id }) => {
    const same = eq(deliveryVans.spz, input.spz);
    const [taken] = await ctx.db
      .select({ id: deliveryVans.id })
      .from(deliveryVans)
      .where(id === null ? same : and(same, ne(deliveryVans.id, id)))
      .limit(1);
    if (taken) throw AppError.invalid({ spz: spzTaken(input) });
  },
  unique: [{ field: "spz", index: "delivery_vans_spz_unique", message: spzTaken }],
});
