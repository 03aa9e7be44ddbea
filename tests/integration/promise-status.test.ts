/**
 * Promise statuses (docs/domain.md#promise-statuses): CRUD on /api/orders/promiseStatus and the pages under
 * /orders/promiseStatus (list with add, edit with a read-only id, a required name and Delete).
 * A status still used (by a promise or a default promise: the orders module's usage check) cannot be deleted.
 */
import { describe, expect, test } from "bun:test";
import { promiseStatuses } from "@db/schema";
import { seedDemoOrders } from "@db/seed/demo/orders";
import type { PromiseStatus } from "@/modules/orders/schemas";
import { json, useTestApp } from "../helpers/app";
import { afterRedirect, entityApi, html as htmlOf, pageShowing, withFreshDatabase } from "./support";

const t = useTestApp();


const API = "/api/orders/promiseStatus";
const PAGES = "/orders/promiseStatus";
const statusApi = entityApi<PromiseStatus>(t, API);
const { session, create } = statusApi;
const add = (name: string) => create({ name });
const statuses = (query = "?size=500") => statusApi.list(query);
const refusedWith = (body: unknown, message: string, id?: number) => statusApi.refused(body, { name: message }, { id });

describe("API /api/orders/promiseStatus", () => {
  test("the list keeps the order they were made in (sort id,asc) and filters by name", async () => {
    const first = await add("Čeká na práškové lakování");
    const second = await add("Čeká na pozinkování");
    const found = await statuses(`?name=${encodeURIComponent("čeká na p")}`);
    expect(found.data).toEqual([
      { id: first, name: "Čeká na práškové lakování" },
      { id: second, name: "Čeká na pozinkování" },
    ]);
    expect(found.meta.sort).toBe("id,asc");
  });

  test("name is required", async () => {
    await refusedWith({ name: "" }, "Povinné pole");
    await refusedWith({ name: "  " }, "Povinné pole");
    await refusedWith({ name: null }, "Povinné pole");
  });

  test("name is at most 200 characters", () => refusedWith({ name: "x".repeat(201) }, "Nejvýše 200 znaků"));

  test("names are unique, case-insensitively", async () => {
    const id = await add("Chybí spojovací materiál");
    await refusedWith({ name: "chybí SPOJOVACÍ materiál" }, "Tato hodnota už existuje");
    const other = await add("Jiný stav");
    await refusedWith({ name: "Chybí spojovací materiál" }, "Tato hodnota už existuje", other);
    expect((await (await session()).api(`${API}/${id}`, { method: "PUT", json: { name: "Chybí spojovací materiál" } })).status).toBe(200);
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
    expect(await afterRedirect(s, page, `${PAGES}/${used}`)).toContain("Stav nelze smazat");
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
    await pageShowing(response, 200, 'id="list-promiseStatus"', `href="${PAGES}/new"`, `href="${PAGES}/${id}"`, "Zákazník nezvedá telefon");
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
    expect(await afterRedirect(s, created, PAGES)).toContain("Vytvořeno");
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
    expect(await afterRedirect(s, saved, `${PAGES}/${id}`)).toContain("Uloženo");
    const removed = await s.page(`${PAGES}/${id}/delete`, { method: "POST" });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe(PAGES);
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });
});

test("demo data: five promise statuses, only into an empty table", async () => {
  await withFreshDatabase(async (ctx) => {
    const before = await ctx.db.select().from(promiseStatuses);
    await seedDemoOrders(ctx);
    await seedDemoOrders(ctx);
    const names = (await ctx.db.select().from(promiseStatuses)).map((row) => row.name);
    if (before.length === 0) expect(names).toEqual(["Doplnit materiál", "Reklamace", "Opravit montáž", "Zavolat zákazníkovi", "Čeká na díl"]);
    else expect(names).toEqual(before.map((row) => row.name));
  });
}, 120_000);
