/**
 * Graceful shutdown (docs/architecture.md#components, docs/decisions/070-lifecycle.md): the app
 * runs as a child process (`bun src/main.ts`), 100 item saves of 100 orders are sent at once, and
 * SIGTERM comes as soon as the first is answered, while the others are being written. The process
 * exits 0; then the database, opened on its own, holds each save either whole (its note, its
 * LINES lines, the tab's version one up) or not at all, and every save answered 2xx is there. How
 * many got through is printed, never asserted: that depends on the machine.
 * A second SIGTERM right after the first cuts the saves in flight off: the same holds, which is
 * what shows each save is one transaction. (On PostgreSQL the cut lands in the middle of the
 * saves; on PGlite they run back to back on the app's one thread and are mostly done by the time
 * the signal is handled.)
 * PGlite in a fresh DATA_DIR by default; a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { validFenceOrder } from "@db/seed/factories/fence-order";
import { type Database, openPglite, selectRows } from "@/lib/db";
import { VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/schemas";
import { startAppProcess } from "../helpers/app-process";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../helpers/db";

const SAVES = 100;
/** Saves sent after the app logged the signal, on a new connection each: refused, never applied. */
const LATE = 5;
/** Lines per save: enough that writing the 100 saves takes a while, so the signals find them in flight. */
const LINES = 60;
const PASSWORD = "shutdown-test-heslo-42";
/** A hang guard for the whole test, never a timing assertion. */
const GUARD_MS = 240_000;

/** What each run made, removed after the file (also when a test fails). */
const made: { dir: string; postgres: TestDatabase | null; child: ReturnType<typeof Bun.spawn> | null }[] = [];

afterAll(async () => {
  for (const run of made) {
    if (run.child && run.child.exitCode === null) {
      run.child.kill("SIGKILL");
      await run.child.exited;
    }
    await run.postgres?.destroy();
    rmSync(run.dir, { recursive: true, force: true });
  }
});

/** What save `n` writes: a note and LINES lines of its own. */
const noteOf = (n: number) => `shutdown save ${n}`;
const lineOf = (n: number, line: number) => ({ invoiceName: `save ${n} line ${line}`, amount: n + 1, unitPrice: 100 * (line + 1) });

type Outcome = { status: number; itemsVersion?: number } | { error: string };

/**
 * One HTTP/1.1 request on a connection of its own (`Connection: close`), written whole at once:
 * `sent` once it is on the wire, `answer` with the status (and the tab's version answered), or the
 * error when the connection is refused or closed without an answer.
 */
function rawRequest(port: number, method: string, path: string, token: string, body: string): { sent: Promise<void>; answer: Promise<Outcome> } {
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<Outcome>((resolve) => {
    let text = "";
    const finish = (outcome: Outcome) => {
      markSent();
      resolve(outcome);
    };
    const bytes = Buffer.from(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    let written = 0;
    const write = (socket: { write(data: Uint8Array): number }) => {
      written += Math.max(0, socket.write(bytes.subarray(written)));
      if (written === bytes.length) markSent();
    };
    Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        open: write,
        drain: write,
        data(_socket, chunk) {
          text += chunk.toString("utf8");
        },
        close() {
          const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
          if (!status) return finish({ error: text ? `a broken answer: ${text.slice(0, 60)}` : "closed without an answer" });
          const version = /"itemsVersion":(\d+)/.exec(text.slice(text.indexOf("\r\n\r\n")));
          finish({ status: Number(status[1]), itemsVersion: version ? Number(version[1]) : undefined });
        },
        error(_socket, error) {
          finish({ error: String(error) });
        },
        connectError(_socket, error) {
          finish({ error: String(error) });
        },
      },
    }).catch((error: unknown) => finish({ error: String(error) }));
  });
  return { sent, answer };
}

