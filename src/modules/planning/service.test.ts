/**
 * Planning verbs (docs/decisions/055-planning.md): amounts at most what remains, PLANNED and CLOSED
 * set by the plan rules (a partly planned order stays, a delivery-only item closes on delivery, a
 * manual status is kept, "Automaticky" recomputes from the plans), re-planning with its version,
 * the grid's range and vans, the manufacture plan from the manufacture list.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { deliveryVans, fenceOrderMaterial, fenceOrderOtherItems, fenceOrders, products, warehouseItems, warehouses } from "@db/schema";
import { refreshOrderMaterial } from "@/modules/orders/ordered-material/service";
import { changeFenceOrderStatus, fenceOrderStatusHistoryOf, getFenceOrder } from "@/modules/orders/fence-order/service";
import { editOrderItems } from "@/modules/orders/fence-item/service";
import {
  createDeliveryVan,
  createFenceCategory,
  createFenceOrder,
  createFenceOrderWithItems,
  createFenceProduct,
  createProduct,
  createUser,
  FENCE_1_PARAMETERS,
  fence1Item,
  nextNumber,
  validFenceItem,
} from "../../../tests/helpers/factories";
import { failureOf, fieldKeys, useTestDatabase } from "../../../tests/helpers/service";
import {
  deletePlan,
  getManufacturePlan,
  getOrderPlanning,
  getPlan,
  manufacturePlansForDateRange,
  markPlanItem,
  materialForDateRange,
  movePlan,
  planOrderItems,
  PlanVersionConflict,
  plansForDateRange,
  saveManufacturePlan,
  setManufactured,
} from "./service";
import { isNoColour, planColour } from "./schemas";

const t = useTestDatabase();
let van: number;
let otherVan: number;

beforeAll(async () => {
  van = await createDeliveryVan(t.ctx, { name: "Dodávka A" });
  otherVan = await createDeliveryVan(t.ctx, { name: "Dodávka B" });
});

/** An order with two fence items: 3 pieces of a FENCE and 1 GATE-less second FENCE of 2 pieces, at ORDER_CONFIRMATION. */
async function orderWithTwoItems() {
  const order = await createFenceOrderWithItems(t.ctx, { order: { orderDate: "2026-11-02" }, items: [{ amount: 3 }, { amount: 2 }], otherItems: [] });
  return { id: order.id, first: order.itemIds[0]!, second: order.itemIds[1]! };
}
const statusOf = async (id: number) => (await getFenceOrder({ ctx: t.ctx, input: { id } })).status;

describe("the colour rule", () => {
  test("YELLOW delivery only, PURPLE both, BLUE assembly only, none without a type", () => {
    expect(planColour({ delivery: true, assembly: false })).toBe("YELLOW");
    expect(planColour({ delivery: true, assembly: true })).toBe("PURPLE");
    expect(planColour({ delivery: false, assembly: true })).toBe("BLUE");
    expect(planColour({ delivery: false, assembly: false })).toBeNull();
  });

  test("colour texts that mean none", () => {
    expect(["", " - ", "Bez barvy", "none", null].map(isNoColour)).toEqual([true, true, true, true, true]);
    expect(["RAL 7016", "pozink"].map(isNoColour)).toEqual([false, false]);
  });
});

