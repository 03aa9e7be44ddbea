/**
 * Field builders shared by every module's schemas.ts. Browser-safe: zod only.
 * Messages are i18n keys (`validation.*`) translated at the edge in the request's language.
 */
import { z } from "zod";
import { DATE_MAX, DATE_MIN, dateErrorKey, formatCzechDate } from "./dates";

const required = "validation.required";
/** Missing → "required"; present but of the wrong kind → "invalid". */
const requiredOrInvalid = (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? required : "validation.invalid");

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** PostgreSQL text cannot hold U+0000: a database error (500) unless refused here as a field error. */
export const containsNul = (text: string): boolean => text.includes("\u0000");

/**
 * A string PostgreSQL can store: every text field (and every module's own string field) starts
 * here, so a NUL is refused first and nothing else is checked on a value that could never be saved.
 */
export const storableString = (error: string | ((issue: { input: unknown }) => string) = "validation.invalid") =>
  z.string({ error }).refine((text) => !containsNul(text), { message: "validation.nul", abort: true });

export const requiredText = (max = 200) =>
  z.preprocess(
    blankToUndefined,
    storableString(requiredOrInvalid)
      .trim()
      .min(1, required)
      .max(max, { message: "validation.maxLength" }),
  );

export const optionalText = (max = 2000) =>
  z.preprocess(
    blankToUndefined,
    storableString().trim().max(max, { message: "validation.maxLength" }).optional(),
  );

export const emailField = () =>
  z.preprocess(
    blankToUndefined,
    storableString(required).trim().max(200, { message: "validation.maxLength" }).pipe(z.email("validation.email")),
  );

export const httpUrlField = () =>
  z.preprocess(
    blankToUndefined,
    storableString(required)
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

/** The words that mean yes or no: a ticked checkbox sends "on", hidden inputs and query strings "false" or "0". */
const BOOLEAN_WORDS = new Map<string, boolean>([
  ["true", true],
  ["on", true],
  ["1", true],
  ["yes", true],
  ["false", false],
  ["off", false],
  ["0", false],
  ["no", false],
]);

/** A boolean, or one of the yes/no words (any case); undefined for anything else, which is no answer at all. */
export const readBoolean = (value: unknown): boolean | undefined =>
  typeof value === "boolean" ? value : typeof value === "string" ? BOOLEAN_WORDS.get(value.trim().toLowerCase()) : undefined;

/** A yes/no; missing or blank means `fallback`, any other word than the yes/no ones is invalid (never false). */
export const booleanField = (fallback = false) =>
  z.preprocess((value) => (blankToUndefined(value) === undefined ? fallback : (readBoolean(value) ?? value)), z.boolean({ error: "validation.invalid" }));

/** A yes/no the user must choose (a select with no default): missing or blank is required. */
export const requiredBoolean = () =>
  z.preprocess((value) => (blankToUndefined(value) === undefined ? undefined : (readBoolean(value) ?? value)), z.boolean({ error: requiredOrInvalid }));

/**
 * The largest id an int4 identity column gives: a larger number can reference nothing, and sent to
 * PostgreSQL it fails the query (a 500). Every id field (refId) and path id (idParam) stops here.
 */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A reference sent as an id, a numeric string or `{id}` (docs/architecture.md#references). `sentinels` are values a
 * choice may hold besides ids (the virtual custom product -1, "still to choose" -2); they come back as they are.
 */
export const refId = (options: { sentinels?: readonly number[] } = {}) =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (blank && typeof blank === "object" && "id" in blank) return (blank as { id: unknown }).id;
      if (typeof blank === "string" && /^-?\d+$/.test(blank.trim())) return Number(blank);
      return blank;
    },
    z
      .number({ error: requiredOrInvalid })
      .int("validation.invalid")
      .refine((id) => (id > 0 && id <= MAX_ROW_ID) || (options.sentinels?.includes(id) ?? false), "validation.invalid"),
  );

/** An optional reference: missing, null or a blank select ("") all mean none. */
export const optionalRefId = (options: { sentinels?: readonly number[] } = {}) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), refId(options).optional().nullable());

/** docs/architecture.md#lists-in-input: a list in an input holds at most this many elements unless its field says otherwise. */
export const MAX_LIST_ITEMS = 500;

/**
 * `schema` (a list) behind a length check that runs first: a list longer than `max` is refused as
 * `validation.maxItems` before any element is read. zod checks an array's own `.max()` only after
 * parsing every element, so 60,000 empty rows cost seconds and hundreds of MB in element errors
 * (docs/architecture.md#lists-in-input). Anything that is not an array passes on to `schema`.
 */
export const atMostItems = <S extends z.ZodType>(max: number, schema: S) =>
  z.preprocess((value, context) => {
    if (Array.isArray(value) && value.length > max) {
      context.issues.push({ code: "custom", message: "validation.maxItems", params: { max }, input: value.length });
      return z.NEVER;
    }
    return value;
  }, schema);