/** Starts the app, sends the saves, signals it (twice with `cutOff`) and checks what the database holds after the exit. */
async function shutdownDuringSaves({ cutOff }: { cutOff: boolean }): Promise<void> {
    const run: (typeof made)[number] = { dir: mkdtempSync(join(tmpdir(), "ohrada-shutdown-")), postgres: null, child: null };
    made.push(run);
    const dir = run.dir;
    let databaseUrl = "";
    if (usingPostgres) {
      run.postgres = await createTestDatabase();
      const [{ name }] = (await selectRows<{ name: string }>(run.postgres.db, sql`select current_database() as name`)) as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const app = await startAppProcess({
      env: { DATA_DIR: dir, DATABASE_URL: databaseUrl },
      admin: { email: "admin@ohrada.local", password: PASSWORD },
      spawned: (child) => (run.child = child),
    });
    const { child, output, errors, base, port, token } = app;
    const api = (path: string, method = "GET", body?: unknown) =>
      fetch(`${base}/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    // One order per save, so no two saves race for one tab's version.
    const ids: number[] = [];
    for (let n = 0; n < SAVES + LATE; n++) {
      const created = await api("/orders/fenceOrder", "POST", { ...validFenceOrder, lastName: `Vypínač ${n}` });
      expect(created.status).toBe(201);
      ids.push(((await created.json()) as { data: number }).data);
    }
    // The tabs are read all at once: the client opens its connections now, and the saves below
    // mostly go out on connections the server has already taken.
    const orders = await Promise.all(
      ids.map(async (id) => {
        const tab = (await (await api(`/orders/fenceOrder/${id}/items`)).json()) as { data: { itemsVersion: number } };
        return { id, itemsVersion: tab.data.itemsVersion };
      }),
    );

    const saveBody = (n: number) =>
      JSON.stringify({
        itemsVersion: orders[n]!.itemsVersion,
        note: noteOf(n),
        otherItems: Array.from({ length: LINES }, (_, line) => ({ tmpId: `l${line}`, product: VIRTUAL_CUSTOM_PRODUCT_ID, ...lineOf(n, line) })),
      });
    const save = (n: number) => rawRequest(Number(port), "PUT", `/api/orders/fenceOrder/${orders[n]!.id}/items`, token, saveBody(n));
    const saves = Array.from({ length: SAVES }, (_, n) => save(n));
    // Every save is on the wire, each on a connection of its own; the first answer is the signal's
    // moment: the server has taken the saves and is writing the others.
    await Promise.all(saves.map((request) => request.sent));
    await Promise.race(saves.map((request) => request.answer));
    child.kill("SIGTERM");
    // Logged once the server has stopped listening: a save on a new connection now finds no one.
    await output.waitFor(/SIGTERM: shutting down/);
    if (cutOff) {
      child.kill("SIGTERM");
      await output.waitFor(/SIGTERM again: closing the requests in flight now/);
    }
    const late = await Promise.all(Array.from({ length: LATE }, (_, k) => save(SAVES + k).answer));
    expect(await child.exited).toBe(0);
    const outcomes = [...(await Promise.all(saves.map((request) => request.answer))), ...late];
    expect(errors.text).not.toContain("start-up failed");

    const database: Database = run.postgres ?? (await openPglite({ dataDir: join(dir, "pglite") }));
    try {
      const ids = orders.map((order) => order.id);
      const stored = await selectRows<{ id: number; note: string | null; items_version: number; updated: boolean }>(
        database.db,
        sql`select id, note, items_version, items_updated_at is not null as updated from fence_orders where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      );
      const lines = await selectRows<{ order_id: number; invoice_name: string | null; amount: string; unit_price: string; sort_order: number }>(
        database.db,
        sql`select order_id, invoice_name, amount, unit_price, sort_order from fence_order_other_items
            where order_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by order_id, sort_order`,
      );
      const states = orders.map(({ id, itemsVersion }, n) => {
        const order = stored.find((row) => row.id === id);
        const own = lines.filter((line) => line.order_id === id).map((line) => ({ invoiceName: line.invoice_name, amount: Number(line.amount), unitPrice: Number(line.unit_price) }));
        const whole =
          order?.note === noteOf(n) &&
          order.items_version === itemsVersion + 1 &&
          order.updated &&
          JSON.stringify(own) === JSON.stringify(Array.from({ length: LINES }, (_, line) => lineOf(n, line)));
        const absent = order?.note === null && order.items_version === itemsVersion && own.length === 0;
        return whole ? "whole" : absent ? "absent" : `half: ${JSON.stringify({ order, own })}`;
      });
      // Sent after the signal: refused, and nothing of them written.
      expect(late.filter((outcome) => !("error" in outcome))).toEqual([]);
      expect(states.slice(SAVES)).toEqual(Array.from({ length: LATE }, () => "absent"));
      const answered = outcomes.map((outcome, n) => ("status" in outcome && outcome.status >= 200 && outcome.status < 300 ? n : -1)).filter((n) => n >= 0);
      console.log(
        `${cutOff ? "cut-off" : "graceful"} shutdown (${usingPostgres ? "PostgreSQL" : "PGlite"}): ${answered.length} of ${SAVES} saves in flight answered 2xx, ${LATE} sent after the signal, ` +
          `${states.filter((state) => state === "whole").length} stored whole, ${states.filter((state) => state === "absent").length} absent, ` +
          `${outcomes.filter((outcome) => "error" in outcome).length} cut off or refused`,
      );
      const failures = new Map<string, number>();
      for (const outcome of outcomes) if ("error" in outcome) failures.set(outcome.error.slice(0, 60), (failures.get(outcome.error.slice(0, 60)) ?? 0) + 1);
      if (failures.size) console.log(`  no answer: ${JSON.stringify(Object.fromEntries(failures))}`);
      expect(states.filter((state) => state !== "whole" && state !== "absent")).toEqual([]);
      expect(answered.filter((n) => states[n] !== "whole")).toEqual([]);
      // An answered save told the client the version it wrote.
      for (const n of answered) expect((outcomes[n] as { itemsVersion?: number }).itemsVersion).toBe(orders[n]!.itemsVersion + 1);
      // No answer but a 2xx or a refused/cut connection: a save is never answered with a failure.
      expect(outcomes.filter((outcome) => "status" in outcome && !(outcome.status >= 200 && outcome.status < 300))).toEqual([]);
    } finally {
      if (!run.postgres) await database.close();
    }
}

test(
  "SIGTERM during 100 concurrent item saves: the process exits 0 and every save is whole or absent, every answered one whole",
  () => shutdownDuringSaves({ cutOff: false }),
  GUARD_MS,
);

test(
  "a second SIGTERM cuts the saves in flight off: the process still exits 0, every save whole or absent, every answered one whole",
  () => shutdownDuringSaves({ cutOff: true }),
  GUARD_MS,
);
