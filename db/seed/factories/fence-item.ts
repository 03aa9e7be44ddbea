/**
 * Fence products the items tab can price (docs/domain.md#items-tab): a category bringing the fence engine's
 * parameters (FENCE_PARAMETERS: slat height, bars, profiles…) and the creation parameters of
 * dynamic products (height, width, colour), and products in it with their values. Raw inserts,
 * like the other catalogue factories; shared by the tests, the bench and the demo seed.
 *
 * Also what a realistic product of each type carries (`fenceProductParameters`: a Czech aluminium
 * slat system) and a valid item of each type for it (`fenceItemOfType`), so the demo catalogue
 * and the tests build fences, gates and wickets the same way.
 */
import { categoryParameterCategories, categoryParameters, productParameterValues } from "@db/schema";
import type { Db } from "@/lib/db";
import { FENCE_PARAMETERS, fenceParameterDefinition, type FenceParameterKey, type ProductType } from "@/modules/orders";
import { engineParameterIds, seedEngineParameters } from "@/modules/catalogue/category-parameter/roles";
import { createCategory, createProduct } from "./catalogue";
import { nextNumber } from "./sequence";

/** A fence item the engine accepts (docs/domain.md#fence-item-validation): a FENCE field of 1530 × 10 000 mm at 450 Kč/m² (its product is added). */
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

// The engine parameters each product type reads live with the engine's rule that products fit item types by them.
export { FENCE_PARAMETER_KEYS_BY_TYPE } from "@/modules/orders";

/**
 * An engine parameter as a category parameter: its catalogue name and unit, and as its default
 * the spec's own figure (wing gap 10, overhang 150, wheels 60/80/100 mm). Component sizes get no
 * default: a missing one is 0, "the product has no such part".
 */
export function fenceCategoryParameter(key: FenceParameterKey): { name: string; unit: string; defaultValue: string | null } {
  const definition = fenceParameterDefinition(key);
  return { name: definition.name, unit: definition.unit, defaultValue: definition.defaultValue ? String(definition.defaultValue) : null };
}

/**
 * A category with the engine's parameters (the reference seed's rows, found by role and attached:
 * docs/decisions/035-engine-parameter-roles.md), and new creation parameters unless `creation: false`.
 */
export async function createFenceCategory(db: Db, options: { name?: string; parentId?: number | null; creation?: boolean } = {}): Promise<FenceCategory> {
  const categoryId = await createCategory(db, { name: options.name ?? `Plotové dílce ${nextNumber()}`, parentId: options.parentId ?? null });
  await seedEngineParameters(db);
  const engine = await engineParameterIds(db);
  const creation = options.creation === false ? [] : FENCE_CREATION_PARAMETERS.map((spec) => ({ ...spec, creationParameter: true }));
  const rows = creation.length
    ? await db
        .insert(categoryParameters)
        .values(creation.map(({ key: _key, ...spec }) => spec))
        .returning({ id: categoryParameters.id })
    : [];
  const parameters: FenceCategory["parameters"] = { ...Object.fromEntries(engine), ...Object.fromEntries(creation.map((spec, index) => [spec.key, rows[index]!.id])) };
  await db.insert(categoryParameterCategories).values(Object.values(parameters).map((parameterId) => ({ parameterId: parameterId!, categoryId })));
  return { categoryId, parameters };
}

/** A product in a fence category with these parameter values (by engine or creation key). */
export async function createFenceProduct(
  db: Db,
  category: FenceCategory,
  values: Partial<Record<FenceParameterKey | CreationParameterKey, number | string>> = {},
  columns: { name?: string; m2Price?: string; unitPrice?: string; invoiceName?: string } = {},
): Promise<number> {
  const id = await createProduct(db, {
    name: columns.name ?? `Plot Lamela ${nextNumber()}`,
    m2Price: columns.m2Price ?? "2450.00",
    unitPrice: columns.unitPrice,
    invoiceName: columns.invoiceName,
    categoryIds: [category.categoryId],
  });
  const entries = Object.entries(values).filter(([key]) => category.parameters[key as FenceParameterKey] !== undefined);
  if (entries.length) {
    await db.insert(productParameterValues).values(entries.map(([key, value]) => ({ productId: id, parameterId: category.parameters[key as FenceParameterKey]!, value: String(value) })));
  }
  return id;
}

// ---- realistic products and items of every type ------------------------------------------------------

/** The slat heights of the demo's aluminium system, mm. */
export const SLAT_HEIGHTS = [80, 100, 120] as const;
export type SlatHeight = (typeof SLAT_HEIGHTS)[number];

/** The engine's parameter values of one product. */
export type FenceProductParameters = Partial<Record<FenceParameterKey, number>>;

/**
 * What a product of `type` carries in a Czech aluminium slat system (slats of 80, 100 or 120 mm,
 * 60×60 posts, U profiles 2 × 12 mm, leaves framed in 40 mm profiles, cantilever gates on a
 * 90 mm C profile): every key of FENCE_PARAMETER_KEYS_BY_TYPE[type] that the product has. Wheels
 * lift a rail gate's leaf by more than their size (the bracket), the wing gap is 1 cm on gates.
 * Assembly prices are Kč for one field, gate or wicket.
 */
