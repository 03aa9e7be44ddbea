/**
 * Broker outage (docs/decisions/069-faults.md): the real server, `bun src/main.ts`, on a broker of
 * the test's own: a Mosquitto on a free port (the app subscribes to an external broker through a
 * shared subscription, which Mosquitto serves), stopped and started again by the test. While the broker is away the app serves pages, lists and saves as usual and
 * /healthz says MQTT is down; when it is back, the app subscribes again and a scale's reading is
 * stored. How the subscriber itself resubscribes is shown in scale-feed.test.ts; this is the whole
 * process around it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectAsync } from "mqtt";
import { type AppProcess, startAppProcess } from "../helpers/app-process";
import { watchOutput } from "../helpers/child-output";
import { waitUntil } from "../helpers/wait";
import { freePort } from "../bench/lib";
import { inServicesRun } from "../helpers/db";

const ADMIN = { email: "admin@broker-outage.test", password: "broker-heslo-123" };
/** A hang guard for each wait, never a timing assertion. */
const GUARD_MS = 60_000;

const mosquitto = Bun.which("mosquitto") ?? Bun.which("mosquitto", { PATH: "/usr/sbin:/usr/local/sbin" });
let broker: ReturnType<typeof Bun.spawn> | null = null;
let brokerPort = 0;
let app: AppProcess | undefined;
let base = "";
let token = "";
const dataDir = mkdtempSync(join(tmpdir(), "ohrada-broker-outage-"));

/** Mosquitto on `brokerPort`, once it takes connections. */
async function startBroker() {
  const proc = Bun.spawn([mosquitto!, "-c", join(dataDir, "mosquitto.conf")], { stdout: "ignore", stderr: "pipe" });
  const log = watchOutput(proc.stderr as ReadableStream<Uint8Array>);
  await log.waitFor(/running/);
  return proc;
}

async function stopBroker() {
  broker?.kill();
  await broker?.exited;
  broker = null;
}

beforeAll(async () => {
  if (!mosquitto || inServicesRun) return;
  brokerPort = await freePort();
  // Logged to stderr so the test sees "running"; nothing kept between its two runs.
  writeFileSync(join(dataDir, "mosquitto.conf"), `listener ${brokerPort} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest stderr\nlog_type information\n`);
  broker = await startBroker();
  app = await startAppProcess({ admin: ADMIN, env: { DATA_DIR: dataDir, MQTT_URL: `mqtt://127.0.0.1:${brokerPort}` } });
  base = app.base;
  token = app.token;
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await stopBroker();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (path: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(`${base}/api${path}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${token}`, ...(init.json === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    signal: AbortSignal.timeout(GUARD_MS),
  });

const health = async () => (await (await fetch(`${base}/healthz`)).json()) as { status: string; data: { db: string; mqtt: string } };

async function publish(extId: number, grams: string) {
  const publisher = await connectAsync(`mqtt://127.0.0.1:${brokerPort}`, { reconnectPeriod: 0 });
  await publisher.publishAsync(`scales/${extId}/weight`, grams, { qos: 1 });
  await publisher.endAsync();
}

test.skipIf(!mosquitto || inServicesRun)(
  "with the broker away the app serves as usual and /healthz says MQTT is down; once it is back a reading is stored again",
  async () => {
    const created = await api("/warehouseRackScale", { method: "POST", json: { name: "Regál výpadek", extId: 4711 } });
    expect(created.status).toBe(201);
    const scaleId = ((await created.json()) as { data: number }).data;
    const lastWeight = async () => ((await (await api(`/warehouseRackScale/${scaleId}`)).json()) as { data: { lastWeight: number | null } }).data.lastWeight;

    await waitUntil(health, (h) => h.data.mqtt === "up", "MQTT up");
    await publish(4711, "100");
    expect(await waitUntil(lastWeight, (grams) => grams === 100, "the first reading")).toBe(100);

    await stopBroker();
    const down = await waitUntil(health, (h) => h.data.mqtt === "down", "MQTT down");
    expect(down).toEqual({ status: "success", data: expect.objectContaining({ db: "up", mqtt: "down" }) });

    // Pages, lists and saves need no broker.
    const page = await fetch(`${base}/index`, { headers: { Cookie: `ohrada_session=${token}` }, redirect: "manual", signal: AbortSignal.timeout(GUARD_MS) });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    expect((await api("/warehouseRackScale")).status).toBe(200);
    expect((await api("/warehouseRackScale", { method: "POST", json: { name: "Regál během výpadku", extId: 4712 } })).status).toBe(201);
    expect(app!.child.exitCode).toBeNull();

    broker = await startBroker();
    await waitUntil(health, (h) => h.data.mqtt === "up", "MQTT up again");
    await publish(4711, "200");
    expect(await waitUntil(lastWeight, (grams) => grams === 200, "the reading after the outage")).toBe(200);
  },
  180_000,
);
