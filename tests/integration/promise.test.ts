/**
 * Promises (docs/domain.md#promises): the API (/api/orders/promises list, /api/orders/promise saves),
 * the list page's status buttons (status + resolved=false), the edit page, the fence order's
 * Promises tab (2) with its add form, and promise statuses in use refused on delete.
 */
import { describe, expect, test } from "bun:test";
import type { OrderPromise } from "@/modules/orders/promise/schemas";
import { json, useTestApp } from "../helpers/app";
import { createFenceOrder, createPromiseStatus } from "../helpers/factories";
import { cookiePair, entityApi, expectFieldErrors, html as htmlOf, type ListBody, okJson, pageShowing } from "./support";

const t = useTestApp();
const LIST_API = "/api/orders/promises";
const API = "/api/orders/promise";
const PAGES = "/orders/promises";

const promises = entityApi<OrderPromise>(t, API);
const { session } = promises;
const addStatus = (name: string) => createPromiseStatus(t.current.ctx, { name });
const newOrder = (values: Record<string, unknown> = {}) => createFenceOrder(t.current.ctx, values);

let fixture: { statusId: number; orderId: number } | undefined;
async function base() {
  fixture ??= {
    statusId: await addStatus("Zavolat"),
    orderId: await newOrder({ firstName: "Jiří", lastName: "Svoboda", phone: "+420 603 111 222" }),
  };
  return fixture;
}

const valid = async (change: Record<string, unknown> = {}) => {
  const { statusId, orderId } = await base();
  return { order: orderId, status: statusId, deadline: "2026-12-15", promise: "Zavolat kvůli termínu montáže", ...change };
};

const addPromise = async (change: Record<string, unknown> = {}) => promises.create(await valid(change));
const list = async (query = "?size=500") => okJson<ListBody<OrderPromise>>(await (await session()).api(`${LIST_API}${query}`));
const refused = (body: unknown, fields: Record<string, string>, id?: number) => promises.refused(body, fields, { id });

