/**
 * Raw-insert factories for catalogue rows, shared by the tests, the bench and the demo seed.
 * They bypass the services on purpose: a test of one module must not depend on the catalogue's
 * rules, and the bench inserts thousands of products; `createProduct` takes any column.
 */
import { eq } from "drizzle-orm";
import { categories, productCategories, products, vatRates } from "@db/schema";
import type { Db } from "@/lib/db";
import { nextNumber } from "./sequence";

export async function createCategory(db: Db, values: { name?: string; parentId?: number | null } = {}): Promise<number> {
  const [row] = await db
    .insert(categories)
    .values({ name: values.name ?? `Kategorie ${nextNumber()}`, parentId: values.parentId ?? null })
    .returning({ id: categories.id });
  return row!.id;
}

export interface TreeSpec {
  name: string;
  children?: TreeSpec[];
}

/** Creates a nested tree; returns name → id. */
export async function createCategoryTree(db: Db, specs: TreeSpec[], parentId: number | null = null, ids: Record<string, number> = {}) {
  for (const spec of specs) {
    const id = await createCategory(db, { name: spec.name, parentId });
    ids[spec.name] = id;
    if (spec.children?.length) await createCategoryTree(db, spec.children, id, ids);
  }
  return ids;
}

/** The reference seed's VAT rate (21 % unless asked). */
export async function defaultVatId(db: Db, rate = "21.00"): Promise<number> {
  const [row] = await db.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.rate, rate)).limit(1);
  if (!row) throw new Error(`VAT ${rate} is not seeded`);
  return row.id;
}

export async function createProduct(
  db: Db,
  values: Partial<typeof products.$inferInsert> & { categoryIds?: number[] } = {},
): Promise<number> {
  const { categoryIds = [], ...columns } = values;
  const [row] = await db
    .insert(products)
    .values({ name: `Produkt ${nextNumber()}`, vatId: await defaultVatId(db), ...columns })
    .returning({ id: products.id });
  if (categoryIds.length) await db.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId: row!.id, categoryId })));
  return row!.id;
}