describe("planning an order's items", () => {
  test("a partly planned order stays; wholly planned is PLANNED; more than remains is refused", async () => {
    const order = await orderWithTwoItems();
    expect(await statusOf(order.id)).toBe("ORDER_CONFIRMATION");
    const first = await planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date: "2026-12-01", vanId: van, delivery: true, assembly: true, items: [{ itemId: order.first, amount: 2 }] } });
    expect(first.status).toBe("ORDER_CONFIRMATION");

    const tooMuch = await failureOf(planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date: "2026-12-02", vanId: van, delivery: true, assembly: false, items: [{ itemId: order.first, amount: 1.5 }] } }));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.fields["items.0.amount"]).toEqual({ key: "planning.validation.moreThanRemains", values: { remains: 1 } });

    const planning = await getOrderPlanning({ ctx: t.ctx, input: { id: order.id } });
    expect(planning.items.map((item) => [item.amount, item.deliveryRemaining, item.assemblyRemaining])).toEqual([
      [3, 1, 1],
      [2, 2, 2],
    ]);

    const second = await planOrderItems({
      ctx: t.ctx,
      input: { orderId: order.id, date: "2026-12-03", vanId: otherVan, delivery: "true", assembly: "false", items: [{ itemId: order.first, amount: "1" }, { itemId: order.second, amount: "2" }] },
    });
    expect(second.status).toBe("PLANNED");
    const history = await fenceOrderStatusHistoryOf({ ctx: t.ctx, input: { id: order.id } });
    expect(history.at(-1)).toMatchObject({ from: "ORDER_CONFIRMATION", to: "PLANNED", source: "AUTO", reason: "allPlanned" });
  });

  test("bad input: no type, no items, an item of another order, a missing van", async () => {
    const order = await orderWithTwoItems();
    const other = await orderWithTwoItems();
    const base = { orderId: order.id, date: "2026-12-01", vanId: van, delivery: true, assembly: false, items: [{ itemId: order.first, amount: 1 }] };
    expect(fieldKeys(await failureOf(planOrderItems({ ctx: t.ctx, input: { ...base, delivery: false } })))).toEqual({ delivery: "planning.validation.noType" });
    expect(fieldKeys(await failureOf(planOrderItems({ ctx: t.ctx, input: { ...base, items: [] } })))).toEqual({ items: "planning.validation.noItems" });
    expect(fieldKeys(await failureOf(planOrderItems({ ctx: t.ctx, input: { ...base, items: [{ itemId: other.first, amount: 1 }] } })))).toEqual({ "items.0.itemId": "validation.invalid" });
    expect(fieldKeys(await failureOf(planOrderItems({ ctx: t.ctx, input: { ...base, vanId: 999_999 } })))).toEqual({ vanId: "planning.validation.van" });
    expect((await getOrderPlanning({ ctx: t.ctx, input: { id: order.id } })).plans).toEqual([]);
  });

  test("the van as the spec's vehicle: an input takes `vehicle` (an id or {id}) as well as `vanId`; a plan answers `vehicle`", async () => {
    const order = await orderWithTwoItems();
    const tatra = await createDeliveryVan(t.ctx, { name: "Tatra Phoenix", spz: "5T1 2345" });
    const base = { orderId: order.id, date: "2026-12-01", delivery: true, assembly: false, items: [{ itemId: order.first, amount: 1 }] };
    // No van under either name, a vehicle that is no id, one that is no van: the errors name `vanId`, the forms' field.
    expect(fieldKeys(await failureOf(planOrderItems({ ctx: t.ctx, input: base })))).toEqual({ vanId: "validation.required" });
    expect(fieldKeys(await failureOf(planOrderItems({ ctx: t.ctx, input: { ...base, vehicle: "Tatra" } })))).toEqual({ vanId: "validation.invalid" });
    expect(fieldKeys(await failureOf(planOrderItems({ ctx: t.ctx, input: { ...base, vehicle: { id: 999_999 } } })))).toEqual({ vanId: "planning.validation.van" });
    expect((await getOrderPlanning({ ctx: t.ctx, input: { id: order.id } })).plans).toEqual([]);

    const planned = await planOrderItems({ ctx: t.ctx, input: { ...base, vehicle: { id: tatra, name: "Tatra Phoenix" } } });
    expect(await getPlan({ ctx: t.ctx, input: { id: planned.id } })).toMatchObject({ date: "2026-12-01", vehicle: { id: tatra, name: "Tatra Phoenix" }, version: 1 });
    expect((await getOrderPlanning({ ctx: t.ctx, input: { id: order.id } })).plans.map((plan) => plan.vehicle)).toEqual([{ id: tatra, name: "Tatra Phoenix", spz: "5T12345" }]);

    const moved = await movePlan({ ctx: t.ctx, input: { id: planned.id, date: "2026-12-02", vehicle: String(otherVan), version: 1 } });
    expect(moved).toMatchObject({ date: "2026-12-02", vehicle: { id: otherVan, name: "Dodávka B" }, version: 2 });
    // Both names sent: `vanId` is taken.
    const both = await movePlan({ ctx: t.ctx, input: { id: planned.id, date: "2026-12-03", vanId: van, vehicle: tatra, version: 2 } });
    expect(both).toMatchObject({ date: "2026-12-03", vehicle: { id: van, name: "Dodávka A" }, version: 3 });
    expect(Object.keys(both)).not.toContain("van");
  });

  test("a retried submit with the same idempotency key plans once", async () => {
    const order = await orderWithTwoItems();
    const input = { orderId: order.id, date: "2026-12-01", vanId: van, delivery: true, assembly: false, items: [{ itemId: order.first, amount: 1 }], idempotencyKey: `plan-${nextNumber()}-retry` };
    const first = await planOrderItems({ ctx: t.ctx, input });
    const again = await planOrderItems({ ctx: t.ctx, input });
    expect(again.id).toBe(first.id);
    expect((await getOrderPlanning({ ctx: t.ctx, input: { id: order.id } })).plans).toHaveLength(1);
  });
});

