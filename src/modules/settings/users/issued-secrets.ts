/**
 * One-time secrets: a generated password or a kiosk pairing link exists in plain text only in the
 * answer that issues it (docs/domain.md#kiosk-devices, docs/domain.md#users); the database keeps hashes.
 *
 * The shared CRUD pages call `service.create({ctx, input})` and learn only the new id; so the admin
 * routes hand the verbs an AdminCtx that carries AppDeps' password cost and a list the verbs put
 * issued secrets into (one-time-cookie.ts shows them on the next page).
 */
import type { Ctx } from "@/lib/context";
import { type PasswordCost, productionPasswordCost } from "@/modules/auth/service";

export type SecretKind = "password" | "pairing";

export interface IssuedSecret {
  kind: SecretKind;
  /** The user or kiosk device it belongs to. */
  id: number;
  /** Who or what it is for, as the admin knows it (a name). */
  label: string;
  value: string;
}

/** The ctx the admin routes give the user and kiosk-device verbs. */
export interface AdminCtx extends Ctx {
  passwordCost?: PasswordCost;
  issued?: IssuedSecret[];
}

/** AppDeps' argon2id cost when the route passed it; the production cost otherwise (never weaker). */
export const passwordCostOf = (ctx: Ctx): PasswordCost => (ctx as AdminCtx).passwordCost ?? productionPasswordCost;

/** Hands a secret to the route that called the verb (no-op for callers that do not collect them). */
export const issueSecret = (ctx: Ctx, secret: IssuedSecret): void => {
  (ctx as AdminCtx).issued?.push(secret);
};