export function fenceProductParameters(type: ProductType, slatHeight: SlatHeight = 100): FenceProductParameters {
  // Narrower slats need more of them (and spacers) per metre.
  const heavier = (kg: number) => Math.round(kg * (slatHeight === 80 ? 1.06 : slatHeight === 120 ? 0.95 : 1) * 10) / 10;
  const leaf = { pieceHeight: slatHeight, topBar: 40, bottomBar: 40, uProfile: 24, lock: 40, electricLock: 60, fieldDivider: 40 };
  const hinges = { hingeBearing: 30, hingeArticulated: 25 };
  switch (type) {
    case "FENCE":
      return { pieceHeight: slatHeight, topBar: 30, bottomBar: 25, uProfile: 24, weightPerMeter: heavier(9.6), assemblyPrice: 650 };
    case "GATE": {
      const { bottomBar: _none, ...frame } = leaf;
      return { ...frame, cProfile: 90, stop: 20, driveMountSize: 60, driveMountPosition: 20, weightPerMeter: heavier(24), assemblyPrice: 6900 };
    }
    case "RAIL_GATE":
      return { ...leaf, stop: 20, wheel60: 75, wheel80: 95, wheel100: 115, driveMountSize: 50, driveMountPosition: 0, railGateOverhang: 150, weightPerMeter: heavier(19), assemblyPrice: 4900 };
    case "ONE_WING_GATE":
      return { ...leaf, ...hinges, post: 80, stop: 20, weightPerMeter: heavier(16), assemblyPrice: 3900 };
    case "TWO_WING_GATE":
      return { ...leaf, ...hinges, post: 100, wingGap: 10, weightPerMeter: heavier(16), assemblyPrice: 4900 };
    case "WICKET":
      return { pieceHeight: slatHeight, topBar: 30, bottomBar: 30, uProfile: 20, post: 60, stop: 15, lock: 35, electricLock: 50, fieldDivider: 30, ...hinges, weightPerMeter: heavier(9.8), assemblyPrice: 1500 };
    case "TWO_WING_WICKET":
      return { pieceHeight: slatHeight, topBar: 30, bottomBar: 30, uProfile: 20, post: 60, lock: 35, electricLock: 50, fieldDivider: 30, ...hinges, wingGap: 12, weightPerMeter: heavier(9.8), assemblyPrice: 1900 };
    case "CUSTOM":
      return { weightPerMeter: 12, assemblyPrice: 1200 };
  }
}

/**
 * A valid item of `type` (docs/domain.md#fence-item-validation: every required field of its type filled, fillings above 0,
 * no hints) for `product` with `fenceProductParameters(type)`, as the items API takes it: a 1800 mm
 * high fence field, gate or wicket of a usual width, RAL 7016, one piece. Callers override sizes
 * and choices; the hinge width and the drive mount are the product's values.
 */
export function fenceItemOfType(type: ProductType, product: number, parameters: FenceProductParameters = fenceProductParameters(type)): Record<string, unknown> {
  const common = { productType: type, product, color: "RAL 7016", height: 1800, amount: 1, m2price: 3990, distanceFromGround: 50 };
  const slats = { spacerHeight: 20, distancingType: "PRINT_3D" };
  const handles = { lockType: "NORMAL", doorHandleHeight: 1000, doorHandleInner: "HANDLE", doorHandleOuter: "KNOB" };
  const hinge = { hingeType: "BEARING", hingeWidth: parameters.hingeBearing ?? 30 };
  const driveMount = { driveMountSize: parameters.driveMountSize ?? 0, driveMountPosition: parameters.driveMountPosition ?? 0 };
  switch (type) {
    case "FENCE":
      return { ...common, ...slats, length: 2500, amount: 4, m2price: 3190 };
    case "GATE":
      // A 4 m opening: the leaf closes it with 10 cm to spare and carries its counterweight tail behind it.
      return { ...common, ...slats, ...driveMount, length: 4100, totalGateLength: 5900, openingSize: 4000, distanceFromGround: 60, fieldCount: 2, lockType: "ELECTRIC", m2price: 4890 };
    case "RAIL_GATE":
      return { ...common, ...slats, ...driveMount, length: 3700, openingSize: 3500, distanceFromGround: 10, wheelsType: "WT_80MM", fieldCount: 2, lockType: "NORMAL", m2price: 4390 };
    case "ONE_WING_GATE":
      return { ...common, ...slats, ...hinge, ...handles, length: 2500, gateOpeningType: "HINGES", openingType: "LEFT_TO_YARD", m2price: 4290 };
    case "TWO_WING_GATE":
      return {
        ...common,
        ...slats,
        ...hinge,
        ...handles,
        length: 3600,
        wicketPartWidth: 1800,
        solidPartWidth: 1800,
        gateOpeningType: "HINGES",
        openingType: "RIGHT_TO_YARD",
        wingRelation: "SAME_DIRECTION",
        gateDropRod: true,
        gateDropRodLength: 400,
        m2price: 4290,
      };
    case "WICKET":
      return { ...common, ...slats, ...hinge, ...handles, length: 1200, openingType: "RIGHT_TO_YARD", m2price: 4090 };
    case "TWO_WING_WICKET":
      return { ...common, ...slats, ...hinge, ...handles, length: 1800, wicketPartWidth: 900, solidPartWidth: 900, openingType: "LEFT_TO_YARD", wingRelation: "SAME_DIRECTION", m2price: 4090 };
    case "CUSTOM":
      return { ...common, height: 1300, length: 2400, m2price: 4490 };
  }
}
