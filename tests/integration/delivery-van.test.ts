/**
 * Delivery vans (docs/domain.md#delivery-vans): /api/settings/deliveryVan and the pages under
 * /settings/deliveryVan. The spz is normalised (upper case, no spaces or hyphens), validated as a
 * Czech plate and unique.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { deliveryVans, translationGroups } from "@db/schema";
import { seedDemoSettings } from "@db/seed/demo/settings";
import { spzProblem } from "@/modules/settings/delivery-van/schemas";
import type { DeliveryVan as Van } from "@/modules/settings/delivery-van/schemas";
import { json, useTestApp } from "../helpers/app";
import { afterRedirect, entityApi, expectReadOnlyId, html as htmlOf, type ListBody, pageShowing, withFreshDatabase } from "./support";

const t = useTestApp();
const PATH = "/settings/deliveryVan";
const API = "/api/settings/deliveryVan";

const vans = entityApi<Van>(t, API);
const { session, get: getVan, total, create: createVan } = vans;

/** A 422 fail naming exactly this field, and nothing saved. */
const expectFail = (body: unknown, field: string, message: string, id?: number) => vans.refused(body, { [field]: message }, { id });

// Plates unique per test: 1A<n>, n a two-digit counter, then 4 digits.
let plateCounter = 10;
const nextPlate = () => `${1 + (plateCounter % 9)}A${String(++plateCounter).slice(-1)} ${String(1000 + plateCounter).slice(-4)}`;

describe("API /api/settings/deliveryVan", () => {
  test("create normalises the spz; get answers it normalised", async () => {
    const id = await createVan({ name: "Dodávka Ford Transit", spz: "4ab 12-34" });
    expect(await getVan(id)).toEqual({ id, name: "Dodávka Ford Transit", spz: "4AB1234", active: true });
    const [row] = await t.current.ctx.db.select().from(deliveryVans).where(eq(deliveryVans.id, id));
    expect(row!.spz).toBe("4AB1234");
    expect(row!.createdBy).toBe((await session()).user.id);
  });

  test("the older district series is accepted: \"bva 12-34\" is BVA1234", async () => {
    const id = await createVan({ name: "Avia A31", spz: "bva 12-34" });
    expect((await getVan(id)).spz).toBe("BVA1234");
  });

  describe("blank required fields", () => {
    test("name blank", () => expectFail({ name: "   ", spz: nextPlate() }, "name", "Povinné pole"));
    test("spz blank", () => expectFail({ name: "Dodávka", spz: "" }, "spz", "Povinné pole"));
    test("spz only spaces and hyphens", () => expectFail({ name: "Dodávka", spz: " - " }, "spz", "Povinné pole"));
  });

  describe("the plate rule, with concrete values", () => {
    const chars = "SPZ smí obsahovat jen písmena A–Z bez diakritiky a číslice";
    const length = "SPZ má 5 až 8 znaků (bez mezer a pomlček)";
    const letters = "SPZ nesmí obsahovat písmena G, O, Q ani W";
    const format = "Neplatná SPZ: očekává se např. 1AB 2345 nebo starší BVA 12-34";
    test.each([
      ["1AB 234!", chars],
      ["1ŘB 2345", chars],
      ["1AB.2345", chars],
      ["1AB", length],
      ["1AB 23456 7", length],
      ["1AG 2345", letters],
      ["1AO 2345", letters],
      ["1AQ 2345", letters],
      ["1AW 2345", letters],
      ["0AB 2345", format],
      ["1DB 2345", format],
      ["12345", format],
      ["ABCD EFH", format],
    ])("%s is refused", (spz, message) => expectFail({ name: "Dodávka", spz }, "spz", message));

    test("a number instead of text is invalid", () => expectFail({ name: "Dodávka", spz: 1234567 }, "spz", "Neplatná hodnota"));
  });

  describe("the spz is unique", () => {
    test("the same plate typed differently is refused on the spz field", async () => {
      await createVan({ name: "Crafter", spz: "2SA 4455" });
      await expectFail({ name: "Jiný vůz", spz: "2sa-44 55" }, "spz", "Vozidlo se SPZ 2SA 4455 už v evidenci je");
    });

    test("an update to another van's plate is refused; keeping its own plate is fine", async () => {
      await createVan({ name: "Master", spz: "3C1 5566" });
      const other = await createVan({ name: "Trafic", spz: "3C1 5567" });
      await expectFail({ name: "Trafic", spz: "3C15566" }, "spz", "Vozidlo se SPZ 3C1 5566 už v evidenci je", other);
      expect((await getVan(other)).spz).toBe("3C15567");
      const same = await (await session()).api(`${API}/${other}`, { method: "PUT", json: { name: "Trafic L2", spz: "3c1 5567" } });
      expect(same.status).toBe(200);
    });
  });

  test("filters: the spz filter is normalised like the plate, the name filter is a substring", async () => {
    const id = await createVan({ name: "Iveco Daily filtr", spz: "6H7 8899" });
    const bySpz = (await json(await (await session()).api(`${API}?spz=${encodeURIComponent("6h7 88")}`))) as ListBody<Van>;
    expect(bySpz.data.map((van) => van.id)).toEqual([id]);
    const byName = (await json(await (await session()).api(`${API}?name=daily%20filtr`))) as ListBody<Van>;
    expect(byName.data.map((van) => van.id)).toEqual([id]);
  });

  test("messages are English for an English user", async () => {
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const answer = await json(await english.api(API, { method: "POST", json: { name: "Van", spz: "1AQ 2345" } }));
    expect(answer.fields).toEqual({ spz: "A licence plate never contains the letters G, O, Q or W" });
  });

  test("without a session the API answers 401", async () => {
    const response = await t.current.request(API);
    expect(response.status).toBe(401);
  });
});