describe("closing by the marks", () => {
  test("a delivery-only item closes on delivery; an assembly item only when assembled", async () => {
    const order = await orderWithTwoItems();
    const delivery = await planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date: "2026-12-01", vanId: van, delivery: true, assembly: false, items: [{ itemId: order.first, amount: 3 }] } });
    const both = await planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date: "2026-12-02", vanId: van, delivery: true, assembly: true, items: [{ itemId: order.second, amount: 2 }] } });
    expect(both.status).toBe("PLANNED");
    const planning = await getOrderPlanning({ ctx: t.ctx, input: { id: order.id } });
    const lineOf = (planId: number) => planning.plans.find((plan) => plan.id === planId)!.items[0]!.id;

    expect((await markPlanItem({ ctx: t.ctx, input: { planItemId: lineOf(delivery.id), kind: "delivered", date: "2026-12-01", note: "Složeno u garáže" } })).status).toBe("PLANNED");
    expect((await markPlanItem({ ctx: t.ctx, input: { planItemId: lineOf(both.id), kind: "delivered", date: "2026-12-02" } })).status).toBe("PLANNED");
    const refused = await failureOf(markPlanItem({ ctx: t.ctx, input: { planItemId: lineOf(delivery.id), kind: "assembled", date: "2026-12-02" } }));
    expect(refused.messages[0]?.key).toBe("planning.validation.notForAssembly");
    expect((await markPlanItem({ ctx: t.ctx, input: { planItemId: lineOf(both.id), kind: "assembled", date: "2026-12-03", note: "Hotovo" } })).status).toBe("CLOSED");

    const after = await getOrderPlanning({ ctx: t.ctx, input: { id: order.id } });
    expect(after.plans.flatMap((plan) => plan.items.map((line) => [line.deliveredOn, line.deliveredNote, line.assembledOn, line.assembledNote]))).toEqual([
      ["2026-12-01", "Složeno u garáže", null, null],
      ["2026-12-02", null, "2026-12-03", "Hotovo"],
    ]);
  });

  test("a manual status is kept; Automaticky recomputes from the plans", async () => {
    const order = await orderWithTwoItems();
    await changeFenceOrderStatus({ ctx: t.ctx, input: { id: order.id, status: "MEASURED" } });
    await planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date: "2026-12-01", vanId: van, delivery: true, assembly: false, items: [{ itemId: order.first, amount: 3 }, { itemId: order.second, amount: 2 }] } });
    expect(await statusOf(order.id)).toBe("MEASURED");
    const automatic = await changeFenceOrderStatus({ ctx: t.ctx, input: { id: order.id, status: "AUTO" } });
    expect(automatic.status).toBe("PLANNED");
    expect(automatic.statusSetManually).toBe(false);
  });

  test("a CANCELED order is never moved; an order without items proves nothing", async () => {
    const order = await orderWithTwoItems();
    await t.db.update(fenceOrders).set({ status: "CANCELED" }).where(eq(fenceOrders.id, order.id));
    await planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date: "2026-12-01", vanId: van, delivery: true, assembly: false, items: [{ itemId: order.first, amount: 3 }, { itemId: order.second, amount: 2 }] } });
    expect(await statusOf(order.id)).toBe("CANCELED");
    const empty = await createFenceOrder(t.ctx, { orderDate: "2026-11-02" });
    expect((await changeFenceOrderStatus({ ctx: t.ctx, input: { id: empty, status: "AUTO" } })).status).toBe("ORDER_CONFIRMATION");
  });
});

