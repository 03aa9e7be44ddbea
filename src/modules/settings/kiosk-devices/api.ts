import { Hono } from "hono";
import { publicOrigin } from "@/lib/http/origin";
import { crudApi } from "@/lib/http/crud-api";
import { success } from "@/lib/envelope";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam, jsonBody } from "@/lib/http/request";
import { pairingPath } from "./schemas";
import { createKioskDevice, kioskDeviceService, renewKioskPairing, revokeKioskDevice } from "./service";

/** The absolute pairing link the admin hands to the device (the secret is in no database). */
export const pairingUrl = (c: AppContext, secret: string) => `${publicOrigin(c)}${pairingPath(secret)}`;

/**
 * `/api/settings/kioskDevices` (admins only; admin-routes.ts guards it): the generic list, get,
 * rename (PUT) and delete, and
 * - `POST` `{name}` → `{id, pairingUrl}`: the one-time link, valid 24 hours, returned only here;
 * - `POST /:id/pairing` → `{id, pairingUrl}`: a new link for a waiting or revoked device;
 * - `POST /:id/revoke` → the device: its access ends at once.
 */
export const kioskDevicesApi = new Hono<AppEnv>();

kioskDevicesApi.post("/", async (c) => {
  const { id, secret } = await createKioskDevice({ ctx: c.get("ctx"), input: await jsonBody(c) });
  return c.json(success({ id, pairingUrl: pairingUrl(c, secret) }), 201);
});

kioskDevicesApi.post("/:id{[0-9]+}/pairing", async (c) => {
  const { id, secret } = await renewKioskPairing({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  return c.json(success({ id, pairingUrl: pairingUrl(c, secret) }));
});

kioskDevicesApi.post("/:id{[0-9]+}/revoke", async (c) => c.json(success(await revokeKioskDevice({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));

kioskDevicesApi.route("/", crudApi(kioskDeviceService));
