import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { defaultPromises, fenceOrders, promises } from "@db/schema";
import { withTransaction } from "@/lib/context";
import { addDays, todayInPrague } from "@/lib/dates";
import { createPromiseStatus, insertFenceOrderRow } from "../../../../tests/helpers/factories";
import { useTestDatabase } from "../../../../tests/helpers/service";
import { applyDefaultPromises } from "./triggers";

const t = useTestDatabase();

async function template(statusId: number, triggerOrderStatus: string, daysToDeadline: number, promise = "Zavolat zákazníkovi") {
  const [row] = await t.db.insert(defaultPromises).values({ statusId, promise, daysToDeadline, triggerOrderStatus }).returning({ id: defaultPromises.id });
  return row!.id;
}

const promisesOf = (orderId: number) => t.db.select().from(promises).where(eq(promises.orderId, orderId)).orderBy(promises.id);

describe("applyDefaultPromises", () => {
  test("creates each template of the status once: status, text, created today, deadline today + days", async () => {
    const statusId = await createPromiseStatus(t.ctx, { name: "Zavolat" });
    const measured = await template(statusId, "MEASURED", 14, "Poslat cenovou nabídku po zaměření");
    const other = await template(statusId, "PLANNED", 3);
    const orderId = await insertFenceOrderRow(t.db, { status: "MEASURED" });

    const ids = await applyDefaultPromises({ ctx: t.ctx, input: { orderId, status: "MEASURED" } });
    expect(ids).toHaveLength(1);
    const rows = await promisesOf(orderId);
    expect(rows).toHaveLength(1);
    const today = todayInPrague();
    expect(rows[0]).toMatchObject({
      id: ids[0],
      statusId,
      promise: "Poslat cenovou nabídku po zaměření",
      created: today,
      deadline: addDays(today, 14),
      resolved: false,
      solved: null,
      defaultPromiseId: measured,
    });
    expect(rows[0]!.defaultPromiseId).not.toBe(other);
  });

  test("never twice: a second call, or leaving and re-entering the status, adds nothing", async () => {
    const statusId = await createPromiseStatus(t.ctx);
    await template(statusId, "ORDER_CONFIRMATION", 0);
    const orderId = await insertFenceOrderRow(t.db);
    expect(await applyDefaultPromises({ ctx: t.ctx, input: { orderId, status: "ORDER_CONFIRMATION" } })).toHaveLength(1);
    expect(await applyDefaultPromises({ ctx: t.ctx, input: { orderId, status: "ORDER_CONFIRMATION" } })).toEqual([]);
    await t.db.update(fenceOrders).set({ status: "MATERIAL_ORDER" }).where(eq(fenceOrders.id, orderId));
    expect(await applyDefaultPromises({ ctx: t.ctx, input: { orderId, status: "MATERIAL_ORDER" } })).toEqual([]);
    expect(await applyDefaultPromises({ ctx: t.ctx, input: { orderId, status: "ORDER_CONFIRMATION" } })).toEqual([]);
    const rows = await promisesOf(orderId);
    expect(rows).toHaveLength(1);
    // 0 days: due today.
    expect(rows[0]!.deadline).toBe(rows[0]!.created);
  });

  test("two templates of one status give two promises; another order gets its own", async () => {
    const statusId = await createPromiseStatus(t.ctx);
    await template(statusId, "CLOSED", 7, "Poděkovat za zakázku");
    await template(statusId, "CLOSED", 30, "Zeptat se na spokojenost");
    const first = await insertFenceOrderRow(t.db);
    const second = await insertFenceOrderRow(t.db);
    expect(await applyDefaultPromises({ ctx: t.ctx, input: { orderId: first, status: "CLOSED" } })).toHaveLength(2);
    expect(await applyDefaultPromises({ ctx: t.ctx, input: { orderId: second, status: "CLOSED" } })).toHaveLength(2);
    expect((await promisesOf(first)).map((row) => row.promise).sort()).toEqual(["Poděkovat za zakázku", "Zeptat se na spokojenost"]);
    expect(await applyDefaultPromises({ ctx: t.ctx, input: { orderId: first, status: "CLOSED" } })).toEqual([]);
  });

  test("inside a caller's transaction; a status without templates creates nothing", async () => {
    const statusId = await createPromiseStatus(t.ctx);
    await template(statusId, "CANCELED", 2);
    const orderId = await insertFenceOrderRow(t.db);
    const ids = await withTransaction(t.ctx, (tx) => applyDefaultPromises({ ctx: tx, input: { orderId, status: "CANCELED" } }));
    expect(ids).toHaveLength(1);
    expect(await applyDefaultPromises({ ctx: t.ctx, input: { orderId, status: "PRICE_OFFER_UNKNOWN" } })).toEqual([]);
  });
});
