/**
 * Abuse over HTTP (docs/architecture.md#security): inputs that cost the server far more than they
 * cost the sender, or that change how everyone works. Each is a clear translated 4xx and writes nothing.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { createFenceOrder } from "../helpers/factories";
import { json, type Session, useTestApp } from "../helpers/app";
import { tableSnapshot } from "../helpers/table-snapshot";
import "./support";

const t = useTestApp();
let admin: Session;

beforeAll(async () => {
  admin = await t.current.login({ admin: true });
});

const snapshot = () => tableSnapshot(t.current.ctx);

/** The process's resident memory in MB; a garbage collection first when `collect`. */
const rssMb = (collect: boolean) => {
  if (collect) Bun.gc(true);
  return process.memoryUsage().rss / 1024 / 1024;
};

describe("a list longer than its field allows is refused before its elements are read", () => {
  test("PUT items with 60,000 empty rows (234 KB): 422 `items`, nothing written, the server grows by at most 50 MB", async () => {
    const order = await createFenceOrder({ ...t.current.ctx, userId: admin.user.id });
    const { itemsVersion } = (await json(await admin.api(`/api/orders/fenceOrder/${order}/items`))).data as { itemsVersion: number };
    // `{}, ` sixty thousand times, as the probe sent them: 240 KB, under the body cap.
    const body = `{"itemsVersion":${itemsVersion},"items":[${Array.from({ length: 60_000 }, () => "{}").join(", ")}]}`;
    expect(body.length).toBeGreaterThan(234_000);
    const put = (text: string) =>
      t.current.request(`/api/orders/fenceOrder/${order}/items`, { method: "PUT", headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" }, body: text });
    const before = await snapshot();
    // One refused list of 501 first: the route, its session and the database have warmed up before the measure.
    expect((await put(JSON.stringify({ itemsVersion, items: Array.from({ length: 501 }, () => ({})) }))).status).toBe(422);
    const rssBefore = rssMb(true);
    const response = await put(body);
    // Measured before any collection: what the request made, garbage included, is still held.
    const growth = rssMb(false) - rssBefore;
    console.info(`RSS growth for 60,000 empty items: ${growth.toFixed(1)} MB`);
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ items: "Nejvýše 500 položek" });
    expect(await snapshot()).toBe(before);
    expect(growth).toBeLessThan(50);
  });
});

describe("settings that change how everyone works are admin-only (docs/domain.md#roles)", () => {
  test("a non-admin gets 403 on each setting's page and write and nothing is saved; the reads stay open", async () => {
    const office = await t.current.login();
    const before = await snapshot();
    const writes: [string, Response][] = [
      ["PUT /api/settings/editorCategories", await office.api("/api/settings/editorCategories", { method: "PUT", json: { fence: [], other: [], assembly: [] } })],
      ["POST /settings/editorCategories", await office.page("/settings/editorCategories", { form: { fence: "" } })],
      ["PUT /api/orders/invoiceSettings", await office.api("/api/orders/invoiceSettings", { method: "PUT", json: { bankAccount: "1/0100" } })],
      ["POST /orders/invoiceSettings", await office.page("/orders/invoiceSettings", { form: { bankAccount: "1/0100" } })],
      ["POST /timesheets/settings", await office.page("/timesheets/settings", { form: { shiftEnd: "07:00" } })],
      ["POST /warehouse/rackScaleSettings", await office.page("/warehouse/rackScaleSettings", { form: { noiseBandGrams: "1", discrepancyMinutes: "1" } })],
      ["GET /timesheets/settings", await office.page("/timesheets/settings")],
    ];
    expect(writes.map(([key, response]) => [key, response.status])).toEqual(writes.map(([key]) => [key, 403]));
    expect(await snapshot()).toBe(before);
    for (const read of ["/api/settings/editorCategories", "/api/orders/invoiceSettings", "/api/invoices/invoiceSettings"]) expect([read, (await office.api(read)).status]).toEqual([read, 200]);
  });
});
