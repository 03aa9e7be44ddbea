/**
 * Default promises through the fence order API (docs/domain.md#default-promises): creating an order and changing
 * its status (by a date or by hand) creates each triggered template's promise once, never twice,
 * due today in Prague + the template's days.
 */
import { describe, expect, test } from "bun:test";
import { type Session, useTestApp } from "../helpers/app";
import { validFenceOrder } from "../helpers/factories";
import { createdId, okJson } from "./support";

const t = useTestApp();
let user: Session;
const session = async () => (user ??= await t.current.login());

const order = {
  ...validFenceOrder,
  firstName: "Marie",
  lastName: "Procházková",
  phone: "+420 731 555 010",
  email: "marie.prochazkova@example.cz",
};

/** Today in Prague plus days, computed here on its own (not with the app's helpers). */
function pragueTodayPlus(days: number): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Prague", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return new Date(Date.UTC(get("year"), get("month") - 1, get("day")) + days * 86_400_000).toISOString().slice(0, 10);
}

interface Listed {
  id: number;
  promise: string;
  created: string;
  deadline: string;
  defaultPromiseId: number | null;
}
const promisesOf = async (orderId: number) => (await okJson<{ data: Listed[] }>(await (await session()).api(`/api/orders/promises?orderId=${orderId}&sort=id,asc`))).data;

describe("default promises triggered by the fence order API", () => {
  test("create in PRICE_OFFER, manual PLANNED, away and back again: each template once, with its deadline", async () => {
    const s = await session();
    const statusId = await createdId(await s.api("/api/orders/promiseStatus", { method: "POST", json: { name: "Zavolat" } }));
    const template = async (triggerOrderStatus: string, daysToDeadline: number, promise: string) =>
      createdId(await s.api("/api/orders/defaultPromises", { method: "POST", json: { status: statusId, promise, daysToDeadline, triggerOrderStatus } }));
    const offer = await template("PRICE_OFFER", 3, "Poslat cenovou nabídku");
    const planned = await template("PLANNED", 45, "Oznámit termín montáže");

    const orderId = await createdId(await s.api("/api/orders/fenceOrder", { method: "POST", json: order }));
    expect((await promisesOf(orderId)).map((row) => [row.defaultPromiseId, row.promise, row.deadline])).toEqual([[offer, "Poslat cenovou nabídku", pragueTodayPlus(3)]]);

    const toPlanned = await s.api(`/api/orders/fenceOrder/${orderId}/status`, { method: "PUT", json: { status: "PLANNED" } });
    expect(toPlanned.status).toBe(200);
    let rows = await promisesOf(orderId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ defaultPromiseId: planned, promise: "Oznámit termín montáže", created: pragueTodayPlus(0), deadline: pragueTodayPlus(45) });

    // Leaving and re-entering both statuses adds nothing.
    for (const status of ["CLOSED", "PLANNED", "PRICE_OFFER", "PLANNED"]) {
      expect((await s.api(`/api/orders/fenceOrder/${orderId}/status`, { method: "PUT", json: { status } })).status).toBe(200);
    }
    rows = await promisesOf(orderId);
    expect(rows.map((row) => row.defaultPromiseId)).toEqual([offer, planned]);
  });

  test("an order date set through an update (automatic ORDER_CONFIRMATION) triggers its template once", async () => {
    const s = await session();
    const statusId = await createdId(await s.api("/api/orders/promiseStatus", { method: "POST", json: { name: "Záloha" } }));
    const confirmation = await createdId(
      await s.api("/api/orders/defaultPromises", { method: "POST", json: { status: statusId, promise: "Ověřit přijetí zálohy", daysToDeadline: 10, triggerOrderStatus: "ORDER_CONFIRMATION" } }),
    );
    const orderId = await createdId(await s.api("/api/orders/fenceOrder", { method: "POST", json: { ...order, lastName: "Veselá" } }));
    const updated = await s.api(`/api/orders/fenceOrder/${orderId}`, { method: "PUT", json: { ...order, lastName: "Veselá", orderDate: "2026-03-20" } });
    expect(updated.status).toBe(200);
    expect((await okJson(updated)).data.status).toBe("ORDER_CONFIRMATION");
    await s.api(`/api/orders/fenceOrder/${orderId}`, { method: "PUT", json: { ...order, lastName: "Veselá", orderDate: "2026-03-21", note: "znovu" } });
    const rows = (await promisesOf(orderId)).filter((row) => row.defaultPromiseId === confirmation);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deadline).toBe(pragueTodayPlus(10));
  });
});
