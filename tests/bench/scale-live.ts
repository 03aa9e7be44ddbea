/**
 * The live scale pages' figure for the office side (docs/decisions/058-scale-live-updates.md), a bench child
 * (run.ts starts it per database mode): the warehouse page live for 200 scales reporting at 1 Hz.
 * The app serves over HTTP from this process; 200 of 1,000 scales get a new weight and reading
 * time once a second, as the feed stores them (one statement here; the MQTT handler's own cost is
 * the ingestion figure's); 10 warehouse pages listen from a separate process (their reading is
 * not the server's CPU). The server's CPU is process.cpuUsage() over 20 s with the pages, beside
 * the same 20 s of writes with no page (the feed alone). Nothing here asserts a time.
 *
 *   bun tests/bench/scale-live.ts [--seconds 20] [--clients 10] [--scales 200]
 *   bun tests/bench/scale-live.ts --listen <url> <cookie> <clients> <seconds>   (the pages' process)
 */
import { sql } from "drizzle-orm";
import { warehouseRackScales } from "@db/schema";
import { createProduct, createRackScale, createWarehouse, createWarehouseItem } from "../helpers/factories";
import { numberArgument, runBenchChild } from "./child";
import { BUN } from "./lib";

export const CPU_TARGET_CORES = 0.5;

export interface ScaleLiveResult {
  kind: "pglite" | "postgres";
  seconds: number;
  clients: number;
  reportingScales: number;
  scales: number;
  /** Cores used by the server process: with the pages listening, and with the writes alone. */
  cpuWithPages: number;
  cpuFeedOnly: number;
  /** Events each page received (min and max over the pages) and items patched in all. */
  eventsPerPage: { min: number; max: number };
  itemsSent: number;
  /** Rounds of writes in each 20 s. */
  writes: number;
}

const log = (text: string) => process.stderr.write(`  [scale-live] ${text}\n`);

/** The pages' process: opens each warehouse page, then its stream, counts events for `seconds`. */
async function listen(url: string, cookie: string, clients: number, seconds: number, warehouse: string) {
  const counts = Array.from({ length: clients }, () => ({ events: 0, items: 0 }));
  const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
  await Promise.all(
    counts.map(async (count) => {
      const page = await fetch(`${url}/warehouse/${warehouse}`, { headers: { Cookie: cookie } });
      const text = await page.text();
      const stream = /data-stream="([^"]+)"/.exec(text)![1]!.replaceAll("&amp;", "&");
      const response = await fetch(`${url}${stream}`, { headers: { Cookie: cookie } });
      const reader = response.body!.getReader();
      readers.push(reader);
      const decoder = new TextDecoder();
      void (async () => {
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith("event: scales")) {
              count.events++;
              count.items += (block.match(/"quantity":/g) ?? []).length;
            }
          }
        }
      })();
    }),
  );
  process.stdout.write("LISTENING\n");
  await Bun.sleep(seconds * 1000);
  for (const reader of readers) await reader.cancel().catch(() => {});
  process.stdout.write(`LISTEN_RESULT ${JSON.stringify(counts)}\n`);
  process.exit(0);
}

if (process.argv[2] === "--listen") {
  const [, , , url, cookie, clients, seconds, warehouse] = process.argv;
  await listen(url!, cookie!, Number(clients), Number(seconds), warehouse!);
}

await runBenchChild({ warmup: 0, runs: 1 }, async ({ t }): Promise<ScaleLiveResult> => {
  const seconds = numberArgument("--seconds", 20);
  const clients = numberArgument("--clients", 10);
  const reporting = numberArgument("--scales", 200);
  const total = Math.max(reporting, 1000);
  const ctx = t.ctx;
  log(`setting up ${total} scales, ${reporting} items on the reporting ones`);
  const warehouse = await createWarehouse(ctx, { name: "Bench live" });
  const scaleIds: number[] = [];
  for (let i = 0; i < total; i++) scaleIds.push(await createRackScale(ctx, { name: `Bench ${i}`, extId: 500_000 + i }));
  for (let i = 0; i < reporting; i++) {
    const product = await createProduct(ctx.db, { name: `Bench live ${String(i).padStart(3, "0")}`, weight: "1000", scaleToleranceAmount: 1 });
    await createWarehouseItem(ctx, { warehouseId: warehouse, productId: product, quantity: 10, rackScales: [scaleIds[i]!] });
  }
  const reportingIds = scaleIds.slice(0, reporting);
  let round = 0;
  /** One second of the feed: every reporting scale a new weight (9–11 pieces) and reading time. */
  const write = async () => {
    round++;
    const now = new Date().toISOString();
    const values = sql.join(
      reportingIds.map((id, i) => sql`(${id}::int, ${((9 + ((i + round) % 3)) * 1000 + (round % 7)).toFixed(1)}::numeric)`),
      sql`, `,
    );
    await ctx.db.execute(
      sql`update ${warehouseRackScales} set last_weight = v.w, last_weight_change = ${now}::timestamptz, last_reading_at = ${now}::timestamptz from (values ${values}) as v(id, w) where ${warehouseRackScales.id} = v.id`,
    );
  };

  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request, srv) => t.app.fetch(request, { remoteAddress: srv.requestIP(request)?.address }) });
  const url = `http://127.0.0.1:${server.port}`;
  const session = await t.login();

  /** Writes once a second for `seconds` and answers the server's cores over that time. */
  const measure = async () => {
    const start = process.cpuUsage();
    const started = performance.now();
    let writes = 0;
    for (let i = 0; i < seconds; i++) {
      const tick = started + (i + 1) * 1000;
      await write();
      writes++;
      const wait = tick - performance.now();
      if (wait > 0) await Bun.sleep(wait);
    }
    const used = process.cpuUsage(start);
    return { cores: (used.user + used.system) / 1000 / (performance.now() - started), writes };
  };

  log(`feed alone for ${seconds} s`);
  const alone = await measure();

  log(`${clients} warehouse pages listening, ${seconds} s`);
  const pages = Bun.spawn([BUN, import.meta.path, "--listen", url, session.cookie, String(clients), String(seconds + 3), String(warehouse)], { stdout: "pipe", stderr: "inherit" });
  const reader = pages.stdout.getReader();
  let out = "";
  const decoder = new TextDecoder();
  while (!out.includes("LISTENING\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the pages' process ended: ${out}`);
    out += decoder.decode(value);
  }
  // A second for the pages' catch-up to pass, then the measured time.
  await write();
  await Bun.sleep(1000);
  const live = await measure();
  for (;;) {
    const { value, done } = await reader.read();
    if (value) out += decoder.decode(value);
    if (done) break;
  }
  await pages.exited;
  const line = out.split("\n").find((l) => l.startsWith("LISTEN_RESULT "));
  const counts = JSON.parse(line!.slice("LISTEN_RESULT ".length)) as { events: number; items: number }[];
  server.stop(true);
  return {
    kind: t.database.kind,
    seconds,
    clients,
    reportingScales: reporting,
    scales: total,
    cpuWithPages: live.cores,
    cpuFeedOnly: alone.cores,
    eventsPerPage: { min: Math.min(...counts.map((c) => c.events)), max: Math.max(...counts.map((c) => c.events)) },
    itemsSent: counts.reduce((sum, c) => sum + c.items, 0),
    writes: live.writes,
  };
});
