/**
 * Kiosk devices (docs/domain.md#kiosk-devices). Staff create a device and get a one-time pairing link; the device
 * opens it once and receives a long-lived token. Only SHA-256 hashes of the pairing secret and of
 * the token are stored. Revoking ends the device's access at once.
 *
 * The kiosk (decision 056) calls `pairKioskDevice` with the link's secret and `findKioskDevice`
 * with the token on each request.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { kioskDevices } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { createCrudService, type CrudService } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { issueSecret } from "@/modules/settings/users/issued-secrets";
import { type KioskDevice, kioskDeviceInput, PAIRING_VALID_HOURS, pairingSecretInput } from "./schemas";

type DeviceRow = typeof kioskDevices.$inferSelect;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");
const iso = (instant: Date | null) => (instant ? instant.toISOString() : null);

const toDevice = (row: DeviceRow): KioskDevice => ({
  id: row.id,
  name: row.name,
  state: row.revokedAt ? "revoked" : row.pairedAt ? "paired" : "waiting",
  pairedAt: iso(row.pairedAt),
  lastSeenAt: iso(row.lastSeenAt),
  revokedAt: iso(row.revokedAt),
  pairingExpiresAt: iso(row.pairingExpiresAt),
  pairingExpired: !row.revokedAt && !row.pairedAt && (!row.pairingExpiresAt || row.pairingExpiresAt.getTime() <= Date.now()),
});

const crud = createCrudService({
  table: kioskDevices,
  input: kioskDeviceInput,
  toEntity: toDevice,
  toValues: (input) => ({ name: input.name }),
  listFields: {
    id: { column: kioskDevices.id, filter: "number", sortable: true },
    name: { column: kioskDevices.name, filter: "text", sortable: true },
    pairedAt: { column: kioskDevices.pairedAt, sortable: true },
    lastSeenAt: { column: kioskDevices.lastSeenAt, sortable: true },
  },
  defaultSort: ["name", "asc"],
  unique: [{ field: "name", column: kioskDevices.name, index: "kiosk_devices_name_unique" }],
});

/** A fresh pairing secret for the device; any earlier link, token and revocation are gone. */
async function startPairing(ctx: Ctx, id: number): Promise<string> {
  const secret = newSecret();
  await ctx.db
    .update(kioskDevices)
    .set({
      pairingCodeHash: sha256(secret),
      pairingExpiresAt: new Date(Date.now() + PAIRING_VALID_HOURS * 3600_000),
      tokenHash: null,
      pairedAt: null,
      lastSeenAt: null,
      revokedAt: null,
      updatedAt: new Date(),
      updatedBy: ctx.userId,
    })
    .where(eq(kioskDevices.id, id));
  return secret;
}

/** Creates a device waiting for pairing; the secret of its pairing link comes back this once. */
export async function createKioskDevice({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ id: number; secret: string }> {
  return withTransaction(ctx, async (tx) => {
    const id = await crud.create({ ctx: tx, input });
    return { id, secret: await startPairing(tx, id) };
  });
}

/** A new pairing link for a device that waits (its link may have run out) or was revoked; a paired device is revoked first. */
export async function renewKioskPairing({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ id: number; secret: string }> {
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(kioskDevices).where(eq(kioskDevices.id, input.id)).for("update");
    if (!row) throw AppError.notFound();
    if (toDevice(row).state === "paired") throw AppError.fail(msg("kioskDevices.alreadyPaired", { name: row.name }));
    return { id: row.id, secret: await startPairing(tx, row.id) };
  });
}

/** Ends the device's access at once; an unused pairing link dies with it. Revoking twice changes nothing. */
export async function revokeKioskDevice({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<KioskDevice> {
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(kioskDevices).where(eq(kioskDevices.id, input.id)).for("update");
    if (!row) throw AppError.notFound();
    if (row.revokedAt) return toDevice(row);
    const [updated] = await tx.db
      .update(kioskDevices)
      .set({ revokedAt: new Date(), pairingCodeHash: null, pairingExpiresAt: null, updatedAt: new Date(), updatedBy: tx.userId })
      .where(eq(kioskDevices.id, input.id))
      .returning();
    return toDevice(updated!);
  });
}

/**
 * The kiosk opens its pairing link: one use only. The device gets a token (its long-lived cookie)
 * and the link stops working. An unknown, used or revoked link, or one past its 24 hours, fails.
 */
export async function pairKioskDevice({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ deviceId: number; token: string }> {
  const { secret } = parseInput(pairingSecretInput, input);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(kioskDevices)
      .where(and(eq(kioskDevices.pairingCodeHash, sha256(secret)), isNull(kioskDevices.revokedAt)))
      .for("update");
    if (!row) throw AppError.fail(msg("kioskDevices.pairingInvalid"));
    if (!row.pairingExpiresAt || row.pairingExpiresAt.getTime() <= Date.now()) throw AppError.fail(msg("kioskDevices.pairingExpired"));
    const token = newSecret();
    const now = new Date();
    await tx.db
      .update(kioskDevices)
      .set({ pairingCodeHash: null, pairingExpiresAt: null, tokenHash: sha256(token), pairedAt: now, lastSeenAt: now, updatedAt: now })
      .where(eq(kioskDevices.id, row.id));
    return { deviceId: row.id, token };
  });
}

/** The paired, unrevoked device behind a token, or null; each lookup records when it was last seen. */
export async function findKioskDevice({ ctx, input }: { ctx: Ctx; input: { token: string } }): Promise<KioskDevice | null> {
  if (!input.token || input.token.length > 200) return null;
  const [row] = await ctx.db
    .update(kioskDevices)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(kioskDevices.tokenHash, sha256(input.token)), isNull(kioskDevices.revokedAt)))
    .returning();
  return row ? toDevice(row) : null;
}

/**
 * The generic verbs (list, get, rename, delete). `create` is `createKioskDevice`, whose pairing
 * secret goes back through the admin routes' ctx (the shared pages only learn the new id).
 */
export const kioskDeviceService: CrudService<typeof kioskDeviceInput, KioskDevice> = {
  ...crud,
  async create({ ctx, input }) {
    const { id, secret } = await createKioskDevice({ ctx, input });
    const device = await crud.get({ ctx, input: { id } });
    issueSecret(ctx, { kind: "pairing", id, label: device.name, value: secret });
    return id;
  },
};
