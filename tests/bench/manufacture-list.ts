/**
 * Bench figures (docs/domain.md#manufacture-list): the manufacture list of an order with 30 fence items (fences, gates and
 * wickets of docs/fence-geometry.md's examples, each with a sub-product), server time in process
 * through app.request() as a logged-in user, beside the bare SQL of the same work (the statements
 * getManufactureList sends, captured and replayed through the raw client):
 *
 * - POST /api/orders/manufactureList/all {id} (JSON; target median ≤ 20 ms);
 * - GET /orders/fenceOrder/manufacture/:id (the page, baskets column included);
 * - and the cut list alone (buildCutList, no database) over 10,000 items of 100 orders, the size of
 *   "ordered material" over every confirmed order (target well under 100 ms).
 *
 * Run as a child of run.ts once per database mode:
 *
 *   bun tests/bench/manufacture-list.ts [--warmup 5] [--runs 50]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { buildCutList, type CutListItemInput } from "@/modules/orders/fence-item/cut-list";
import { WORKED_EXAMPLES } from "@/modules/orders/fence-item/worked-examples";
import { getManufactureList } from "@/modules/orders/manufacture-list/service";
import { createFenceCategory, createFenceOrderWithItems, createFenceProduct, createProduct } from "../helpers/factories";
import { runBenchChild } from "./child";
import { measureInterleaved, type Stats, stats } from "./lib";

export const LIST_ITEMS = 30;
export const CUT_LIST_ITEMS = 10_000;

export interface ManufactureListResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  warmup: number;
  runs: number;
  api: Stats;
  page: Stats;
  sql: Stats;
  statements: number;
  /** Lines of the list and bytes of its JSON. */
  lines: number;
  apiBytes: number;
  /** buildCutList over CUT_LIST_ITEMS items, no database. */
  cutList: Stats;
}

const log = (text: string) => process.stderr.write(`  [manufacture list] ${text}\n`);
const TYPES = ["FENCE-1", "GATE-1", "ONE_WING_GATE-1", "WICKET-1", "TWO_WING_GATE-1", "RAIL_GATE-1"] as const;

await runBenchChild({ warmup: 5, runs: 50 }, async ({ t, client, warmup, runs }): Promise<ManufactureListResult> => {
  const db = t.ctx.db;
  const session = await t.login();
  const ctx = { ...t.ctx, userId: session.user.id };

  // A product per type (its worked example's parameters), posts as sub-products, 30 items in three colours.
  const category = await createFenceCategory(db);
  const productOf: Record<string, number> = {};
  for (const type of TYPES) productOf[type] = await createFenceProduct(db, category, WORKED_EXAMPLES[type]!.parameters as Record<string, number>, { name: `Výrobek ${type}` });
  const post = await createProduct(db, { name: "Sloupek 60 × 60", unitPrice: "289.90" });
  const items = Array.from({ length: LIST_ITEMS }, (_, index) => {
    const type = TYPES[index % TYPES.length]!;
    return {
      ...WORKED_EXAMPLES[type]!.item,
      product: productOf[type],
      color: ["RAL 7016", "RAL 9005", "RAL 6005"][index % 3],
      amount: 1 + (index % 3),
      subProducts: [{ product: post, amount: 2, unitPrice: 289.9 }],
    };
  });
  const { id } = await createFenceOrderWithItems(ctx, { items, otherItems: [] });

  let apiBytes = 0;
  const tasks = {
    api: async () => {
      const response = await session.api("/api/orders/manufactureList/all", { method: "POST", json: { id } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`manufactureList/all answered ${response.status}: ${text.slice(0, 300)}`);
      apiBytes = text.length;
    },
    page: async () => {
      const response = await session.page(`/orders/fenceOrder/manufacture/${id}`);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`the page answered ${response.status}`);
    },
  };
  const list = await getManufactureList({ ctx, input: { id } });
  const captured = (await client.capture(() => getManufactureList({ ctx, input: { id } }))).statements;

  log(`${client.kind}: ${LIST_ITEMS} fence items, ${list.groups.reduce((sum, group) => sum + group.lines.length, 0)} lines; ${warmup} warm-up + ${runs} measured rounds, interleaved`);
  const measured = await measureInterleaved({ ...tasks, sql: () => client.replay(captured) }, { warmup, runs });

  // The cut list alone: every type, 100 orders, three colours, a sub-product each.
  const types = Object.keys(WORKED_EXAMPLES);
  const many: CutListItemInput[] = Array.from({ length: CUT_LIST_ITEMS }, (_, index) => {
    const example = WORKED_EXAMPLES[types[index % types.length]!]!;
    return {
      id: index,
      orderId: 1 + (index % 100),
      fields: { ...example.item, amount: 1 + (index % 4), color: ["RAL 7016", "RAL 9005", "RAL 6005"][index % 3] },
      parameters: example.parameters,
      product: { id: 1 + (index % 40), name: `Výrobek ${index % 40}` },
      subProducts: [{ product: { id: 1000, name: "Sloupek" }, amount: 2 }],
    };
  });
  const samples: number[] = [];
  for (let round = 0; round < 5 + 20; round++) {
    const started = performance.now();
    buildCutList(many);
    if (round >= 5) samples.push(performance.now() - started);
  }
  log(`cut list of ${CUT_LIST_ITEMS} items: median ${stats(samples).median.toFixed(1)} ms`);

  return {
    kind: client.kind,
    serverVersion: await client.serverVersion(),
    warmup,
    runs,
    api: measured.api,
    page: measured.page,
    sql: measured.sql,
    statements: captured.length,
    lines: list.groups.reduce((sum, group) => sum + group.lines.length, 0),
    apiBytes,
    cutList: stats(samples),
  };
});
