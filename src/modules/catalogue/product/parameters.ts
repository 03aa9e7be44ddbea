/**
 * The Category parameters tab (docs/domain.md#product-editor): the parameters of the product's categories and
 * their ancestors, each with the product's value.
 */
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { categories, categoryParameterCategories, categoryParameters, productCategories, productParameterValues } from "@db/schema";
import { selectRows } from "@/lib/db";
import { type Ctx, withTransaction } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import { formatDecimal } from "@/lib/money";
import { parseInput } from "@/lib/validation";
import { parametersForCategories } from "../category-parameter/service";
import { isNumericUnit, normalizeParameterValue as normalizeValue, type ProductParameter, parameterValuesInput } from "./schemas";
import { requireProduct, touchProduct } from "./service";

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

/** How a stored value reads in the tab's input: numbers under a unit with a decimal comma, which the input reads back in either language. */
export function displayParameterValue(parameter: Pick<ProductParameter, "unit">, value: string | null): string {
  if (value === null) return "";
  if (!isNumericUnit(parameter.unit)) return value;
  const number = Number(value);
  return Number.isFinite(number) ? formatDecimal(number, "cs", 3) : value;
}

/** A parameter a product has (through its categories and their ancestors), with its flags and the product's value. */
export interface ProductParameterValue {
  id: number;
  name: string;
  unit: string;
  default: string | null;
  required: boolean;
  creationParameter: boolean;
  titleAppending: boolean;
  /** The product's stored value; null when it has none. */
  value: string | null;
}

/**
 * The parameters of several products at once, in one statement (the order items tab reads the
 * engine's parameters and the creation parameters of every chosen product): product id → its
 * parameters by id. A product without categories has none.
 */
export async function parametersOfProducts({
  ctx,
  input,
}: {
  ctx: Ctx;
  /** Product ids, or a query answering them (so the caller sends this with its other reads). */
  input: { ids: readonly number[] | SQLWrapper };
}): Promise<Map<number, ProductParameterValue[]>> {
  const byProduct = new Map<number, ProductParameterValue[]>();
  const ids = Array.isArray(input.ids) ? [...new Set(input.ids as readonly number[])] : (input.ids as SQLWrapper);
  if (Array.isArray(ids) && !ids.length) return byProduct;
  const rows = await selectRows<ProductParameterValue & { productId: number }>(ctx.db, parametersOfProductsQuery(ids));
  for (const { productId, ...parameter } of rows) {
    const list = byProduct.get(Number(productId));
    const value = { ...parameter, id: Number(parameter.id) };
    if (list) list.push(value);
    else byProduct.set(Number(productId), [value]);
  }
  return byProduct;
}

/**
 * parametersOfProducts' statement, for the given product ids or a query answering them. Each value
 * is looked up by its (product_id, parameter_id) key: as a left join, the planner (which cannot
 * size the recursive CTE) hashed the whole values table for an order of 20 products (6,436 rows
 * read; docs/decisions/033). A query of ids is read first, as an array (`= any(array(…))`), so
 * the categories are probed per product too: as `in (…)` it was merged along the whole
 * product_categories key up to the highest product asked for.
 */
export function parametersOfProductsQuery(ids: readonly number[] | SQLWrapper): SQL {
  return sql`with recursive up(product_id, category_id) as (
        select ${productCategories.productId}, ${productCategories.categoryId} from ${productCategories}
        where ${Array.isArray(ids) ? inArray(productCategories.productId, ids) : sql`${productCategories.productId} = any(array${ids})`}
        union
        select up.product_id, c.parent_id from up join ${categories} c on c.id = up.category_id where c.parent_id is not null
      )
      select distinct up.product_id as "productId", p.id, p.name, p.unit, p.default_value as "default", p.required,
        p.creation_parameter as "creationParameter", p.title_appending as "titleAppending",
        (select v.value from ${productParameterValues} v where v.product_id = up.product_id and v.parameter_id = p.id) as value
      from up
      join ${categoryParameterCategories} l on l.category_id = up.category_id
      join ${categoryParameters} p on p.id = l.parameter_id
      order by 1, 2`;
}
