/**
 * The category parameters the fence engine reads (docs/decisions/035-engine-parameter-roles.md: no size of a product type lives in
 * code). Each product carries these as category parameter values; the engine takes them as a
 * typed map. The reference seed creates one category parameter per entry (name, unit, default,
 * and the key as its role), and `fenceParametersFrom` reads a product's stored values back into
 * the map by role.
 *
 * Lengths are millimetres, like every measure of a fence item (docs/domain.md#pricing divides mm ×
 * mm by 1,000,000 for m²). Browser-safe: no imports.
 */

export interface FenceParameterDefinition {
  key: string;
  /** The category parameter's name the reference seed gives it (Czech, as the office reads it); staff may rename it. */
  name: string;
  nameEn: string;
  /** A unit of docs/domain.md#category-parameters (blank, mm, cm, m, kg, g); blank for a price in Kč. */
  unit: "mm" | "kg" | "";
  /**
   * What the engine uses when the product has no value. Component sizes default to 0 (the product
   * has no such component); the spec's own figures (wing gap 1 cm, overhang 15 cm, wheels 60/80/100 mm)
   * are the defaults of theirs. null: no default, the item's own field must say it.
   */
  defaultValue: number | null;
  meaning: string;
}

export const FENCE_PARAMETERS = [
  {
    key: "pieceHeight",
    name: "Výška lamely",
    nameEn: "Slat height",
    unit: "mm",
    defaultValue: null,
    meaning: "Height of one slat (piece) of the filling; the slat count divides the filling height by slat + spacer.",
  },
  {
    key: "topBar",
    name: "Horní lišta",
    nameEn: "Top bar",
    unit: "mm",
    defaultValue: 0,
    meaning: "Height of the bar that caps the filling at the top (the fence's cover bar, the leaf's top frame member).",
  },
  {
    key: "bottomBar",
    name: "Spodní lišta",
    nameEn: "Bottom bar",
    unit: "mm",
    defaultValue: 0,
    meaning: "Height of the bar under the filling (the fence's bottom profile, the leaf's bottom frame member).",
  },
  {
    key: "cProfile",
    name: "C profil",
    nameEn: "C profile",
    unit: "mm",
    defaultValue: 0,
    meaning: "Height of the load-bearing C profile at the bottom of a cantilever gate (GATE); its carriages run inside it.",
  },
  {
    key: "uProfile",
    name: "U profil",
    nameEn: "U profile",
    unit: "mm",
    defaultValue: 0,
    meaning: "Width the U profiles take off one field's filling, both ends together (the slats sit in a U profile at each end).",
  },
  {
    key: "post",
    name: "Šířka sloupku",
    nameEn: "Post width",
    unit: "mm",
    defaultValue: 0,
    meaning: "Width of one post along the fence line; swing gates and wickets are measured over their own posts.",
  },
  {
    key: "stop",
    name: "Doraz",
    nameEn: "Stop",
    unit: "mm",
    defaultValue: 0,
    meaning: "Width of the stop at the closing edge of a one-leaf gate or wicket (what the leaf closes against).",
  },
  {
    key: "lock",
    name: "Zámek",
    nameEn: "Lock",
    unit: "mm",
    defaultValue: 0,
    meaning: "Width the lock box takes in the closing stile (lock type NORMAL).",
  },
  {
    key: "electricLock",
    name: "Elektrický zámek",
    nameEn: "Electric lock",
    unit: "mm",
    defaultValue: null,
    meaning: "Width the electric lock takes in the closing stile (lock type ELECTRIC); without a value the Lock parameter is used.",
  },
  {
    key: "fieldDivider",
    name: "Dělicí profil",
    nameEn: "Field divider",
    unit: "mm",
    defaultValue: 0,
    meaning: "Width of the upright between two fields of a leaf divided into fields (field count > 1).",
  },
  {
    key: "hingeBearing",
    name: "Šířka ložiskového pantu",
    nameEn: "Bearing hinge width",
    unit: "mm",
    defaultValue: null,
    meaning: "Gap the bearing hinges take between post and leaf; pre-fills the item's hinge width for hinge type BEARING.",
  },
  {
    key: "hingeArticulated",
    name: "Šířka kloubového pantu",
    nameEn: "Articulated hinge width",
    unit: "mm",
    defaultValue: null,
    meaning: "Gap the articulated hinges take between post and leaf; pre-fills the item's hinge width for hinge type ARTICULATED.",
  },
  {
    key: "wheel60",
    name: "Kolečko 60 mm",
    nameEn: "Wheel 60 mm",
    unit: "mm",
    defaultValue: 60,
    meaning: "Height the 60 mm wheels (WT_60MM) lift a rail gate's leaf off the rail, mount included.",
  },
  {
    key: "wheel80",
    name: "Kolečko 80 mm",
    nameEn: "Wheel 80 mm",
    unit: "mm",
    defaultValue: 80,
    meaning: "Height the 80 mm wheels (WT_80MM) lift a rail gate's leaf off the rail, mount included.",
  },
  {
    key: "wheel100",
    name: "Kolečko 100 mm",
    nameEn: "Wheel 100 mm",
    unit: "mm",
    defaultValue: 100,
    meaning: "Height the 100 mm wheels (WT_100MM) lift a rail gate's leaf off the rail, mount included.",
  },
  {
    key: "driveMountSize",
    name: "Držák pohonu – výška",
    nameEn: "Drive mount size",
    unit: "mm",
    defaultValue: null,
    meaning: "Height of the profile that carries the drive's gear rack on a sliding gate; pre-fills the item's drive mount size.",
  },
  {
    key: "driveMountPosition",
    name: "Držák pohonu – poloha",
    nameEn: "Drive mount position",
    unit: "mm",
    defaultValue: null,
    meaning: "Distance from the bottom bar (or C profile) to the drive mount; the slats start above the mount. Pre-fills the item's drive mount position.",
  },
  {
    key: "wingGap",
    name: "Mezera mezi křídly",
    nameEn: "Gap between wings",
    unit: "mm",
    defaultValue: 10,
    meaning: "Gap between the two wings of a two-wing gate or wicket (docs/domain.md#fence-geometry: 1 cm); each wing gives up half of it.",
  },
  {
    key: "railGateOverhang",
    name: "Přesah přes pohon",
    nameEn: "Overhang over the drive",
    unit: "mm",
    defaultValue: 150,
    meaning: "How far a rail gate's leaf must reach past the opening over the drive part, so the rack stays on the pinion when closed (docs/domain.md#fence-geometry: 15 cm).",
  },
  {
    key: "weightPerMeter",
    name: "Hmotnost na metr",
    nameEn: "Weight per metre",
    unit: "kg",
    defaultValue: null,
    meaning: "Weight of one metre of the product's length in kg (kg/m); item weight = length (cm) × weight per metre / 100.",
  },
  {
    key: "assemblyPrice",
    name: "Cena montáže",
    nameEn: "Assembly price",
    unit: "",
    defaultValue: null,
    meaning:
      "Kč without VAT for assembling one piece (a fence field, a gate, a wicket); prices the assembly the items tab offers from the fence items (docs/domain.md#assembly). Without a value the assembly product's own unit price applies.",
  },
] as const satisfies readonly FenceParameterDefinition[];

