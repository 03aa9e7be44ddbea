/**
 * The customer directory over HTTP (docs/domain.md#customers): CRUD /api/orders/customers, the
 * pages under /orders/customers (list, form, a customer's orders and invoices), a saved order
 * filing its customer, and the order form's lookup finding a contact first.
 */
import { describe, expect, test } from "bun:test";
import type { Customer } from "@/modules/orders/customer/schemas";
import { upsertCustomer } from "@/modules/orders/customer/service";
import { json, useTestApp } from "../helpers/app";
import { createFenceOrder, validFenceOrder } from "../helpers/factories";
import { icoFrom } from "@db/seed/demo/fence-orders";
import { createInvoiceOrder, setUpInvoicing } from "../helpers/invoices";
import { tableSnapshot } from "../helpers/table-snapshot";
import { createInvoice } from "@/modules/orders";
import { afterRedirect, entityApi, pageShowing } from "./support";

const t = useTestApp();
const PATH = "/orders/customers";
const API = "/api/orders/customers";
const customers = entityApi<Customer>(t, API);
const { session, list, create } = customers;

describe("API /api/orders/customers", () => {
  test("a contact is created, read, filtered by name, IČO and phone, and updated", async () => {
    const id = await create({ firstName: "Věra", lastName: "Čermáková", company: "Čermák Zahrady", ico: "25596641", dic: "cz25596641", phone: "+420 604 111 222", postalCode: "11000" });
    expect(await customers.get(id)).toMatchObject({ id, lastName: "Čermáková", ico: "25596641", dic: "CZ25596641", postalCode: "110 00", language: "cs" });
    expect((await list("?name=cermak")).data.map((row) => row.id)).toEqual([id]);
    expect((await list("?ico=2559")).data.map((row) => row.id)).toEqual([id]);
    expect((await list("?phone=604 111 222")).data.map((row) => row.id)).toEqual([id]);
    expect((await list("?phone=604 111 223")).data).toEqual([]);
    const response = await customers.put(id, { lastName: "Čermáková", company: "Čermák Zahrady", ico: "25596641", email: "vera@cermak.cz", language: "en" });
    expect((await json(response)).data).toMatchObject({ email: "vera@cermak.cz", phone: null, language: "en" });
  });

  describe("bad input: 422 with the field's translated message, nothing saved", () => {
    const refusedSaving = async (body: unknown, fields: Record<string, string>) => {
      const before = await tableSnapshot(t.current.ctx);
      await customers.refused(body, fields);
      expect(await tableSnapshot(t.current.ctx)).toBe(before);
    };
    test("an IČO with a wrong check digit", () => refusedSaving({ company: "Firma", ico: "25596642" }, { ico: "IČO musí mít 8 číslic a vyhovět kontrole modulo 11" }));
    test("a DIČ and a postal code in a wrong shape", () =>
      refusedSaving({ company: "Firma", phone: "602 000 111", dic: "12", postalCode: "1100" }, { dic: "DIČ zadejte jako CZ a 8–10 číslic", postalCode: "PSČ zadejte jako 5 číslic, např. 110 00" }));
    test("no name and no way to reach", () => refusedSaving({ firstName: "Jan" }, { lastName: "Vyplňte příjmení nebo firmu", phone: "Vyplňte telefon, e-mail nebo IČO" }));
    test("an IČO in the directory already", async () => {
      await create({ company: "Plotex", ico: "45274649" });
      await refusedSaving({ company: "Plotex 2", ico: "452 74 649" }, { ico: "Zákazník s tímto IČO už v adresáři je" });
    });
    test("an unknown language and a bad e-mail", () => refusedSaving({ company: "Firma", email: "nic@", language: "de" }, { email: "Zadejte platný e-mail", language: "Neplatná hodnota" }));
  });
});

test("orders of one new company saved at once: all saved, one contact with the IČO, every order linked to it", async () => {
  const s = await session();
  const ico = icoFrom(1_234_567);
  const responses = await Promise.all(
    Array.from({ length: 6 }, (_, i) => s.api("/api/orders/fenceOrder", { method: "POST", json: { ...validFenceOrder, lastName: `Souběh ${i}`, email: `soubeh${i}@example.cz`, phone: `606 000 00${i}`, ico } })),
  );
  expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
  const found = (await list(`?ico=${ico}`)).data;
  expect(found.length).toBe(1);
  const documents = await json(await s.api(`${API}/${found[0]!.id}/documents`));
  expect(documents.data.orders.length).toBe(6);
});

