/**
 * Dynamic products (docs/decisions/019-items-tab-api.md#dynamic-products): a fence item's manufactured variant of its base product.
 *
 * - The product's category parameters with `creationParameter` (height, length, colour…) take the
 *   item's values (creation.ts says which field fills which); the rest of the variant's parameter
 *   values are the base's.
 * - The variant is a product like any other (warehouse items and baskets hold it, so stock is per
 *   variant), named the base's name and its title-appending values, filed in the base's categories.
 * - One variant per base and values, also under parallel saves: `products_variant_unique` over
 *   (base_product_id, variant_key) is the guarantee. The save inserts with ON CONFLICT DO NOTHING
 *   and reads back what it did not insert: a concurrent insert of the same key waits for the other
 *   transaction and then finds its row. Variants are inserted in key order, so two saves wanting
 *   the same variants in another order cannot deadlock.
 */
import { and, eq, or, sql } from "drizzle-orm";
import { productCategories, productParameterValues, products } from "@db/schema";
import type { Ctx } from "@/lib/context";
import type { Message } from "@/lib/errors";
import { msg } from "@/lib/errors";
import type { ProductParameterValue } from "@/modules/catalogue/product/parameters";
import { normalizeParameterValue } from "@/modules/catalogue/product/schemas";
import { type CreationValue, creationFieldOf, creationValueOf, variantKeyOf, variantNameOf } from "./creation";
import type { FenceItemDraft } from "./schemas";

/** The base product columns a variant copies. */
export interface VariantBase {
  id: number;
  name: string;
  invoiceName: string | null;
  vatId: number | null;
  weight: string;
  unitPrice: string | null;
  m2Price: string | null;
}

/**
 * The creation values of an item for its product's parameters, and what is wrong with them, each
 * message keyed by its field under `path` (`items[2]`). No creation parameters: no values.
 */
export function creationValuesFor(
  item: Pick<FenceItemDraft, "height" | "length" | "color" | "parameters">,
  parameters: readonly ProductParameterValue[],
  path: string,
): { values: CreationValue[]; errors: Record<string, Message> } {
  const creation = parameters.filter((parameter) => parameter.creationParameter);
  const errors: Record<string, Message> = {};
  const sent = new Map(item.parameters.map((value, index) => [value.id, { value: value.value, index }]));
  for (const [id, { index }] of sent) {
    if (!creation.some((parameter) => parameter.id === id)) errors[`${path}.parameters[${index}].id`] = msg("fenceItem.save.notCreationParameter", { id });
  }
  const values: CreationValue[] = [];
  for (const parameter of creation) {
    const field = creationFieldOf(parameter.name);
    const given = sent.get(parameter.id);
    const where = given ? `${path}.parameters[${given.index}].value` : `${path}.parameters`;
    // The item's own height, length and colour win: the variant is what the item says (an empty one is the engine's to flag).
    const raw = field ? creationValueOf(item, field, parameter.unit) : given?.value || parameter.default || null;
    const value = raw === null ? null : normalizeParameterValue(parameter.unit, raw.trim());
    if (value === null && raw !== null) errors[where] = msg("product.parameterNumber", { name: parameter.name, unit: parameter.unit });
    else if (value) values.push({ id: parameter.id, value });
    else if (parameter.required && !field) errors[where] = msg("product.parameterRequired", { name: parameter.name });
  }
  return { values, errors };
}

export interface VariantRequest {
  base: VariantBase;
  /** The base's parameters (values and flags), as parametersOfProducts answers them. */
  parameters: readonly ProductParameterValue[];
  values: readonly CreationValue[];
}

/** Where a variant is found in findOrCreateVariants' answer. */
export const variantLookupKey = (baseId: number, values: readonly CreationValue[]) => `${baseId} ${variantKeyOf(values)}`;

/** The variant of each request (base and values), created where it does not exist yet; answers lookup key → product id. */
export async function findOrCreateVariants(ctx: Ctx, requests: readonly VariantRequest[]): Promise<Map<string, number>> {
  const wanted = new Map<string, VariantRequest & { key: string }>();
  for (const request of requests) {
    if (!request.values.length) continue;
    wanted.set(variantLookupKey(request.base.id, request.values), { ...request, key: variantKeyOf(request.values) });
  }
  const found = new Map<string, number>();
  if (!wanted.size) return found;
  // Key order: concurrent saves take the unique index's entries in the same order.
  const ordered = [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, request]) => request);

  const rows = ordered.map((request) => {
    const values = variantValues(request);
    const appended = request.parameters
      .filter((parameter) => parameter.titleAppending && values.get(parameter.id))
      .map((parameter) => ({ value: values.get(parameter.id)!, unit: parameter.unit }));
    return {
      name: variantNameOf(request.base.name, appended),
      invoiceName: variantNameOf(request.base.invoiceName ?? request.base.name, appended),
      vatId: request.base.vatId,
      // Made to stock: the warehouse holds variants (docs/decisions/019-items-tab-api.md#dynamic-products).
      storable: true,
      weight: request.base.weight,
      unitPrice: request.base.unitPrice,
      m2Price: request.base.m2Price,
      baseProductId: request.base.id,
      variantKey: request.key,
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    };
  });
  const created = await ctx.db
    .insert(products)
    .values(rows)
    .onConflictDoNothing({ target: [products.baseProductId, products.variantKey] })
    .returning({ id: products.id, baseProductId: products.baseProductId, variantKey: products.variantKey });
  for (const row of created) found.set(`${row.baseProductId} ${row.variantKey}`, row.id);

  const existing = ordered.filter((request) => !found.has(variantLookupKey(request.base.id, request.values)));
  if (existing.length) {
    const rows = await ctx.db
      .select({ id: products.id, baseProductId: products.baseProductId, variantKey: products.variantKey })
      .from(products)
      .where(or(...existing.map((request) => and(eq(products.baseProductId, request.base.id), eq(products.variantKey, request.key)))));
    for (const row of rows) found.set(`${row.baseProductId} ${row.variantKey}`, row.id);
  }

  // A new variant is filed where its base is, with the base's parameter values and its own creation values.
  const made = ordered.filter((request) => created.some((row) => row.baseProductId === request.base.id && row.variantKey === request.key));
  if (made.length) {
    const idOf = (request: VariantRequest) => found.get(variantLookupKey(request.base.id, request.values))!;
    await ctx.db.execute(sql`
      insert into ${productCategories} (product_id, category_id)
      select v.id, pc.category_id
      from (values ${sql.join(
        made.map((request) => sql`(${idOf(request)}::int, ${request.base.id}::int)`),
        sql`, `,
      )}) as v(id, base_id)
      join ${productCategories} pc on pc.product_id = v.base_id`);
    const values = made.flatMap((request) => [...variantValues(request)].map(([parameterId, value]) => ({ productId: idOf(request), parameterId, value })));
    if (values.length) await ctx.db.insert(productParameterValues).values(values);
  }
  return found;
}

/** A variant's parameter values: the base's stored ones, its creation values over them. */
function variantValues(request: VariantRequest): Map<number, string> {
  const values = new Map<number, string>();
  for (const parameter of request.parameters) if (parameter.value) values.set(parameter.id, parameter.value);
  for (const { id, value } of request.values) values.set(id, value);
  return values;
}