describe("API", () => {
  test("created defaults to today; get answers the order, customer and phone; left out on update, created is kept", async () => {
    const s = await session();
    const { statusId, orderId } = await base();
    const id = await addPromise({ note: "Volat po 16. hodině" });
    const got = await okJson(await s.api(`${API}/${id}`));
    expect(got.data).toMatchObject({
      id,
      order: { id: orderId },
      status: { id: statusId, name: "Zavolat" },
      customer: "Jiří Svoboda",
      phone: "+420 603 111 222",
      deadline: "2026-12-15",
      resolved: false,
      solved: null,
      note: "Volat po 16. hodině",
      issues: null,
      resolution: null,
    });
    expect(got.data.created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The list path answers the same entity.
    expect((await okJson(await s.api(`${LIST_API}/${id}`))).data).toEqual(got.data);

    const updated = await okJson(
      await s.api(`${API}/${id}`, { method: "PUT", json: await valid({ created: "1.12.2026", deadline: "20.12.2026", solved: "2026-12-18", resolved: true, issues: "Zákazník nebyl k zastižení", resolution: "Dohodnuto e-mailem" }) }),
    );
    expect(updated.data).toMatchObject({ id, created: "2026-12-01", deadline: "2026-12-20", solved: "2026-12-18", resolved: true, issues: "Zákazník nebyl k zastižení", resolution: "Dohodnuto e-mailem" });
    // Left out on update, created is kept.
    const kept = await okJson(await s.api(`${API}/${id}`, { method: "PUT", json: await valid({ solved: "2026-12-18", resolved: true }) }));
    expect(kept.data.created).toBe("2026-12-01");
  });

  test("a blank order, status, deadline or promise is refused", async () => {
    await refused(await valid({ promise: " " }), { promise: "Povinné pole" });
    await refused(await valid({ deadline: "" }), { deadline: "Povinné pole" });
    await refused(await valid({ status: null }), { status: "Povinné pole" });
    await refused(await valid({ order: "" }), { order: "Povinné pole" });
  });

  test("dates are checked; the order and the status must exist; solved not before created", async () => {
    await refused(await valid({ deadline: "31.02.2026" }), { deadline: "Takové datum neexistuje" });
    await refused(await valid({ order: 2_000_000_000 }), { order: "Zakázka neexistuje" });
    await refused(await valid({ status: 2_000_000_000 }), { status: "Stav příslibu neexistuje" });
    await refused(await valid({ created: "2026-12-10", solved: "2026-12-09" }), { solved: "Datum vyřešení nesmí být před datem vytvoření" });
  });

  test("a promise's order cannot be changed by an update", async () => {
    const id = await addPromise();
    const other = await newOrder();
    await refused(await valid({ order: other }), { order: "Zakázku příslibu nelze změnit" }, id);
  });

  test("resolving without a solved date records today", async () => {
    const s = await session();
    const id = await addPromise();
    const answer = await okJson(await s.api(`${API}/${id}`, { method: "PUT", json: await valid({ resolved: true }) }));
    expect(answer.data.solved).toBe(answer.data.created);
  });

  test("filters status, resolved and orderId; sorted by deadline by default", async () => {
    const other = await addStatus("Poslat nabídku");
    const orderId = await newOrder({ firstName: "Eva", lastName: "Malá" });
    const late = await addPromise({ order: orderId, status: other, deadline: "2027-03-01" });
    const early = await addPromise({ order: orderId, status: other, deadline: "2027-01-10" });
    const done = await addPromise({ order: orderId, status: other, deadline: "2027-02-01", resolved: true });
    const open = await list(`?status=${other}&resolved=false`);
    expect(open.data.map((row) => row.id)).toEqual([early, late]);
    expect(open.meta.sort).toBe("deadline,asc");
    expect((await list(`?orderId=${orderId}`)).data.map((row) => row.id)).toEqual([early, done, late]);
    expect((await list(`?orderId=${orderId}&resolved=true`)).data.map((row) => row.id)).toEqual([done]);
    expect((await list(`?orderId=${orderId}&sort=deadline,desc`)).data.map((row) => row.id)).toEqual([late, done, early]);
    expect((await list(`?customer=${encodeURIComponent("eva mal")}`)).data.map((row) => row.id).sort()).toEqual([early, late, done].sort());
  });
});

describe("promise statuses in use", () => {
  test("DELETE /api/orders/promiseStatus/:id of a status a promise uses answers fail and removes nothing", async () => {
    const s = await session();
    const used = await addStatus("Reklamace");
    const id = await addPromise({ status: used });
    const response = await s.api(`/api/orders/promiseStatus/${used}`, { method: "DELETE" });
    expect(response.status).toBe(422);
    expect(await json(response)).toMatchObject({ status: "fail", data: ["Stav nelze smazat, používají ho přísliby nebo výchozí přísliby"] });
    expect((await s.api(`/api/orders/promiseStatus/${used}`)).status).toBe(200);
    await okJson(await s.api(`${API}/${id}`, { method: "DELETE" }));
    expect((await okJson(await s.api(`/api/orders/promiseStatus/${used}`, { method: "DELETE" }))).status).toBe("success");
  });
});

describe("pages /orders/promises", () => {
  test("the list has one button per status, each filtering that status with resolved=false", async () => {
    const s = await session();
    const status = await addStatus("Doručit vzorník");
    const orderId = await newOrder({ firstName: "Tomáš", lastName: "Černý", phone: "+420 777 123 456" });
    await addPromise({ order: orderId, status, deadline: "2027-05-04", promise: "Přivézt vzorník barev" });
    await addPromise({ order: orderId, status, deadline: "2027-05-05", promise: "Vyřešený vzorník", resolved: true });
    const page = await htmlOf(await s.page(PAGES));
    expect(page).toContain(`href="${PAGES}?status=${status}&amp;resolved=false"`);
    // The button counts the status's unresolved promises (the resolved one is not counted).
    expect(page).toMatch(new RegExp(`data-status-id="${status}">Doručit vzorník <span class="badge" aria-label="Nevyřešených: 1"[^>]*>1</span>`));

    const filtered = await htmlOf(await s.page(`${PAGES}?status=${status}&resolved=false`));
    expect(filtered).toContain("Přivézt vzorník barev");
    expect(filtered).not.toContain("Vyřešený vzorník");
    expect(filtered).toContain(`href="/orders/fenceOrder/${orderId}"`);
    expect(filtered).toContain("Tomáš Černý");
    expect(filtered).toContain("+420 777 123 456");
    expect(filtered).toContain("04.05.2027");
    // The button of the active filter is marked current.
    expect(filtered).toMatch(new RegExp(`aria-current="true"[^>]*data-status-id="${status}"|data-status-id="${status}"[^>]*aria-current="true"`));
  });

  test("an htmx request for the table answers the table only", async () => {
    const s = await session();
    const response = await s.page(`${PAGES}?resolved=false`, { headers: { "HX-Request": "true", "HX-Target": "list-promise" } });
    expect(response.status).toBe(200);
    const fragment = await htmlOf(response);
    expect(fragment).not.toContain("<html");
    expect(fragment).toContain('id="list-promise"');
  });

  test("new: an invalid post answers 422 with FORM_NOT_VALID and saves nothing; a valid one creates", async () => {
    const s = await session();
    const { statusId, orderId } = await base();
    const form = await htmlOf(await s.page(`${PAGES}/new`));
    expect(form).toContain('name="order"');
    const before = (await list()).meta.total;
    const invalid = await s.page(`${PAGES}/new`, { form: { order: "", status: "", deadline: "", promise: "" } });
    await pageShowing(invalid, 422, "Formulář není vyplněn správně", "Povinné pole");
    expect((await list()).meta.total).toBe(before);

    const created = await s.page(`${PAGES}/new`, { form: { order: String(orderId), status: String(statusId), deadline: "3.1.2027", promise: "Zaslat fotky hotového plotu" } });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe(PAGES);
    expect(decodeURIComponent(cookiePair(created, "ohrada_flash") ?? "")).toContain("CREATED");
    const row = (await list(`?promise=${encodeURIComponent("fotky hotového")}`)).data[0]!;
    expect(row).toMatchObject({ order: { id: orderId }, deadline: "2027-01-03", resolved: false });
  });

  test("edit shows id, order link, customer and phone read-only; saves (UPDATED) and deletes (DELETED)", async () => {
    const s = await session();
    const { statusId, orderId } = await base();
    const id = await addPromise({ promise: "Upravit termín" });
    const page = await htmlOf(await s.page(`${PAGES}/${id}`));
    expect(page).toContain(`href="/orders/fenceOrder/${orderId}"`);
    expect(page).toContain("Jiří Svoboda");
    expect(page).toContain("+420 603 111 222");
    expect(page).toContain("15.12.2026");
    expect(page).toContain(`${PAGES}/${id}/delete`);
    // An invalid save re-shows the form with the order's customer and phone still there.
    const invalid = await s.page(`${PAGES}/${id}`, { form: { order: String(orderId), status: String(statusId), deadline: "", promise: "Upravit termín" } });
    await pageShowing(invalid, 422, "Formulář není vyplněn správně", "Jiří Svoboda");
    const saved = await s.page(`${PAGES}/${id}`, {
      form: { order: String(orderId), status: String(statusId), created: "01.12.2026", deadline: "16.12.2026", solved: "17.12.2026", resolved: "on", promise: "Upravit termín", note: "", issues: "", resolution: "Hotovo" },
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${PAGES}/${id}`);
    expect(decodeURIComponent(cookiePair(saved, "ohrada_flash") ?? "")).toContain("UPDATED");
    expect((await okJson(await s.api(`${API}/${id}`))).data).toMatchObject({ deadline: "2026-12-16", solved: "2026-12-17", resolved: true, resolution: "Hotovo" });
    const deleted = await s.page(`${PAGES}/${id}/delete`, { method: "POST" });
    expect(deleted.status).toBe(303);
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });
});

describe("the order's Promises tab (2)", () => {
  test("GET /orders/fenceOrder/:id/tab/2 answers a fragment with the order's promises and the add form", async () => {
    const s = await session();
    const orderId = await newOrder();
    await addPromise({ order: orderId, promise: "Promluvit o barvě plotu" });
    const response = await s.page(`/orders/fenceOrder/${orderId}/tab/2`, { headers: { "HX-Request": "true" } });
    expect(response.status).toBe(200);
    const fragment = await htmlOf(response);
    expect(fragment).not.toContain("<html");
    expect(fragment).toContain("Promluvit o barvě plotu");
    expect(fragment).toContain(`action="/orders/fenceOrder/${orderId}/promises"`);
    expect((await s.page("/orders/fenceOrder/2000000000/tab/2")).status).toBe(404);
    // The order editor on ?tab=2 loads this fragment.
    const editor = await htmlOf(await s.page(`/orders/fenceOrder/${orderId}?tab=2`));
    expect(editor).toContain(`hx-get="/orders/fenceOrder/${orderId}/tab/2"`);
  });

  test("adding with htmx answers the tab again with a toast; without JS it redirects to ?tab=2 with CREATED", async () => {
    const s = await session();
    const { statusId } = await base();
    const orderId = await newOrder();
    const htmx = await s.page(`/orders/fenceOrder/${orderId}/promises`, {
      headers: { "HX-Request": "true" },
      form: { status: String(statusId), deadline: "10.02.2027", promise: "Poslat zálohovou fakturu", note: "Na e-mail" },
    });
    expect(htmx.status).toBe(200);
    expect(htmx.headers.get("HX-Trigger")).toContain("toast");
    const fragment = await htmlOf(htmx);
    expect(fragment).not.toContain("<html");
    expect(fragment).toContain("Poslat zálohovou fakturu");
    expect(fragment).toContain("10.02.2027");

    const plain = await s.page(`/orders/fenceOrder/${orderId}/promises`, { form: { status: String(statusId), deadline: "11.02.2027", promise: "Druhý příslib" } });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe(`/orders/fenceOrder/${orderId}?tab=2`);
    expect(decodeURIComponent(cookiePair(plain, "ohrada_flash") ?? "")).toContain("CREATED");
    const rows = (await list(`?orderId=${orderId}`)).data;
    expect(rows.map((row) => row.promise)).toEqual(["Poslat zálohovou fakturu", "Druhý příslib"]);
    expect(rows[0]).toMatchObject({ note: "Na e-mail", resolved: false, status: { id: statusId } });
  });

  test("an invalid add answers the tab with 422, FORM_NOT_VALID and field errors; nothing saved", async () => {
    const s = await session();
    const orderId = await newOrder();
    const response = await s.page(`/orders/fenceOrder/${orderId}/promises`, { headers: { "HX-Request": "true" }, form: { status: "", deadline: "", promise: "" } });
    await pageShowing(response, 422, "Formulář není vyplněn správně", "Povinné pole");
    expect((await list(`?orderId=${orderId}`)).meta.total).toBe(0);
    expect((await s.page("/orders/fenceOrder/2000000000/promises", { form: { promise: "x" } })).status).toBe(404);
  });
});

describe("language", () => {
  test("an English user gets English messages and page texts", async () => {
    const english = await t.current.login();
    expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    await expectFieldErrors(await english.api(API, { method: "POST", json: await valid({ order: 2_000_000_000 }) }), { order: "The order does not exist" }, "en");
    await expectFieldErrors(await english.api(API, { method: "POST", json: await valid({ deadline: "" }) }), { deadline: "Required" }, "en");
    const page = await htmlOf(await english.page(PAGES));
    expect(page).toContain("Unresolved by status");
    expect(page).toContain("Customer");
    const templates = await htmlOf(await english.page("/orders/defaultPromises/new"));
    expect(templates).toContain("Order confirmation");
  });
});
