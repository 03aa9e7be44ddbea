/**
 * Products (docs/domain.md#product, docs/domain.md#product-editor). Browser-safe: zod and constants only.
 * Messages are i18n keys (`validation.*`, `product.*`) translated at the edge.
 */
import { z } from "zod";
import { isValidEan13 } from "@/lib/ean13";
import { parseDecimal } from "@/lib/money";
import { booleanField, boundedArray, decimalField, httpUrlField, integerField, optionalText, refId, refIdList, requiredText, storableString } from "@/lib/zod-fields";

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A field people may leave empty: blank and null read as "not given". */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

/** Blank (or missing) reads as `fallback`, so a cleared input keeps the spec's default. */
const withDefault = <S extends z.ZodType>(schema: S, fallback: number) =>
  z.preprocess((value) => blankToUndefined(value) ?? fallback, schema);

/** docs/domain.md#product: product defaults. */
export const PRODUCT_DEFAULTS = { storable: true, active: true, weight: 0, scaleToleranceAmount: 0 } as const;

/** numeric(12,3) grams and an int4 count: the largest values the columns hold. */
const MAX_WEIGHT_G = 999_999_999;
const MAX_TOLERANCE = 2_147_483_647;

/** 13 digits with a valid check digit (GS1 weights 1,3,1,3…); spaces people type are dropped. */
export const ean13Field = () =>
  optional(
    z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/[\s\u00a0]/g, "") : value),
      storableString()
        .regex(/^\d{13}$/, "product.eanDigits")
        .refine(isValidEan13, "product.eanCheckDigit"),
    ),
  );

/** The Common tab and POST/PUT /api/products. `id` is accepted (null on create) and ignored. */
export const productInput = z.object({
  name: requiredText(200),
  invoiceName: optionalText(200),
  categories: refIdList(),
  vat: refId(),
  storable: booleanField(PRODUCT_DEFAULTS.storable),
  /** Offered publicly: only an active product's images answer at /fot (docs/domain.md#public-photos). */
  active: booleanField(PRODUCT_DEFAULTS.active),
  /** Not painted after manufacture (galvanised hardware): its manufacture plan lines skip painting (docs/domain.md#planning-rules). */
  notForPainting: booleanField(false),
  ean13: ean13Field(),
  url: optional(httpUrlField()),
  weight: withDefault(decimalField({ min: 0, max: MAX_WEIGHT_G, places: 3 }), PRODUCT_DEFAULTS.weight),
  scaleToleranceAmount: withDefault(integerField({ min: 0, max: MAX_TOLERANCE }), PRODUCT_DEFAULTS.scaleToleranceAmount),
});
export type ProductInput = z.output<typeof productInput>;

export interface Reference {
  id: number;
  name: string;
}

export interface ProductVat extends Reference {
  rate: number;
  active: boolean;
}

/** docs/domain.md#product: a product as the API answers it. `parameters` only on GET /api/products/:id. */
export interface Product {
  id: number;
  name: string;
  invoiceName: string | null;
  categories: Reference[];
  vat: ProductVat | null;
  storable: boolean;
  active: boolean;
  notForPainting: boolean;
  ean13: string | null;
  url: string | null;
  /** grams */
  weight: number;
  /** pieces */
  scaleToleranceAmount: number;
  /** Set on the rows the application relies on (assembly products, the attention product). */
  systemRole: SystemRole | null;
  /**
   * A manufactured variant's base product (dynamic products, docs/decisions/019): the variant is
   * made by the items tab from it; null on every other product. Read-only.
   */
  baseProduct: Reference | null;
  parameters?: { id: number; value: string }[];
}

// ---- translations -----------------------------------------------------------------------------

/** The languages a product is translated into (the UI's languages). */
export const PRODUCT_LANGUAGES = ["cs", "en"] as const;
export type ProductLanguage = (typeof PRODUCT_LANGUAGES)[number];

