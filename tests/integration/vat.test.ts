/**
 * VAT rates (docs/domain.md#vat): the generic CRUD API on /api/vat and the
 * pages under /products/dph.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { vatRates } from "@db/schema";
import type { Vat } from "@/modules/catalogue/vat/schemas";
import { json, useTestApp } from "../helpers/app";
import { afterRedirect, cookiePair, entityApi, expectReadOnlyId, html as htmlOf, pageShowing } from "./support";

const t = useTestApp();

const vat = entityApi<Vat>(t, "/api/vat");
const { session, list, create: createVat } = vat;

async function expectFail(body: unknown, field: string, message: string) {
  const answer = await vat.refused(body, { [field]: message });
  expect(answer.code === undefined || answer.code === "VALIDATION").toBe(true);
}

describe("API /api/vat", () => {
  test("the seeded rates 12, 15 and 21 are listed, sorted by rate by default", async () => {
    const body = await list();
    expect(body.status).toBe("success");
    const rates = body.data.map((vat) => vat.rate);
    for (const rate of [12, 15, 21]) expect(rates).toContain(rate);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
  });

  test("a rate with a decimal comma is accepted: \"21,5\" is 21.5", async () => {
    const id = await createVat({ rate: "21,5" });
    const vat = (await json(await (await session()).api(`/api/vat/${id}`))).data as Vat;
    expect(vat.rate).toBe(21.5);
    expect(vat.name).toBe("21,5 %");
  });

  test("0 and 100 are the limits and both are accepted", async () => {
    const zero = await createVat({ rate: 0 });
    const hundred = await createVat({ rate: "100" });
    expect((await json(await (await session()).api(`/api/vat/${zero}`))).data.rate).toBe(0);
    expect((await json(await (await session()).api(`/api/vat/${hundred}`))).data.rate).toBe(100);
  });

  test("the inactive flag round-trips", async () => {
    const id = await createVat({ rate: 10, active: false });
    const created = (await json(await (await session()).api(`/api/vat/${id}`))).data as Vat;
    expect(created.active).toBe(false);
    const updated = await (await session()).api(`/api/vat/${id}`, { method: "PUT", json: { rate: 10, active: true } });
    expect(updated.status).toBe(200);
    expect((await json(updated)).data).toEqual({ id, rate: 10, active: true, name: "10 %" });
    await (await session()).api(`/api/vat/${id}`, { method: "PUT", json: { rate: 10, active: false } });
    expect((await json(await (await session()).api(`/api/vat/${id}`))).data.active).toBe(false);
  });

  test("create and update record who and when (docs/architecture.md#audit)", async () => {
    const creator = await session();
    const id = await createVat({ rate: 16 });
    const [created] = await t.current.ctx.db.select().from(vatRates).where(eq(vatRates.id, id));
    expect(created!.createdBy).toBe(creator.user.id);
    expect(created!.updatedBy).toBe(creator.user.id);
    const editor = await t.current.login();
    expect((await editor.api(`/api/vat/${id}`, { method: "PUT", json: { rate: 16.5 } })).status).toBe(200);
    const [updated] = await t.current.ctx.db.select().from(vatRates).where(eq(vatRates.id, id));
    expect(updated!.createdBy).toBe(creator.user.id);
    expect(updated!.updatedBy).toBe(editor.user.id);
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(created!.updatedAt.getTime());
  });

  // The API's answer to such ids is the CRUD contract's (crud-contract.test.ts); these are the pages'.
  test("an id beyond the integer range answers the 404 page, never 500", async () => {
    const s = await session();
    expect((await s.api("/api/vat/000")).status).toBe(404);
    const page = await s.page("/products/dph/99999999999");
    expect(page.status).toBe(404);
    const post = await s.page("/products/dph/99999999999", { form: { rate: "5" } });
    expect(post.status).toBe(404);
    const remove = await s.page("/products/dph/99999999999/delete", { method: "POST" });
    expect(remove.status).toBe(404);
  });

  describe("validation answers 422 fail with readable messages and saves nothing", () => {
    test("rate empty", () => expectFail({ rate: "" }, "rate", "Povinné pole"));
    test("rate null", () => expectFail({ rate: null }, "rate", "Povinné pole"));
    test("rate not a number", () => expectFail({ rate: "abc" }, "rate", "Zadejte číslo"));
    test("rate as a boolean", () => expectFail({ rate: true }, "rate", "Zadejte číslo"));
    test("rate negative", () => expectFail({ rate: -1 }, "rate", "Nejmenší hodnota je 0"));
    test("rate over 100", () => expectFail({ rate: 100.01 }, "rate", "Největší hodnota je 100"));
    test("rate with 3 decimals", () => expectFail({ rate: 21.125 }, "rate", "Nejvýše 2 desetinná místa"));
    test("rate with 3 decimals and a comma", () => expectFail({ rate: "21,125" }, "rate", "Nejvýše 2 desetinná místa"));
    test("active not a boolean", () => expectFail({ rate: 5, active: 7 }, "active", "Neplatná hodnota"));
  });

  test("messages are English for a user whose language is en", async () => {
    const english = await t.current.login();
    const switched = await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    expect(switched.status).toBe(200);
    expect(await json(switched)).toEqual({ status: "success", data: { lang: "en" } });
    const response = await english.api("/api/vat", { method: "POST", json: { rate: "abc" } });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.fields).toEqual({ rate: "Enter a number" });
    expect(body.data).toEqual(["Field “rate”: Enter a number"]);
    const negative = await json(await english.api("/api/vat", { method: "POST", json: { rate: -5 } }));
    expect(negative.fields.rate).toBe("The smallest value is 0");
    const missing = await json(await english.api("/api/vat", { method: "POST", json: {} }));
    expect(missing.fields.rate).toBe("Required");
    // An invalid language is itself a readable failure.
    const bad = await english.api("/api/me/language", { method: "PUT", json: { lang: "de" } });
    expect(bad.status).toBe(422);
    expect((await json(bad)).fields.lang).toBe("Invalid value");
  });

  describe("list paging, filters and sorting", () => {
    test("meta pages through the rows", async () => {
      // 25 extra rates on top of whatever exists.
      for (let index = 0; index < 25; index++) await createVat({ rate: 30 + index / 100, active: index % 2 === 0 });
      const first = await list("?size=10");
      expect(first.meta.page).toBe(1);
      expect(first.meta.size).toBe(10);
      expect(first.data).toHaveLength(10);
      const total = first.meta.total;
      expect(total).toBeGreaterThanOrEqual(28);
      expect(first.meta.pages).toBe(Math.ceil(total / 10));
      const last = await list(`?size=10&page=${first.meta.pages}`);
      expect(last.meta.page).toBe(first.meta.pages);
      expect(last.data).toHaveLength(total - 10 * (first.meta.pages - 1));
      // Pages do not overlap and together hold every row.
      const ids = new Set<number>();
      for (let page = 1; page <= first.meta.pages; page++) for (const vat of (await list(`?size=10&page=${page}`)).data) ids.add(vat.id);
      expect(ids.size).toBe(total);
      // Past the end is an empty page, not an error.
      const beyond = await list(`?size=10&page=${first.meta.pages + 5}`);
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.total).toBe(total);
    });

    test("bad paging values fall back to the defaults", async () => {
      const body = await list("?page=abc&size=-4");
      expect(body.meta.page).toBe(1);
      expect(body.meta.size).toBe(20);
    });

    test("a number filter matches the rate exactly", async () => {
      const id = await createVat({ rate: 42.42 });
      const body = await list("?rate=42,42");
      expect(body.data.map((vat) => vat.id)).toEqual([id]);
      expect(body.meta.total).toBe(1);
      expect((await list("?rate=42.4")).meta.total).toBe(0);
      expect((await list("?rate=not-a-number")).meta.total).toBe(0);
    });

    test("an id filter no integer id can match answers an empty list, not an error", async () => {
      for (const id of ["1.5", "1e20", "2147483648", "99999999999", "-99999999999", "abc"]) {
        const body = await list(`?id=${id}`);
        expect({ id, status: body.status, total: body.meta.total }).toEqual({ id, status: "success", total: 0 });
      }
      expect((await list("?id=2147483647")).meta.total).toBe(0);
    });

    test("a boolean filter narrows to active or inactive rates", async () => {
      await createVat({ rate: 44, active: false });
      const inactive = await list("?active=false&size=500");
      expect(inactive.data.length).toBeGreaterThan(0);
      expect(inactive.data.every((vat) => vat.active === false)).toBe(true);
      expect(inactive.data.some((vat) => vat.rate === 44)).toBe(true);
      const active = await list("?active=true&size=500");
      expect(active.data.every((vat) => vat.active === true)).toBe(true);
      const all = await list("?size=500");
      expect(active.meta.total + inactive.meta.total).toBe(all.meta.total);
    });

    test("filters combine", async () => {
      await createVat({ rate: 45, active: false });
      await createVat({ rate: 45, active: true });
      const body = await list("?rate=45&active=false");
      expect(body.meta.total).toBe(1);
      expect(body.data[0]).toMatchObject({ rate: 45, active: false });
    });

    test("sort=rate,desc and sort=rate,asc order the rows", async () => {
      const desc = await list("?sort=rate,desc&size=500");
      const rates = desc.data.map((vat) => vat.rate);
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
      expect(desc.meta.sort).toBe("rate,desc");
      const asc = await list("?sort=rate,asc&size=500");
      expect(asc.data.map((vat) => vat.rate)).toEqual([...rates].sort((a, b) => a - b));
      const byId = await list("?sort=id,desc&size=500");
      const ids = byId.data.map((vat) => vat.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    test("an unknown sort field falls back to the default order", async () => {
      const body = await list("?sort=password,desc");
      expect(body.meta.sort).toBe("rate,asc");
      const injection = await list("?sort=rate;drop table vat_rates,asc");
      expect(injection.status).toBe("success");
    });
  });
});

describe("pages /products/dph", () => {
  test("the list page shows the rows in the layout", async () => {
    const id = await createVat({ rate: 17.5 });
    const response = await (await session()).page("/products/dph?size=500");
    await pageShowing(response, 200, "<html", 'id="list-vat"', `href="/products/dph/${id}"`, "17,5 %", "21 %", 'href="/products/dph/new"');
  });

  test("an htmx list request answers only the table fragment", async () => {
    const id = await createVat({ rate: 18.5 });
    const response = await (await session()).page("/products/dph?rate=18,5", { headers: { "HX-Request": "true", "HX-Target": "list-vat" } });
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).not.toContain("<html");
    expect(html).not.toContain("<body");
    expect(html.startsWith('<div id="list-vat"')).toBe(true);
    expect(html).toContain(`href="/products/dph/${id}"`);
    expect(html).not.toContain("21 %");
  });

  test("an htmx request for another target gets the whole page", async () => {
    const response = await (await session()).page("/products/dph", { headers: { "HX-Request": "true", "HX-Target": "main" } });
    expect(await response.text()).toContain("<html");
  });

  test("the list shows the empty state when a filter matches nothing", async () => {
    const html = await htmlOf(await (await session()).page("/products/dph?rate=99.99"));
    expect(html).toContain("Žádná data.");
  });

  test("the new form posts, redirects to the list and shows CREATED there", async () => {
    const s = await session();
    const form = await s.page("/products/dph/new");
    await pageShowing(form, 200, 'action="/products/dph/new"', 'name="rate"');

    const response = await s.page("/products/dph/new", { form: { rate: "19,25", active: "on" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products/dph");
    const flash = cookiePair(response, "ohrada_flash");
    expect(flash).toBeDefined();
    const listPage = await s.page("/products/dph?rate=19.25", { headers: { Cookie: flash! } });
    const html = await htmlOf(listPage);
    expect(html).toContain("Vytvořeno");
    expect(html).toContain("19,25 %");
    // The toast shows once: the response clears the flash cookie.
    expect(listPage.headers.getSetCookie().some((line) => line.startsWith("ohrada_flash=;") || /ohrada_flash=.*Max-Age=0/.test(line))).toBe(true);
    const created = (await list("?rate=19.25")).data;
    expect(created).toHaveLength(1);
    expect(created[0]!.active).toBe(true);
  });

  test("an unticked active box saves an inactive rate", async () => {
    const response = await (await session()).page("/products/dph/new", { form: { rate: "19,5" } });
    expect(response.status).toBe(303);
    expect((await list("?rate=19.5")).data[0]!.active).toBe(false);
  });

  test("an invalid post answers 422 with FORM_NOT_VALID and the field error, and saves nothing", async () => {
    const s = await session();
    const before = (await list()).meta.total;
    for (const [rate, message] of [
      ["", "Povinné pole"],
      ["abc", "Zadejte číslo"],
      ["-3", "Nejmenší hodnota je 0"],
      ["100,5", "Největší hodnota je 100"],
      ["1,234", "Nejvýše 2 desetinná místa"],
    ] as const) {
      const response = await s.page("/products/dph/new", { form: { rate } });
      expect(response.status).toBe(422);
      expect(cookiePair(response, "ohrada_flash")).toBeUndefined();
      const html = await htmlOf(response);
      expect(html).toContain("Formulář není vyplněn správně");
      expect(html).toContain(message);
      expect(html).toContain("field-invalid");
      // What was typed stays in the field.
      if (rate) expect(html).toContain(`value="${rate}"`);
    }
    expect((await list()).meta.total).toBe(before);
  });

  test("the edit page shows the id disabled and saves with UPDATED, staying on the edit page", async () => {
    const s = await session();
    const id = await createVat({ rate: 22 });
    const edit = await s.page(`/products/dph/${id}`);
    expect(edit.status).toBe(200);
    const editHtml = await htmlOf(edit);
    expectReadOnlyId(editHtml, id);
    expect(editHtml).toContain('value="22"');
    expect(editHtml).toContain(`action="/products/dph/${id}/delete"`);

    const response = await s.page(`/products/dph/${id}`, { form: { rate: "22,5", active: "on" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/products/dph/${id}`);
    const after = await afterRedirect(s, response, `/products/dph/${id}`);
    expect(after).toContain("Uloženo");
    expect(after).toContain('value="22,5"');
    expect((await json(await s.api(`/api/vat/${id}`))).data.rate).toBe(22.5);
  });

  test("an invalid edit answers 422 and keeps the stored value", async () => {
    const s = await session();
    const id = await createVat({ rate: 23 });
    const response = await s.page(`/products/dph/${id}`, { form: { rate: "x" } });
    await pageShowing(response, 422, "Formulář není vyplněn správně", "Zadejte číslo");
    expect((await json(await s.api(`/api/vat/${id}`))).data.rate).toBe(23);
  });

  test("a posted id is ignored: the route decides which record changes", async () => {
    const s = await session();
    const id = await createVat({ rate: 24 });
    const other = await createVat({ rate: 25 });
    const response = await s.page(`/products/dph/${id}`, { form: { id: String(other), rate: "24,5" } });
    expect(response.status).toBe(303);
    expect((await json(await s.api(`/api/vat/${id}`))).data.rate).toBe(24.5);
    expect((await json(await s.api(`/api/vat/${other}`))).data.rate).toBe(25);
  });

  test("delete redirects to the list with DELETED, and the record is gone", async () => {
    const s = await session();
    const id = await createVat({ rate: 26 });
    const response = await s.page(`/products/dph/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products/dph");
    const html = await afterRedirect(s, response, "/products/dph");
    expect(html).toContain("Smazáno");
    expect((await s.api(`/api/vat/${id}`)).status).toBe(404);
    const page = await s.page(`/products/dph/${id}`);
    expect(page.status).toBe(404);
  });

  test("the pages are English for an English user", async () => {
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const response = await english.page("/products/dph/new", { form: { rate: "" } });
    await pageShowing(response, 422, "The form is not valid", "Required");
    const created = await english.page("/products/dph/new", { form: { rate: "27" } });
    const flash = cookiePair(created, "ohrada_flash")!;
    expect(await (await english.page("/products/dph", { headers: { Cookie: flash } })).text()).toContain("Created");
  });
});
