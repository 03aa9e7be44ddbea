/**
 * Kiosk devices (docs/domain.md#kiosk-devices): admins only; create gives a one-time pairing link
 * (only its SHA-256 stored, valid 24 h), pairing is one use, revoke ends access, a new link for a
 * waiting or revoked device. Also the verbs the kiosk will call: pairKioskDevice, findKioskDevice.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { kioskDevices, users } from "@db/schema";
import { systemCtx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import type { KioskDevice as Device } from "@/modules/settings/kiosk-devices/schemas";
import { findKioskDevice, pairKioskDevice } from "@/modules/settings/kiosk-devices/service";
import { json, type Session, useTestApp } from "../helpers/app";
import { createPairedKioskDevice } from "../helpers/factories";
import { cookiePair, html as htmlOf, pageShowing } from "./support";

const t = useTestApp();

/** An admin who manages the devices and a worker who may not. */
let admin: Session;
let worker: Session;
beforeAll(async () => {
  [admin, worker] = await Promise.all([t.current.login({ admin: true }), t.current.login()]);
}, 60_000);
let counter = 0;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const ctx = () => systemCtx(t.current.database.db);
const secretOf = (url: string) => url.split("/kiosk/pair/")[1]!;

async function createDevice(name = `Dílna ${++counter}`): Promise<{ id: number; pairingUrl: string; secret: string }> {
  const response = await admin.api("/api/settings/kioskDevices", { method: "POST", json: { name } });
  const answer = await json(response);
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return { ...answer.data, secret: secretOf(answer.data.pairingUrl) };
}

const getDevice = async (id: number): Promise<Device> => (await json(await admin.api(`/api/settings/kioskDevices/${id}`))).data;

async function pairFails(secret: string, message: string) {
  const error = await pairKioskDevice({ ctx: ctx(), input: { secret } }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).kind).toBe("fail");
  expect((error as AppError).messages.map((m) => m.key)).toEqual([message]);
}

