/**
 * Dynamic products (docs/decisions/019-items-tab-api.md#dynamic-products): category parameters with `creationParameter` (length,
 * height, colour…) make a manufactured variant of the chosen base product. This is the pure part,
 * shared by the server and the items island: which item field fills which creation parameter, the
 * variant's canonical key, and its name. Browser-safe: this folder only.
 */
import { foldParameterName } from "./parameters";
import type { FenceItemFields } from "./types";

/** Item fields a creation parameter takes its value from, by the parameter's folded name (a note in brackets aside: "Barva (RAL)"). */
export const CREATION_PARAMETER_FIELDS = {
  height: ["vyska", "height"],
  length: ["delka", "sirka", "length", "width"],
  color: ["barva", "color", "colour"],
} as const;
export type CreationField = keyof typeof CREATION_PARAMETER_FIELDS;

/** `Výška` → height, `Šířka` → length, `Barva (RAL)` → color; null for a parameter the item has no field for (`Výška sloupku` too). */
export function creationFieldOf(parameterName: string): CreationField | null {
  const folded = foldParameterName(parameterName);
  for (const [field, words] of Object.entries(CREATION_PARAMETER_FIELDS) as [CreationField, readonly string[]][]) {
    if (words.some((word) => folded === word || folded.startsWith(`${word} (`))) return field;
  }
  return null;
}

/** mm in a parameter's length unit (blank reads as mm). */
const MM_PER_UNIT: Record<string, number> = { "": 1, mm: 1, cm: 10, m: 1000 };

/**
 * The value an item gives a creation parameter: its colour as typed, its height or length (mm)
 * in the parameter's unit; null when the item has no value or the unit is not a length.
 */
export function creationValueOf(item: Pick<FenceItemFields, CreationField>, field: CreationField, unit: string): string | null {
  if (field === "color") {
    const color = item.color?.replace(/\s+/g, " ").trim();
    return color ? color : null;
  }
  const mm = item[field];
  const perUnit = MM_PER_UNIT[unit];
  if (typeof mm !== "number" || !Number.isFinite(mm) || perUnit === undefined) return null;
  return String(Math.round((mm / perUnit) * 1e6) / 1e6);
}

export interface CreationValue {
  /** The category parameter's id. */
  id: number;
  value: string;
}

/** The canonical key of a variant's values: JSON of [id, value] pairs sorted by id (the base is its own column). */
export function variantKeyOf(values: readonly CreationValue[]): string {
  return JSON.stringify([...values].sort((a, b) => a.id - b.id).map(({ id, value }) => [id, value]));
}

/** The values a variant key holds. */
export function valuesOfVariantKey(key: string | null | undefined): CreationValue[] {
  if (!key) return [];
  const pairs = JSON.parse(key) as [number, string][];
  return pairs.map(([id, value]) => ({ id, value }));
}

/** A variant's name: the base product's name and the values of its title-appending parameters, in parameter order. */
export function variantNameOf(baseName: string, appended: readonly { value: string; unit: string }[]): string {
  const parts = appended.map(({ value, unit }) => (unit ? `${value.replace(".", ",")} ${unit}` : value));
  return [baseName, ...parts].join(" ");
}