describe("re-planning", () => {
  test("moving keeps the items and changes only the day and the van; a move over an older version is a conflict naming who and where", async () => {
    const order = await orderWithTwoItems();
    const planned = await planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date: "2026-12-01", vanId: van, delivery: true, assembly: true, items: [{ itemId: order.first, amount: 3 }] } });
    const mover = await createUser(t.ctx, { firstName: "Petra", lastName: "Dvořáková" });
    const moved = await movePlan({ ctx: { ...t.ctx, userId: mover.id }, input: { id: planned.id, date: "2026-12-04", vanId: otherVan, version: 1 } });
    expect(moved).toMatchObject({ id: planned.id, date: "2026-12-04", vehicle: { id: otherVan }, version: 2, color: "PURPLE", plannedTypes: [{ productType: "FENCE", count: 3 }] });

    let conflict: unknown;
    try {
      await movePlan({ ctx: t.ctx, input: { id: planned.id, date: "2026-12-05", vanId: van, version: 1 } });
    } catch (error) {
      conflict = error;
    }
    expect(conflict).toBeInstanceOf(PlanVersionConflict);
    expect(conflict).toMatchObject({ changedBy: { id: mover.id, name: "Petra Dvořáková" }, version: 2, plan: { date: "2026-12-04", vanId: otherVan } });
    expect(await getPlan({ ctx: t.ctx, input: { id: planned.id } })).toMatchObject({ date: "2026-12-04", vehicle: { id: otherVan }, version: 2 });

    expect(await deletePlan({ ctx: t.ctx, input: { id: planned.id, version: 2 } })).toEqual({ id: planned.id });
    expect((await failureOf(getPlan({ ctx: t.ctx, input: { id: planned.id } }))).status).toBe(404);
  });
});

describe("two moves of one version at once", () => {
  test("exactly one wins; the other is a conflict, nothing overwritten silently", async () => {
    const order = await orderWithTwoItems();
    const planned = await planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date: "2026-12-01", vanId: van, delivery: true, assembly: false, items: [{ itemId: order.first, amount: 1 }] } });
    // Each in its own connection on PostgreSQL; PGlite runs them one after the other. Either way the plan's lock decides.
    const results = await Promise.allSettled([
      movePlan({ ctx: t.ctx, input: { id: planned.id, date: "2026-12-02", vanId: van, version: 1 } }),
      movePlan({ ctx: t.ctx, input: { id: planned.id, date: "2026-12-03", vanId: otherVan, version: 1 } }),
    ]);
    const won = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const lost = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(PlanVersionConflict);
    expect(await getPlan({ ctx: t.ctx, input: { id: planned.id } })).toMatchObject({ date: won[0]!.date, vehicle: won[0]!.vehicle, version: 2 });
  });
});

