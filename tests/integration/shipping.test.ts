/**
 * Shipping (docs/domain.md#shipping): the generic CRUD API on /api/settings/shipping and the pages
 * under /settings/shipping. Prices are CZK with two decimals, entered with a comma or a point.
 */
import { describe, expect, test } from "bun:test";
import type { Shipping } from "@/modules/settings/shipping/schemas";
import { json, useTestApp } from "../helpers/app";
import { afterRedirect, entityApi, html as htmlOf, pageShowing } from "./support";

const t = useTestApp();

const API = "/api/settings/shipping";
const shipping = entityApi<Shipping>(t, API);
const { session, list, get, create: createShipping } = shipping;
const expectFail = shipping.refused;

describe("API /api/settings/shipping", () => {
  test("priceByDistance is optional and defaults to false", async () => {
    const id = await createShipping({ name: "Zásilkovna", price: 89 });
    expect((await get(id)).priceByDistance).toBe(false);
  });

  test("priceByDistance true round-trips", async () => {
    const id = await createShipping({ name: "Vlastní doprava", price: "25,50", priceByDistance: true });
    expect(await get(id)).toEqual({ id, name: "Vlastní doprava", price: 25.5, priceByDistance: true });
  });

  test("the price \"1 234,50\" is accepted as 1234.5", async () => {
    const id = await createShipping({ name: "Kamion", price: "1 234,50" });
    expect((await get(id)).price).toBe(1234.5);
  });

  test("a non-breaking space as thousands separator and a decimal point work too", async () => {
    const nbsp = await createShipping({ name: "Kamion NBSP", price: "2\u00a0345,75" });
    expect((await get(nbsp)).price).toBe(2345.75);
    const point = await createShipping({ name: "Kamion tečka", price: "99.9" });
    expect((await get(point)).price).toBe(99.9);
  });

  test("price 0 is allowed (free shipping)", async () => {
    const id = await createShipping({ name: "Osobní odběr", price: 0 });
    expect((await get(id)).price).toBe(0);
  });

  test("money keeps its cents exactly", async () => {
    const id = await createShipping({ name: "Haléře", price: "0,30" });
    expect((await get(id)).price).toBe(0.3);
    // A client's float sum (0.30000000000000004) is stored as 0.30, not rejected for its decimals.
    const sum = await createShipping({ name: "Součet", price: 0.1 + 0.2 });
    expect((await get(sum)).price).toBe(0.3);
    const big = await createShipping({ name: "Velká částka", price: "12 345 678,91" });
    expect((await get(big)).price).toBe(12_345_678.91);
    const top = await createShipping({ name: "Strop", price: 999_999_999 });
    expect((await get(top)).price).toBe(999_999_999);
  });

  test("leaving priceByDistance out of an update sets it back to its default", async () => {
    const id = await createShipping({ name: "DPD", price: 120, priceByDistance: true });
    const again = await (await session()).api(`${API}/${id}`, { method: "PUT", json: { name: "DPD Classic", price: "130,90" } });
    expect((await json(again)).data).toEqual({ id, name: "DPD Classic", price: 130.9, priceByDistance: false });
  });

  describe("validation answers 422 fail and saves nothing", () => {
    test("price blank", () => expectFail({ name: "Prázdná cena", price: " " }, { price: "Povinné pole" }));
    test("price negative", () => expectFail({ name: "Záporná", price: -1 }, { price: "Nejmenší hodnota je 0" }));
    test("price negative with a comma", () => expectFail({ name: "Záporná čárka", price: "-0,50" }, { price: "Nejmenší hodnota je 0" }));
    test("price not a number", () => expectFail({ name: "Text", price: "zdarma" }, { price: "Zadejte číslo" }));
    test("price with 3 decimals", () => expectFail({ name: "Tři místa", price: "10,555" }, { price: "Nejvýše 2 desetinná místa" }));
    test("price too large", () => expectFail({ name: "Obří", price: 1_000_000_000 }, { price: "Největší hodnota je 999999999" }));
    test("priceByDistance not a boolean", () => expectFail({ name: "Divné", price: 1, priceByDistance: 5 }, { priceByDistance: "Neplatná hodnota" }));
    test("duplicate name", async () => {
      await createShipping({ name: "Česká pošta", price: 99 });
      await expectFail({ name: "česká pošta", price: 100 }, { name: "Tato hodnota už existuje" });
    });
    test("English messages for an English user", async () => {
      const english = await t.current.login();
      await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
      await expectFail({ name: "", price: "-1" }, { name: "Required", price: "The smallest value is 0" }, { as: english });
    });
  });

  describe("list", () => {
    test("filters and sorting", async () => {
      const cheap = await createShipping({ name: "Filtr levná", price: 10, priceByDistance: true });
      const dear = await createShipping({ name: "Filtr drahá", price: 5000, priceByDistance: false });
      await createShipping({ name: "Filtr střední", price: 777.7, priceByDistance: true });
      // By name unless asked.
      expect((await list("?size=1")).meta.sort).toBe("name,asc");
      const byText = await list("?name=filtr");
      expect(byText.meta.total).toBe(3);
      const byPrice = await list("?price=777,70");
      expect(byPrice.data.map((row) => row.name)).toEqual(["Filtr střední"]);
      const byDistance = await list("?name=filtr&priceByDistance=true");
      expect(byDistance.data.map((row) => row.name).sort()).toEqual(["Filtr levná", "Filtr střední"]);
      const notByDistance = await list("?name=filtr&priceByDistance=false");
      expect(notByDistance.data.map((row) => row.id)).toEqual([dear]);
      // An unknown boolean value filters nothing out.
      expect((await list("?name=filtr&priceByDistance=maybe")).meta.total).toBe(3);

      const desc = await list("?name=filtr&sort=price,desc");
      expect(desc.data.map((row) => row.price)).toEqual([5000, 777.7, 10]);
      const asc = await list("?name=filtr&sort=price,asc");
      expect(asc.data.map((row) => row.id)[0]).toBe(cheap);
      expect(asc.meta.sort).toBe("price,asc");
    });
  });
});

