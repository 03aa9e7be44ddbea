/**
 * The Category parameters tab (spec 01 §2.7): the parameters of the product's categories and
 * their ancestors, each with the product's value.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { productCategories, productParameterValues } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import { formatDecimal, parseDecimal } from "@/lib/money";
import { parseInput } from "@/lib/validation";
import { parametersForCategories } from "../category-parameter/service";
import { NUMERIC_UNITS, type ProductParameter, parameterValuesInput } from "./schemas";
import { requireProduct, touchProduct } from "./service";

const numericUnit = (unit: string) => (NUMERIC_UNITS as readonly string[]).includes(unit);

/** Numbers under a length or weight unit are stored with a decimal point (`12.5`); null when not a number. */
function normalizeValue(unit: string, value: string): string | null {
  if (!value || !numericUnit(unit)) return value;
  const number = parseDecimal(value);
  return Number.isNaN(number) ? null : String(number);
}

export async function listProductParameters({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<ProductParameter[]> {
  await requireProduct(ctx, input.id);
  const categoryIds = (
    await ctx.db.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, input.id))
  ).map((row) => row.id);
  const parameters = await parametersForCategories({ ctx, input: { categoryIds } });
  if (!parameters.length) return [];
  const values = new Map(
    (
      await ctx.db
        .select({ id: productParameterValues.parameterId, value: productParameterValues.value })
        .from(productParameterValues)
        .where(
          and(
            eq(productParameterValues.productId, input.id),
            inArray(
              productParameterValues.parameterId,
              parameters.map((parameter) => parameter.id),
            ),
          ),
        )
    ).map((row) => [row.id, row.value]),
  );
  return parameters.map((parameter) => ({
    id: parameter.id,
    name: parameter.name,
    required: parameter.required,
    default: parameter.default,
    unit: parameter.unit,
    value: values.get(parameter.id) ?? null,
    categories: parameter.categories.map((category) => category.name),
  }));
}

/**
 * PUT /api/products/:id/parameters with `[{id, value}]`:
 * - a listed parameter takes the value; a blank value clears it;
 * - an unlisted one keeps its stored value, or takes its default when it has none (pre-filled);
 * - a required parameter without a value, a parameter the product's categories do not bring, or
 *   a non-number under a length or weight unit answers `fail` naming the parameter; nothing is saved.
 * Values of parameters the categories no longer bring are kept (a category may come back).
 */
export async function saveProductParameters({ ctx, input }: { ctx: Ctx; input: { id: number; values: unknown } }): Promise<ProductParameter[]> {
  const sent = parseInput(parameterValuesInput, input.values);
  return withTransaction(ctx, async (tx) => {
    const parameters = await listProductParameters({ ctx: tx, input: { id: input.id } });
    const byId = new Map(parameters.map((parameter) => [parameter.id, parameter]));
    const fields: Record<string, Message> = {};
    const next = new Map<number, string>();
    for (const { id, value } of sent) {
      const parameter = byId.get(id);
      if (!parameter) {
        fields[String(id)] = msg("product.parameterNotApplicable", { id });
        continue;
      }
      const normalized = normalizeValue(parameter.unit, value);
      if (normalized === null) fields[String(id)] = msg("product.parameterNumber", { name: parameter.name, unit: parameter.unit });
      else next.set(id, normalized);
    }
    for (const parameter of parameters) {
      if (!next.has(parameter.id)) next.set(parameter.id, parameter.value ?? normalizeValue(parameter.unit, parameter.default ?? "") ?? parameter.default ?? "");
      if (parameter.required && !next.get(parameter.id) && !fields[String(parameter.id)]) {
        fields[String(parameter.id)] = msg("product.parameterRequired", { name: parameter.name });
      }
    }
    if (Object.keys(fields).length) throw AppError.invalid(fields);

    const cleared = [...next].filter(([, value]) => !value).map(([id]) => id);
    const kept = [...next].filter(([, value]) => value);
    if (cleared.length) {
      await tx.db
        .delete(productParameterValues)
        .where(and(eq(productParameterValues.productId, input.id), inArray(productParameterValues.parameterId, cleared)));
    }
    if (kept.length) {
      await tx.db
        .insert(productParameterValues)
        .values(kept.map(([parameterId, value]) => ({ productId: input.id, parameterId, value })))
        .onConflictDoUpdate({
          target: [productParameterValues.productId, productParameterValues.parameterId],
          set: { value: sql`excluded.value` },
        });
    }
    await touchProduct(tx, input.id);
    return listProductParameters({ ctx: tx, input: { id: input.id } });
  });
}

/** How a stored value reads in the tab: numbers under a unit with a decimal comma. */
export function displayParameterValue(parameter: Pick<ProductParameter, "unit">, value: string | null): string {
  if (value === null) return "";
  if (!numericUnit(parameter.unit)) return value;
  const number = Number(value);
  return Number.isFinite(number) ? formatDecimal(number, 3) : value;
}