describe("the grid", () => {
  test("plans of the range as cards, the active vans and an inactive one with plans in the range", async () => {
    const parked = await createDeliveryVan(t.ctx, { name: "Dodávka Z (odstavená)" });
    const unused = await createDeliveryVan(t.ctx, { name: "Dodávka Y (nepoužívaná)" });
    await t.db.update(deliveryVans).set({ active: false }).where(eq(deliveryVans.id, parked));
    await t.db.update(deliveryVans).set({ active: false }).where(eq(deliveryVans.id, unused));
    const order = await orderWithTwoItems();
    await planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date: "2027-03-01", vanId: parked, delivery: false, assembly: true, items: [{ itemId: order.first, amount: 3 }, { itemId: order.second, amount: 1 }] } });
    await planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date: "2027-03-08", vanId: van, delivery: true, assembly: false, items: [{ itemId: order.second, amount: 2 }] } });

    const grid = await plansForDateRange({ ctx: t.ctx, input: { from: "01.03.2027", to: "07.03.2027" } });
    expect(grid.from).toBe("2027-03-01");
    expect(grid.plans.map((card) => [card.date, card.vehicle.id, card.color, card.plannedTypes])).toEqual([["2027-03-01", parked, "BLUE", [{ productType: "FENCE", count: 4 }]]]);
    expect(grid.vans.map((v) => v.id)).toContain(parked);
    expect(grid.vans.map((v) => v.id)).not.toContain(unused);
    expect(grid.vans.every((v) => v.active || v.id === parked)).toBe(true);

    const later = await plansForDateRange({ ctx: t.ctx, input: { from: "2027-03-02", to: "2027-03-08" } });
    expect(later.vans.map((v) => v.id)).not.toContain(parked);
    expect(later.plans.map((card) => card.color)).toEqual(["YELLOW"]);
  });

  test("the range is required, in order and at most a year and a week", async () => {
    expect(fieldKeys(await failureOf(plansForDateRange({ ctx: t.ctx, input: {} })))).toEqual({ from: "validation.required", to: "validation.required" });
    expect(fieldKeys(await failureOf(plansForDateRange({ ctx: t.ctx, input: { from: "2027-03-08", to: "2027-03-01" } })))).toEqual({ to: "planning.validation.rangeOrder" });
    expect(fieldKeys(await failureOf(plansForDateRange({ ctx: t.ctx, input: { from: "2027-01-01", to: "2028-06-01" } })))).toEqual({ to: "planning.validation.rangeTooLong" });
    expect(fieldKeys(await failureOf(plansForDateRange({ ctx: t.ctx, input: { from: "31.02.2027", to: "2027-03-01" } })))).toEqual({ from: "validation.noSuchDate" });
  });
});

