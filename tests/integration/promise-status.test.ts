/**
 * Promise statuses (spec 01 §2.13, §5, §7): CRUD on /api/orders/promiseStatus and the pages under
 * /orders/promiseStatus (list with add, edit with a read-only id, a required name and Delete).
 * A status still used (by a promise or a default promise: the orders module's usage check) cannot be deleted.
 */
import { describe, expect, test } from "bun:test";
import { promiseStatuses } from "@db/schema";
import { seedDemoOrders } from "@db/seed/demo/orders";
import { systemCtx } from "@/lib/context";
import { createTestDatabase } from "../helpers/db";
import type { PromiseStatus } from "@/modules/orders/schemas";
import { json, type Session, useTestApp } from "../helpers/app";
import { cookiePair, createdId, html as htmlOf, type ListBody } from "./support";

const t = useTestApp();


const API = "/api/orders/promiseStatus";
const PAGES = "/orders/promiseStatus";
let user: Session;
const session = async () => (user ??= await t.current.login());

async function add(name: string): Promise<number> {
  return createdId(await (await session()).api(API, { method: "POST", json: { name } }));
}

const statuses = async (query = "?size=9999") => (await json(await (await session()).api(`${API}${query}`))) as ListBody<PromiseStatus>;

async function refusedWith(body: unknown, message: string, method = "POST", path = API) {
  const before = (await statuses()).meta.total;
  const response = await (await session()).api(path, { method, json: body });
  expect(response.status).toBe(422);
  expect(await json(response)).toMatchObject({ status: "fail", fields: { name: message }, data: [`Pole „name“: ${message}`] });
  expect((await statuses()).meta.total).toBe(before);
}

describe("API /api/orders/promiseStatus", () => {
  test("create, get, update and list", async () => {
    const id = await add("Čeká na lakovnu");
    const s = await session();
    expect(await json(await s.api(`${API}/${id}`))).toEqual({ status: "success", data: { id, name: "Čeká na lakovnu" } });
    const updated = await s.api(`${API}/${id}`, { method: "PUT", json: { name: "Čeká na práškové lakování" } });
    expect(await json(updated)).toEqual({ status: "success", data: { id, name: "Čeká na práškové lakování" } });
    const found = await statuses(`?name=${encodeURIComponent("práškové")}`);
    expect(found.data).toEqual([{ id, name: "Čeká na práškové lakování" }]);
    expect(found.meta).toMatchObject({ page: 1, total: 1, sort: "id,asc" });
  });

  test("name is required", async () => {
    await refusedWith({}, "Povinné pole");
    await refusedWith({ name: "" }, "Povinné pole");
    await refusedWith({ name: "  " }, "Povinné pole");
    await refusedWith({ name: null }, "Povinné pole");
  });

  test("name is at most 200 characters", () => refusedWith({ name: "x".repeat(201) }, "Nejvýše 200 znaků"));

  test("names are unique, case-insensitively", async () => {
    const id = await add("Chybí spojovací materiál");
    await refusedWith({ name: "chybí SPOJOVACÍ materiál" }, "Tato hodnota už existuje");
    const other = await add("Jiný stav");
    await refusedWith({ name: "Chybí spojovací materiál" }, "Tato hodnota už existuje", "PUT", `${API}/${other}`);
    expect((await (await session()).api(`${API}/${id}`, { method: "PUT", json: { name: "Chybí spojovací materiál" } })).status).toBe(200);
  });

  test("an unused status is deleted", async () => {
    const id = await add("Na smazání");
    const s = await session();
    expect(await json(await s.api(`${API}/${id}`, { method: "DELETE" }))).toEqual({ status: "success", data: null });
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });

  test("a status still used is refused with a readable message and stays", async () => {
    const used = await add("Používaný stav");
    const s = await session();
    const template = await s.api("/api/orders/defaultPromises", {
      method: "POST",
      json: { status: used, promise: "Zavolat zákazníkovi", daysToDeadline: 3, triggerOrderStatus: "ORDER_CONFIRMATION" },
    });
    expect(template.status).toBe(201);
    const templateId = ((await json(template)) as { data: number }).data;
    const response = await s.api(`${API}/${used}`, { method: "DELETE" });
    expect(response.status).toBe(422);
    expect(await json(response)).toMatchObject({ status: "fail", data: ["Stav nelze smazat, používají ho přísliby nebo výchozí přísliby"] });
    expect((await s.api(`${API}/${used}`)).status).toBe(200);
    // The page route says the same as a toast on the edit form.
    const page = await s.page(`${PAGES}/${used}/delete`, { method: "POST" });
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe(`${PAGES}/${used}`);
    expect(await htmlOf(await s.page(`${PAGES}/${used}`, { headers: { Cookie: cookiePair(page, "ohrada_flash")! } }))).toContain("Stav nelze smazat");
    // Another status is not affected by that check.
    const free = await add("Volný stav");
    expect((await s.api(`${API}/${free}`, { method: "DELETE" })).status).toBe(200);
    // Once nothing uses it, it goes.
    expect((await s.api(`/api/orders/defaultPromises/${templateId}`, { method: "DELETE" })).status).toBe(200);
    expect((await (await session()).api(`${API}/${used}`, { method: "DELETE" })).status).toBe(200);
  });
});