describe("admins only", () => {
  test("a non-admin gets 403 FORBIDDEN on every kiosk-device route, API and pages, GET and POST", async () => {
    const seen = new Set<string>();
    const routes: { method: string; path: string }[] = [];
    for (const route of t.current.app.routes) {
      if (route.method === "ALL" || !/^(\/api)?\/settings\/kioskDevices(\/|$)/.test(route.path)) continue;
      const path = route.path.replace(/:\w+(\{[^}]*\})?/g, "1");
      if (seen.has(`${route.method} ${path}`)) continue;
      seen.add(`${route.method} ${path}`);
      routes.push({ method: route.method, path });
    }
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of ["POST /api/settings/kioskDevices/1/revoke", "POST /api/settings/kioskDevices/1/pairing", "POST /settings/kioskDevices/1/revoke", "GET /settings/kioskDevices"]) {
      expect(paths).toContain(expected);
    }
    const { id } = await createDevice("Cizí ruce");
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.path.replace("/1", `/${id}`);
      if (path.startsWith("/api/")) {
        const response = await worker.api(path, { method: route.method, json: route.method === "GET" ? undefined : { name: "Převzaté" } });
        const body = await response.text();
        if (response.status !== 403 || body !== JSON.stringify({ status: "error", code: "FORBIDDEN" })) failures.push(`${route.method} ${path}: ${response.status} ${body}`);
      } else {
        // A role refusal answers "no access" and keeps the session (decision 016).
        const session = await t.current.login();
        const response = await session.page(path, route.method === "GET" ? {} : { form: { name: "Převzaté" } });
        const stillIn = (await session.api("/api/me")).status === 200;
        const page = await response.text();
        if (response.status !== 403 || !page.includes("K této akci nemáte oprávnění") || !stillIn) failures.push(`${route.method} ${path}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    const device = await getDevice(id);
    expect(device.name).toBe("Cizí ruce");
    expect(device.state).toBe("waiting");
  });

  test("an admin gets 200 on the list, API and page", async () => {
    expect((await admin.api("/api/settings/kioskDevices")).status).toBe(200);
    expect((await admin.page("/settings/kioskDevices")).status).toBe(200);
  });
});

describe("API /api/settings/kioskDevices", () => {
  test("the name is unique (case-insensitive)", async () => {
    await createDevice("Lakovna");
    const response = await admin.api("/api/settings/kioskDevices", { method: "POST", json: { name: "LAKOVNA" } });
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ name: "Tato hodnota už existuje" });
  });

  test("create answers {id, pairingUrl}; the device waits for 24 hours; only the secret's SHA-256 is stored", async () => {
    const before = Date.now();
    const { id, pairingUrl, secret } = await createDevice("Svařovna");
    expect(pairingUrl).toMatch(/^http:\/\/localhost\/kiosk\/pair\/[A-Za-z0-9_-]{43}$/);
    const device = await getDevice(id);
    expect(device).toMatchObject({ id, name: "Svařovna", state: "waiting", pairedAt: null, lastSeenAt: null, revokedAt: null, pairingExpired: false });
    const expires = new Date(device.pairingExpiresAt!).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 1000);
    const [row] = await t.current.ctx.db.select().from(kioskDevices).where(eq(kioskDevices.id, id));
    expect(row!.pairingCodeHash).toBe(sha256(secret));
    // The secret is in no column of the table, in any form but its hash.
    const dump = await t.current.ctx.db.execute(sql`select row_to_json(k)::text as j from kiosk_devices k`);
    const text = JSON.stringify(dump);
    expect(text).not.toContain(secret);
    expect(row!.createdBy).toBe(admin.user.id);
  });

  test("the answer never carries hashes", async () => {
    const { id } = await createDevice();
    const body = await (await admin.api(`/api/settings/kioskDevices/${id}`)).text();
    expect(body).not.toContain("Hash");
    expect(body).not.toContain("hash");
    const list = await (await admin.api("/api/settings/kioskDevices?size=500")).text();
    expect(list).not.toContain("hash");
  });
});

describe("pairing", () => {
  test("one-time: the first use pairs and gives a token; a second use is refused", async () => {
    const { id, secret } = await createDevice();
    const paired = await pairKioskDevice({ ctx: ctx(), input: { secret } });
    expect(paired.deviceId).toBe(id);
    expect(paired.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const device = await getDevice(id);
    expect(device.state).toBe("paired");
    expect(device.pairedAt).not.toBeNull();
    expect(device.pairingExpiresAt).toBeNull();
    const [row] = await t.current.ctx.db.select().from(kioskDevices).where(eq(kioskDevices.id, id));
    expect(row!.pairingCodeHash).toBeNull();
    expect(row!.tokenHash).toBe(sha256(paired.token));
    expect(JSON.stringify(await t.current.ctx.db.execute(sql`select row_to_json(k)::text from kiosk_devices k`))).not.toContain(paired.token);
    await pairFails(secret, "kioskDevices.pairingInvalid");
  });

  test("findKioskDevice answers the paired device and records when it was last seen", async () => {
    const { id, token, secret } = await createPairedKioskDevice(ctx());
    await t.current.ctx.db.update(kioskDevices).set({ lastSeenAt: new Date("2026-01-05T08:00:00Z") }).where(eq(kioskDevices.id, id));
    const found = await findKioskDevice({ ctx: ctx(), input: { token } });
    expect(found).toMatchObject({ id, state: "paired" });
    expect(new Date(found!.lastSeenAt!).getTime()).toBeGreaterThan(new Date("2026-01-05T08:00:00Z").getTime());
    expect(await findKioskDevice({ ctx: ctx(), input: { token: `${token}x` } })).toBeNull();
    expect(await findKioskDevice({ ctx: ctx(), input: { token: "" } })).toBeNull();
    expect(await findKioskDevice({ ctx: ctx(), input: { token: secret } })).toBeNull();
  });

  test("an expired link is refused and leaves the device waiting", async () => {
    const { id, secret } = await createDevice();
    await t.current.ctx.db.update(kioskDevices).set({ pairingExpiresAt: new Date(Date.now() - 60_000) }).where(eq(kioskDevices.id, id));
    await pairFails(secret, "kioskDevices.pairingExpired");
    const device = await getDevice(id);
    expect(device.state).toBe("waiting");
    expect(device.pairingExpired).toBe(true);
    const list = await htmlOf(await admin.page("/settings/kioskDevices?size=500"));
    expect(list).toContain("čeká na spárování – odkaz vypršel");
  });

  test("malformed or unknown secrets are refused", async () => {
    await pairFails("a".repeat(43), "kioskDevices.pairingInvalid");
    const error = await pairKioskDevice({ ctx: ctx(), input: { secret: "krátké" } }).catch((e: unknown) => e);
    expect((error as AppError).fields).toEqual({ secret: { key: "kioskDevices.pairingInvalid", values: {} } });
  });

  test("revoke ends access at once: findKioskDevice answers null; revoking again changes nothing", async () => {
    const { id, token } = await createPairedKioskDevice(ctx());
    const response = await admin.api(`/api/settings/kioskDevices/${id}/revoke`, { method: "POST" });
    expect(response.status).toBe(200);
    const revoked = (await json(response)).data as Device;
    expect(revoked.state).toBe("revoked");
    expect(revoked.revokedAt).not.toBeNull();
    expect(await findKioskDevice({ ctx: ctx(), input: { token } })).toBeNull();
    const again = (await json(await admin.api(`/api/settings/kioskDevices/${id}/revoke`, { method: "POST" }))).data as Device;
    expect(again.revokedAt).toBe(revoked.revokedAt);
  });

  test("revoking a waiting device kills its link", async () => {
    const { id, secret } = await createDevice();
    expect((await admin.api(`/api/settings/kioskDevices/${id}/revoke`, { method: "POST" })).status).toBe(200);
    await pairFails(secret, "kioskDevices.pairingInvalid");
  });

  test("a new link: refused for a paired device; for a revoked one it replaces the old token", async () => {
    const { id, secret } = await createDevice("Kiosk u brány");
    const { token } = await pairKioskDevice({ ctx: ctx(), input: { secret } });
    const refused = await admin.api(`/api/settings/kioskDevices/${id}/pairing`, { method: "POST" });
    expect(refused.status).toBe(422);
    expect((await json(refused)).data).toEqual(["Zařízení Kiosk u brány je spárované; pro nový odkaz mu nejdřív zrušte přístup"]);

    await admin.api(`/api/settings/kioskDevices/${id}/revoke`, { method: "POST" });
    const renewed = await admin.api(`/api/settings/kioskDevices/${id}/pairing`, { method: "POST" });
    expect(renewed.status).toBe(200);
    const { pairingUrl } = (await json(renewed)).data;
    expect((await getDevice(id)).state).toBe("waiting");
    expect(await findKioskDevice({ ctx: ctx(), input: { token } })).toBeNull();
    const again = await pairKioskDevice({ ctx: ctx(), input: { secret: secretOf(pairingUrl) } });
    expect(again.deviceId).toBe(id);
    expect(await findKioskDevice({ ctx: ctx(), input: { token: again.token } })).toMatchObject({ id, state: "paired" });
    expect(await findKioskDevice({ ctx: ctx(), input: { token } })).toBeNull();
  });

  test("a new link for a waiting device replaces the old link", async () => {
    const { id, secret } = await createDevice();
    const renewed = (await json(await admin.api(`/api/settings/kioskDevices/${id}/pairing`, { method: "POST" }))).data;
    await pairFails(secret, "kioskDevices.pairingInvalid");
    expect((await pairKioskDevice({ ctx: ctx(), input: { secret: secretOf(renewed.pairingUrl) } })).deviceId).toBe(id);
  });

  test("unknown ids answer 404", async () => {
    for (const action of ["revoke", "pairing"]) {
      expect((await admin.api(`/api/settings/kioskDevices/999999999/${action}`, { method: "POST" })).status).toBe(404);
    }
  });
});

describe("pages /settings/kioskDevices", () => {
  test("the list shows name, state, paired and last seen, with the row actions", async () => {
    const waiting = await createDevice("Pila – řezání");
    const paired = await createDevice("Ohýbačka");
    await pairKioskDevice({ ctx: ctx(), input: { secret: paired.secret } });
    const body = await htmlOf(await admin.page("/settings/kioskDevices?size=500"));
    expect(body).toContain("Kiosková zařízení");
    for (const text of ["Pila – řezání", "Ohýbačka", "čeká na spárování", "spárováno", "Spárováno", "Naposledy aktivní"]) expect(body).toContain(text);
    expect(body).toContain(`action="/settings/kioskDevices/${waiting.id}/pairing"`);
    expect(body).toContain(`action="/settings/kioskDevices/${paired.id}/revoke"`);
    expect(body).not.toContain(`action="/settings/kioskDevices/${paired.id}/pairing"`);
    expect(body).not.toContain(waiting.secret);
  });

  test("new: 422 without a name; created → the list shows the pairing link and its QR code once", async () => {
    const invalid = await admin.page("/settings/kioskDevices/new", { form: { name: "" } });
    await pageShowing(invalid, 422, "Formulář není vyplněn správně", "Povinné pole");

    expect((await admin.page("/settings/kioskDevices/new")).status).toBe(200);
    const response = await admin.page("/settings/kioskDevices/new", { form: { name: "Sklad – výdej" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/settings/kioskDevices");
    const once = cookiePair(response, "ohrada_once_pairing")!;
    expect(once).toBeDefined();
    const first = await admin.page("/settings/kioskDevices", { headers: { Cookie: [once, cookiePair(response, "ohrada_flash")].join("; ") } });
    const body = await htmlOf(first);
    expect(body).toContain("Vytvořeno");
    const url = /data-testid="pairing-link"[^>]*>([^<]+)</.exec(body)?.[1];
    expect(url).toMatch(/^http:\/\/localhost\/kiosk\/pair\/[A-Za-z0-9_-]{43}$/);
    expect(body).toContain('src="data:image/svg+xml;base64,');
    expect(body).toContain("Sklad – výdej");
    expect(await htmlOf(await admin.page("/settings/kioskDevices"))).not.toContain('data-testid="pairing-link"');
    const paired = await pairKioskDevice({ ctx: ctx(), input: { secret: secretOf(url!) } });
    expect((await getDevice(paired.deviceId)).name).toBe("Sklad – výdej");
  });

  test("revoke and a new link from the list: 303 back with a toast; a refused one says why", async () => {
    const { id, secret } = await createDevice("Kiosk v hale");
    const { token } = await pairKioskDevice({ ctx: ctx(), input: { secret } });
    const refused = await admin.page(`/settings/kioskDevices/${id}/pairing`, { method: "POST" });
    expect(refused.status).toBe(303);
    expect(decodeURIComponent(decodeURIComponent(cookiePair(refused, "ohrada_flash")!))).toContain("pro nový odkaz mu nejdřív zrušte přístup");
    expect(cookiePair(refused, "ohrada_once_pairing")).toBeUndefined();

    const revoked = await admin.page(`/settings/kioskDevices/${id}/revoke`, { method: "POST" });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("Location")).toBe("/settings/kioskDevices");
    expect(await findKioskDevice({ ctx: ctx(), input: { token } })).toBeNull();
    expect((await getDevice(id)).state).toBe("revoked");

    const renewed = await admin.page(`/settings/kioskDevices/${id}/pairing`, { method: "POST" });
    expect(renewed.status).toBe(303);
    const body = await htmlOf(await admin.page("/settings/kioskDevices", { headers: { Cookie: cookiePair(renewed, "ohrada_once_pairing")! } }));
    const url = /data-testid="pairing-link"[^>]*>([^<]+)</.exec(body)?.[1];
    expect((await pairKioskDevice({ ctx: ctx(), input: { secret: secretOf(url!) } })).deviceId).toBe(id);
  });

  test("edit renames and shows the state; delete answers 303 with DELETED", async () => {
    const { id } = await createDevice("Starý název");
    const form = await htmlOf(await admin.page(`/settings/kioskDevices/${id}`));
    expect(form).toContain('value="Starý název"');
    expect(form).toContain("čeká na spárování");
    const saved = await admin.page(`/settings/kioskDevices/${id}`, { form: { name: "Nový název" } });
    expect(saved.status).toBe(303);
    expect((await getDevice(id)).name).toBe("Nový název");
    const empty = await admin.page(`/settings/kioskDevices/${id}`, { form: { name: "" } });
    expect(empty.status).toBe(422);
    const removed = await admin.page(`/settings/kioskDevices/${id}/delete`, { method: "POST" });
    expect(removed.status).toBe(303);
    expect(decodeURIComponent(cookiePair(removed, "ohrada_flash")!)).toContain("DELETED");
    expect((await admin.api(`/api/settings/kioskDevices/${id}`)).status).toBe(404);
  });

  test("English labels for an English admin", async () => {
    const english = await t.current.login({ admin: true });
    await t.current.ctx.db.update(users).set({ language: "en" }).where(eq(users.id, english.user.id));
    await createDevice("Anglický kiosk");
    const body = await htmlOf(await english.page("/settings/kioskDevices?size=500"));
    expect(body).toContain("Kiosk devices");
    expect(body).toContain("waiting for pairing");
  });
});