describe("the material mark", () => {
  let fence: number;
  beforeAll(async () => {
    fence = await createFenceProduct(t.db, await createFenceCategory(t.db), FENCE_1_PARAMETERS, { name: `Plot Materiál ${nextNumber()}` });
  });

  /** An order with FENCE-1 × 6 fields and `posts` pieces of the post product bought in, planned for delivery on `date`. */
  async function plannedOrderNeeding(post: number, posts: number, date: string) {
    const order = await createFenceOrderWithItems(t.ctx, { order: { orderDate: "2026-11-02" }, items: [fence1Item(fence)], otherItems: [{ product: post, amount: posts, unitPrice: 450 }] });
    await planOrderItems({ ctx: t.ctx, input: { orderId: order.id, date, vanId: van, delivery: true, assembly: false, items: [{ itemId: order.itemIds[0]!, amount: 6 }] } });
    return order.id;
  }

  test("the orders take stock in the order of their plans: in stock, with what is on the way, short; an item changed is seen at once", async () => {
    const post = await createProduct(t.db, { name: `Sloupek ${nextNumber()}`, unitPrice: "450.00" });
    const [store] = await t.db.insert(warehouses).values({ name: `Sklad materiálu ${nextNumber()}` }).returning({ id: warehouses.id });
    // Planned out of id order: the later order's plan comes first and takes the stock first.
    const third = await plannedOrderNeeding(post, 3, "2027-05-14");
    const first = await plannedOrderNeeding(post, 6, "2027-05-10");
    const second = await plannedOrderNeeding(post, 5, "2027-05-12");
    // The fence's parts (108 pieces of the fence product per order) are there in plenty; the posts are the question: 8 in stock, 4 on the way.
    await refreshOrderMaterial({ ctx: t.ctx, orderIds: [first, second, third] });
    const needed = await t.db.selectDistinct({ productId: fenceOrderMaterial.productId }).from(fenceOrderMaterial).where(inArray(fenceOrderMaterial.orderId, [first, second, third]));
    expect(needed.map((row) => row.productId).sort()).toEqual([fence, post].sort());
    await t.db.insert(warehouseItems).values([
      { warehouseId: store!.id, productId: fence, quantity: "1000" },
      { warehouseId: store!.id, productId: post, quantity: "8", onTheWay: "4" },
    ]);

    const marks = await materialForDateRange({ ctx: t.ctx, input: { from: "10.05.2027", to: "16.05.2027" } });
    const postName = (await t.db.select({ name: products.name }).from(products).where(eq(products.id, post)))[0]!.name;
    // first takes 6 of 8; second needs 5 of the 2 left, with the 4 on the way 6 ≥ 5; third needs 3 of 0 left and 4 − 3 = 1 on the way.
    expect(marks.orders.map((order) => [order.orderId, order.state, order.short])).toEqual([
      [first, "IN_STOCK", []],
      [second, "ON_THE_WAY", [{ productId: post, name: postName, required: 5, available: 2 }]],
      [third, "SHORT", [{ productId: post, name: postName, required: 3, available: 0 }]],
    ]);

    // The first order now needs only 2 posts: its material is worked out again, the others get what it left.
    await t.db.update(fenceOrderOtherItems).set({ amount: "2" }).where(and(eq(fenceOrderOtherItems.orderId, first), eq(fenceOrderOtherItems.productId, post)));
    const after = await materialForDateRange({ ctx: t.ctx, input: { from: "2027-05-10", to: "2027-05-16" } });
    expect(after.orders.map((order) => order.state)).toEqual(["IN_STOCK", "IN_STOCK", "ON_THE_WAY"]);
    expect(after.orders.map((order) => order.skipped)).toEqual([0, 0, 0]);

    // A service sold as an other item (not storable: the removal of the old fence) is no material to have in stock.
    const removal = await createProduct(t.db, { name: `Demontáž starého plotu ${nextNumber()}`, unitPrice: "120.00" });
    await t.db.update(products).set({ storable: false }).where(eq(products.id, removal));
    const withService = await createFenceOrderWithItems(t.ctx, { order: { orderDate: "2026-11-02" }, items: [fence1Item(fence)], otherItems: [{ product: removal, amount: 25, unitPrice: 120 }] });
    await planOrderItems({ ctx: t.ctx, input: { orderId: withService.id, date: "2027-05-09", vanId: van, delivery: true, assembly: false, items: [{ itemId: withService.itemIds[0]!, amount: 6 }] } });
    const withRemoval = await materialForDateRange({ ctx: t.ctx, input: { from: "2027-05-09", to: "2027-05-09" } });
    expect(withRemoval.orders).toEqual([{ orderId: withService.id, state: "IN_STOCK", short: [], skipped: 0 }]);
  });

  test("an order wholly manufactured, closed or cancelled has no mark; the range is required", async () => {
    const order = await createFenceOrderWithItems(t.ctx, { order: { orderDate: "2026-11-02" }, items: [fence1Item(fence)], otherItems: [] });
    const made = order.id;
    await planOrderItems({ ctx: t.ctx, input: { orderId: made, date: "2027-06-07", vanId: van, delivery: true, assembly: false, items: [{ itemId: order.itemIds[0]!, amount: 6 }] } });
    const plan = await saveManufacturePlan({ ctx: t.ctx, input: { orderId: made, manufactureDate: "2027-06-01" } });
    for (const line of (await getManufacturePlan({ ctx: t.ctx, input: { id: plan.id } })).lines) await setManufactured({ ctx: t.ctx, input: { lineId: line.id, manufactured: true } });
    const marks = await materialForDateRange({ ctx: t.ctx, input: { from: "2027-06-07", to: "2027-06-07" } });
    expect(marks.orders.map((order) => order.orderId)).not.toContain(made);
    const post = await createProduct(t.db, { name: `Sloupek ${nextNumber()}`, unitPrice: "450.00" });
    const closed = await plannedOrderNeeding(post, 1, "2027-06-08");
    const canceled = await plannedOrderNeeding(post, 1, "2027-06-08");
    const open = await plannedOrderNeeding(post, 1, "2027-06-08");
    await t.db.update(fenceOrders).set({ status: "CLOSED" }).where(eq(fenceOrders.id, closed));
    await t.db.update(fenceOrders).set({ status: "CANCELED" }).where(eq(fenceOrders.id, canceled));
    expect((await materialForDateRange({ ctx: t.ctx, input: { from: "2027-06-08", to: "2027-06-08" } })).orders.map((order) => order.orderId)).toEqual([open]);
    expect(fieldKeys(await failureOf(materialForDateRange({ ctx: t.ctx, input: {} })))).toEqual({ from: "validation.required", to: "validation.required" });
  });
});

