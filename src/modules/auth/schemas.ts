import { z } from "zod";
import { emailField, requiredText } from "@/lib/zod-fields";

export const loginInput = z.object({
  email: emailField(),
  password: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string({ error: "validation.required" }).min(1, "validation.required").max(200, "validation.maxLength")),
});
export type LoginInput = z.infer<typeof loginInput>;

export const languageInput = z.object({ lang: z.enum(["cs", "en"], { error: "validation.invalid" }) });

export const newUserInput = z.object({
  email: emailField(),
  firstName: requiredText(100),
  lastName: requiredText(100),
  password: z.string({ error: "validation.required" }).min(8, "validation.minLength").max(200, "validation.maxLength"),
  isAdmin: z.boolean().default(false),
});
export type NewUserInput = z.infer<typeof newUserInput>;

/** docs/domain.md#login: 10 failures per email and IP within 15 minutes. */
export const LOGIN_MAX_FAILURES = 10;
/** Failures from one IP across every e-mail in the window: one address cannot try account after account. */
export const LOGIN_MAX_FAILURES_PER_IP = 30;
export const LOGIN_WINDOW_MINUTES = 15;
