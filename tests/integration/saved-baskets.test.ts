/**
 * Saved baskets (docs/domain.md#baskets; decision 028) through app.request():
 * the API under /api/basket/saved (list with filter, sort and paging; save with a name, required
 * and translated; an empty common basket refused; load into the caller's common basket once per
 * idempotency key; delete; 404s), the page /manufacture/savedBaskets (the shared list, its htmx
 * fragment, the row's load and delete forms) and the form posts (save from the common basket page,
 * load, delete) with their redirects and toasts; the session.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { commonBasketQuantities } from "../helpers/stock";
import { eq } from "drizzle-orm";
import { savedBaskets } from "@db/schema";
import { json, type Session, useTestApp } from "../helpers/app";
import { createProduct } from "../helpers/factories";
import { html as htmlOf, okJson, setCookie } from "./support";

const t = useTestApp();
let session: Session;
const products = {} as Record<"panel" | "post" | "hinge", number>;

beforeAll(async () => {
  session = await t.current.login();
  const db = t.current.ctx.db;
  products.panel = await createProduct(db, { name: "Plotový panel 2 m – žárově zinkovaný" });
  products.post = await createProduct(db, { name: "Sloupek 60 × 60 čtyřhranný" });
  products.hinge = await createProduct(db, { name: "Pant branky ŘŤŇ" });
});

/** A user's common basket: product id → quantity. */
const commonBasket = (userId: number) => commonBasketQuantities(t.current.ctx.db, userId);

const add = async (who: Session, productId: number, amount: number | string) =>
  expect((await who.api("/api/basket/add", { method: "POST", json: { type: "COMMON", productId, amount } })).status).toBe(200);
const clear = async (who: Session) => expect((await who.api("/api/basket/clear", { method: "POST", json: { type: "COMMON" } })).status).toBe(200);
const save = (who: Session, body: Record<string, unknown>, headers: Record<string, string> = {}) => who.api("/api/basket/saved", { method: "POST", json: body, headers });
const savedCount = async () => (await t.current.ctx.db.select({ id: savedBaskets.id }).from(savedBaskets)).length;

/** The toasts a redirect queued (its flash cookie), as the next page would show them. */
const toastsOf = (response: Response): { kind: string; text: string }[] => {
  const cookie = setCookie(response, "ohrada_flash");
  return cookie ? JSON.parse(decodeURIComponent(decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!))) : [];
};

