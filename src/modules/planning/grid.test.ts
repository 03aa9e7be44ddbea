/**
 * The grid's cards (docs/decisions/055-planning.md#throughput): the planned types the grid sums in
 * code are the ones a single card's statement groups, in the same order, the amounts exact.
 */
import { expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createDeliveryVan, createFenceOrderWithItems } from "../../../tests/helpers/factories";
import { useTestDatabase } from "../../../tests/helpers/service";
import { getPlan, planOrderItems, readPlansForDateRange } from "./service";

const t = useTestDatabase();

test("a card's planned types: summed per type in thousandths, ordered by the smallest sort order, then the smallest item id", async () => {
  const van = await createDeliveryVan(t.ctx, { name: "Dodávka T" });
  const order = await createFenceOrderWithItems(t.ctx, { order: { orderDate: "2026-11-02" }, items: [{ amount: 1 }, { amount: 1 }, { amount: 1 }], otherItems: [] });
  const [a, b, c] = order.itemIds as [number, number, number];
  // FENCE: a (sort 5) and c (sort 0); GATE: b (sort 0). By each item's (sort, id) the GATE comes
  // first; by the type's smallest sort order (a tie, 0) and then its smallest id (a < b) the FENCE.
  await t.ctx.db.execute(sql`update fence_order_items set product_type = case when id = ${b} then 'GATE' else 'FENCE' end, sort_order = case when id = ${a} then 5 else 0 end where order_id = ${order.id}`);
  const { id } = await planOrderItems({
    ctx: t.ctx,
    input: { orderId: order.id, date: "2027-05-03", vanId: van, delivery: true, assembly: false, items: [{ itemId: a, amount: "0.1" }, { itemId: b, amount: "1" }, { itemId: c, amount: "0.2" }] },
  });
  const grid = await readPlansForDateRange(t.ctx, { from: "2027-05-03", to: "2027-05-03" });
  const card = grid.plans.find((plan) => plan.id === id)!;
  expect(card.plannedTypes).toEqual([
    { productType: "FENCE", count: 0.3 },
    { productType: "GATE", count: 1 },
  ]);
  expect(card).toEqual(await getPlan({ ctx: t.ctx, input: { id } }));
});