describe("pages /settings/deliveryVan", () => {
  test("the list shows the plate as people write it, with an add button", async () => {
    const id = await createVan({ name: "Transit na seznam", spz: "8T3 0412" });
    const response = await (await session()).page(`${PATH}?size=500`);
    await pageShowing(response, 200, "Vozidla", `href="${PATH}/${id}"`, "8T3 0412", `href="${PATH}/new"`);
  });

  test("new: the form, a valid post redirects to the list with CREATED", async () => {
    const s = await session();
    const form = await htmlOf(await s.page(`${PATH}/new`));
    expect(form).toContain(`action="${PATH}/new"`);
    expect(form).toContain('name="name"');
    expect(form).toContain('name="spz"');
    const response = await s.page(`${PATH}/new`, { form: { name: "Nová dodávka", spz: "9b8 7654" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(PATH);
    const list = await afterRedirect(s, response, `${PATH}?spz=9B87654`);
    expect(list).toContain("Vytvořeno");
    expect(list).toContain("9B8 7654");
  });

  test("an invalid post answers 422 with FORM_NOT_VALID and the field errors, saving nothing", async () => {
    const s = await session();
    const before = await total();
    const response = await s.page(`${PATH}/new`, { form: { name: "", spz: "1AG 2345" } });
    await pageShowing(response, 422, "Formulář není vyplněn správně", "Povinné pole", "SPZ nesmí obsahovat písmena G, O, Q ani W", 'value="1AG 2345"');
    expect(await total()).toBe(before);
  });

  test("a duplicate plate posted from the form shows the message on the spz field", async () => {
    const s = await session();
    await createVan({ name: "Originál", spz: "2E5 3030" });
    const html = await htmlOf(await s.page(`${PATH}/new`, { form: { name: "Kopie", spz: "2E5-3030" } }));
    expect(html).toContain("Vozidlo se SPZ 2E5 3030 už v evidenci je");
    expect(html).toContain("field-invalid");
  });

  test("edit: id read-only, save redirects back with UPDATED; delete with DELETED", async () => {
    const s = await session();
    const id = await createVan({ name: "K úpravě", spz: "3J2 1212" });
    const edit = await htmlOf(await s.page(`${PATH}/${id}`));
    expectReadOnlyId(edit, id);
    expect(edit).toContain('value="3J21212"');
    const saved = await s.page(`${PATH}/${id}`, { form: { id: "999", name: "Upraveno", spz: "3j2 1213", active: "on" } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${PATH}/${id}`);
    expect(await afterRedirect(s, saved, `${PATH}/${id}`)).toContain("Uloženo");
    expect(await getVan(id)).toEqual({ id, name: "Upraveno", spz: "3J21213", active: true });

    const removed = await s.page(`${PATH}/${id}/delete`, { method: "POST" });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe(PATH);
    expect(await afterRedirect(s, removed, PATH)).toContain("Smazáno");
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });
});

describe("demo data", () => {
  test("6 vans with valid plates and 4 translation groups, seeded once", async () => {
    await withFreshDatabase(async (ctx) => {
      await seedDemoSettings(ctx);
      await seedDemoSettings(ctx);
      const vans = await ctx.db.select().from(deliveryVans);
      expect(vans).toHaveLength(6);
      for (const van of vans) expect({ spz: van.spz, problem: spzProblem(van.spz) }).toEqual({ spz: van.spz, problem: null });
      expect(new Set(vans.map((van) => van.spz)).size).toBe(6);
      expect(await ctx.db.select().from(translationGroups)).toHaveLength(4);
    });
  });
});
