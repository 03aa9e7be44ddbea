/**
 * Default promises (docs/domain.md#default-promises): CRUD on /api/orders/defaultPromises and the pages under
 * /orders/defaultPromises; the trigger creates a template's promise once per order (never twice)
 * with deadline = today in Prague + days. (A promise status a template uses cannot be deleted:
 * promise-status.test.ts.)
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { promises } from "@db/schema";
import { applyDefaultPromises } from "@/modules/orders/promise/triggers";
import { useTestApp } from "../helpers/app";
import { createPromiseStatus, insertFenceOrderRow } from "../helpers/factories";
import { cookiePair, entityApi, html as htmlOf, okJson, pageShowing } from "./support";

const t = useTestApp();
const API = "/api/orders/defaultPromises";
const PAGES = "/orders/defaultPromises";

const templates = entityApi<{ id: number }>(t, API);
const { session } = templates;
const list = (query = "?size=500") => templates.list(query);
const refused = templates.refused;
const addStatus = (name: string) => createPromiseStatus(t.current.ctx, { name });

let statusId: number;
const status = async () => (statusId ??= await addStatus("Zavolat zákazníkovi"));

const valid = async (change: Record<string, unknown> = {}) => ({
  status: await status(),
  promise: "Poslat termín montáže",
  daysToDeadline: 7,
  triggerOrderStatus: "ORDER_CONFIRMATION",
  ...change,
});

/** Today in Prague and a date some days later, computed here on their own (not with the app's helpers). */
function pragueTodayPlus(days: number): { today: string; later: string } {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Prague", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const start = Date.UTC(get("year"), get("month") - 1, get("day"));
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { today: iso(start), later: iso(start + days * 86_400_000) };
}

describe("API /api/orders/defaultPromises", () => {
  test("the status is answered with its name; the list filters by trigger status", async () => {
    const s = await session();
    const id = await templates.create(await valid({ triggerOrderStatus: "MEASURED" }));
    expect((await okJson(await s.api(`${API}/${id}`))).data.status).toEqual({ id: await status(), name: "Zavolat zákazníkovi" });
    const measured = (await list(`?triggerOrderStatus=MEASURED&size=500`)).data;
    expect(measured.map((row) => row.id)).toContain(id);
    expect(measured.every((row) => (row as { triggerOrderStatus?: string }).triggerOrderStatus === "MEASURED")).toBe(true);
  });

  test("a blank status, promise or trigger status is refused", async () => {
    await refused(await valid({ promise: "   " }), { promise: "Povinné pole" });
    await refused(await valid({ status: "" }), { status: "Povinné pole" });
    await refused(await valid({ triggerOrderStatus: "" }), { triggerOrderStatus: "Povinné pole" });
  });

  test("days to deadline is a whole number ≥ 0; the trigger is one of the order statuses; the status exists", async () => {
    await refused(await valid({ daysToDeadline: -1 }), { daysToDeadline: "Nejmenší hodnota je 0" });
    await refused(await valid({ daysToDeadline: 1.5 }), { daysToDeadline: "Zadejte celé číslo" });
    await refused(await valid({ daysToDeadline: "tři" }), { daysToDeadline: "Zadejte celé číslo" });
    await refused(await valid({ triggerOrderStatus: "SHIPPED" }), { triggerOrderStatus: "Neplatná hodnota" });
    await refused(await valid({ status: 2_000_000_000 }), { status: "Stav příslibu neexistuje" });
  });
});