describe("pages /orders/promiseStatus", () => {
  test("the list shows the statuses and the add button", async () => {
    const id = await add("Zákazník nezvedá telefon");
    const response = await (await session()).page(PAGES);
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).toContain('id="list-promiseStatus"');
    expect(html).toContain(`href="${PAGES}/new"`);
    expect(html).toContain(`href="${PAGES}/${id}"`);
    expect(html).toContain("Zákazník nezvedá telefon");
  });

  test("new: an empty name answers 422 with FORM_NOT_VALID; a name creates and goes to the list with CREATED", async () => {
    const s = await session();
    const form = await htmlOf(await s.page(`${PAGES}/new`));
    expect(form).toContain(`action="${PAGES}/new"`);
    expect(form).not.toContain('id="field-id"');
    expect(form).not.toContain("/delete");

    const invalid = await s.page(`${PAGES}/new`, { form: { name: "" } });
    expect(invalid.status).toBe(422);
    const invalidHtml = await htmlOf(invalid);
    expect(invalidHtml).toMatch(/class="alert alert-warning"[^>]*>.*?Formulář není vyplněn správně/s);
    expect(invalidHtml).toContain("Povinné pole");

    const created = await s.page(`${PAGES}/new`, { form: { name: "Doplnit sloupky" } });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe(PAGES);
    expect(await htmlOf(await s.page(PAGES, { headers: { Cookie: cookiePair(created, "ohrada_flash")! } }))).toContain("Vytvořeno");
    expect((await statuses(`?name=${encodeURIComponent("Doplnit sloupky")}`)).meta.total).toBe(1);
  });

  test("edit: a read-only id, the name, Delete; saving shows UPDATED; delete goes to the list with DELETED", async () => {
    const s = await session();
    const id = await add("Upravit stav");
    const edit = await htmlOf(await s.page(`${PAGES}/${id}`));
    expect(edit).toMatch(new RegExp(`<input[^>]*id="field-id"[^>]*disabled=""[^>]*value="${id}"`));
    expect(edit).toContain('value="Upravit stav"');
    expect(edit).toContain(`action="${PAGES}/${id}/delete"`);
    const saved = await s.page(`${PAGES}/${id}`, { form: { id: "1", name: "Upravený stav" } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${PAGES}/${id}`);
    expect(await htmlOf(await s.page(`${PAGES}/${id}`, { headers: { Cookie: cookiePair(saved, "ohrada_flash")! } }))).toContain("Uloženo");
    const removed = await s.page(`${PAGES}/${id}/delete`, { method: "POST" });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe(PAGES);
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });
});

test("demo data: five promise statuses, only into an empty table", async () => {
  const database = await createTestDatabase();
  try {
    const ctx = systemCtx(database.db);
    const before = await ctx.db.select().from(promiseStatuses);
    await seedDemoOrders(ctx);
    await seedDemoOrders(ctx);
    const names = (await ctx.db.select().from(promiseStatuses)).map((row) => row.name);
    if (before.length === 0) expect(names).toEqual(["Doplnit materiál", "Reklamace", "Opravit montáž", "Zavolat zákazníkovi", "Čeká na díl"]);
    else expect(names).toEqual(before.map((row) => row.name));
  } finally {
    await database.destroy();
  }
}, 120_000);
