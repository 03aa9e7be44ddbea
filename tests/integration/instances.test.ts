/**
 * Two app instances on one PostgreSQL and one broker behind a real proxy
 * (docs/architecture.md#several-instances, docs/deploy.md): two `bun src/main.ts` processes
 * started together on a fresh, empty database, and Debian's Caddy running docs/deploy/Caddyfile in
 * front of them, round robin, on loopback. What one instance does, the other sees: a session, the
 * login limit, an idempotency key, an edit the offer PDF is made from; a periodic job runs once
 * per period across both; the scale feed's shared subscription takes each reading once; with one
 * instance stopped the proxy sends everything to the other.
 *
 * Needs TEST_DATABASE_URL (a throwaway database is made there and dropped after), TEST_MQTT_URL
 * (the instances share that broker) and /usr/bin/caddy (or CADDY_PATH); skips without them, saying
 * which is missing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { idempotencyKeys, loginAttempts, products, warehouseItems, warehouseRackScales, warehouseTransferLogs } from "@db/schema";
import { type Ctx, systemCtx } from "@/lib/context";
import { selectRows } from "@/lib/db";
import { LOGIN_MAX_FAILURES } from "@/modules/auth/schemas";
import { createRackScale, createWarehouse } from "../helpers/factories";
import { createOfferOrder, saveOfferCompany } from "../helpers/fence-offer";
import { freePort, stop } from "../bench/lib";
import { waitUntil } from "../helpers/wait";
import { type AppProcess, startAppProcess } from "../helpers/app-process";
import { watchOutput, type ChildOutput } from "../helpers/child-output";
import { type ThrowawayPostgres, throwawayPostgres } from "../helpers/throwaway-postgres";
import { flattenText, pdfText } from "../helpers/pdf-text";

const ROOT = resolve(import.meta.dir, "../..");
const CADDY = process.env.CADDY_PATH?.trim() || "/usr/bin/caddy";
/** Optional: when Debian's nginx is there, the sample nginx configuration's proxying is tried too. */
const NGINX = process.env.NGINX_PATH?.trim() || "/usr/sbin/nginx";
const DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || "";
const MQTT_URL = process.env.TEST_MQTT_URL?.trim() || "";

const missing = [
  ...(DATABASE_URL ? [] : ["TEST_DATABASE_URL (a PostgreSQL both instances share)"]),
  ...(MQTT_URL ? [] : ["TEST_MQTT_URL (a broker both instances share)"]),
  ...(existsSync(CADDY) ? [] : [`${CADDY} (Debian's caddy: apt-get install caddy)`]),
];
if (missing.length) console.warn(`instances.test.ts skipped: needs ${missing.join(", ")}`);

const ADMIN_EMAIL = "admin@instances.test";
const ADMIN_PASSWORD = "heslo-dvou-instanci";
/** Each run's own topics: the broker is shared with other tests, whose readings these instances must not take. */
const TOPIC_PREFIX = `instances-${process.pid}-${randomBytes(3).toString("hex")}`;
/** How long a wait for something the instances do in the background may take before the test fails (far above normal). */
const PATIENCE_MS = 60_000;

interface Instance {
  name: "A" | "B";
  app: AppProcess;
  base: string;
  /** How the proxy names it in X-Ohrada-Instance. */
  hostport: string;
}

let dir = "";
let database: ThrowawayPostgres | null = null;
const instances: Instance[] = [];
let caddy: ReturnType<typeof Bun.spawn> | null = null;
let caddyOutput: ChildOutput | null = null;
let nginx: ReturnType<typeof Bun.spawn> | null = null;
let proxy = "";
let adminId = 0;

async function startInstance(name: "A" | "B"): Promise<Instance> {
  const app = await startAppProcess({
    env: {
      DATABASE_URL: database!.url,
      MQTT_URL,
      MQTT_TOPIC_PREFIX: TOPIC_PREFIX,
      DATA_DIR: join(dir, name),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      TRUST_PROXY: "1",
      SESSION_TTL: "12",
      DEMO: "0",
    },
  }).catch((error: Error) => {
    throw new Error(`instance ${name} did not start: ${error.message}`);
  });
  return { name, app, base: app.base, hostport: `127.0.0.1:${app.port}` };
}

