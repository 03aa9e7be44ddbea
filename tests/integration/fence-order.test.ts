/**
 * Fence order header (docs/domain.md#fence-order-validation; docs/decisions/013): /api/orders/fenceOrder — required
 * fields, payment rules, IČO/DIČ, VAT, the date rules and deadline, manual status, status
 * history, list filters and sorting, customer lookup.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { defaultPromises, products, promises, promiseStatuses } from "@db/schema";
import { type Session, useTestApp } from "../helpers/app";
import { createFenceOrderWithItems } from "../helpers/factories";
import { fenceOrderApi, validFenceOrder } from "./fence-order-support";
import { expectFieldErrors, type ListBody, okJson } from "./support";

const t = useTestApp();
let admin: Session;
const session = async () => (admin ??= await t.current.login());

const validOrder = validFenceOrder;
const { create, get, put } = fenceOrderApi(session);
const list = async (query = ""): Promise<ListBody<any>> => okJson(await (await session()).api(`/api/orders/fenceOrder${query}`));

describe("create and validation", () => {
  test("a valid order is created as a price offer with an AUTO history row", async () => {
    const id = await create();
    const order = await get(id);
    expect(order).toMatchObject({ id, status: "PRICE_OFFER", statusSetManually: false, firstName: "Jan", vat: 21, offerDate: "2026-03-01", deadline: null });
    const history = (await okJson(await (await session()).api(`/api/orders/fenceOrder/${id}/statusHistory`))).data;
    expect(history).toMatchObject([{ from: null, to: "PRICE_OFFER", source: "AUTO", reason: "offerDate" }]);
  });

  test("e-mail must be valid", async () => {
    await expectFieldErrors(await (await session()).api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, email: "jan@" } }), {
      email: "Zadejte platný e-mail",
    });
  });

  test("payment rules must sum to 100 and each is 0–100", async () => {
    const api = await session();
    const sum = "Platební podmínky musí dát dohromady 100 % (nyní 90 %)";
    const answer = await (await api.api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, paymentRuleCompletion: 25 } })).json();
    expect(answer.fields).toEqual({ paymentRuleConfirmation: sum, paymentRuleDelivery: sum, paymentRuleCompletion: sum });
    await expectFieldErrors(await api.api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, paymentRuleConfirmation: 101 } }), {
      paymentRuleConfirmation: "Největší hodnota je 100",
    });
    await expectFieldErrors(await api.api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, paymentRuleDelivery: 5.5 } }), {
      paymentRuleDelivery: "Zadejte celé číslo",
    });
    expect(await create({ paymentRuleConfirmation: 0, paymentRuleDelivery: 100, paymentRuleCompletion: 0 })).toBeGreaterThan(0);
  });

  test("IČO mod 11, DIČ format and PSČ", async () => {
    const api = await session();
    await expectFieldErrors(await api.api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, ico: "25596642" } }), {
      ico: "IČO musí mít 8 číslic a vyhovět kontrole modulo 11",
    });
    await expectFieldErrors(await api.api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, dic: "CZ123" } }), {
      dic: "DIČ zadejte jako CZ a 8–10 číslic",
    });
    await expectFieldErrors(await api.api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, postalCode: "1100" } }), {
      postalCode: "PSČ zadejte jako 5 číslic, např. 110 00",
    });
    const id = await create({ ico: "25596641", dic: "cz 25596641", postalCode: "11000" });
    expect(await get(id)).toMatchObject({ ico: "25596641", dic: "CZ25596641", postalCode: "110 00" });
  });

  test("VAT must be an active rate", async () => {
    await expectFieldErrors(await (await session()).api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, vat: 20 } }), {
      vat: "Zvolte jednu z platných sazeb DPH",
    });
    expect((await get(await create({ vat: "12" }))).vat).toBe(12);
  });

  test("the delivery address requires street, city and postal code when on, and is dropped when off", async () => {
    const api = await session();
    await expectFieldErrors(await api.api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, deliveryAddress: true, deliveryCity: "Brno" } }), {
      deliveryStreet: "Povinné pole",
      deliveryPostalCode: "Povinné pole",
    });
    const id = await create({ deliveryAddress: true, deliveryStreet: "Hlavní 1", deliveryCity: "Brno", deliveryPostalCode: "602 00" });
    expect(await get(id)).toMatchObject({ deliveryAddress: true, deliveryCity: "Brno", deliveryPostalCode: "602 00" });
    const off = await create({ deliveryAddress: false, deliveryCity: "Brno" });
    expect((await get(off)).deliveryCity).toBeNull();
  });

  test("dd.mm.yyyy dates are accepted, nonsense refused", async () => {
    const id = await create({ offerDate: "5.1.2026" });
    expect((await get(id)).offerDate).toBe("2026-01-05");
    await expectFieldErrors(await (await session()).api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, orderDate: "31.02.2026" } }), {
      orderDate: "Takové datum neexistuje",
    });
  });

  test("messages in English for an English user", async () => {
    const english = await t.current.login();
    expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    const sum = "The payment rules must add up to 100 % (now 110 %)";
    await expectFieldErrors(
      await english.api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, paymentRuleConfirmation: 20, ico: "25596641" } }),
      { paymentRuleConfirmation: sum, paymentRuleDelivery: sum, paymentRuleCompletion: sum },
      "en",
    );
    await expectFieldErrors(await english.api("/api/orders/fenceOrder", { method: "POST", json: { ...validOrder, dic: "SK1" } }), { dic: "Enter the VAT ID as CZ and 8–10 digits" }, "en");
  });
});

describe("status rules and deadline", () => {
  test("measurement date → MEASURED, order date → ORDER_CONFIRMATION with deadline +77 across the year end", async () => {
    const id = await create({ offerDate: "2026-10-01" });
    const measured = await okJson(await put(id, { ...validOrder, offerDate: "2026-10-01", measurementDate: "05.10.2026" }));
    expect(measured.data).toMatchObject({ status: "MEASURED", deadline: null });
    const confirmed = await okJson(await put(id, { ...validOrder, offerDate: "2026-10-01", measurementDate: "2026-10-05", orderDate: "2026-11-10" }));
    expect(confirmed.data).toMatchObject({ status: "ORDER_CONFIRMATION", deadline: "2027-01-26" });
    const history = (await okJson(await (await session()).api(`/api/orders/fenceOrder/${id}/statusHistory`))).data;
    expect(history.map((row: any) => [row.from, row.to, row.source, row.reason])).toEqual([
      [null, "PRICE_OFFER", "AUTO", "offerDate"],
      ["PRICE_OFFER", "MEASURED", "AUTO", "measurementDate"],
      ["MEASURED", "ORDER_CONFIRMATION", "AUTO", "orderDate"],
    ]);
  });

  test("all dates at once: the order date wins", async () => {
    const id = await create({ measurementDate: "2026-03-02", orderDate: "2026-03-03" });
    expect(await get(id)).toMatchObject({ status: "ORDER_CONFIRMATION", deadline: "2026-05-19" });
  });

  test("a deadline typed with the order date is kept; a later order date change recomputes it", async () => {
    const id = await create({ orderDate: "2026-03-03", deadline: "2026-04-30" });
    expect((await get(id)).deadline).toBe("2026-04-30");
    const moved = await okJson(await put(id, { ...validOrder, orderDate: "2026-03-10", deadline: "2026-04-30" }));
    expect(moved.data.deadline).toBe("2026-05-26");
  });

  test("a manual status is kept by later date rules until set back to automatic", async () => {
    const api = await session();
    const id = await create();
    const manual = await okJson(await api.api(`/api/orders/fenceOrder/${id}/status`, { method: "PUT", json: { status: "CANCELED" } }));
    expect(manual.data).toMatchObject({ status: "CANCELED", statusSetManually: true });
    const later = await okJson(await put(id, { ...validOrder, orderDate: "2026-03-05" }));
    expect(later.data).toMatchObject({ status: "CANCELED", deadline: "2026-05-21" });
    const auto = await okJson(await api.api(`/api/orders/fenceOrder/${id}/status`, { method: "PUT", json: { status: "AUTO" } }));
    expect(auto.data).toMatchObject({ status: "ORDER_CONFIRMATION", statusSetManually: false });
    const history = (await okJson(await api.api(`/api/orders/fenceOrder/${id}/statusHistory`))).data;
    expect(history.map((row: any) => [row.from, row.to, row.source])).toEqual([
      [null, "PRICE_OFFER", "AUTO"],
      ["PRICE_OFFER", "CANCELED", "MANUAL"],
      ["CANCELED", "ORDER_CONFIRMATION", "MANUAL"],
    ]);
    await expectFieldErrors(await api.api(`/api/orders/fenceOrder/${id}/status`, { method: "PUT", json: { status: "NOPE" } }), { status: "Neplatná hodnota" });
  });

  test("a status change creates the default promises of the entered status", async () => {
    const db = t.current.database.db;
    const [status] = await db.insert(promiseStatuses).values({ name: "Čeká" }).returning();
    await db.insert(defaultPromises).values({ statusId: status!.id, promise: "Zavolat zákazníkovi", daysToDeadline: 3, triggerOrderStatus: "MATERIAL_ORDER" });
    const id = await create();
    await okJson(await (await session()).api(`/api/orders/fenceOrder/${id}/status`, { method: "PUT", json: { status: "MATERIAL_ORDER" } }));
    const rows = await db.select().from(promises).where(eq(promises.orderId, id));
    expect(rows.map((row) => row.promise)).toEqual(["Zavolat zákazníkovi"]);
  });
});

describe("list", () => {
  test("filters by status (comma-joined), id and contained product; sorts by deadline", async () => {
    const db = t.current.database.db;
    const tag = `Plot-${Date.now()}`;
    const [product] = await db.insert(products).values({ name: `${tag} Sloupek 60x60` }).returning();
    const ctx = t.current.ctx;
    const { id: a } = await createFenceOrderWithItems(ctx, { order: { lastName: `${tag}A`, orderDate: "2026-03-01" }, items: [{ product: product!.id }], otherItems: [] });
    const b = await create({ lastName: `${tag}B`, orderDate: "2026-02-01" });
    const { id: c } = await createFenceOrderWithItems(ctx, { order: { lastName: `${tag}C`, measurementDate: "2026-02-01" }, items: [], otherItems: [{ product: product!.id }] });

    const byStatus = await list(`?status=ORDER_CONFIRMATION,MEASURED&sort=deadline,asc&size=500`);
    const ours = byStatus.data.filter((row) => [a, b, c].includes(row.id)).map((row) => row.id);
    expect(ours).toEqual([b, a, c]);
    expect(byStatus.data.every((row) => ["ORDER_CONFIRMATION", "MEASURED"].includes(row.status))).toBe(true);
    expect(byStatus.meta.sort).toBe("deadline,asc");

    const repeated = await list(`?status=MEASURED&status=ORDER_CONFIRMATION&size=500`);
    expect(repeated.data.filter((row) => [a, b, c].includes(row.id)).length).toBe(3);

    const byProduct = await list(`?product=${encodeURIComponent(tag.toLowerCase())}`);
    expect(byProduct.data.map((row) => row.id).sort()).toEqual([a, c].sort());
    // Read newest first, oldest first or by deadline (each page its own form of the filter), the same orders and total.
    for (const sort of ["id,desc", "id,asc", "deadline,asc", "lastName,desc"]) {
      const sorted = await list(`?product=${encodeURIComponent(tag.toUpperCase())}&sort=${sort}`);
      expect(sorted.data.map((row) => row.id).sort()).toEqual([a, c].sort());
      expect(sorted.meta.total).toBe(2);
    }
    expect((await list(`?product=${encodeURIComponent(tag)}&sort=id,asc`)).data.map((row) => row.id)).toEqual([a, c].sort((x, y) => x - y));
    expect((await list(`?id=${b}`)).data.map((row) => row.id)).toEqual([b]);
    expect((await list(`?status=NOPE`)).meta.total).toBe(0);
  });

  test("sorts by last name and company the Czech way, both directions", async () => {
    const tag = `Řazení ${Date.now()}`;
    const names = ["Zelenka", "Čermák", "Chalupa", "Horák", "Řezníček", "Cibulka", "Šťastný", "Svoboda"];
    const ids = new Map<number, string>();
    for (const lastName of names) ids.set(await create({ lastName, company: `${lastName} s.r.o.`, note: tag }), lastName);
    const czech = ["Cibulka", "Čermák", "Horák", "Chalupa", "Řezníček", "Svoboda", "Šťastný", "Zelenka"];
    const ours = async (sort: string) => (await list(`?sort=${sort}&size=500`)).data.flatMap((row) => (ids.has(row.id) ? [ids.get(row.id)!] : []));
    expect(await ours("lastName,asc")).toEqual(czech);
    expect(await ours("lastName,desc")).toEqual([...czech].reverse());
    expect(await ours("company,asc")).toEqual(czech);
  });

  test("default sort is newest first and rows carry icon data", async () => {
    const id = await create();
    const body = await list();
    expect(body.data[0]).toMatchObject({ id, fileCount: 0, openPromiseCount: 0 });
    expect(body.data[0].autoUpdates).toHaveLength(1);
  });
});

describe("customer lookup", () => {
  test("by phone, e-mail or IČO answers the latest earlier order's data (the directory contact that order updated)", async () => {
    const api = await session();
    const tag = `${Date.now()}`.slice(-6);
    const phone = `+420 601 ${tag.slice(0, 3)} ${tag.slice(3)}`;
    await create({ firstName: "Old", phone, email: `a${tag}@example.cz` });
    const latest = await create({ firstName: "Petr", phone, email: `a${tag}@example.cz`, ico: "25596641", city: "Praha" });
    const byPhone = await okJson(await api.api(`/api/orders/fenceOrder/lookup?phone=${encodeURIComponent(phone.replaceAll(" ", ""))}`));
    const contactId = byPhone.data.customerId;
    expect(contactId).toBeGreaterThan(0);
    expect(byPhone.data).toMatchObject({ orderId: null, firstName: "Petr", city: "Praha" });
    expect((await get(latest)).firstName).toBe("Petr");
    const byEmail = await okJson(await api.api(`/api/orders/fenceOrder/lookup?email=A${tag}@EXAMPLE.cz`));
    expect(byEmail.data.customerId).toBe(contactId);
    const byIco = await okJson(await api.api(`/api/orders/fenceOrder/lookup?ico=25596641`));
    expect(byIco.data.ico).toBe("25596641");
    expect((await okJson(await api.api(`/api/orders/fenceOrder/lookup?email=nobody@example.cz`))).data).toBeNull();
    expect((await api.api(`/api/orders/fenceOrder/lookup`)).status).toBe(422);
  });
});


test("an existing order's tab list names Items (tab 1) as the small-screen default", async () => {
  const session = await t.current.login();
  const created = await session.api("/api/orders/fenceOrder", { method: "POST", json: validOrder });
  const id = (await created.json()).data as number;
  const html = await (await session.page(`/orders/fenceOrder/${id}`)).text();
  expect(html).toContain(`data-narrow-default="/orders/fenceOrder/${id}?tab=1"`);
  const fresh = await (await session.page("/orders/fenceOrder/new")).text();
  expect(fresh).not.toContain("data-narrow-default");
});
