/**
 * Planning figures (docs/decisions/055-planning.md): the shipment and assembly grid for 12 weeks,
 * 10 vans and 3,000 plans (target ≤ 30 ms), the manufacture and painting calendar for the same
 * range (≤ 25 ms), and moving a plan with its status automation (≤ 20 ms). Also the grid's material
 * marks (GET /api/orders/planning/material, asked for after the grid is shown): once, when every
 * order's material must first be worked out by the engine, then with the material stored. Server time in process
 * through app.request() as a logged-in user: the grid's API and page, the calendar's API, and a
 * move (PUT …/move, the plan going back and forth between two days, each time with its new
 * version); beside the bare SQL of the grid.
 *
 * 3,000 orders are cloned in SQL from one order saved through the items service (one fence item
 * of 2 pieces), each with one plan (a day of the 84, a van of the 10, every colour) and a
 * manufacture plan (manufacture day, painting two days later).
 *
 *   bun tests/bench/planning.ts [--warmup 5] [--runs 30]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { sql } from "drizzle-orm";
import { addDays, mondayOf } from "@/lib/dates";
import { readPlansForDateRange } from "@/modules/planning/service";
import { createDeliveryVan, createFenceOrderWithItems } from "../helpers/factories";
import { runBenchChild } from "./child";
import { measureInterleaved, type Stats } from "./lib";
import { brief } from "./sql-capture";

export const PLANS = 3_000;
export const VANS = 10;
export const WEEKS = 12;
export const PLANNING_TARGETS_MS = { grid: 30, calendar: 25, move: 20 } as const;

export interface PlanningResult {
  kind: "pglite" | "postgres";
  warmup: number;
  runs: number;
  gridApi: Stats;
  gridPage: Stats;
  gridSql: Stats;
  calendarApi: Stats;
  move: Stats;
  /** The marks' first answer, the 3,000 orders' material computed (ms, one run). */
  materialFirst: number;
  material: Stats;
  plans: number;
  vans: number;
  days: number;
  gridBytes: number;
  pageBytes: number;
}

const log = (text: string) => process.stderr.write(`  [planning] ${text}\n`);

await runBenchChild({ warmup: 5, runs: 30 }, async ({ t, client, warmup, runs }): Promise<PlanningResult> => {
  const db = t.ctx.db;
  const session = await t.login();
  const ctx = { ...t.ctx, userId: session.user.id };
  const vans: number[] = [];
  for (let i = 0; i < VANS; i++) vans.push(await createDeliveryVan(ctx, { name: `Dodávka ${String(i + 1).padStart(2, "0")}` }));
  const { id: template } = await createFenceOrderWithItems(ctx, { order: { orderDate: "2026-11-02" }, items: [{ amount: 2 }], otherItems: [] });
  const from = mondayOf("2027-01-06");
  const days = WEEKS * 7;
  const to = addDays(from, days - 1);
  log(`${client.kind}: cloning the order ${PLANS - 1} times, one plan and one manufacture plan each`);
  await db.execute(sql`
    with copies as (
      insert into fence_orders (status, first_name, last_name, phone, email, payment_rule_confirmation, payment_rule_delivery, payment_rule_completion, delivery, vat, order_date)
      select 'ORDER_CONFIRMATION', first_name, last_name || ' ' || g, phone, email, payment_rule_confirmation, payment_rule_delivery, payment_rule_completion, delivery, vat, order_date
      from fence_orders, generate_series(1, ${PLANS - 1}) g where id = ${template}
      returning id
    )
    insert into fence_order_items (order_id, product_type, product_id, manufactured_product_id, color, height, length, amount, m2_price, unit_price, details, sort_order)
    select copies.id, product_type, product_id, manufactured_product_id, color, height, length, amount, m2_price, unit_price, details, sort_order
    from copies, fence_order_items where fence_order_items.order_id = ${template}`);
  const vanList = sql.raw(`array[${vans.join(",")}]`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) - 1 as n from fence_orders),
    made as (
      insert into order_plans (order_id, date, van_id, delivery, assembly)
      select id, ${from}::date + (n % ${days})::int, (${vanList})[1 + (n / ${days})::int % ${VANS}], n % 3 <> 2, n % 3 <> 0 from numbered
      returning id, order_id
    )
    insert into order_plan_items (plan_id, item_id, amount)
    select made.id, i.id, i.amount from made join fence_order_items i on i.order_id = made.order_id`);
  await db.execute(sql`
    insert into manufacture_plans (order_id, manufacture_date, painting_date)
    select id, ${from}::date + ((row_number() over (order by id) - 1) % ${days})::int, ${from}::date + (((row_number() over (order by id) - 1) % ${days})::int + 2) from fence_orders`);
  await db.execute(sql`analyze`);

  const grid = await readPlansForDateRange(ctx, { from, to });
  if (grid.plans.length !== PLANS || grid.vans.length !== VANS) throw new Error(`the grid holds ${grid.plans.length} plans and ${grid.vans.length} vans`);
  const moving = grid.plans[0]!;
  let version = moving.version;
  let flip = false;
  const bytes = { grid: 0, page: 0 };
  const query = `from=${from}&to=${to}`;
  const ok = async (response: Response, what: string) => {
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
    return text;
  };
  const captured = (await client.capture(() => readPlansForDateRange(ctx, { from, to }))).statements;
  // Which statement costs what (stderr): the first thing to look at when the figure is over.
  for (const statement of captured) {
    const started = performance.now();
    await client.run(statement);
    log(`  ${(performance.now() - started).toFixed(1)} ms  ${brief(statement.sql, 120)}`);
    if (process.env.EXPLAIN) log(await client.explainAnalyze(statement));
  }
  const firstStarted = performance.now();
  const marks = JSON.parse(await ok(await session.api(`/api/orders/planning/material?${query}`), "the material marks")).data;
  const materialFirst = performance.now() - firstStarted;
  if (marks.orders.length !== PLANS) throw new Error(`the material marks name ${marks.orders.length} orders`);
  log(`material marks, first (${PLANS} orders' material computed): ${materialFirst.toFixed(0)} ms`);
  log(`${grid.plans.length} plans, ${grid.vans.length} vans, ${days} days; ${warmup} warm-up + ${runs} measured rounds, interleaved`);
  const measured = await measureInterleaved(
    {
      gridApi: async () => (bytes.grid = (await ok(await session.api(`/api/orders/planning?${query}`), "the grid API")).length),
      gridPage: async () => (bytes.page = (await ok(await session.page(`/orders/planning?${query}`), "the grid page")).length),
      gridSql: () => client.replay(captured),
      calendarApi: async () => ok(await session.api(`/api/orders/manufacture?${query}`), "the calendar API"),
      material: async () => ok(await session.api(`/api/orders/planning/material?${query}`), "the material marks"),
      move: async () => {
        flip = !flip;
        const response = await session.api(`/api/orders/planning/${moving.id}/move`, { method: "PUT", json: { date: flip ? addDays(moving.date, 1) : moving.date, vehicle: moving.vehicle, version } });
        version = JSON.parse(await ok(response, "the move")).data.version;
      },
    },
    { warmup, runs },
  );
  return { kind: client.kind, warmup, runs, ...measured, materialFirst, plans: grid.plans.length, vans: grid.vans.length, days, gridBytes: bytes.grid, pageBytes: bytes.page };
});