async function startCaddy(upstreams: Instance[]): Promise<string> {
  const port = await freePort();
  caddy = Bun.spawn([CADDY, "run", "--config", resolve(ROOT, "docs/deploy/Caddyfile"), "--adapter", "caddyfile"], {
    cwd: dir,
    env: {
      ...process.env,
      HOME: dir,
      XDG_CONFIG_HOME: join(dir, "caddy-config"),
      XDG_DATA_HOME: join(dir, "caddy-data"),
      OHRADA_SITE: `http://127.0.0.1:${port}`,
      OHRADA_UPSTREAMS: upstreams.map((instance) => instance.hostport).join(" "),
      OHRADA_PROXY_ADMIN: "off",
      OHRADA_PROXY_BIND: "127.0.0.1",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  void watchOutput(caddy.stdout as ReadableStream<Uint8Array>);
  caddyOutput = watchOutput(caddy.stderr as ReadableStream<Uint8Array>);
  await caddyOutput.waitFor(/serving initial configuration/).catch((error: Error) => {
    throw new Error(`caddy did not start: ${error.message}`);
  });
  return `http://127.0.0.1:${port}`;
}

async function stopChild(child: ReturnType<typeof Bun.spawn> | null): Promise<void> {
  if (child) await stop(child, 15_000);
}

const describeWhenReady = missing.length ? describe.skip : describe;

beforeAll(async () => {
  if (missing.length) return;
  dir = mkdtempSync(join(tmpdir(), "ohrada-instances-"));
  database = await throwawayPostgres("instances", DATABASE_URL);
  // Both at once on the empty database: they take turns at the migrations, the seed and the admin.
  const started = await Promise.allSettled([startInstance("A"), startInstance("B")]);
  // Kept before any failure is thrown, so that afterAll stops the one that did start.
  for (const result of started) if (result.status === "fulfilled") instances.push(result.value);
  for (const result of started) if (result.status === "rejected") throw result.reason;
  const [a, b] = instances as [Instance, Instance];
  const [admin] = await selectRows<{ id: number }>(database.db, sql`select id from users where email = ${ADMIN_EMAIL}`);
  adminId = admin!.id;
  proxy = await startCaddy([a, b]);
}, 120_000);

afterAll(async () => {
  await stopChild(nginx);
  await stopChild(caddy);
  await Promise.all(instances.map((instance) => instance.app.stop()));
  await database?.destroy().catch((error) => console.error(`could not drop ${database?.name}:`, error));
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const A = () => instances[0]!;
const B = () => instances[1]!;
const ctx = (): Ctx => ({ ...systemCtx(database!.db), userId: adminId });

/** A request to `base` (an instance or the proxy) as a browser at that address: the session cookie and its own origin. */
function call(base: string, path: string, init: { method?: string; cookie?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.Cookie = `ohrada_session=${init.cookie}`;
  if (init.method && init.method !== "GET") headers.Origin ??= base;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  return fetch(`${base}${path}`, { method: init.method ?? "GET", headers, body: init.json === undefined ? undefined : JSON.stringify(init.json), redirect: "manual" });
}

const login = (base: string, password: string, options: { email?: string; forwardedFor?: string } = {}) =>
  call(base, "/api/login", { method: "POST", json: { email: options.email ?? ADMIN_EMAIL, password }, headers: options.forwardedFor ? { "X-Forwarded-For": options.forwardedFor } : {} });

function sessionCookie(response: Response): string {
  const match = /ohrada_session=([^;]+)/.exec(response.headers.get("Set-Cookie") ?? "");
  if (!match) throw new Error(`no session cookie (status ${response.status})`);
  return match[1]!;
}

const instanceOf = (response: Response) => response.headers.get("X-Ohrada-Instance");

/** Polls `check` until it answers a value (not undefined); fails after PATIENCE_MS with `what`. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await Bun.sleep(200);
  }
}

let cookie = "";
const adminSession = async () => (cookie ||= sessionCookie(await login(proxy, ADMIN_PASSWORD)));

describeWhenReady("two instances started together on an empty database", () => {
  test("both serve; one of them created the admin, the reference data is there once", async () => {
    for (const instance of instances) expect((await call(instance.base, "/healthz")).status).toBe(200);
    expect(instances.filter((instance) => instance.app.output.text.includes("Admin login:")).length).toBe(1);
    const [vat] = await selectRows<{ n: number }>(database!.db, sql`select count(*)::int as n from vat_rates`);
    expect(vat!.n).toBe(3);
    const [admins] = await selectRows<{ n: number }>(database!.db, sql`select count(*)::int as n from users`);
    expect(admins!.n).toBe(1);
  });
});

describeWhenReady("sessions", () => {
  test("a login through the proxy works on A and on B directly and through the proxy; a logout on B ends it on A (told by NOTIFY, at the latest when A's cached copy expires)", async () => {
    const response = await login(proxy, ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    const token = sessionCookie(response);
    for (const base of [A().base, B().base, proxy, proxy, proxy, proxy]) {
      const me = await call(base, "/api/me", { cookie: token });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { data: { email: string } }).data.email).toBe(ADMIN_EMAIL);
    }
    // A page too: the session cookie opens the app on either instance.
    for (const base of [A().base, B().base]) expect((await call(base, "/index", { cookie: token })).status).toBe(200);

    expect((await call(B().base, "/api/logout", { method: "POST", cookie: token })).status).toBe(200);
    expect((await call(B().base, "/api/me", { cookie: token })).status).toBe(401);
    // A holds the session in its read cache (src/lib/read-cache.ts): B's NOTIFY drops it within
    // milliseconds, and its lifetime (READ_CACHE_TTL_MS) bounds it if the notification were lost.
    await waitUntil(() => call(A().base, "/api/me", { cookie: token }).then((r) => r.status), (status) => status === 401, "A to see the logout");
    expect((await call(proxy, "/api/me", { cookie: token })).status).toBe(401);
  });

  test("the proxy spreads requests over both instances", async () => {
    const token = await adminSession();
    const seen = new Set<string | null>();
    for (let i = 0; i < 4; i++) seen.add(instanceOf(await call(proxy, "/api/me", { cookie: token })));
    expect([...seen].sort()).toEqual([A().hostport, B().hostport].sort());
  });
});

describeWhenReady("the login limit", () => {
  test(`wrong passwords split across A and B hit the limit at ${LOGIN_MAX_FAILURES}, as on one instance; then even the right one is refused there`, async () => {
    const ip = "203.0.113.17";
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const refused = await login(i % 2 === 0 ? A().base : B().base, `wrong-${i}`, { forwardedFor: ip });
      expect(refused.status).toBe(401);
    }
    for (const instance of [A(), B()]) {
      const limited = await login(instance.base, ADMIN_PASSWORD, { forwardedFor: ip });
      expect(limited.status).toBe(429);
      expect(((await limited.json()) as { code: string }).code).toBe("TOO_MANY_ATTEMPTS");
    }
    // The limit is per address: the admin still logs in from another one.
    expect((await login(A().base, ADMIN_PASSWORD, { forwardedFor: "203.0.113.18" })).status).toBe(200);
  });

  test("through the proxy the client's own X-Forwarded-For is replaced, so changing it does not escape the limit", async () => {
    const email = `guess-${randomBytes(3).toString("hex")}@instances.test`;
    const answeredBy = new Set<string | null>();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const refused = await login(proxy, "wrong", { email, forwardedFor: `198.51.100.${i + 1}` });
      expect(refused.status).toBe(401);
      answeredBy.add(instanceOf(refused));
    }
    expect(answeredBy.size).toBe(2);
    const limited = await login(proxy, "wrong", { email, forwardedFor: "198.51.100.200" });
    expect(limited.status).toBe(429);
    const addresses = await database!.db.selectDistinct({ ip: loginAttempts.ip }).from(loginAttempts).where(eq(loginAttempts.email, email));
    expect(addresses).toEqual([{ ip: "127.0.0.1" }]);
  });
});

describeWhenReady("idempotency keys", () => {
  test("50 retries of one production at once, split across A, B and the proxy, apply once and all answer the same", async () => {
    const token = await adminSession();
    const warehouse = await createWarehouse(ctx());
    const newProductName = `Brána z výroby ${randomBytes(3).toString("hex")}`;
    const key = randomUUID();
    const bases = [A().base, B().base, proxy];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(bases[i % 3]!, "/api/transformation/transform", { method: "POST", cookie: token, headers: { "Idempotency-Key": key }, json: { targetWarehouse: warehouse, sourceBaskets: [], newProductName } }),
      ),
    );
    const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as { data: unknown } })));
    expect(bodies.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(new Set(bodies.map((answer) => JSON.stringify(answer.body.data))).size).toBe(1);
    expect(new Set(responses.filter((_, i) => i % 3 === 2).map(instanceOf)).size).toBe(2);

    const made = await database!.db.select({ id: products.id }).from(products).where(eq(products.name, newProductName));
    expect(made.length).toBe(1);
    const stock = await database!.db.select({ quantity: warehouseItems.quantity }).from(warehouseItems).where(and(eq(warehouseItems.productId, made[0]!.id), eq(warehouseItems.warehouseId, warehouse)));
    expect(stock).toEqual([{ quantity: "1.000" }]);
    const logs = await database!.db.select({ id: warehouseTransferLogs.id }).from(warehouseTransferLogs).where(eq(warehouseTransferLogs.productId, made[0]!.id));
    expect(logs.length).toBe(1);
    const keys = await database!.db.select({ id: idempotencyKeys.id }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(keys.length).toBe(1);
  });
});

describeWhenReady("the offer PDF's caches", () => {
  test("an offer fetched on A, the company and then the order edited on B: A's next offer shows each change", async () => {
    const token = await adminSession();
    await saveOfferCompany(database!.db, { name: "Ploty Ťuhýk s.r.o." });
    const order = await createOfferOrder(ctx(), { items: 1 });
    const offerOn = async (base: string) => {
      const response = await call(base, `/pdf/fenceOffer/${order.id}`, { cookie: token });
      expect(response.status).toBe(200);
      return flattenText(pdfText(new Uint8Array(await response.arrayBuffer())));
    };
    const first = await offerOn(A().base);
    expect(first).toContain("Ploty Ťuhýk s.r.o.");
    // Asked again on A: now from A's own held copy.
    expect(await offerOn(A().base)).toBe(first);

    const identity = await call(B().base, "/api/settings/company", { cookie: token });
    const current = ((await identity.json()) as { data: Record<string, unknown> }).data;
    const saved = await call(B().base, "/api/settings/company", { method: "PUT", cookie: token, json: { ...current, name: "Ploty Sýkora a syn s.r.o." } });
    expect(saved.status).toBe(200);
    const renamed = await offerOn(A().base);
    expect(renamed).toContain("Ploty Sýkora a syn s.r.o.");
    expect(renamed).not.toContain("Ploty Ťuhýk");

    const items = await call(B().base, `/api/orders/fenceOrder/${order.id}/items`, { cookie: token });
    const { itemsVersion } = ((await items.json()) as { data: { itemsVersion: string } }).data;
    const edited = await call(B().base, `/api/orders/fenceOrder/${order.id}/items`, { method: "PUT", cookie: token, json: { itemsVersion, discountDescription: "Sleva pro stálé zákazníky" } });
    expect(edited.status).toBe(200);
    expect(await offerOn(A().base)).toContain("Sleva pro stálé zákazníky");
    for (let i = 0; i < 2; i++) {
      const throughProxy = await offerOn(proxy);
      expect(throughProxy).toContain("Ploty Sýkora a syn s.r.o.");
      expect(throughProxy).toContain("Sleva pro stálé zákazníky");
    }
  });
});

describeWhenReady("periodic jobs", () => {
  test("made due three times at once, every periodic job runs once per period across both instances", async () => {
    const db = database!.db;
    // Each claim (a row going from queued to running) is written down with the time it was due for.
    await db.execute(sql`create table test_job_claims (name text not null, due timestamptz not null, runner text not null)`);
    await db.execute(sql.raw(`create function test_job_claim() returns trigger language plpgsql as $$
      begin
        if old.status = 'queued' and new.status = 'running' then
          insert into test_job_claims values (new.name, old.run_at, new.locked_by);
        end if;
        return new;
      end $$`));
    await db.execute(sql`create trigger test_job_claim after update on jobs for each row execute function test_job_claim()`);

    const forced = new Map<string, number>();
    for (let period = 0; period < 3; period++) {
      const due = await selectRows<{ name: string; run_at: string }>(
        db,
        sql`update jobs set run_at = now() - interval '1 second' where periodic and status = 'queued' returning name, run_at::text as run_at`,
      );
      for (const { name } of due) forced.set(name, (forced.get(name) ?? 0) + 1);
      // The period is over when each of them ran and waits for its next time.
      await eventually(`the due jobs of period ${period + 1} run`, async () => {
        const [claims] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from test_job_claims c where (c.name, c.due) in (select name, run_at::timestamptz from json_to_recordset(${JSON.stringify(due)}::json) as d(name text, run_at text))`);
        const [waiting] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from jobs where name in (select name from json_to_recordset(${JSON.stringify(due)}::json) as d(name text, run_at text)) and status = 'queued' and run_at > now()`);
        return claims!.n >= due.length && waiting!.n === due.length ? true : undefined;
      });
    }
    expect(forced.size).toBeGreaterThanOrEqual(5);

    const claims = await selectRows<{ name: string; due: string; runner: string }>(db, sql`select name, due::text as due, runner from test_job_claims`);
    const perPeriod = new Map<string, number>();
    for (const claim of claims) perPeriod.set(`${claim.name} @ ${claim.due}`, (perPeriod.get(`${claim.name} @ ${claim.due}`) ?? 0) + 1);
    const twice = [...perPeriod].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    for (const [name, times] of forced) expect(claims.filter((claim) => claim.name === name).length).toBeGreaterThanOrEqual(times);
    const runners = new Map<string, number>();
    for (const claim of claims) runners.set(claim.runner.split("-")[0]!, (runners.get(claim.runner.split("-")[0]!) ?? 0) + 1);
    console.log(`periodic runs: ${claims.length} in ${perPeriod.size} periods, by process ${JSON.stringify(Object.fromEntries(runners))}`);
  }, 120_000);
});

describeWhenReady("the scale feed", () => {
  test("readings sent to the shared broker are taken once in all, and the scale keeps the newest weight", async () => {
    const extId = 700_000 + (process.pid % 100_000);
    const scale = await createRackScale(ctx(), { extId });
    const { connectAsync } = await import("mqtt");
    const publisher = await connectAsync(MQTT_URL, { clientId: `instances-test-${process.pid}` });
    const READINGS = 40;
    const start = Date.now() - 60_000;
    try {
      for (let i = 1; i <= READINGS; i++) {
        await publisher.publishAsync(`${TOPIC_PREFIX}/${extId}/weight`, JSON.stringify({ weight: 1000 + i * 10, ts: new Date(start + i * 1000).toISOString() }), { qos: 1 });
      }
    } finally {
      await publisher.endAsync();
    }
    const shares = await eventually("both instances' figures add up to every reading", async () => {
      const figures = await Promise.all(
        instances.map(async (instance) => ((await (await call(instance.base, "/healthz")).json()) as { data: { scaleFeed: { readingsPerMinute: number } } }).data.scaleFeed.readingsPerMinute),
      );
      return figures[0]! + figures[1]! >= READINGS ? figures : undefined;
    });
    expect(shares[0]! + shares[1]!).toBe(READINGS);
    console.log(`scale readings taken: A ${shares[0]}, B ${shares[1]}`);
    const stored = await eventually("the newest weight is stored", async () => {
      const [row] = await database!.db.select({ weight: warehouseRackScales.lastWeight }).from(warehouseRackScales).where(eq(warehouseRackScales.id, scale));
      return row?.weight !== null && Number(row?.weight) === 1000 + READINGS * 10 ? row!.weight : undefined;
    });
    expect(Number(stored)).toBe(1000 + READINGS * 10);
  }, 90_000);
});

/**
 * nginx with docs/deploy/nginx.conf's `location /` as it is, in a plain-HTTP server on loopback
 * (the sample's TLS server needs a certificate), over both instances.
 */
async function startNginx(upstreams: Instance[]): Promise<string> {
  const sample = await Bun.file(resolve(ROOT, "docs/deploy/nginx.conf")).text();
  const location = /\n\tlocation \/ \{[\s\S]*?\n\t\}/.exec(sample)?.[0];
  if (!location) throw new Error("docs/deploy/nginx.conf has no `location /` block");
  const port = await freePort();
  const home = join(dir, "nginx");
  mkdirSync(home, { recursive: true });
  const config = join(home, "nginx.conf");
  await Bun.write(
    config,
    `daemon off;
pid ${home}/nginx.pid;
error_log ${home}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${home}/body; proxy_temp_path ${home}/proxy; fastcgi_temp_path ${home}/fastcgi; uwsgi_temp_path ${home}/uwsgi; scgi_temp_path ${home}/scgi;
  upstream ohrada { ${upstreams.map((instance) => `server ${instance.hostport};`).join(" ")} keepalive 8; }
  server {
    listen 127.0.0.1:${port};
    ${location}
  }
}
`,
  );
  nginx = Bun.spawn([NGINX, "-c", config, "-e", join(home, "error.log")], { stdout: "ignore", stderr: "pipe" });
  const base = `http://127.0.0.1:${port}`;
  await eventually("nginx answers", async () => ((await fetch(`${base}/healthz`).catch(() => null))?.status === 200 ? true : undefined));
  return base;
}

describeWhenReady("the sample nginx configuration", () => {
  test.skipIf(!existsSync(NGINX))("a session made through it works on both instances; a client's own X-Forwarded-For is replaced; a write from the page's origin passes", async () => {
    const front = await startNginx(instances);
    const email = `nginx-${randomBytes(3).toString("hex")}@instances.test`;
    expect((await login(front, "wrong", { email, forwardedFor: "198.51.100.250" })).status).toBe(401);
    expect(await database!.db.selectDistinct({ ip: loginAttempts.ip }).from(loginAttempts).where(eq(loginAttempts.email, email))).toEqual([{ ip: "127.0.0.1" }]);

    const response = await login(front, ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    const token = sessionCookie(response);
    for (const base of [front, front, A().base, B().base]) expect((await call(base, "/api/me", { cookie: token })).status).toBe(200);
    // A cookie-authenticated write checks its origin against X-Forwarded-Proto and X-Forwarded-Host.
    expect((await call(front, "/api/logout", { method: "POST", cookie: token, headers: { Origin: "http://elsewhere.example" } })).status).toBe(403);
    expect((await call(front, "/api/logout", { method: "POST", cookie: token })).status).toBe(200);
    expect((await call(A().base, "/api/me", { cookie: token })).status).toBe(401);
  }, 90_000);
});

describeWhenReady("an instance stopped", () => {
  test("the proxy sends every request to the other one, and the session holds there", async () => {
    const token = await adminSession();
    await A().app.stop();
    for (let i = 0; i < 4; i++) {
      const me = await call(proxy, "/api/me", { cookie: token });
      expect(me.status).toBe(200);
      expect(instanceOf(me)).toBe(B().hostport);
    }
  });
});
