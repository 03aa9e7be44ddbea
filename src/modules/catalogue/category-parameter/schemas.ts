import { z } from "zod";
import { atMostItems, booleanField, CATEGORY_MAX_PAGE_SIZE, optionalText, requiredText } from "@/lib/zod-fields";
import type { CategoryRef } from "../category/schemas";

/** docs/domain.md#category-parameters: the unit choices, blank first. */
export const PARAMETER_UNITS = ["", "mm", "cm", "m", "kg", "g"] as const;
export type ParameterUnit = (typeof PARAMETER_UNITS)[number];

const MAX_ID = 2_147_483_647;

/** One id from what a client sends: a number, a numeric string or `{id}`; NaN when it is none of them. */
const idOf = (value: unknown): number => {
  const raw = value && typeof value === "object" && "id" in value ? (value as { id: unknown }).id : value;
  const id = typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  return typeof id === "number" && Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : Number.NaN;
};

/**
 * References as a list (docs/architecture.md#references): ids, numeric strings or `{id}` objects, one value or
 * none; duplicates collapse. Any unreadable item fails the whole field, named `categories`. At most as many
 * as there can be categories, counted before any is read (docs/architecture.md#lists-in-input).
 */
const refIdList = () =>
  atMostItems(
    CATEGORY_MAX_PAGE_SIZE,
    z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === "") return [];
      const ids = (Array.isArray(value) ? value : [value]).map(idOf);
      return ids.some(Number.isNaN) ? "invalid" : [...new Set(ids)];
    },
      z.array(z.number(), { error: "validation.invalid" }),
    ),
  );

export const categoryParameterInput = z.object({
  name: requiredText(200),
  categories: refIdList(),
  required: booleanField(false),
  default: optionalText(500),
  unit: z.preprocess((value) => (value === undefined || value === null ? "" : typeof value === "string" ? value.trim() : value), z.enum(PARAMETER_UNITS, { error: "categoryParameter.unitInvalid" })),
  creationParameter: booleanField(false),
  titleAppending: booleanField(false),
});
export type CategoryParameterInput = z.infer<typeof categoryParameterInput>;

export interface CategoryParameter {
  id: number;
  name: string;
  categories: CategoryRef[];
  required: boolean;
  default: string | null;
  unit: ParameterUnit;
  creationParameter: boolean;
  titleAppending: boolean;
  /**
   * What the fence engine reads it as (an engine key: `pieceHeight`…), or null. Set by the
   * reference seed only: the input has no such field, so a save never changes it.
   */
  role: string | null;
}
