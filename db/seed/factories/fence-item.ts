/**
 * Fence products the items tab can price (issue 10): a category bringing the fence engine's
 * parameters (FENCE_PARAMETERS: slat height, bars, profiles…) and the creation parameters of
 * dynamic products (height, width, colour), and products in it with their values. Raw inserts,
 * like the other catalogue factories; shared by the tests, the bench and the demo seed.
 */
import { categoryParameterCategories, categoryParameters, productParameterValues } from "@db/schema";
import type { Db } from "@/lib/db";
import { FENCE_PARAMETERS, type FenceParameterKey } from "@/modules/orders/fence-item/engine";
import { createCategory, createProduct } from "./catalogue";
import { nextNumber } from "./sequence";

/** A fence item the engine accepts (spec 02 §5): a FENCE field of 1530 × 10 000 mm at 450 Kč/m² (its product is added). */
export const validFenceItem = {
  productType: "FENCE",
  color: "RAL 7016",
  height: 1530,
  length: 10_000,
  amount: 1,
  m2price: 450,
  spacerHeight: 20,
  distancingType: "PRINT_3D",
} as const;

/** docs/fence-geometry.md's example FENCE-1: its product's parameters, and an assembly price of 350 Kč a field. */
export const FENCE_1_PARAMETERS = { topBar: 30, bottomBar: 25, uProfile: 24, pieceHeight: 100, weightPerMeter: 12.5, assemblyPrice: 350 } as const;

/** FENCE-1's item as the API takes it: 6 fields of 1800 × 2500 mm at 2450 Kč/m². */
export const fence1Item = (product: number) => ({ ...validFenceItem, product, height: 1800, length: 2500, distanceFromGround: 50, distanceFromTop: 30, spacerHeight: 20, m2price: 2450, amount: 6 });

/** The creation parameters of a fence product: what makes one manufactured variant differ from another. */
export const FENCE_CREATION_PARAMETERS = [
  { key: "height", name: "Výška", unit: "mm", required: true, titleAppending: false },
  { key: "width", name: "Šířka", unit: "mm", required: true, titleAppending: false },
  { key: "color", name: "Barva (RAL)", unit: "", required: true, titleAppending: true },
] as const;
export type CreationParameterKey = (typeof FENCE_CREATION_PARAMETERS)[number]["key"];

export interface FenceCategory {
  categoryId: number;
  /** Parameter ids by engine key (and by creation key when made with `creation`). */
  parameters: Partial<Record<FenceParameterKey | CreationParameterKey, number>>;
}

/** A category with the engine's parameters, and the creation parameters unless `creation: false`. */
export async function createFenceCategory(db: Db, options: { name?: string; parentId?: number | null; creation?: boolean } = {}): Promise<FenceCategory> {
  const categoryId = await createCategory(db, { name: options.name ?? `Plotové dílce ${nextNumber()}`, parentId: options.parentId ?? null });
  const specs = [
    ...FENCE_PARAMETERS.map((definition) => ({ key: definition.key as string, name: definition.name, unit: definition.unit, creationParameter: false, titleAppending: false, required: false })),
    ...(options.creation === false ? [] : FENCE_CREATION_PARAMETERS.map((spec) => ({ ...spec, creationParameter: true }))),
  ];
  const rows = await db
    .insert(categoryParameters)
    .values(specs.map(({ key: _key, ...spec }) => spec))
    .returning({ id: categoryParameters.id });
  await db.insert(categoryParameterCategories).values(rows.map((row) => ({ parameterId: row.id, categoryId })));
  return { categoryId, parameters: Object.fromEntries(specs.map((spec, index) => [spec.key, rows[index]!.id])) };
}

/** A product in a fence category with these parameter values (by engine or creation key). */
export async function createFenceProduct(
  db: Db,
  category: FenceCategory,
  values: Partial<Record<FenceParameterKey | CreationParameterKey, number | string>> = {},
  columns: { name?: string; m2Price?: string; invoiceName?: string } = {},
): Promise<number> {
  const id = await createProduct(db, { name: columns.name ?? `Plot Lamela ${nextNumber()}`, m2Price: columns.m2Price ?? "2450.00", invoiceName: columns.invoiceName, categoryIds: [category.categoryId] });
  const entries = Object.entries(values).filter(([key]) => category.parameters[key as FenceParameterKey] !== undefined);
  if (entries.length) {
    await db.insert(productParameterValues).values(entries.map(([key, value]) => ({ productId: id, parameterId: category.parameters[key as FenceParameterKey]!, value: String(value) })));
  }
  return id;
}
