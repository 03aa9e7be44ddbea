/**
 * The one lookup of fence products' category parameters (docs/decisions/048-order-read-model.md):
 * their stored values with the parameters' flags, the engine's map of each (by role, never by
 * name: docs/decisions/035-engine-parameter-roles.md) and the engine keys a product has values of
 * its own for (product-types.ts). The order's reader, the items save and the editor's product
 * choices all read parameters through it; each product's engine map is made once per lookup.
 */
import type { SQLWrapper } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import { parameterRoles, type ParameterRoles } from "@/modules/catalogue/category-parameter/roles";
import { parametersOfProducts, type ProductParameterValue } from "@/modules/catalogue/product/parameters";
import { type FenceParameters, fenceParametersFrom } from "./parameters";
import { valuedEngineKeys } from "./product-types";

/**
 * A product's parameters as the engine reads them: each stored value, else the parameter's default,
 * found by the parameter's role (`parameterRoles`), never its name.
 */
export function engineParametersOf(parameters: readonly ProductParameterValue[] | undefined, roles: ParameterRoles): FenceParameters {
  return fenceParametersFrom((parameters ?? []).map((parameter) => ({ role: roles.get(parameter.id), value: parameter.value ?? parameter.default, unit: parameter.unit })));
}

const NONE: readonly ProductParameterValue[] = [];

/** Products' parameters, read once: the stored values, the engine's map and the valued engine keys of each. */
export class ProductParameters {
  private readonly engine = new Map<number, FenceParameters>();

  constructor(
    private readonly values: ReadonlyMap<number, readonly ProductParameterValue[]>,
    /** Which parameters the engine reads as what. */
    readonly roles: ParameterRoles,
    /** The products it answers for: those asked by id (one without categories has no values, and that is its answer), or those a query found. */
    private readonly answered: ReadonlySet<number>,
  ) {}

  /** Whether this lookup answers for the product. */
  has(productId: number): boolean {
    return this.answered.has(productId);
  }

  /** The product's parameters with their flags and its stored values; none for no product. */
  valuesOf(productId: number | null | undefined): readonly ProductParameterValue[] {
    return productId ? (this.values.get(productId) ?? NONE) : NONE;
  }

  /** The product's parameters as the engine reads them; {} for no product (the engine's defaults apply). */
  engineOf(productId: number | null | undefined): FenceParameters {
    if (!productId) return {};
    let found = this.engine.get(productId);
    if (!found) this.engine.set(productId, (found = engineParametersOf(this.values.get(productId), this.roles)));
    return found;
  }

  /** The engine keys the product has values of its own for (which item types it fits: product-types.ts). */
  valuedKeysOf(productId: number | null | undefined): Set<string> {
    return valuedEngineKeys(this.valuesOf(productId), this.roles);
  }

  /** The same lookup, answering also for `ids` (products a query asked for that had no parameters: none is their answer). */
  answering(ids: Iterable<number>): ProductParameters {
    return new ProductParameters(this.values, this.roles, new Set([...this.answered, ...ids]));
  }

  /** The products it answers for with their values, for a lookup that reads only the others. */
  *entries(): Iterable<[number, readonly ProductParameterValue[]]> {
    for (const id of this.answered) yield [id, this.valuesOf(id)];
  }
}

/**
 * The parameters of these products (ids, or a query answering them, sent in the same round as the
 * caller's other reads): one statement for the values, one for the roles. With `known`, products
 * it already answers for are not read again, and neither are the roles.
 */
export async function readProductParameters(ctx: Ctx, ids: readonly number[] | SQLWrapper, known?: ProductParameters): Promise<ProductParameters> {
  if (!Array.isArray(ids)) {
    const [values, roles] = await Promise.all([parametersOfProducts({ ctx, input: { ids } }), known?.roles ?? parameterRoles({ ctx })]);
    return new ProductParameters(values, roles, new Set(values.keys()));
  }
  const asked = new Set(ids as readonly number[]);
  const missing = [...asked].filter((id) => !known?.has(id));
  const [values, roles] = await Promise.all([
    missing.length ? parametersOfProducts({ ctx, input: { ids: missing } }) : new Map<number, ProductParameterValue[]>(),
    known?.roles ?? parameterRoles({ ctx }),
  ]);
  if (known) {
    for (const [id, list] of known.entries()) {
      asked.add(id);
      if (list.length) values.set(id, [...list]);
    }
  }
  return new ProductParameters(values, roles, asked);
}
