/**
 * Staff accounts (docs/domain.md#users): who may log in, who is an admin, and which kiosk card a worker
 * scans. Browser-safe: zod and the shared field builders only.
 */
import { z } from "zod";
import { booleanField, emailField, requiredText, storableString } from "@/lib/zod-fields";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** Card codes are what a keyboard-wedge reader types after the `U` prefix (docs/domain.md#barcodes). */
export const CARD_CODE_PATTERN = /^[A-Z0-9-]{4,40}$/;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Optional; stored upper case, so `k-0001` and `K-0001` are one card. Empty means no card. */
export const cardCodeField = () =>
  z.preprocess(
    (value) => (blank(value) ? null : typeof value === "string" ? value.trim().toUpperCase() : value),
    storableString().regex(CARD_CODE_PATTERN, "users.cardCodeFormat").nullable(),
  );

/** A password typed by an admin; empty means "none given". */
export const passwordField = () =>
  z.preprocess(
    (value) => (blank(value) ? undefined : value),
    storableString()
      .min(PASSWORD_MIN_LENGTH, "validation.minLength")
      .max(PASSWORD_MAX_LENGTH, "validation.maxLength")
      .optional(),
  );

/** What an edit changes; the password has its own form and call. */
export const userInput = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailField(),
  kioskCardCode: cardCodeField().optional(),
  isAdmin: booleanField(false),
  active: booleanField(true),
});
export type UserInput = z.infer<typeof userInput>;

/**
 * Either a password of at least 8 characters or `generatePassword`, never both. Checked even when
 * other fields fail (`when`), so one post shows every problem at once.
 */
function withPasswordChoice<S extends z.ZodType<{ password?: string; generatePassword: boolean }>>(schema: S) {
  const always = { when: () => true };
  return schema
    .refine((value) => !(value?.generatePassword === true && typeof value.password === "string"), {
      ...always,
      path: ["generatePassword"],
      message: "users.passwordOrGenerate",
    })
    .refine((value) => value?.generatePassword === true || typeof value?.password === "string", {
      ...always,
      path: ["password"],
      message: "users.passwordRequired",
    });
}

const passwordChoice = { password: passwordField(), generatePassword: booleanField(false) };

export const newUserInput = withPasswordChoice(userInput.extend(passwordChoice));
export type NewUserInput = z.infer<typeof newUserInput>;

export const passwordResetInput = withPasswordChoice(z.object(passwordChoice));
export type PasswordResetInput = z.infer<typeof passwordResetInput>;

/** A user as the API and the pages see one: never the password hash. */
export interface User {
  id: number;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  kioskCardCode: string | null;
  isAdmin: boolean;
  active: boolean;
}
