/**
 * Bench figure (docs/domain.md#stock-operations): production of 100 lines from 3 source baskets (33 products consumed from
 * each of 3 warehouses, 1 produced into a fourth), as a logged-in user through app.request()
 * (POST /api/transformation/transform), beside the bare SQL of the same work (the statements
 * `produce` sends, captured and replayed in one transaction through the raw client).
 * Target: median ≤ 150 ms.
 *
 * Production clears the baskets, so before every measured call the baskets are filled again in
 * one SQL statement, outside the timing. The stock is large enough for every round.
 *
 *   bun tests/bench/stock-operations.ts [--warmup 5] [--runs 30]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { sql } from "drizzle-orm";
import { warehouseItems, warehouses } from "@db/schema";
import { getOrCreateBasket } from "@/modules/baskets/service";
import { produce } from "@/modules/warehouse/stock/service";
import { createProduct } from "../helpers/factories";
import { runBenchChild } from "./child";
import { type Stats, stats } from "./lib";
import { brief } from "./sql-capture";

export const STOCK_LINES_PER_BASKET = 33;
export const STOCK_OPERATIONS_TARGET_MS = 150;

export interface StockOperationsResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  warmup: number;
  runs: number;
  api: Stats;
  sql: Stats;
  statements: number;
  /** Moved lines (transfer-log rows) per production. */
  lines: number;
}

const log = (text: string) => process.stderr.write(`  [stock operations] ${text}\n`);

await runBenchChild({ warmup: 5, runs: 30 }, async ({ t, client, warmup, runs }): Promise<StockOperationsResult> => {
  const db = t.ctx.db;
  const session = await t.login();
  const userId = session.user.id;
  const ctx = { ...t.ctx, userId };

  const sources = await db.insert(warehouses).values([{ name: "Profily" }, { name: "Spojovací materiál" }, { name: "Plotovky" }]).returning({ id: warehouses.id });
  const [target] = await db.insert(warehouses).values({ name: "Hotové výrobky" }).returning({ id: warehouses.id });
  const basketIds: number[] = [];
  const lines: { basketId: number; productId: number }[] = [];
  for (const [index, { id: warehouseId }] of sources.entries()) {
    const basketId = await getOrCreateBasket({ ctx, input: { userId, type: "WAREHOUSE", warehouseId } });
    basketIds.push(basketId);
    for (let i = 0; i < STOCK_LINES_PER_BASKET; i++) {
      const productId = await createProduct(db, { name: `Materiál ${index + 1}-${i + 1}` });
      await db.insert(warehouseItems).values({ warehouseId, productId, quantity: "1000000.000" });
      lines.push({ basketId, productId });
    }
  }
  const commonBasket = await getOrCreateBasket({ ctx, input: { userId, type: "COMMON", warehouseId: 0 } });
  lines.push({ basketId: commonBasket, productId: await createProduct(db, { name: "Brána posuvná 4 m" }) });
  const values = sql.join(
    lines.map((line, index) => sql`(${line.basketId}::integer, ${line.productId}::integer, ${`${1 + (index % 5)}.${String((index * 7) % 1000).padStart(3, "0")}`}::numeric)`),
    sql`, `,
  );
  const refill = () => db.execute(sql`insert into basket_items (basket_id, product_id, quantity) select * from (values ${values}) as line on conflict do nothing`);
  const input = { targetWarehouse: target!.id, sourceBaskets: basketIds };
  await db.execute(sql`analyze`);

  await refill();
  // postgres.js sends its BEGIN through the recorded client too; the replay brings its own.
  const captured = (await client.capture(() => produce({ ctx, input }))).statements.filter((statement) => !/^\s*(begin|commit)\b/i.test(statement.sql));
  for (const statement of captured) {
    await refill();
    const started = performance.now();
    await client.run(statement);
    log(`  ${(performance.now() - started).toFixed(1)} ms  ${brief(statement.sql, 120)}`);
  }

  let moved = 0;
  const tasks: Record<"api" | "sql", () => Promise<unknown>> = {
    api: async () => {
      const response = await session.api("/api/transformation/transform", { method: "POST", json: input });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`transform answered ${response.status}: ${text.slice(0, 300)}`);
      moved = (JSON.parse(text) as { data: { moves: unknown[] } }).data.moves.length;
    },
    sql: () => client.replayInTransaction(captured),
  };
  log(`${lines.length} lines from ${sources.length} source baskets; ${warmup} warm-up + ${runs} measured rounds, interleaved, the baskets refilled before each`);
  const names = Object.keys(tasks) as ("api" | "sql")[];
  const samples = { api: [] as number[], sql: [] as number[] };
  for (let round = 0; round < warmup + runs; round++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(round + j) % names.length]!;
      await refill();
      const started = performance.now();
      await tasks[name]();
      if (round >= warmup) samples[name].push(performance.now() - started);
    }
  }
  if (moved !== lines.length) throw new Error(`production moved ${moved} lines, not ${lines.length}`);
  return {
    kind: client.kind,
    serverVersion: await client.serverVersion(),
    warmup,
    runs,
    api: stats(samples.api),
    sql: stats(samples.sql),
    statements: captured.length,
    lines: moved,
  };
});
