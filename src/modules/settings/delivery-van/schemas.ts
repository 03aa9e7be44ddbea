import { z } from "zod";
import { booleanField, requiredText, storableString } from "@/lib/zod-fields";

/**
 * Czech registration plate (SPZ / RZ) of a delivery van. Browser-safe: zod only.
 *
 * The rule chosen (docs/domain.md#delivery-vans asks only "required"; the office asked "validated as a plate"):
 * 1. Normalise first: spaces, hyphens and dashes go, letters become upper case
 *    ("1ab 23-45" → "1AB2345"). The normalised text is what is validated and stored.
 * 2. Only the letters A–Z and the digits 0–9 (no diacritics or other signs).
 * 3. 5 to 8 characters (the span of every Czech plate, older and personalised ones included).
 * 4. None of the letters G, O, Q and W: Czech plates never use them (O and Q read as 0, G as 6).
 * 5. One of the two 7-character series a van carries:
 *    - current (since 2001): digit 1–9, a region letter (A B C E H J K L M P S T U Z), a letter
 *      or digit, then 4 digits: "1AB 2345", "8T3 0412";
 *    - older district series (1960–2001): 3 letters (district and series), then 4 digits:
 *      "BVA 12-34" → "BVA1234".
 * Anything else (personalised, diplomatic, export or trailer plates) is refused with the
 * format message; adding a series is one line in SPZ_FORMATS.
 */
export const SPZ_FORMATS: RegExp[] = [/^[1-9][ABCEHJKLMPSTUZ][A-Z0-9]\d{4}$/, /^[A-Z]{3}\d{4}$/];
export const SPZ_MIN_LENGTH = 5;
export const SPZ_MAX_LENGTH = 8;

export const normaliseSpz = (text: string): string => text.replace(/[\s\u00a0\-\u2010-\u2015]/g, "").toUpperCase();

/** The message key of the first rule the normalised plate breaks, or null when it is a plate. */
export function spzProblem(spz: string): string | null {
  if (!/^[A-Z0-9]*$/.test(spz)) return "deliveryVan.spzCharacters";
  if (spz.length < SPZ_MIN_LENGTH || spz.length > SPZ_MAX_LENGTH) return "deliveryVan.spzLength";
  if (/[GOQW]/.test(spz)) return "deliveryVan.spzLetters";
  if (!SPZ_FORMATS.some((format) => format.test(spz))) return "deliveryVan.spzFormat";
  return null;
}

/** How people write a stored plate: "1AB 2345", "BVA 12-34". */
export function formatSpz(spz: string): string {
  if (SPZ_FORMATS[0]!.test(spz)) return `${spz.slice(0, 3)} ${spz.slice(3)}`;
  if (SPZ_FORMATS[1]!.test(spz)) return `${spz.slice(0, 3)} ${spz.slice(3, 5)}-${spz.slice(5)}`;
  return spz;
}

export const spzField = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? normaliseSpz(value) || undefined : value ?? undefined),
    storableString((issue) => (issue.input === undefined ? "validation.required" : "validation.invalid")).superRefine((spz, context) => {
      const problem = spzProblem(spz);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  );

/**
 * docs/domain.md#delivery-vans: name and spz required; the entity stores and answers the normalised spz ("1AB2345").
 * `active` (default yes): an active van has its column on the planning grid (docs/domain.md#planning).
 */
export const deliveryVanInput = z.object({ name: requiredText(200), spz: spzField(), active: booleanField(true) });
export type DeliveryVan = { id: number } & z.infer<typeof deliveryVanInput>;