describe("pages /settings/shipping", () => {
  test("the list page shows the rows with the price as money", async () => {
    const id = await createShipping({ name: "Stránková doprava", price: "1 234,5", priceByDistance: true });
    const response = await (await session()).page("/settings/shipping?name=Stránková");
    const html = await pageShowing(response, 200, "<html", 'id="list-shipping"', `href="/settings/shipping/${id}"`, "Stránková doprava");
    expect(html).toMatch(/1\s234,50\sKč/);
    expect(html).toContain('href="/settings/shipping/new"');
  });

  test("an htmx list request answers only the table fragment", async () => {
    await createShipping({ name: "Htmx doprava", price: 1 });
    const response = await (await session()).page("/settings/shipping?name=Htmx", { headers: { "HX-Request": "true", "HX-Target": "list-shipping" } });
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).not.toContain("<html");
    expect(html.startsWith('<div id="list-shipping"')).toBe(true);
    expect(html).toContain("Htmx doprava");
  });

  test("the new form with an unticked checkbox creates priceByDistance false, with CREATED on the list", async () => {
    const s = await session();
    const form = await htmlOf(await s.page("/settings/shipping/new"));
    expect(form).toContain('name="priceByDistance"');
    expect(form).toContain('name="price"');
    const response = await s.page("/settings/shipping/new", { form: { name: "Z formuláře", price: "1 234,50" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/settings/shipping");
    expect(await afterRedirect(s, response, "/settings/shipping")).toContain("Vytvořeno");
    const created = (await list("?name=Z formuláře".replace(" ", "%20"))).data;
    expect(created).toEqual([{ id: created[0]!.id, name: "Z formuláře", price: 1234.5, priceByDistance: false }]);
  });

  test("a ticked checkbox saves priceByDistance true", async () => {
    const response = await (await session()).page("/settings/shipping/new", { form: { name: "Zaškrtnutá", price: "10", priceByDistance: "on" } });
    expect(response.status).toBe(303);
    expect((await list("?name=Zaškrtnutá")).data[0]!.priceByDistance).toBe(true);
  });

  test("invalid posts answer 422 with FORM_NOT_VALID and the field error, and save nothing", async () => {
    const s = await session();
    const before = (await list()).meta.total;
    for (const [form, message] of [
      [{ name: "", price: "10" }, "Povinné pole"],
      [{ name: "Bez ceny", price: "" }, "Povinné pole"],
      [{ name: "Záporná", price: "-10" }, "Nejmenší hodnota je 0"],
      [{ name: "Text", price: "hodně" }, "Zadejte číslo"],
    ] as const) {
      const response = await s.page("/settings/shipping/new", { form });
      await pageShowing(response, 422, "Formulář není vyplněn správně", message, "field-invalid");
    }
    expect((await list()).meta.total).toBe(before);
  });

  test("an edit saves with UPDATED and stays on the edit page", async () => {
    const s = await session();
    const id = await createShipping({ name: "Upravovaná", price: 100, priceByDistance: true });
    const edit = await htmlOf(await s.page(`/settings/shipping/${id}`));
    expect(edit).toContain('value="100"');
    expect(edit).toMatch(/name="priceByDistance"[^>]*checked=""|checked=""[^>]*name="priceByDistance"/);
    const response = await s.page(`/settings/shipping/${id}`, { form: { name: "Upravená", price: "200,25" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/settings/shipping/${id}`);
    const html = await afterRedirect(s, response, `/settings/shipping/${id}`);
    expect(html).toContain("Uloženo");
    expect(html).toContain('value="200,25"');
    expect(await get(id)).toEqual({ id, name: "Upravená", price: 200.25, priceByDistance: false });
  });

  test("delete redirects to the list with DELETED", async () => {
    const s = await session();
    const id = await createShipping({ name: "Ke smazání", price: 1 });
    const response = await s.page(`/settings/shipping/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/settings/shipping");
    expect(await afterRedirect(s, response, "/settings/shipping")).toContain("Smazáno");
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });
});