export type FenceParameterKey = (typeof FENCE_PARAMETERS)[number]["key"];
export const FENCE_PARAMETER_KEYS: readonly FenceParameterKey[] = FENCE_PARAMETERS.map((definition) => definition.key);

/** A product's parameters for the engine: mm (kg/m for weightPerMeter); a missing key takes its default. */
export type FenceParameters = Partial<Record<FenceParameterKey, number | null>>;

const DEFINITIONS = new Map<string, FenceParameterDefinition>(FENCE_PARAMETERS.map((definition) => [definition.key, definition]));

export const fenceParameterDefinition = (key: FenceParameterKey): FenceParameterDefinition => DEFINITIONS.get(key)!;

/** The product's value, else the definition's default, else null. */
export function parameterOrDefault(parameters: FenceParameters, key: FenceParameterKey): number | null {
  const value = parameters[key];
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return DEFINITIONS.get(key)!.defaultValue;
}

/** A component size: the value, or its default, or 0 (no such component on this product). */
export const componentSize = (parameters: FenceParameters, key: FenceParameterKey): number => parameterOrDefault(parameters, key) ?? 0;

// ---- reading stored category parameter values --------------------------------------------------

/** Names compared without case, diacritics or extra spaces, so "c profil" finds "C profil". */
export const foldParameterName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\s\u00a0]+/g, " ")
    .trim()
    .toLowerCase();

/**
 * A category parameter's role is the engine key it stands for (`pieceHeight`…): the reference seed
 * creates one parameter per key with that role, and the engine reads a product's values by role,
 * never by name, so staff may rename them (docs/decisions/035-engine-parameter-roles.md).
 */
export const isFenceParameterRole = (role: string | null | undefined): role is FenceParameterKey => typeof role === "string" && DEFINITIONS.has(role);

/** Lengths entered under another unit are converted to mm, weights to kg; a price has no unit. */
export const TO_ENGINE_UNIT: Record<string, Record<string, number>> = {
  mm: { "": 1, mm: 1, cm: 10, m: 1000 },
  kg: { "": 1, kg: 1, g: 0.001 },
  "": { "": 1 },
};

const parseNumber = (value: string | number | null | undefined): number | null => {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.replace(/[\s\u00a0]/g, "").replace(",", ".");
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : null;
};

export interface StoredParameterValue {
  /** The category parameter's role (an engine key); a parameter without one is not the engine's. */
  role: string | null | undefined;
  value: string | number | null | undefined;
  /** The category parameter's unit; blank means the engine's unit. */
  unit?: string | null;
}

/**
 * A product's stored parameter values (role, value, unit) as the engine's map. Parameters without
 * an engine role, blank values and non-numbers are left out (the default applies).
 */
export function fenceParametersFrom(values: readonly StoredParameterValue[]): FenceParameters {
  const parameters: FenceParameters = {};
  for (const { role, value, unit } of values) {
    if (!isFenceParameterRole(role)) continue;
    const definition = DEFINITIONS.get(role)!;
    const number = parseNumber(value);
    const factor = TO_ENGINE_UNIT[definition.unit]![unit ?? ""];
    if (number === null || factor === undefined) continue;
    // Unit conversion of a decimal (12,5 cm) must not leave 125.00000000000001 mm behind.
    parameters[definition.key as FenceParameterKey] = Math.round(number * factor * 1e6) / 1e6;
  }
  return parameters;
}
