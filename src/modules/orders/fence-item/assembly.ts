/**
 * Assembly offered from the fence items (docs/domain.md#assembly): wickets, gates and fences each count toward
 * their assembly product, priced from the item product's "Cena montáže" category parameter. The
 * office may take the offer or change it; the server answers it as `suggestedAssembly` and the
 * island can recompute it as the items change. Browser-safe: this folder only.
 */
import { ASSEMBLY_ROLE_BY_TYPE, ASSEMBLY_ROLES, type AssemblyRole, type ProductType } from "./constants";
import { finiteOrNull, kcToHalere, amountToThousandths } from "./fixed-point";

export interface AssemblySource {
  productType?: ProductType | null;
  amount?: number | null;
  /** Kč per piece from the item's product (its assemblyPrice parameter); null when it has none. */
  assemblyPrice?: number | null;
}

export interface AssemblyCount {
  role: AssemblyRole;
  /** Pieces: the items' amounts summed. */
  amount: number;
  /** Kč per piece; null when the products name no price (the assembly product's own price applies). */
  unitPrice: number | null;
}

/** One line per assembly role and price, in the order fences, gates, wickets; items without an amount count nothing. */
export function assemblyCounts(items: readonly AssemblySource[]): AssemblyCount[] {
  const lines = new Map<string, { role: AssemblyRole; thousandths: number; unitPrice: number | null }>();
  for (const item of items) {
    const role = item.productType ? ASSEMBLY_ROLE_BY_TYPE[item.productType] : null;
    const amount = finiteOrNull(item.amount);
    if (!role || amount === null || amount <= 0) continue;
    const price = finiteOrNull(item.assemblyPrice);
    const unitPrice = price === null ? null : kcToHalere(price) / 100;
    const key = `${role}:${unitPrice ?? ""}`;
    const line = lines.get(key) ?? { role, thousandths: 0, unitPrice };
    line.thousandths += amountToThousandths(amount);
    lines.set(key, line);
  }
  const rank = (role: AssemblyRole) => ASSEMBLY_ROLES.indexOf(role);
  return [...lines.values()]
    .sort((a, b) => rank(a.role) - rank(b.role) || (a.unitPrice ?? -1) - (b.unitPrice ?? -1))
    .map((line) => ({ role: line.role, amount: line.thousandths / 1000, unitPrice: line.unitPrice }));
}