/**
 * Every list of an input (each module's schemas.ts): elements of `element`, at most `max` (default
 * MAX_LIST_ITEMS) counted before any element is parsed, at least `min` when given.
 */
export const boundedArray = <T extends z.ZodType>(
  element: T,
  options: { max?: number; min?: number; minMessage?: string; error?: string } = {},
) => {
  const array = z.array(element, { error: options.error ?? requiredOrInvalid });
  return atMostItems(options.max ?? MAX_LIST_ITEMS, options.min ? array.min(options.min, options.minMessage ?? required) : array);
};

/**
 * A list of references (ids, numeric strings or `{id}` objects), deduplicated; a single value counts as a list of one;
 * at most `max`. Missing is none, unless `required`: then only an explicit `[]` (or null, "") is none.
 */
export const refIdList = (options: { min?: number; max?: number; required?: boolean } = {}) =>
  z.preprocess(
    (value) =>
      value === undefined && options.required ? undefined : value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value],
    boundedArray(refId(), { max: options.max })
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length >= (options.min ?? 0), "validation.required"),
  );

/** What a client may send as an idempotency key (docs/architecture.md#idempotency): a UUID, or any 8–100 characters of [A-Za-z0-9_.:-]. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,100}$/;

/** An optional idempotency key of a write (src/lib/idempotency.ts); blank is none. */
export const idempotencyKeyField = () =>
  z.preprocess(
    blankToUndefined,
    storableString("idempotency.keyInvalid").regex(IDEMPOTENCY_KEY_PATTERN, "idempotency.keyInvalid").optional(),
  );

/**
 * ISO `YYYY-MM-DD`; also takes dd.mm.yyyy as people type it. A well-written day no calendar has is
 * `validation.noSuchDate`; a real day outside `min`…`max` (by default DATE_MIN…DATE_MAX, docs/architecture.md#dates)
 * is `validation.dateRange`: year 0 or 0001 would reach PostgreSQL (which has no year 0) or the accountant.
 * Every date input of the app is read here; a field with other bounds says so.
 */
export const dateField = (bounds: { min?: string; max?: string } = {}) => {
  const min = bounds.min ?? DATE_MIN;
  const max = bounds.max ?? DATE_MAX;
  return z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (typeof blank !== "string") return blank;
      const text = blank.trim();
      const czech = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})$/.exec(text);
      return czech ? `${czech[3]}-${czech[2]!.padStart(2, "0")}-${czech[1]!.padStart(2, "0")}` : text;
    },
    z
      .iso.date({
        // In the right shape but not in the calendar (31.02.): say the date does not exist, not how to write one.
        error: (issue) => (issue.input === undefined ? required : typeof issue.input === "string" ? dateErrorKey(issue.input) : "validation.date"),
      })
      // ISO dates of four-digit years compare as text.
      .refine((iso) => iso >= min && iso <= max, { message: "validation.dateRange", params: { min: formatCzechDate(min), max: formatCzechDate(max) } }),
  );
};

/** docs/architecture.md#paging: a list page holds 20 rows unless asked, and at most 500. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;
/** docs/domain.md#categories: category lists load whole, with page size 9999 (docs/architecture.md#paging allows it to them alone). */
export const CATEGORY_MAX_PAGE_SIZE = 9999;

/**
 * Paging and sorting of a list (docs/architecture.md#paging); filters are read beside it. Paging forgives: a page
 * or size that is no number reads as the default, and a size beyond `maxSize` as `maxSize` (the
 * answer's `meta.size` says which), so a client asking 9999 "for all" gets full pages, not an error.
 */
const buildListQuerySchema = (maxSize: number) =>
  z.object({
    page: z.coerce.number().int().min(1).catch(1).default(1),
    size: z.coerce
      .number()
      .int()
      .min(1)
      .catch(DEFAULT_PAGE_SIZE)
      .default(DEFAULT_PAGE_SIZE)
      .transform((size) => Math.min(size, maxSize)),
    sort: z
      .string()
      .regex(/^[A-Za-z0-9_]+,(asc|desc)$/)
      .optional()
      .catch(undefined),
  });

// Built once per page-size limit: a zod object costs more to build than to parse a query with.
const listQuerySchemas = new Map<number, ReturnType<typeof buildListQuerySchema>>();
export function listQuerySchema(maxSize = MAX_PAGE_SIZE) {
  let schema = listQuerySchemas.get(maxSize);
  if (!schema) listQuerySchemas.set(maxSize, (schema = buildListQuerySchema(maxSize)));
  return schema;
}
export type ListQuery = z.infer<ReturnType<typeof listQuerySchema>>;