describe("the trigger (applyDefaultPromises): created once, never twice", () => {
  test("an order entering the status gets the promise, deadline today + 30 days; repeated or re-entered, nothing more", async () => {
    const s = await session();
    const templateId = await templates.create(await valid({ promise: "Potvrdit termín výroby", daysToDeadline: 30, triggerOrderStatus: "PLANNED" }));
    const orderId = await insertFenceOrderRow(t.current.ctx.db, { status: "PLANNED", firstName: "Karel", lastName: "Novák" });
    const first = await applyDefaultPromises({ ctx: t.current.ctx, input: { orderId, status: "PLANNED" } });
    expect(first).toHaveLength(1);
    expect(await applyDefaultPromises({ ctx: t.current.ctx, input: { orderId, status: "PLANNED" } })).toEqual([]);
    expect(await applyDefaultPromises({ ctx: t.current.ctx, input: { orderId, status: "CLOSED" } })).toEqual([]);
    expect(await applyDefaultPromises({ ctx: t.current.ctx, input: { orderId, status: "PLANNED" } })).toEqual([]);

    const { today, later } = pragueTodayPlus(30);
    const listed = await okJson(await s.api(`/api/orders/promises?orderId=${orderId}`));
    expect(listed.meta.total).toBe(1);
    expect(listed.data[0]).toMatchObject({
      id: first[0],
      order: { id: orderId },
      status: { id: await status(), name: "Zavolat zákazníkovi" },
      customer: "Karel Novák",
      created: today,
      deadline: later,
      resolved: false,
      solved: null,
      promise: "Potvrdit termín výroby",
      defaultPromiseId: templateId,
    });
  });

  test("two racing calls for the same order create one promise", async () => {
    await templates.create(await valid({ promise: "Objednat materiál", daysToDeadline: 2, triggerOrderStatus: "MATERIAL_ORDER" }));
    const orderId = await insertFenceOrderRow(t.current.ctx.db, { status: "MATERIAL_ORDER" });
    const results = await Promise.all([1, 2, 3].map(() => applyDefaultPromises({ ctx: t.current.ctx, input: { orderId, status: "MATERIAL_ORDER" } })));
    expect(results.flat()).toHaveLength(1);
    expect(await t.current.ctx.db.select().from(promises).where(eq(promises.orderId, orderId))).toHaveLength(1);
  });

  test("deleting a template keeps the promises it created", async () => {
    const s = await session();
    const templateId = await templates.create(await valid({ triggerOrderStatus: "CANCELED", daysToDeadline: 1 }));
    const orderId = await insertFenceOrderRow(t.current.ctx.db, { status: "CANCELED" });
    const [promiseId] = await applyDefaultPromises({ ctx: t.current.ctx, input: { orderId, status: "CANCELED" } });
    expect((await okJson(await s.api(`${API}/${templateId}`, { method: "DELETE" }))).status).toBe("success");
    const kept = await okJson(await s.api(`/api/orders/promise/${promiseId}`));
    expect(kept.data).toMatchObject({ id: promiseId, defaultPromiseId: null, deadline: pragueTodayPlus(1).later });
  });
});

describe("pages /orders/defaultPromises", () => {
  test("list shows the template with its translated trigger status", async () => {
    const s = await session();
    await templates.create(await valid({ promise: "Domluvit zaměření", triggerOrderStatus: "PRICE_OFFER" }));
    const response = await s.page(PAGES);
    await pageShowing(response, 200, "Výchozí přísliby", "Domluvit zaměření", "Cenová nabídka", 'href="/orders/defaultPromises/new"');
  });

  test("new form offers promise statuses and the seven order statuses", async () => {
    const s = await session();
    const page = await htmlOf(await s.page(`${PAGES}/new`));
    expect(page).toContain("Zavolat zákazníkovi");
    for (const label of ["Cenová nabídka", "Zaměřeno", "Potvrzení objednávky", "Objednávka materiálu", "Naplánováno", "Uzavřeno", "Zrušeno"]) expect(page).toContain(label);
  });

  test("an invalid post answers 422 with FORM_NOT_VALID and field errors; nothing is saved", async () => {
    const s = await session();
    const before = (await list()).meta.total;
    const response = await s.page(`${PAGES}/new`, { form: { status: "", promise: "", daysToDeadline: "-2", triggerOrderStatus: "" } });
    await pageShowing(response, 422, "Formulář není vyplněn správně", "Povinné pole", "Nejmenší hodnota je 0");
    expect((await list()).meta.total).toBe(before);
  });

  test("a valid post creates (303 to the list, CREATED); edit and delete", async () => {
    const s = await session();
    const created = await s.page(`${PAGES}/new`, { form: { status: String(await status()), promise: "Předat fakturu", daysToDeadline: "5", triggerOrderStatus: "CLOSED" } });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe(PAGES);
    expect(decodeURIComponent(cookiePair(created, "ohrada_flash") ?? "")).toContain("CREATED");
    const row = (await okJson(await s.api(`${API}?promise=${encodeURIComponent("Předat fakturu")}`))).data[0];
    expect(row).toMatchObject({ daysToDeadline: 5, triggerOrderStatus: "CLOSED" });
    const edit = await htmlOf(await s.page(`${PAGES}/${row.id}`));
    expect(edit).toContain("Předat fakturu");
    expect(edit).toContain(`${PAGES}/${row.id}/delete`);
    const updated = await s.page(`${PAGES}/${row.id}`, { form: { status: String(await status()), promise: "Předat fakturu", daysToDeadline: "6", triggerOrderStatus: "CLOSED" } });
    expect(updated.status).toBe(303);
    expect((await okJson(await s.api(`${API}/${row.id}`))).data.daysToDeadline).toBe(6);
    const deleted = await s.page(`${PAGES}/${row.id}/delete`, { method: "POST" });
    expect(deleted.status).toBe(303);
    expect(decodeURIComponent(cookiePair(deleted, "ohrada_flash") ?? "")).toContain("DELETED");
    expect((await s.api(`${API}/${row.id}`)).status).toBe(404);
  });
});
