/**
 * Bench figures (docs/domain.md#items-tab): the order items tab with 30 fence items and 20 other items, server time in
 * process through app.request() as a logged-in user, each beside the bare SQL of the same work
 * (the statements the service sends, captured and replayed through the raw client; a save's inside
 * one transaction, as the service sends them):
 *
 * - save, all new: PUT /api/orders/fenceOrder/:id/items with 30 new fence items and 20 new other
 *   items (tmpIds), replacing the previous ones (target median ≤ 60 ms);
 * - save, all changed: the same 50 rows by id, every one changed (heights and amounts alternate);
 * - GET /api/orders/fenceOrder/:id/items for that order (target ≤ 25 ms).
 *
 * The fence products are in a category with the engine's parameters and the creation parameters,
 * so every save computes each item and finds (after the first round: reuses) its variant.
 * Run as a child of run.ts once per database mode:
 *
 *   bun tests/bench/fence-items.ts [--warmup 5] [--runs 50]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { editOrderItems, getOrderItems } from "@/modules/orders/fence-item/service";
import { createFenceCategory, createFenceOrder, createFenceProduct, createProduct, FENCE_1_PARAMETERS, validFenceItem } from "../helpers/factories";
import { measureInterleaved, type Stats } from "./lib";
import { runBenchChild } from "./child";
import { type Statement } from "./sql-capture";

export const FENCE_ITEMS = 30;
export const OTHER_ITEMS = 20;
export const SAVE_TARGET_MS = 60;
export const TAB_TARGET_MS = 25;

export interface ItemsFigure {
  key: "saveNew" | "saveChanged" | "tab";
  label: string;
  target: number;
  app: Stats;
  sql: Stats;
  statements: number;
}

export interface FenceItemsResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  warmup: number;
  runs: number;
  figures: ItemsFigure[];
  /** Bytes of the GET's JSON. */
  tabBytes: number;
}

const log = (text: string) => process.stderr.write(`  [items tab] ${text}\n`);

