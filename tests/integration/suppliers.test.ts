/**
 * Suppliers (docs/domain.md#supplier): CRUD /api/suppliers/supplier and the pages
 * under /suppliers/supplier (list with id, name, email and an add button; the :id route serves
 * new as /suppliers/supplier/new; id read-only; name and email required).
 */
import { describe, expect, test } from "bun:test";
import type { Supplier } from "@/modules/suppliers/supplier/schemas";
import { json, useTestApp } from "../helpers/app";
import { createSupplierOrder } from "../helpers/factories";
import { afterRedirect, entityApi, expectReadOnlyId, html as htmlOf, pageShowing } from "./support";

const t = useTestApp();
const PATH = "/suppliers/supplier";
const API = "/api/suppliers/supplier";

const suppliers = entityApi<Supplier>(t, API);
const { session, list, create: createSupplier } = suppliers;
const expectFail = suppliers.refused;

describe("API /api/suppliers/supplier", () => {
  test("the email is trimmed, and the list filters by it", async () => {
    const id = await createSupplier({ name: "Ferona a.s.", email: " objednavky@ferona.cz " });
    expect((await json(await (await session()).api(`${API}/${id}`))).data).toEqual({ id, name: "Ferona a.s.", email: "objednavky@ferona.cz" });
    expect((await list("?email=objednavky@ferona")).data.map((s) => s.id)).toEqual([id]);
  });

  describe("blank names and emails are refused; the email must be valid", () => {
    test("name blank", () => expectFail({ name: " ", email: "a@b.cz" }, { name: "Povinné pole" }));
    test("email blank", () => expectFail({ name: "Hörmann", email: "" }, { email: "Povinné pole" }));
    test("email without a domain", () => expectFail({ name: "Hörmann", email: "prodej@" }, { email: "Zadejte platný e-mail" }));
    test("email with a space", () => expectFail({ name: "Hörmann", email: "pro dej@hormann.cz" }, { email: "Zadejte platný e-mail" }));
  });

  test("a supplier with orders is not deleted: 422 with a readable message, nothing removed", async () => {
    const id = await createSupplier({ name: "Betafence s.r.o.", email: "cz@betafence.com" });
    for (const name of ["Pletivo 2026/1", "Pletivo 2026/2"]) await createSupplierOrder(t.current.ctx, { name, supplier: id });
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
    await pageShowing(response, 200, "Dodavatelé", `href="${PATH}/${id}"`, "Jansen Steel s.r.o.", "obchod@jansen.cz", `href="${PATH}/new"`);
  });

  test("/suppliers/supplier/new serves the empty form; a valid post redirects to the list with CREATED", async () => {
    const s = await session();
    const form = await s.page(`${PATH}/new`);
    const formHtml = await pageShowing(form, 200, `action="${PATH}/new"`, 'name="email"');
    expect(formHtml).not.toContain('id="field-id"');
    const response = await s.page(`${PATH}/new`, { form: { name: "Würth, spol. s r.o.", email: "wurth@wurth.cz" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(PATH);
    const listHtml = await afterRedirect(s, response, `${PATH}?name=Würth`);
    expect(listHtml).toContain("Vytvořeno");
    expect(listHtml).toContain("wurth@wurth.cz");
  });

  test("an invalid post answers 422 with FORM_NOT_VALID and the field errors", async () => {
    const s = await session();
    const before = (await list()).meta.total;
    const response = await s.page(`${PATH}/new`, { form: { name: "", email: "spatny-email" } });
    await pageShowing(response, 422, "Formulář není vyplněn správně", "Povinné pole", "Zadejte platný e-mail", 'value="spatny-email"');
    expect((await list()).meta.total).toBe(before);
  });

  test("edit: id read-only, save stays with UPDATED", async () => {
    const s = await session();
    const id = await createSupplier({ name: "Ocel Brno", email: "info@ocelbrno.cz" });
    const edit = await htmlOf(await s.page(`${PATH}/${id}`));
    expectReadOnlyId(edit, id);
    const saved = await s.page(`${PATH}/${id}`, { form: { name: "Ocel Brno s.r.o.", email: "info@ocelbrno.cz" } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${PATH}/${id}`);
    expect(await afterRedirect(s, saved, `${PATH}/${id}`)).toContain("Uloženo");
  });

  test("deleting a supplier with an order from the page shows the reason and keeps it", async () => {
    const s = await session();
    const id = await createSupplier({ name: "Hörmann Česká republika s.r.o.", email: "info@hormann.cz" });
    await createSupplierOrder(t.current.ctx, { name: "Vrata", supplier: id });
    const response = await s.page(`${PATH}/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${PATH}/${id}`);
    const html = await afterRedirect(s, response, `${PATH}/${id}`);
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
