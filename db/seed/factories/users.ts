/**
 * Staff accounts and kiosk devices, through their services (unique e-mail and card, card format;
 * pairing secrets stored only as hashes).
 */
import type { Ctx } from "@/lib/context";
import { type PasswordCost, productionPasswordCost } from "@/modules/auth/service";
import { createKioskDevice as createDevice, pairKioskDevice } from "@/modules/settings/kiosk-devices/service";
import { createUserAccount } from "@/modules/settings/users/service";
import { nextNumber } from "./sequence";

export interface UserValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  kioskCardCode?: string | null;
  isAdmin?: boolean;
  active?: boolean;
  /** Without one, a password is generated and answered. */
  password?: string;
}

/** An account (`cost`: the app's argon2id cost); answers its id and its password. */
export async function createUser(ctx: Ctx, values: UserValues = {}, cost: PasswordCost = productionPasswordCost): Promise<{ id: number; password: string }> {
  const n = nextNumber();
  const { password, ...account } = values;
  const input = { firstName: "Jan", lastName: `Novák ${n}`, email: `uzivatel${n}@ohrada.example.cz`, ...account, ...(password ? { password } : { generatePassword: true }) };
  const { id, generatedPassword } = await createUserAccount({ ctx, input, cost });
  return { id, password: password ?? generatedPassword! };
}

/** A workshop worker with a kiosk card (`KARTA-<n>` unless given; stored upper case, the kiosk reads it as U + code). */
export async function createUserWithCard(
  ctx: Ctx,
  values: UserValues & { kioskCardCode?: string } = {},
  cost: PasswordCost = productionPasswordCost,
): Promise<{ id: number; password: string; kioskCardCode: string }> {
  const kioskCardCode = (values.kioskCardCode ?? `KARTA-${nextNumber()}`).trim().toUpperCase();
  return { ...(await createUser(ctx, { ...values, kioskCardCode }, cost)), kioskCardCode };
}

/** A kiosk device waiting for pairing (unique name); answers its id and the pairing link's secret. */
export async function createKioskDevice(ctx: Ctx, values: { name?: string } = {}): Promise<{ id: number; secret: string }> {
  return createDevice({ ctx, input: { name: `Kiosk ${nextNumber()}`, ...values } });
}

/** A kiosk device that has used its pairing link: answers its id, the device token it sends and the spent secret. */
export async function createPairedKioskDevice(ctx: Ctx, values: { name?: string } = {}): Promise<{ id: number; token: string; secret: string }> {
  const { secret } = await createKioskDevice(ctx, values);
  const { deviceId, token } = await pairKioskDevice({ ctx, input: { secret } });
  return { id: deviceId, token, secret };
}