await runBenchChild({ warmup: 5, runs: 50 }, async ({ t, client, warmup, runs }): Promise<FenceItemsResult> => {
  const kind = client.kind;
  const db = t.ctx.db;
  const session = await t.login();
  const ctx = { ...t.ctx, userId: session.user.id };

  // Three fence products (FENCE-1's parameters, docs/fence-geometry.md) and twenty accessories.
  const category = await createFenceCategory(db);
  const fenceProducts = [
    await createFenceProduct(db, category, FENCE_1_PARAMETERS),
    await createFenceProduct(db, category, FENCE_1_PARAMETERS),
    await createFenceProduct(db, category, FENCE_1_PARAMETERS),
  ];
  const accessories: number[] = [];
  for (let i = 0; i < OTHER_ITEMS; i++) accessories.push(await createProduct(db, { name: `Příslušenství ${i}`, unitPrice: "289.90" }));

  const fenceItem = (index: number, round: number) => ({
    ...validFenceItem,
    product: fenceProducts[index % fenceProducts.length],
    height: 1800 + (round % 2) * 10,
    length: 2000 + (index % 10) * 50,
    distanceFromGround: 50,
    amount: 1 + (index % 3),
    m2price: 2450,
    color: ["RAL 7016", "RAL 6005"][index % 2],
  });
  const otherItem = (index: number, round: number) => ({ product: accessories[index], amount: 1 + index + (round % 2), unitPrice: 289.9 });
  const newTab = (round: number) => ({
    items: Array.from({ length: FENCE_ITEMS }, (_, i) => ({ ...fenceItem(i, round), tmpId: `f-${round}-${i}` })),
    otherItems: Array.from({ length: OTHER_ITEMS }, (_, i) => ({ ...otherItem(i, round), tmpId: `o-${round}-${i}` })),
    shippingDistance: 42.5,
    shippingUnitPrice: 18,
    discountAmount: 1000,
  });

  // One order saved anew each round, one changed row by row each round, one read each round.
  const [fresh, edited, shown] = [await createFenceOrder(ctx), await createFenceOrder(ctx), await createFenceOrder(ctx)];
  for (const id of [fresh, edited, shown]) await editOrderItems({ ctx, input: { id, values: newTab(0) } });
  // Both heights' variants exist before anything is measured (a variant is made once, then reused).
  await editOrderItems({ ctx, input: { id: fresh, values: newTab(1) } });
  const tabOf = async (id: number) => getOrderItems({ ctx, input: { id } });
  const changedTab = async (round: number) => {
    const tab = await tabOf(edited);
    return {
      items: tab.items.map((item, i) => ({ ...item, ...fenceItem(i, round) })),
      otherItems: tab.otherItems.map((line, i) => ({ ...line, ...otherItem(i, round) })),
    };
  };
  const changed = [await changedTab(1), await changedTab(0)];

  let round = 0;
  // Each save sends the version the last one answered, as the tab does (decision 034); the first is read once.
  const versions = new Map<number, number>();
  const put = async (id: number, body: object | undefined) => {
    const itemsVersion = versions.get(id) ?? (await tabOf(id)).itemsVersion;
    const response = await session.api(`/api/orders/fenceOrder/${id}/items`, { method: "PUT", json: { ...body, itemsVersion } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`PUT items answered ${response.status}: ${text.slice(0, 300)}`);
    versions.set(id, (JSON.parse(text) as { data: { itemsVersion: number } }).data.itemsVersion);
  };
  const bodies = [newTab(1), newTab(2)];
  let tabBytes = 0;
  const tasks = {
    saveNew: () => put(fresh, bodies[round++ % 2]),
    saveChanged: () => put(edited, changed[round % 2]),
    tab: async () => {
      const response = await session.api(`/api/orders/fenceOrder/${shown}/items`);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET items answered ${response.status}`);
      tabBytes = text.length;
    },
  };

  // The bare SQL of each: what the service sends for the same work.
  const captured: Record<keyof typeof tasks, Statement[]> = {
    saveNew: (await client.capture(() => editOrderItems({ ctx, input: { id: fresh, values: newTab(3) } }))).statements,
    saveChanged: (await client.capture(() => editOrderItems({ ctx, input: { id: edited, values: changed[1] } }))).statements,
    tab: (await client.capture(() => tabOf(shown))).statements,
  };
  // A replayed save's statements add one to the order's version as the save does: the next PUT sends that one.
  const replaySave = async (id: number, statements: Statement[]) => {
    await client.replayInTransaction(statements);
    const version = versions.get(id);
    if (version !== undefined) versions.set(id, version + 1);
  };
  const bare = {
    saveNewSql: () => replaySave(fresh, captured.saveNew),
    saveChangedSql: () => replaySave(edited, captured.saveChanged),
    tabSql: () => client.replay(captured.tab),
  };

  log(`${kind}: ${FENCE_ITEMS} fence items and ${OTHER_ITEMS} other items; ${warmup} warm-up + ${runs} measured rounds, interleaved`);
  const measured = await measureInterleaved({ ...tasks, ...bare }, { warmup, runs });
  const figure = (key: keyof typeof tasks, label: string, target: number): ItemsFigure => ({
    key,
    label,
    target,
    app: measured[key],
    sql: measured[`${key}Sql`],
    statements: captured[key].length,
  });
  return {
    kind,
    serverVersion: await client.serverVersion(),
    warmup,
    runs,
    tabBytes,
    figures: [
      figure("saveNew", `save the tab: ${FENCE_ITEMS} new fence items + ${OTHER_ITEMS} new other items`, SAVE_TARGET_MS),
      figure("saveChanged", `save the tab: the same ${FENCE_ITEMS + OTHER_ITEMS} rows, each changed`, SAVE_TARGET_MS),
      figure("tab", `GET the tab (${FENCE_ITEMS} + ${OTHER_ITEMS} items)`, TAB_TARGET_MS),
    ],
  };
});