describe("API /api/basket/saved", () => {
  test("save copies the common basket under a trimmed name (201 SAVED); the list shows it with its line count and author; load adds to another user's basket", async () => {
    const author = await t.current.login();
    await add(author, products.panel, "2,5");
    await add(author, products.post, 4);
    const response = await save(author, { basketName: "  Zakázka Novák – Říčany  " });
    expect(response.status).toBe(201);
    const answer = await json(response);
    expect(answer).toMatchObject({ status: "success", code: "SAVED", data: { basketName: "Zakázka Novák – Říčany", lineCount: 2 } });
    const id = answer.data.id as number;
    // The common basket stays as it was.
    expect(await commonBasket(author.user.id)).toEqual({ [products.panel]: 2.5, [products.post]: 4 });

    const list = await okJson(await session.api(`/api/basket/saved?basketName=${encodeURIComponent("ricany")}`));
    expect(list.data).toEqual([{ id, basketName: "Zakázka Novák – Říčany", lineCount: 2, createdAt: expect.any(String), author: { id: author.user.id, name: "Jana Nováková" } }]);
    expect(list.meta).toMatchObject({ page: 1, size: 20, total: 1, pages: 1, sort: "id,desc" });

    const loader = await t.current.login();
    await add(loader, products.panel, 1);
    const loaded = await loader.api(`/api/basket/saved/${id}/load`, { method: "POST" });
    expect(loaded.status).toBe(200);
    expect(await json(loaded)).toMatchObject({ status: "success", code: "ADDED", data: { id, basketName: "Zakázka Novák – Říčany", lineCount: 2 } });
    expect(await commonBasket(loader.user.id)).toEqual({ [products.panel]: 3.5, [products.post]: 4 });
    expect(await commonBasket(author.user.id)).toEqual({ [products.panel]: 2.5, [products.post]: 4 });
  });

  test("a retried save or load with one idempotency key (body or header) applies once; a new key applies again", async () => {
    const user = await t.current.login();
    await add(user, products.hinge, 2);
    const before = await savedCount();
    const first = await json(await save(user, { basketName: "Panty", idempotencyKey: "saved-api-key-1" }));
    const retried = await json(await save(user, { basketName: "Panty" }, { "Idempotency-Key": "saved-api-key-1" }));
    expect(retried.data).toEqual(first.data);
    expect(await savedCount()).toBe(before + 1);
    await clear(user);

    const load = (body: unknown, headers: Record<string, string> = {}) => user.api(`/api/basket/saved/${first.data.id}/load`, { method: "POST", json: body, headers });
    expect((await load({ idempotencyKey: "saved-api-load-1" })).status).toBe(200);
    expect((await load({}, { "Idempotency-Key": "saved-api-load-1" })).status).toBe(200);
    expect(await commonBasket(user.user.id)).toEqual({ [products.hinge]: 2 });
    expect((await load({ idempotencyKey: "saved-api-load-2" })).status).toBe(200);
    expect(await commonBasket(user.user.id)).toEqual({ [products.hinge]: 4 });
  });

  test("five loads sent at once with one idempotency key add once (PostgreSQL: the others wait for the first and answer its result)", async () => {
    const user = await t.current.login();
    await add(user, products.post, "1,5");
    const id = (await json(await save(user, { basketName: "Souběh" }))).data.id as number;
    await clear(user);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => user.api(`/api/basket/saved/${id}/load`, { method: "POST", json: { idempotencyKey: "saved-api-parallel-1" } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await commonBasket(user.user.id)).toEqual({ [products.post]: 1.5 });
  });

  test("a blank name is a 422 naming basketName in the caller's language; an empty common basket is a readable 422; nothing is saved", async () => {
    const user = await t.current.login();
    const before = await savedCount();
    const empty = await save(user, { basketName: "Prázdný" });
    expect(empty.status).toBe(422);
    expect(await json(empty)).toMatchObject({ status: "fail", data: ["Společný košík je prázdný, není co uložit"] });
    await add(user, products.panel, 1);
    const blank = await save(user, { basketName: "  " });
    expect(blank.status).toBe(422);
    expect(await json(blank)).toMatchObject({ status: "fail", fields: { basketName: "Povinné pole" }, data: ["Pole „basketName“: Povinné pole"] });
    const long = await json(await save(user, { basketName: "ž".repeat(101) }));
    expect(long.fields).toEqual({ basketName: "Nejvýše 100 znaků" });
    expect((await user.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    expect((await json(await save(user, {}))).fields).toEqual({ basketName: "Required" });
    await clear(user);
    expect((await json(await save(user, { basketName: "Empty" }))).data).toEqual(["The common basket is empty, there is nothing to save"]);
    expect(await savedCount()).toBe(before);
  });

  test("delete answers DELETED and the basket is gone; unknown ids are 404 for load and delete; the list pages and sorts", async () => {
    const user = await t.current.login();
    await add(user, products.post, 1);
    const ids: number[] = [];
    for (const basketName of ["Řazení Dub", "Řazení Cedr", "Řazení Čirý"]) ids.push((await json(await save(user, { basketName }))).data.id);
    const names = async (query: string) => (await okJson(await user.api(`/api/basket/saved?basketName=razeni${query}`))).data.map((row: { basketName: string }) => row.basketName);
    expect(await names("&sort=basketName,asc")).toEqual(["Řazení Cedr", "Řazení Čirý", "Řazení Dub"]);
    expect(await names("")).toEqual(["Řazení Čirý", "Řazení Cedr", "Řazení Dub"]);
    const paged = await okJson(await user.api("/api/basket/saved?basketName=razeni&size=2&page=2&sort=id,asc"));
    expect(paged.data.map((row: { id: number }) => row.id)).toEqual([ids[2]]);
    expect(paged.meta).toMatchObject({ page: 2, size: 2, total: 3, pages: 2 });

    const removed = await user.api(`/api/basket/saved/${ids[0]}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await json(removed)).code).toBe("DELETED");
    expect(await names("")).toEqual(["Řazení Čirý", "Řazení Cedr"]);
    expect((await user.api(`/api/basket/saved/${ids[0]}`, { method: "DELETE" })).status).toBe(404);
    expect((await user.api(`/api/basket/saved/${ids[0]}/load`, { method: "POST", json: {} })).status).toBe(404);
    expect((await user.api("/api/basket/saved/99999999999/load", { method: "POST", json: {} })).status).toBe(404);
  });

  test("without a session: 401 from the API, /login from the page", async () => {
    expect((await t.current.request("/api/basket/saved")).status).toBe(401);
    const page = await t.current.request("/manufacture/savedBaskets", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toStartWith("/login");
  });
});

describe("page /manufacture/savedBaskets and its forms", () => {
  let user: Session;
  let savedId: number;

  beforeAll(async () => {
    user = await t.current.login();
    await add(user, products.panel, "1,5");
    await add(user, products.hinge, 2);
  });

  test("the save form (basketName, idempotencyKey) saves the common basket and goes to the common basket with SAVED; a retried post saves once", async () => {
    const before = await savedCount();
    const form = { basketName: "Stránka – Žďár", idempotencyKey: "saved-page-key-1" };
    const response = await user.page("/manufacture/savedBaskets", { form });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/warehouse/basket/common");
    expect(toastsOf(response)).toEqual([{ kind: "success", text: "SAVED" }]);
    expect((await user.page("/manufacture/savedBaskets", { form })).status).toBe(303);
    expect(await savedCount()).toBe(before + 1);
    const [row] = await t.current.ctx.db.select({ id: savedBaskets.id }).from(savedBaskets).where(eq(savedBaskets.name, "Stránka – Žďár"));
    savedId = row!.id;
  });

  test("a blank name goes back to the common basket with the field's message as a warning and saves nothing", async () => {
    const before = await savedCount();
    const response = await user.page("/manufacture/savedBaskets", { form: { basketName: "   ", idempotencyKey: "saved-page-key-2" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/warehouse/basket/common");
    expect(toastsOf(response)).toEqual([{ kind: "warning", text: "Pole „Název košíku“: Povinné pole" }]);
    expect(await savedCount()).toBe(before);
  });

  test("the list shows id, name and line count, a load form with a fresh key per row and a delete behind the confirm dialog; htmx gets the table alone", async () => {
    const page = await user.page(`/manufacture/savedBaskets?basketName=${encodeURIComponent("zdar")}`);
    expect(page.status).toBe(200);
    const html = await htmlOf(page);
    expect(html).toContain("<h1");
    expect(html).toContain("Uložené košíky");
    const row = new RegExp(`<tr data-saved-basket="${savedId}">(.*?)</tr>`).exec(html)?.[1] ?? "";
    expect(row).toContain(`>${savedId}</td>`);
    expect(row).toContain("Stránka – Žďár");
    expect(row).toContain(">2</td>");
    expect(row).toContain(`action="/manufacture/savedBaskets/${savedId}/load"`);
    expect(row).toMatch(/name="idempotencyKey" value="[0-9a-f-]{36}"/);
    expect(row).toContain("Načíst do společného košíku");
    expect(row).toContain(`<form data-confirm="Opravdu smazat uložený košík „Stránka – Žďár“?" action="/manufacture/savedBaskets/${savedId}/delete" method="post">`);
    // Only the filtered row.
    expect(html.match(/<tr data-saved-basket=/g)).toHaveLength(1);
    const again = await htmlOf(await user.page(`/manufacture/savedBaskets?basketName=${encodeURIComponent("zdar")}`));
    expect(/name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(again)![1]).not.toBe(/name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(html)![1]);

    const fragment = await htmlOf(await user.page("/manufacture/savedBaskets?basketName=zdar", { headers: { "HX-Request": "true", "HX-Target": "saved-baskets" } }));
    expect(fragment).toStartWith('<div id="saved-baskets"');
    expect(fragment).not.toContain("<h1");
    expect(fragment).toContain("Stránka – Žďár");

    const refused = await user.page(`/manufacture/savedBaskets?basketName=${encodeURIComponent("a\u0000b")}`);
    expect(refused.status).toBe(422);
  });

  test("load: into the common basket, landing on it with a toast; a retried post loads once; an unknown id is the not-found page", async () => {
    await clear(user);
    const form = { idempotencyKey: "saved-page-load-1" };
    const response = await user.page(`/manufacture/savedBaskets/${savedId}/load`, { form });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/warehouse/basket/common");
    expect(toastsOf(response)).toEqual([{ kind: "success", text: "Košík „Stránka – Žďár“ načten do společného košíku" }]);
    expect((await user.page(`/manufacture/savedBaskets/${savedId}/load`, { form })).status).toBe(303);
    expect(await commonBasket(user.user.id)).toEqual({ [products.panel]: 1.5, [products.hinge]: 2 });
    expect((await user.page("/manufacture/savedBaskets/99999999/load", { form: { idempotencyKey: "saved-page-load-2" } })).status).toBe(404);
  });

  test("delete: back to the list with DELETED, the row gone", async () => {
    const response = await user.page(`/manufacture/savedBaskets/${savedId}/delete`, { form: {} });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/manufacture/savedBaskets");
    expect(toastsOf(response)).toEqual([{ kind: "success", text: "DELETED" }]);
    expect(await htmlOf(await user.page("/manufacture/savedBaskets"))).not.toContain(`data-saved-basket="${savedId}"`);
    expect((await user.page(`/manufacture/savedBaskets/${savedId}/delete`, { form: {} })).status).toBe(404);
  });

  test("in English", async () => {
    const english = await t.current.login();
    expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    await add(english, products.post, 1);
    const saved = await english.page("/manufacture/savedBaskets", { form: { basketName: "English basket" } });
    expect(toastsOf(saved)).toEqual([{ kind: "success", text: "SAVED" }]);
    const html = await htmlOf(await english.page("/manufacture/savedBaskets?basketName=english"));
    for (const text of ["Saved baskets", "Basket name", "Load into the common basket", "Really delete the saved basket “English basket”?"]) expect(html).toContain(text);
    const blank = await english.page("/manufacture/savedBaskets", { form: { basketName: "" } });
    expect(toastsOf(blank)).toEqual([{ kind: "warning", text: "Field “Basket name”: Required" }]);
  });
});