const translationFields = z.object(
  {
    name: optionalText(200),
    invoiceName: optionalText(200),
    description: optionalText(5000),
  },
  { error: "validation.invalid" },
);

/** `{cs: {name, invoiceName, description}, en: {…}}`; a language left out is not changed. */
export const translationsInput = z
  .looseObject({ cs: translationFields.optional(), en: translationFields.optional() }, { error: "validation.invalid" })
  .superRefine((value, context) => {
    for (const key of Object.keys(value)) {
      if (!(PRODUCT_LANGUAGES as readonly string[]).includes(key)) {
        context.addIssue({ code: "custom", path: [key], message: "product.unknownLanguage", params: { lang: key } });
      }
    }
  });
export type TranslationsInput = z.output<typeof translationsInput>;

export interface ProductTranslation {
  name: string | null;
  invoiceName: string | null;
  description: string | null;
}

/** Every language, blank ones included. */
export type ProductTranslations = Record<ProductLanguage, ProductTranslation>;

// ---- category parameters --------------------------------------------------------------------

/** One parameter's value as sent: text (numbers become text), blank for none. */
export const parameterValueField = () =>
  z.preprocess(
    (value) => (value === null || value === undefined ? "" : typeof value === "number" ? String(value) : value),
    storableString().trim().max(500, { message: "validation.maxLength" }),
  );

export const parameterValuesInput = boundedArray(z.object({ id: refId(), value: parameterValueField() }), { max: 1000 });
export type ParameterValuesInput = z.output<typeof parameterValuesInput>;

/** One parameter of the product's categories (or their ancestors) with the product's value. */
export interface ProductParameter {
  id: number;
  name: string;
  required: boolean;
  default: string | null;
  unit: string;
  /** The stored value, or null when the product has none yet. */
  value: string | null;
  /** Names of the categories that bring this parameter. */
  categories: string[];
}

/** Units whose values must be numbers (the unit choices of docs/domain.md#category-parameters, minus blank). */
export const NUMERIC_UNITS = ["mm", "cm", "m", "kg", "g"] as const;

export const isNumericUnit = (unit: string): boolean => (NUMERIC_UNITS as readonly string[]).includes(unit);

/**
 * A parameter value as stored: a number under a length or weight unit with a decimal point
 * (`12,5` → `12.5`), null when it is not a number; other values as given, blank as blank.
 */
export function normalizeParameterValue(unit: string, value: string): string | null {
  if (!value || !isNumericUnit(unit)) return value;
  const number = parseDecimal(value);
  return Number.isNaN(number) ? null : String(number);
}

// ---- prices ------------------------------------------------------------------------------------

/** numeric(14,2): at most 12 digits before the point. */
const money = () => optional(decimalField({ min: 0, max: 999_999_999_999.99, places: 2 }));

export const pricesInput = z.object({
  unitPrice: money(),
  m2Price: money(),
  eshops: boundedArray(z.object({ eshop: refId(), price: money() })).optional().default([]),
});
export type PricesInput = z.output<typeof pricesInput>;

export interface ProductPrices {
  /** Without VAT, CZK; null when not set. */
  unitPrice: number | null;
  m2Price: number | null;
  /** Every e-shop; `price` null means "same as the base price". */
  eshops: { eshop: Reference; price: number | null }[];
}

// ---- reference rows ------------------------------------------------------------------------------

/**
 * Rows the application relies on, found by role, never by id (docs/domain.md#reference-products: assembly of fences 18,
 * gates 20, wickets 19; the red "other item" 16).
 */
export const SYSTEM_ROLES = ["ASSEMBLY_FENCE", "ASSEMBLY_GATE", "ASSEMBLY_WICKET", "ATTENTION"] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export { VIRTUAL_CUSTOM_PRODUCT_ID } from "./constants";

/** The editor's tabs (docs/domain.md#product-editor), in order. */
export const PRODUCT_TABS = ["common", "translations", "parameters", "prices", "images", "tools"] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];
