/**
 * Field builders shared by every module's schemas.ts. Browser-safe: zod only.
 * Messages are i18n keys (`validation.*`) translated at the edge in the request's language.
 */
import { z } from "zod";

const required = "validation.required";
/** Missing → "required"; present but of the wrong kind → "invalid". */
const requiredOrInvalid = (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? required : "validation.invalid");

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

export const requiredText = (max = 200) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: requiredOrInvalid })
      .trim()
      .min(1, required)
      .max(max, { message: "validation.maxLength" }),
  );

export const optionalText = (max = 2000) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: "validation.invalid" }).trim().max(max, { message: "validation.maxLength" }).optional(),
  );

export const emailField = () =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: required }).trim().max(200, { message: "validation.maxLength" }).pipe(z.email("validation.email")),
  );

export const httpUrlField = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: required })
      .trim()
      .max(500, { message: "validation.maxLength" })
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
        } catch {
          return false;
        }
      }, "validation.url"),
  );

/** Accepts a number or a string with a decimal comma or point (`1 234,5`). */
export const decimalField = (options: { min?: number; max?: number; places?: number } = {}) => {
  const { min, max, places = 2 } = options;
  return z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (typeof blank !== "string") return blank;
      const text = blank.replace(/[\s\u00a0]/g, "").replace(",", ".");
      return /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : blank;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? required : "validation.number") })
      .refine((n) => Number.isFinite(n), "validation.number")
      .refine((n) => min === undefined || n >= min, { message: "validation.min", params: { min } })
      .refine((n) => max === undefined || n <= max, { message: "validation.max", params: { max } })
      .refine((n) => Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6, {
        message: "validation.decimalPlaces",
        params: { count: places },
      }),
  );
};

export const integerField = (options: { min?: number; max?: number } = {}) => {
  const { min, max } = options;
  return z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      return typeof blank === "string" && /^-?\d+$/.test(blank.trim()) ? Number(blank) : blank;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? required : "validation.integer") })
      .int("validation.integer")
      .refine((n) => min === undefined || n >= min, { message: "validation.min", params: { min } })
      .refine((n) => max === undefined || n <= max, { message: "validation.max", params: { max } }),
  );
};

/** true/false, or what a form sends: "on", "true", "1". Missing means `fallback`. */
export const booleanField = (fallback = false) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === "") return fallback;
    if (typeof value === "string") return ["on", "true", "1", "yes"].includes(value.toLowerCase());
    return value;
  }, z.boolean({ error: "validation.invalid" }));

/** A reference sent as an id, a numeric string or `{id}` (DESIGN.md §4). */
export const refId = () =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (blank && typeof blank === "object" && "id" in blank) return (blank as { id: unknown }).id;
      if (typeof blank === "string" && /^\d+$/.test(blank.trim())) return Number(blank);
      return blank;
    },
    // Ids are int4 identity columns; a larger number can reference nothing.
    z.number({ error: requiredOrInvalid }).int("validation.invalid").positive("validation.invalid").max(2_147_483_647, "validation.invalid"),
  );

/** An optional reference: missing, null or a blank select ("") all mean none. */
export const optionalRefId = () =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), refId().optional().nullable());

/** A list of references (ids, numeric strings or `{id}` objects), deduplicated; a single value counts as a list of one. */
export const refIdList = (options: { min?: number } = {}) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(refId())
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length >= (options.min ?? 0), "validation.required"),
  );

/** ISO `YYYY-MM-DD`; also takes dd.mm.yyyy as people type it. */
export const dateField = () =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (typeof blank !== "string") return blank;
      const text = blank.trim();
      const czech = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})$/.exec(text);
      return czech ? `${czech[3]}-${czech[2]!.padStart(2, "0")}-${czech[1]!.padStart(2, "0")}` : text;
    },
    z.iso.date({ error: (issue) => (issue.input === undefined ? required : "validation.date") }),
  );

/** Paging, sorting and filters of every list (DESIGN.md §4). Unknown query keys become filters. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  size: z.coerce.number().int().min(1).max(9999).catch(20).default(20),
  sort: z
    .string()
    .regex(/^[A-Za-z0-9_]+,(asc|desc)$/)
    .optional()
    .catch(undefined),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
