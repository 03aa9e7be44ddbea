/**
 * Suppliers (spec 02 §2 "Suppliers", §3, §5, §7): CRUD /api/suppliers/supplier and the pages
 * under /suppliers/supplier (list with id, name, email and an add button; the :id route serves
 * new as /suppliers/supplier/new; id read-only; name and email required).
 */
import { describe, expect, test } from "bun:test";
import { supplierOrders } from "@db/schema";
import { json, type Session, useTestApp } from "../helpers/app";
import { cookiePair, createdId, html as htmlOf, type ListBody } from "./support";

const t = useTestApp();
const PATH = "/suppliers/supplier";
const API = "/api/suppliers/supplier";

interface Supplier {
  id: number;
  name: string;
  email: string;
}

let shared: Session;
const session = async () => (shared ??= await t.current.login());

async function createSupplier(body: Partial<Supplier>): Promise<number> {
  return createdId(await (await session()).api(API, { method: "POST", json: body }));
}

const list = async (query = ""): Promise<ListBody<Supplier>> => json(await (await session()).api(`${API}${query}`));

async function expectFail(body: unknown, fields: Record<string, string>, method = "POST", path = API) {
  const before = (await list()).meta.total;
  const response = await (await session()).api(path, { method, json: body });
  expect(response.status).toBe(422);
  const answer = await json(response);
  expect(answer.status).toBe("fail");
  expect(answer.fields).toEqual(fields);
  expect((await list()).meta.total).toBe(before);
}

