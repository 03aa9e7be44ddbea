/**
 * Category parameters with a role: the fence engine's (`pieceHeight`, `topBar`…), found by role
 * and never by name, as products carry system_role (docs/decisions/035-engine-parameter-roles.md).
 * The reference seed creates them; staff may rename them and attach them to categories, never
 * delete them or change their role.
 */
import { inArray, isNotNull } from "drizzle-orm";
import { categoryParameters } from "@db/schema";
import type { Ctx } from "@/lib/context";
import type { Db } from "@/lib/db";
import { cachedRead, tableNames } from "@/lib/read-cache";
import { FENCE_PARAMETERS, type FenceParameterKey } from "@/modules/orders/browser";

/** Parameter id → its role, for the parameters that have one. */
export type ParameterRoles = ReadonlyMap<number, string>;

const ROLE_TABLES = tableNames(categoryParameters);

/**
 * Every parameter with a role (a couple dozen rows, on the unique index); read beside the products'
 * parameters, on every items tab, so through the read cache (a role never changes once seeded;
 * a transaction, such as a save, reads it afresh: docs/decisions/083-throughput.md).
 */
export async function parameterRoles({ ctx }: { ctx: Ctx }): Promise<ParameterRoles> {
  return cachedRead(ctx.db, "parameterRoles", ROLE_TABLES, async () => {
    const rows = await ctx.db.select({ id: categoryParameters.id, role: categoryParameters.role }).from(categoryParameters).where(isNotNull(categoryParameters.role));
    return new Map(rows.map((row) => [row.id, row.role!]));
  });
}

/**
 * The engine's parameters as the reference seed creates them: the definition's Czech name and
 * unit, its key as the role, and as the default the spec's own figure (wing gap 10, overhang 150,
 * wheels 60/80/100 mm). A component size gets no default: a missing one is 0, "no such part".
 */
export const ENGINE_PARAMETER_ROWS = FENCE_PARAMETERS.map((definition) => ({
  role: definition.key as string,
  name: definition.name as string,
  unit: definition.unit as string,
  defaultValue: definition.defaultValue ? String(definition.defaultValue) : null,
}));

/** Creates the engine parameters whose role no row has yet (idempotent; a renamed one stays as staff named it). */
export async function seedEngineParameters(db: Db): Promise<void> {
  // Only the missing ones: an insert that conflicts would still use up identity values on every start.
  const existing = await engineParameterIds(db);
  const missing = ENGINE_PARAMETER_ROWS.filter((row) => !existing.has(row.role as FenceParameterKey));
  if (missing.length) await db.insert(categoryParameters).values(missing).onConflictDoNothing({ target: categoryParameters.role });
}

/** The engine parameters' ids by engine key (those that exist). */
export async function engineParameterIds(db: Db, keys: readonly FenceParameterKey[] = FENCE_PARAMETERS.map((definition) => definition.key)): Promise<Map<FenceParameterKey, number>> {
  if (!keys.length) return new Map();
  const rows = await db.select({ id: categoryParameters.id, role: categoryParameters.role }).from(categoryParameters).where(inArray(categoryParameters.role, [...keys]));
  return new Map(rows.map((row) => [row.role as FenceParameterKey, row.id]));
}