describe("pages /orders/customers", () => {
  test("the list and the form; a bad post answers 422 with the field error and the typed values; a good one saves with a toast", async () => {
    const s = await session();
    await pageShowing(await s.page(`${PATH}/new`), 200, 'name="ico"', 'name="language"', 'name="deliveryStreet"');
    const before = await tableSnapshot(t.current.ctx);
    const refused = await s.page(`${PATH}/new`, { form: { lastName: "Hrubý", ico: "12345678", phone: "777 888 999", language: "cs" } });
    await pageShowing(refused, 422, "Formulář není vyplněn správně", "IČO musí mít 8 číslic a vyhovět kontrole modulo 11", 'value="Hrubý"');
    expect(await tableSnapshot(t.current.ctx)).toBe(before);
    const saved = await s.page(`${PATH}/new`, { form: { lastName: "Hrubý", company: "Ploty Hrubý", ico: "00006947", phone: "777 888 999", language: "en" } });
    expect(saved.status).toBe(303);
    const listHtml = await afterRedirect(s, saved, `${PATH}?name=hruby`);
    expect(listHtml).toContain("Vytvořeno");
    expect(listHtml).toContain("Ploty Hrubý");
    expect(listHtml).toContain("00006947");
  });

  test("a customer's page lists their orders, which saving the orders filed there", async () => {
    const ctx = t.current.ctx;
    const first = await createFenceOrder(ctx, { lastName: "Kopecký", email: "kopecky@example.cz", phone: "721 555 000" });
    const second = await createFenceOrder(ctx, { lastName: "Kopecký", email: "KOPECKY@example.cz", phone: "721 555 111" });
    const found = (await list("?name=kopecky")).data;
    expect(found.length).toBe(1);
    expect(found[0]!.phone).toBe("721 555 111");
    const page = await pageShowing(await (await session()).page(`${PATH}/${found[0]!.id}`), 200, "Zakázky zákazníka (2)");
    expect(page).toContain(`href="/orders/fenceOrder/${first}"`);
    expect(page).toContain(`href="/orders/fenceOrder/${second}"`);
    const documents = await json(await (await session()).api(`${API}/${found[0]!.id}/documents`));
    expect(documents.data.orders.map((row: { id: number }) => row.id)).toEqual([second, first]);
  });

  test("a customer's page lists the invoices of their orders", async () => {
    const ctx = t.current.ctx;
    await setUpInvoicing(ctx);
    const order = await createInvoiceOrder(ctx, { email: "ulehla@example.cz", phone: "728 000 111" });
    const invoiceId = await createInvoice({ ctx, input: { orderId: order.id, proforma: true } });
    const [contact] = (await list("?email=ulehla@example.cz")).data;
    const page = await pageShowing(await (await session()).page(`${PATH}/${contact!.id}`), 200, "Faktury zákazníka (1)", "Zálohová faktura");
    expect(page).toContain(`href="/orders/invoices/${invoiceId}"`);
  });

  test("the order form's lookup offers a directory contact (imported) by IČO, phone and e-mail, and fills it in", async () => {
    const imported = await upsertCustomer({
      ctx: t.current.ctx,
      input: { firstName: "Ladislav", lastName: "Zámečník", company: "Zámečnictví Zámečník", ico: "27082440", phone: "+420 731 246 810", email: "info@zamecnik.cz", city: "Kutná Hora" },
    });
    const s = await session();
    for (const query of ["ico=27082440", "phone=731246810", "email=INFO@zamecnik.cz"]) {
      await pageShowing(await s.page(`/orders/fenceOrder/lookup?${query}`), 200, "Nalezen zákazník v adresáři: Ladislav Zámečník, Zámečnictví Zámečník");
      const api = await json(await s.api(`/api/orders/fenceOrder/lookup?${query}`));
      expect(api.data).toMatchObject({ customerId: imported.id, orderId: null, city: "Kutná Hora" });
    }
    await pageShowing(await s.page("/orders/fenceOrder/lookup?ico=27082440&fill=1"), 200, 'value="Zámečnictví Zámečník"', 'value="Kutná Hora"');
    // An order saved with a new phone for this customer updates the contact.
    await createFenceOrder(t.current.ctx, { ...validFenceOrder, lastName: "Zámečník", ico: "27082440", email: "info@zamecnik.cz", phone: "605 000 321" });
    expect((await customers.get(imported.id)).phone).toBe("605 000 321");
  });
});