describe("API /api/suppliers/supplier", () => {
  test("create answers the id; get, update and list answer the entity", async () => {
    const id = await createSupplier({ name: "Ferona a.s.", email: " objednavky@ferona.cz " });
    expect((await json(await (await session()).api(`${API}/${id}`))).data).toEqual({ id, name: "Ferona a.s.", email: "objednavky@ferona.cz" });
    const updated = await (await session()).api(`${API}/${id}`, { method: "PUT", json: { name: "Ferona, a.s.", email: "nakup@ferona.cz" } });
    expect(updated.status).toBe(200);
    expect((await json(updated)).data).toEqual({ id, name: "Ferona, a.s.", email: "nakup@ferona.cz" });
    expect((await list("?email=nakup@ferona")).data.map((s) => s.id)).toEqual([id]);
  });

  describe("name and email are required; the email must be valid", () => {
    test("both missing", () => expectFail({}, { name: "Povinné pole", email: "Povinné pole" }));
    test("name blank", () => expectFail({ name: " ", email: "a@b.cz" }, { name: "Povinné pole" }));
    test("email blank", () => expectFail({ name: "Hörmann", email: "" }, { email: "Povinné pole" }));
    test("email without a domain", () => expectFail({ name: "Hörmann", email: "prodej@" }, { email: "Zadejte platný e-mail" }));
    test("email with a space", () => expectFail({ name: "Hörmann", email: "pro dej@hormann.cz" }, { email: "Zadejte platný e-mail" }));
    test("an update is validated the same way", async () => {
      const id = await createSupplier({ name: "Pilecký s.r.o.", email: "info@pilecky.cz" });
      await expectFail({ name: "Pilecký s.r.o.", email: "nope" }, { email: "Zadejte platný e-mail" }, "PUT", `${API}/${id}`);
      expect((await json(await (await session()).api(`${API}/${id}`))).data.email).toBe("info@pilecky.cz");
    });
  });

  test("a supplier without orders is deleted", async () => {
    const id = await createSupplier({ name: "Na smazání s.r.o.", email: "smazat@firma.cz" });
    expect((await (await session()).api(`${API}/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await (await session()).api(`${API}/${id}`)).status).toBe(404);
  });

  test("a supplier with orders is not deleted: 422 with a readable message, nothing removed", async () => {
    const id = await createSupplier({ name: "Betafence s.r.o.", email: "cz@betafence.com" });
    await t.current.ctx.db.insert(supplierOrders).values([
      { name: "Pletivo 2026/1", supplierId: id },
      { name: "Pletivo 2026/2", supplierId: id },
    ]);
    const response = await (await session()).api(`${API}/${id}`, { method: "DELETE" });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({
      status: "fail",
      code: "VALIDATION",
      data: ["Dodavatele nelze smazat: má objednávky (2). Nejdřív smažte jeho objednávky."],
      fields: {},
    });
    expect((await (await session()).api(`${API}/${id}`)).status).toBe(200);
  });
});

describe("pages /suppliers/supplier", () => {
  test("the list shows id, name and email, and the add button leads to /suppliers/supplier/new", async () => {
    const id = await createSupplier({ name: "Jansen Steel s.r.o.", email: "obchod@jansen.cz" });
    const response = await (await session()).page(`${PATH}?size=500`);
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).toContain("Dodavatelé");
    expect(html).toContain(`href="${PATH}/${id}"`);
    expect(html).toContain("Jansen Steel s.r.o.");
    expect(html).toContain("obchod@jansen.cz");
    expect(html).toContain(`href="${PATH}/new"`);
  });

  test("/suppliers/supplier/new serves the empty form; a valid post redirects to the list with CREATED", async () => {
    const s = await session();
    const form = await s.page(`${PATH}/new`);
    expect(form.status).toBe(200);
    const formHtml = await htmlOf(form);
    expect(formHtml).toContain(`action="${PATH}/new"`);
    expect(formHtml).toContain('name="email"');
    expect(formHtml).not.toContain('id="field-id"');
    const response = await s.page(`${PATH}/new`, { form: { name: "Würth, spol. s r.o.", email: "wurth@wurth.cz" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(PATH);
    const listHtml = await htmlOf(await s.page(`${PATH}?name=Würth`, { headers: { Cookie: cookiePair(response, "ohrada_flash")! } }));
    expect(listHtml).toContain("Vytvořeno");
    expect(listHtml).toContain("wurth@wurth.cz");
  });

  test("an invalid post answers 422 with FORM_NOT_VALID and the field errors", async () => {
    const s = await session();
    const before = (await list()).meta.total;
    const response = await s.page(`${PATH}/new`, { form: { name: "", email: "spatny-email" } });
    expect(response.status).toBe(422);
    const html = await htmlOf(response);
    expect(html).toContain("Formulář není vyplněn správně");
    expect(html).toContain("Povinné pole");
    expect(html).toContain("Zadejte platný e-mail");
    expect(html).toContain('value="spatny-email"');
    expect((await list()).meta.total).toBe(before);
  });

  test("edit: id read-only, save stays with UPDATED", async () => {
    const s = await session();
    const id = await createSupplier({ name: "Ocel Brno", email: "info@ocelbrno.cz" });
    const edit = await htmlOf(await s.page(`${PATH}/${id}`));
    expect(edit).toMatch(new RegExp(`<input[^>]*id="field-id"[^>]*disabled=""[^>]*value="${id}"|<input[^>]*value="${id}"[^>]*disabled=""`));
    const saved = await s.page(`${PATH}/${id}`, { form: { name: "Ocel Brno s.r.o.", email: "info@ocelbrno.cz" } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${PATH}/${id}`);
    expect(await htmlOf(await s.page(`${PATH}/${id}`, { headers: { Cookie: cookiePair(saved, "ohrada_flash")! } }))).toContain("Uloženo");
  });

  test("deleting a supplier with an order from the page shows the reason and keeps it", async () => {
    const s = await session();
    const id = await createSupplier({ name: "Hörmann Česká republika s.r.o.", email: "info@hormann.cz" });
    await t.current.ctx.db.insert(supplierOrders).values({ name: "Vrata", supplierId: id });
    const response = await s.page(`${PATH}/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${PATH}/${id}`);
    const html = await htmlOf(await s.page(`${PATH}/${id}`, { headers: { Cookie: cookiePair(response, "ohrada_flash")! } }));
    expect(html).toContain("Dodavatele nelze smazat: má objednávky (1).");
    expect((await s.api(`${API}/${id}`)).status).toBe(200);
  });

  test("deleting a supplier without orders redirects to the list with DELETED", async () => {
    const s = await session();
    const id = await createSupplier({ name: "Dočasný dodavatel", email: "x@docasny.cz" });
    const response = await s.page(`${PATH}/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(PATH);
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });
});