describe("the manufacture plan", () => {
  test("lines from the manufacture list; not for painting from the product or a colourless item; the calendar; manufactured", async () => {
    const product = await createFenceProduct(t.db, await createFenceCategory(t.db), FENCE_1_PARAMETERS, { name: `Plot Lamela ${nextNumber()}` });
    const bare = await createFenceProduct(t.db, await createFenceCategory(t.db), FENCE_1_PARAMETERS, { name: `Plot Lamela surový ${nextNumber()}` });
    const hinge = await createProduct(t.db, { name: `Pant pozinkovaný ${nextNumber()}` });
    await t.db.update(products).set({ notForPainting: true }).where(eq(products.id, hinge));
    const order = await createFenceOrder(t.ctx, { orderDate: "2026-11-02" });
    const posts = (await createFenceCategory(t.db, { creation: false, name: `Panty ${nextNumber()}` })).categoryId;
    await editOrderItems({
      ctx: t.ctx,
      input: {
        id: order,
        values: {
          items: [
            { ...fence1Item(product), subProducts: [{ productCategory: posts, product: hinge, amount: 2, unitPrice: 100 }] },
            { ...fence1Item(bare), color: "Bez barvy", amount: 1 },
          ],
        },
      },
    });
    const plan = await saveManufacturePlan({ ctx: t.ctx, input: { orderId: order, manufactureDate: "2026-12-07", paintingDate: "09.12.2026" } });
    // The items' lines are their manufactured variants (named after the base product); the hinge is the sub-product.
    const [made, rawMade] = await Promise.all([product, bare].map(async (id) => (await t.db.select({ name: products.name }).from(products).where(eq(products.id, id)))[0]!.name));
    expect(plan.lines.map((line) => [line.product.name.startsWith(made!) || line.product.name.startsWith(rawMade!) ? "item" : line.product.id, line.plannedAmount, line.notForPainting, line.manufactured])).toEqual([
      ["item", 6, false, false],
      ["item", 1, true, false],
      [hinge, 2, true, false],
    ]);
    const calendar = await manufacturePlansForDateRange({ ctx: t.ctx, input: { from: "2026-12-07", to: "2026-12-13" } });
    expect(calendar.entries.filter((entry) => entry.planId === plan.id).map((entry) => [entry.date, entry.workplace])).toEqual([
      ["2026-12-07", "MANUFACTURE"],
      ["2026-12-09", "PAINTING"],
    ]);
    await setManufactured({ ctx: t.ctx, input: { lineId: plan.lines[0]!.id, manufactured: true } });
    expect((await getManufacturePlan({ ctx: t.ctx, input: { id: plan.id } })).lines.map((line) => line.manufactured)).toEqual([true, false, false]);

    // A second save moves the dates and keeps the lines.
    const moved = await saveManufacturePlan({ ctx: t.ctx, input: { orderId: order, manufactureDate: "2026-12-08", paintingDate: "" } });
    expect([moved.id, moved.manufactureDate, moved.paintingDate, moved.lines.length]).toEqual([plan.id, "2026-12-08", null, 3]);
    expect(fieldKeys(await failureOf(saveManufacturePlan({ ctx: t.ctx, input: { orderId: order, manufactureDate: "2026-12-08", paintingDate: "2026-12-01" } })))).toEqual({
      paintingDate: "planning.validation.paintingBeforeManufacture",
    });
  });

  test("an order with nothing to manufacture is refused", async () => {
    const order = await createFenceOrder(t.ctx);
    expect((await failureOf(saveManufacturePlan({ ctx: t.ctx, input: { orderId: order, manufactureDate: "2026-12-07" } }))).messages[0]?.key).toBe("planning.manufacturePlan.nothingToMake");
  });
});
