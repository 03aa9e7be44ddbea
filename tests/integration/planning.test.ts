/**
 * Planning's API through app.request() (docs/decisions/055-planning.md): plan an order's items,
 * the grid for a range, move a plan (and the 409 of a second move over the same version, naming
 * who, when and where), delete, mark delivered and assembled until CLOSED; the manufacture plan
 * and its calendar; 422 for bad input, 404, and the session.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { json, ORIGIN, type Session, useTestApp } from "../helpers/app";
import { createDeliveryVan, createFenceCategory, createFenceOrder, createFenceOrderWithItems, createFenceProduct, createProduct, defaultVatId, FENCE_1_PARAMETERS, fence1Item } from "../helpers/factories";
import { editOrderItems } from "@/modules/orders/fence-item/service";
import type { MaterialForDateRange, PlansForDateRange } from "@/modules/planning/schemas";
import { commonBasketQuantities } from "../helpers/stock";
import { okJson } from "./support";
import { setUpInvoicing } from "../helpers/invoices";
import { createInvoice, markInvoiceAsPaid } from "@/modules/orders/invoice/service";

const t = useTestApp();
let session: Session;
let other: Session;
let van: number;
let otherVan: number;
let order: { id: number; itemIds: number[] };

beforeAll(async () => {
  session = await t.current.login();
  other = await t.current.login();
  const ctx = { ...t.current.ctx, userId: session.user.id };
  van = await createDeliveryVan(ctx, { name: "Iveco Daily", spz: "1AB 2345" });
  otherVan = await createDeliveryVan(ctx, { name: "Ford Transit", spz: "2AB 3456" });
  order = await createFenceOrderWithItems(ctx, { order: { orderDate: "2026-11-02" }, items: [{ amount: 2 }, { amount: 1 }], otherItems: [] });
});

const api = (path: string, init?: { method?: string; json?: unknown; headers?: Record<string, string> }, who = session) => who.api(path, init);
const statusOf = async (id: number) => (await okJson<{ data: { status: string } }>(await api(`/api/orders/fenceOrder/${id}`))).data.status;

describe("/api/orders/planning", () => {
  let planId: number;

  test("POST plans both items for delivery and assembly (the van as the spec's `vehicle`): CREATED, the order PLANNED", async () => {
    const response = await api("/api/orders/planning", {
      method: "POST",
      json: { orderId: order.id, date: "07.12.2026", vehicle: { id: van }, delivery: true, assembly: true, items: order.itemIds.map((itemId, index) => ({ itemId, amount: index === 0 ? 2 : 1 })) },
    });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body).toMatchObject({ status: "success", code: "CREATED", data: { version: 1, status: "PLANNED" } });
    planId = body.data.id;
    expect(await statusOf(order.id)).toBe("PLANNED");
  });

  test("GET ?from&to: the week's cards and the vans", async () => {
    const grid = (await okJson<{ data: PlansForDateRange }>(await api("/api/orders/planning?from=2026-12-07&to=2026-12-13"))).data;
    expect(grid.vans.map((v) => v.name)).toEqual(["Ford Transit", "Iveco Daily"]);
    expect(grid.plans).toEqual([
      {
        id: planId,
        date: "2026-12-07",
        vehicle: { id: van, name: "Iveco Daily" },
        version: 1,
        order: { id: order.id, lastName: expect.stringContaining("Novák"), firstName: "Jan", status: "PLANNED" },
        delivery: true,
        assembly: true,
        color: "PURPLE",
        plannedTypes: [{ productType: "FENCE", count: 3 }],
        manufactured: null,
        depositPaid: false,
      },
    ]);
    // The deposit's readiness mark follows the invoices: a proforma paid in full.
    const ctx = { ...t.current.ctx, userId: session.user.id };
    await setUpInvoicing(ctx);
    const proforma = await createInvoice({ ctx, input: { orderId: order.id, proforma: true } });
    await markInvoiceAsPaid({ ctx, input: { id: proforma } });
    const paidGrid = (await okJson<{ data: PlansForDateRange }>(await api("/api/orders/planning?from=2026-12-07&to=2026-12-13"))).data;
    expect(paidGrid.plans.map((plan) => plan.depositPaid)).toEqual([true]);
    expect((await okJson<{ data: { depositPaid: boolean } }>(await api(`/api/orders/planning/${planId}`))).data.depositPaid).toBe(true);
    const page = await (await session.page("/orders/planning?from=07.12.2026&to=13.12.2026")).text();
    expect(page).toContain('<span class="plan-mark plan-mark-done" data-deposit-paid="true" title="Záloha zaplacena"><svg class="icon" role="img" aria-label="Záloha zaplacena"><use href="#icon-moneyPaid"/></svg></span>');
    // Each shape once, in the page's sprite.
    expect(page).toContain('<symbol id="icon-moneyPaid" viewBox="0 0 20 20"><path d="M2 3h16v8H2zM10 5a2 2 0 110 4 2 2 0 010-4zM6 15l3 3 6-6"></path></symbol>');
    expect(page.split('id="icon-moneyPaid"').length).toBe(2);
    const refused = await api("/api/orders/planning?from=2026-12-13&to=2026-12-07");
    expect(refused.status).toBe(422);
    expect((await json(refused)).fields.to).toBeDefined();
    expect((await api("/api/orders/planning")).status).toBe(422);
  });

  test("PUT /:id/move: the day and the van change; a second move over version 1 is a 409 naming who, when and where", async () => {
    const moved = await api(`/api/orders/planning/${planId}/move`, { method: "PUT", json: { date: "2026-12-09", vehicle: otherVan, version: 1 } });
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ code: "UPDATED", data: { id: planId, date: "2026-12-09", vehicle: { id: otherVan, name: "Ford Transit" }, version: 2, plannedTypes: [{ productType: "FENCE", count: 3 }] } });

    const late = await api(`/api/orders/planning/${planId}/move`, { method: "PUT", json: { date: "2026-12-10", vanId: van, version: 1 } }, other);
    expect(late.status).toBe(409);
    const body = await json(late);
    expect(body).toMatchObject({ status: "error", code: "CONFLICT", meta: { version: 2, changedBy: { id: session.user.id }, plan: { date: "2026-12-09", vehicle: { id: otherVan, name: "Ford Transit" } } } });
    expect(body.meta.message).toContain("09.12.2026, Ford Transit (2AB 3456)");
    expect(body.meta.message).toMatch(/^.+ mezitím změnil\(a\) .+: nyní/);
    const plan = (await okJson(await api(`/api/orders/planning/${planId}`))).data;
    expect([plan.date, plan.vehicle.id, plan.version]).toEqual(["2026-12-09", otherVan, 2]);
  });

  test("POST /mark: delivered, then assembled closes the order; the order's planning shows the marks", async () => {
    const planning = (await okJson(await api(`/api/orders/planning/order/${order.id}`))).data;
    expect(planning.items.map((item: { deliveryRemaining: number; assemblyRemaining: number }) => [item.deliveryRemaining, item.assemblyRemaining])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(planning.plans.map((plan: { vehicle: unknown }) => plan.vehicle)).toEqual([{ id: otherVan, name: "Ford Transit", spz: "2AB3456" }]);
    const lines = planning.plans[0].items.map((line: { id: number }) => line.id);
    for (const planItemId of lines) {
      expect(await json(await api("/api/orders/planning/mark", { method: "POST", json: { planItemId, kind: "delivered", date: "2026-12-09" } }))).toMatchObject({ code: "UPDATED", data: { status: "PLANNED" } });
    }
    const [first, second] = lines;
    await api("/api/orders/planning/mark", { method: "POST", json: { planItemId: first, kind: "assembled", date: "2026-12-10", note: "Bez závad" } });
    expect(await statusOf(order.id)).toBe("PLANNED");
    const last = await json(await api("/api/orders/planning/mark", { method: "POST", json: { planItemId: second, kind: "assembled", date: "2026-12-10" } }));
    expect(last.data.status).toBe("CLOSED");
    expect(await statusOf(order.id)).toBe("CLOSED");
  });

  test("bad input: 422 with the fields; an unknown plan 404; DELETE over an old version 409, over the current one DELETED", async () => {
    const bad = await api("/api/orders/planning", { method: "POST", json: { orderId: order.id, date: "31.02.2026", vanId: van, items: [{ itemId: order.itemIds[0], amount: -1 }] } });
    expect(bad.status).toBe(422);
    expect(Object.keys((await json(bad)).fields).sort()).toEqual(["date", "delivery", "items.0.amount"]);
    const noVan = await api("/api/orders/planning", { method: "POST", json: { orderId: order.id, date: "2026-12-10", vehicle: "Iveco", delivery: true, items: [{ itemId: order.itemIds[0], amount: 1 }] } });
    expect([noVan.status, (await json(noVan)).fields]).toEqual([422, { vanId: "Neplatná hodnota" }]);
    expect((await api("/api/orders/planning/999999")).status).toBe(404);
    expect((await api("/api/orders/planning/999999/move", { method: "PUT", json: { date: "2026-12-10", vanId: van, version: 1 } })).status).toBe(404);

    const fresh = await createFenceOrderWithItems({ ...t.current.ctx, userId: session.user.id }, { items: [{ amount: 1 }], otherItems: [] });
    const created = await json(await api("/api/orders/planning", { method: "POST", json: { orderId: fresh.id, date: "2026-12-01", vanId: van, delivery: true, items: [{ itemId: fresh.itemIds[0], amount: 1 }] } }));
    expect((await api(`/api/orders/planning/${created.data.id}`, { method: "DELETE", json: { version: 7 } })).status).toBe(409);
    expect(await json(await api(`/api/orders/planning/${created.data.id}`, { method: "DELETE", json: { version: 1 } }))).toMatchObject({ code: "DELETED", data: { id: created.data.id } });
  });

  test("GET /material?from&to: the range's orders with their material mark (items the engine cannot work out: UNKNOWN); 422 without the range", async () => {
    const ctx = { ...t.current.ctx, userId: session.user.id };
    const open = await createFenceOrderWithItems(ctx, { order: { orderDate: "2026-11-02" }, items: [{ amount: 2 }, { amount: 1 }], otherItems: [] });
    await api("/api/orders/planning", { method: "POST", json: { orderId: open.id, date: "2026-12-21", vanId: van, delivery: true, assembly: false, items: [{ itemId: open.itemIds[0], amount: 2 }] } });
    const marks = (await okJson<{ data: MaterialForDateRange }>(await api("/api/orders/planning/material?from=21.12.2026&to=27.12.2026"))).data;
    expect(marks.from).toBe("2026-12-21");
    // The order's two items are of plain products, not fence products: no cut list, so nothing can be checked.
    expect(marks.orders).toEqual([{ orderId: open.id, state: "UNKNOWN", short: [], skipped: 2 }]);
    // The closed order of the tests above has no mark.
    expect((await okJson<{ data: MaterialForDateRange }>(await api("/api/orders/planning/material?from=07.12.2026&to=13.12.2026"))).data.orders).toEqual([]);
    const refused = await api("/api/orders/planning/material?from=13.12.2026");
    expect(refused.status).toBe(422);
    expect((await json(refused)).fields).toMatchObject({ to: expect.any(String) });
  });

  test("without a session: 401", async () => {
    expect((await t.current.request("/api/orders/planning?from=2026-12-07&to=2026-12-13")).status).toBe(401);
    expect((await t.current.request("/api/orders/planning/material?from=2026-12-07&to=2026-12-13")).status).toBe(401);
  });
});

describe("/api/orders/manufacture", () => {
  test("PUT /order/:id makes the plan from the manufacture list; the calendar; PATCH /line/:id; GET /:id", async () => {
    const ctx = { ...t.current.ctx, userId: session.user.id };
    const product = await createFenceProduct(ctx.db, await createFenceCategory(ctx.db), FENCE_1_PARAMETERS, { name: "Plot Lamela Kalendář" });
    const id = await createFenceOrder(ctx);
    await editOrderItems({ ctx, input: { id, values: { items: [fence1Item(product)] } } });
    expect((await okJson(await api(`/api/orders/manufacture/order/${id}`))).data).toBeNull();
    const saved = await json(await api(`/api/orders/manufacture/order/${id}`, { method: "PUT", json: { manufactureDate: "14.12.2026", paintingDate: "16.12.2026" } }));
    expect(saved).toMatchObject({ code: "SAVED", data: { orderId: id, manufactureDate: "2026-12-14", paintingDate: "2026-12-16" } });
    expect(saved.data.lines.map((line: { plannedAmount: number; notForPainting: boolean; manufactured: boolean }) => [line.plannedAmount, line.notForPainting, line.manufactured])).toEqual([[6, false, false]]);

    const calendar = (await okJson(await api("/api/orders/manufacture?from=2026-12-14&to=2026-12-20"))).data;
    expect(calendar.entries).toEqual([
      { date: "2026-12-14", workplace: "MANUFACTURE", planId: saved.data.id, order: { id, lastName: expect.stringContaining("Novák") } },
      { date: "2026-12-16", workplace: "PAINTING", planId: saved.data.id, order: { id, lastName: expect.stringContaining("Novák") } },
    ]);
    const line = saved.data.lines[0].id;
    expect(await json(await api(`/api/orders/manufacture/line/${line}`, { method: "PATCH", json: { manufactured: true } }))).toMatchObject({ code: "UPDATED", data: { id: line, manufactured: true } });
    expect((await okJson(await api(`/api/orders/manufacture/${saved.data.id}`))).data.lines[0].manufactured).toBe(true);
    expect((await api(`/api/orders/manufacture/line/${line}`, { method: "PATCH", json: { manufactured: "maybe" } })).status).toBe(422);
    expect((await api("/api/orders/manufacture/999999")).status).toBe(404);
  });
});

describe("/orders/planning pages", () => {
  let planId: number;
  let pageOrder: { id: number; itemIds: number[] };

  beforeAll(async () => {
    const ctx = { ...t.current.ctx, userId: session.user.id };
    pageOrder = await createFenceOrderWithItems(ctx, { order: { orderDate: "2026-11-02", lastName: "Procházková" }, items: [{ amount: 2 }], otherItems: [] });
    const created = await json(
      await api("/api/orders/planning", { method: "POST", json: { orderId: pageOrder.id, date: "2027-01-04", vanId: van, delivery: false, assembly: true, items: [{ itemId: pageOrder.itemIds[0], amount: 2 }] } }),
    );
    planId = created.data.id;
  });

  test("the grid: a row per day in words, a column per van, the card BLUE with its types, a link to the order and the move", async () => {
    const html = await (await session.page("/orders/planning?from=04.01.2027&to=10.01.2027")).text();
    expect(html).toContain("pondělí 04.01.2027");
    expect(html).toContain("neděle 10.01.2027");
    expect(html).not.toContain("pondělí 11.01.2027");
    expect(html).toContain("Iveco Daily");
    expect(html).toContain("Ford Transit");
    expect(html).toContain(`data-plan-id="${planId}"`);
    expect(html).toMatch(new RegExp(`class="plan-card plan-BLUE" data-plan-id="${planId}" data-version="1" title="Modrá: jen montáž"`));
    expect(html).toContain(`href="/orders/fenceOrder/${pageOrder.id}?tab=5">${pageOrder.id} Procházková</a>`);
    expect(html).toContain("plot 2×");
    expect(html).toContain(`<a class="plan-card-move" href="/orders/planning/${planId}/move" aria-label="Přesunout zakázku ${pageOrder.id} na jiný den nebo dodávku">Přesunout</a>`);
    expect(html).toContain('placeholder="Datum od"');
    expect(html).toContain("DD.MM.YYYY – DD.MM.YYYY");
    expect(html).toContain('data-island="planning-board"');
  });

  test("a van with more than 3 orders on a day is over-booked: the cell warns", async () => {
    const ctx = { ...t.current.ctx, userId: session.user.id };
    for (let i = 0; i < 4; i++) {
      const extra = await createFenceOrderWithItems(ctx, { items: [{ amount: 1 }], otherItems: [] });
      await api("/api/orders/planning", { method: "POST", json: { orderId: extra.id, date: "2027-01-08", vanId: van, delivery: true, items: [{ itemId: extra.itemIds[0], amount: 1 }] } });
    }
    const html = await (await session.page("/orders/planning?from=04.01.2027&to=10.01.2027")).text();
    expect(html).toContain(`<td class="plan-cell plan-cell-overbooked" data-date="2027-01-08" data-van="${van}">`);
    expect(html).toContain("Přeplněno: 4 zakázky (nejvýš 3)");
    expect(html.match(/plan-cell-overbooked/g)?.length).toBe(1);
  });

  test("the cards' markup is built as a string: a name with markup is shown as text", async () => {
    const ctx = { ...t.current.ctx, userId: session.user.id };
    const odd = await createFenceOrderWithItems(ctx, { order: { lastName: `Nový <b>"&'` }, items: [{ amount: 1 }], otherItems: [] });
    await api("/api/orders/planning", { method: "POST", json: { orderId: odd.id, date: "2027-01-09", vanId: otherVan, delivery: true, items: [{ itemId: odd.itemIds[0], amount: 1 }] } });
    const html = await (await session.page("/orders/planning?from=09.01.2027&to=09.01.2027")).text();
    expect(html).toContain(`>${odd.id} Nový &lt;b&gt;&quot;&amp;&#x27;</a>`);
    expect(html).not.toContain("<b>");
  });

  test("in English: the days, the placeholders Start date and End date, the colours", async () => {
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const html = await (await english.page("/orders/planning?from=04.01.2027&to=10.01.2027")).text();
    expect(html).toContain("Monday 04.01.2027");
    expect(html).toContain("Sunday 10.01.2027");
    expect(html).toContain('placeholder="Start date"');
    expect(html).toContain('placeholder="End date"');
    expect(html).toContain('title="Blue: assembly only"');
    expect(html).toContain("fence 2×");
    expect(html).not.toContain("pondělí");
  });

  test("without a range: the default one (thirteen weeks, Monday to Sunday); a bad range: 422 with the field's message", async () => {
    const html = await (await session.page("/orders/planning")).text();
    expect((html.match(/<th scope="row"/g) ?? []).length).toBe(91);
    const bad = await session.page("/orders/planning?from=10.01.2027&to=04.01.2027");
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Datum do nesmí být před datem od");
  });

  test("the keyboard move: the form, the move back to the range with a toast, and a stale form's 409 naming the new place", async () => {
    const form = await (await session.page(`/orders/planning/${planId}/move?from=2027-01-04&to=2027-01-10`)).text();
    expect(form).toContain('value="04.01.2027"');
    expect(form).toContain('name="version" value="1"');
    expect(form).toContain('name="from" value="2027-01-04"');
    // The card's link carries no range: the form takes the grid's from the page it was followed from.
    const followed = await (await session.page(`/orders/planning/${planId}/move`, { headers: { Referer: `${ORIGIN}/orders/planning?from=04.01.2027&to=10.01.2027` } })).text();
    expect(followed).toContain('name="from" value="2027-01-04"');
    expect(followed).toContain('name="to" value="2027-01-10"');
    const elsewhere = await (await session.page(`/orders/planning/${planId}/move`, { headers: { Referer: `${ORIGIN}/orders/manufacture?from=04.01.2027&to=10.01.2027` } })).text();
    expect(elsewhere).toContain('name="from" value=""');
    const moved = await session.page(`/orders/planning/${planId}/move`, { form: { date: "06.01.2027", vanId: String(otherVan), version: "1", from: "2027-01-04", to: "2027-01-10" } });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("Location")).toBe("/orders/planning?from=2027-01-04&to=2027-01-10");
    const stale = await other.page(`/orders/planning/${planId}/move`, { form: { date: "07.01.2027", vanId: String(van), version: "1", from: "2027-01-04", to: "2027-01-10" } });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("nyní 06.01.2027, Ford Transit (2AB 3456)");
    const refused = await session.page(`/orders/planning/${planId}/move`, { form: { date: "32.01.2027", vanId: String(van), version: "2" } });
    expect(refused.status).toBe(422);
    const plan = (await okJson(await api(`/api/orders/planning/${planId}`))).data;
    expect([plan.date, plan.vehicle.id, plan.version]).toEqual(["2027-01-06", otherVan, 2]);
  });

  test("without a session: to the login", async () => {
    const response = await t.current.request("/orders/planning");
    expect([302, 303]).toContain(response.status);
  });
});

describe("/orders/manufacture pages", () => {
  test("the calendar lists the order on its manufacture and painting days; the detail ticks manufactured (htmx row, green) and adds 1 to the common basket once per key", async () => {
    const ctx = { ...t.current.ctx, userId: session.user.id };
    const product = await createFenceProduct(ctx.db, await createFenceCategory(ctx.db), FENCE_1_PARAMETERS, { name: "Plot Lamela Detail" });
    const id = await createFenceOrder(ctx, { lastName: "Kalendářová" });
    await editOrderItems({ ctx, input: { id, values: { items: [fence1Item(product)] } } });
    const plan = (await json(await api(`/api/orders/manufacture/order/${id}`, { method: "PUT", json: { manufactureDate: "2027-02-08", paintingDate: "2027-02-10" } }))).data;

    const calendar = await (await session.page("/orders/manufacture?from=08.02.2027&to=14.02.2027")).text();
    expect(calendar).toContain("pondělí 08.02.2027");
    expect(calendar.match(new RegExp(`href="/orders/manufacture/detail/${plan.id}">${id} Kalendářová</a>`, "g"))?.length).toBe(2);
    expect(calendar).toContain(`href="/orders/fenceOrder/${id}?tab=6"`);

    const detail = await (await session.page(`/orders/manufacture/detail/${plan.id}`)).text();
    const line = plan.lines[0];
    expect(detail).toContain(`id="manufacture-line-${line.id}" data-manufactured="false"`);
    const row = await session.page(`/orders/manufacture/detail/${plan.id}/line/${line.id}`, { form: { manufactured: "true" }, headers: { "HX-Request": "true" } });
    expect(row.status).toBe(200);
    const rowHtml = await row.text();
    expect(rowHtml).toStartWith(`<tr id="manufacture-line-${line.id}" class="manufacture-line-done" data-manufactured="true">`);

    const key = `detail-${line.id}-basket-key`;
    for (let i = 0; i < 2; i++) {
      const added = await session.page(`/orders/manufacture/detail/${plan.id}/addToBasket`, { form: { lineId: String(line.id), idempotencyKey: key } });
      expect(added.status).toBe(303);
    }
    const basket = await commonBasketQuantities(t.current.ctx.db, session.user.id);
    expect(basket[line.product.id]).toBe(1);
    expect((await session.page("/orders/manufacture/detail/999999")).status).toBe(404);
  });
});

describe("the order's tabs 5–8", () => {
  test("tab 5 plans from its form (htmx answers the tab), tab 7 marks delivered, tab 8 assembled: CLOSED; tab 6 makes the manufacture plan", async () => {
    const ctx = { ...t.current.ctx, userId: session.user.id };
    const product = await createFenceProduct(ctx.db, await createFenceCategory(ctx.db), FENCE_1_PARAMETERS, { name: "Plot Lamela Záložky" });
    const id = await createFenceOrder(ctx, { orderDate: "2026-11-02" });
    await editOrderItems({ ctx, input: { id, values: { items: [fence1Item(product)] } } });
    const htmx = { "HX-Request": "true" };

    const tab5 = await (await session.page(`/orders/fenceOrder/${id}/tab/5`)).text();
    expect(tab5).toContain('id="order-planning-tab"');
    // Readiness: the material is not in stock (nothing is), no manufacture plan yet.
    expect(tab5).toMatch(/data-readiness="material" data-short="[1-9]\d*"/);
    expect(tab5).toContain('data-readiness="manufactured" data-state="none"');
    // Built from the shared pieces: the facts in an info box, the items in the data table frame, the new plan's date the shared date input.
    expect(tab5).toContain('class="info-box"');
    expect(tab5).toContain('<div class="data-table static-table"><div class="table-scroll"><table aria-label="Položky k naplánování">');
    expect(tab5).toMatch(/<input id="field-date" required=""[^>]*placeholder="dd.mm.rrrr" pattern="[^"]+" data-kind="date" name="date"/);
    const itemId = Number(/name="amount\.(\d+)" value="6"/.exec(tab5)?.[1]);
    expect(itemId).toBeGreaterThan(0);
    const planned = await session.page(`/orders/fenceOrder/${id}/planning`, {
      form: { [`amount.${itemId}`]: "6", date: "15.02.2027", vanId: String(van), delivery: "true", assembly: "true", idempotencyKey: `tab5-${id}-plan` },
      headers: htmx,
    });
    expect(planned.status).toBe(200);
    const answered = await planned.text();
    expect(answered).toContain('data-order-status="PLANNED"');
    expect(answered).toContain("plan-card plan-PURPLE");
    const tooMuch = await session.page(`/orders/fenceOrder/${id}/planning`, { form: { [`amount.${itemId}`]: "1", date: "16.02.2027", vanId: String(van), delivery: "true" }, headers: htmx });
    expect(tooMuch.status).toBe(422);
    expect(await tooMuch.text()).toContain("Zbývá naplánovat jen 0");

    const tab7 = await (await session.page(`/orders/fenceOrder/${id}/tab/7`)).text();
    const planItemId = /data-plan-item-id="(\d+)"/.exec(tab7)![1]!;
    await session.page(`/orders/fenceOrder/${id}/marks/delivered`, { form: { planItemId, date: "15.02.2027", note: "Složeno" }, headers: htmx });
    const closed = await session.page(`/orders/fenceOrder/${id}/marks/assembled`, { form: { planItemId, date: "16.02.2027", note: "Hotovo" }, headers: htmx });
    expect(closed.status).toBe(200);
    expect(await closed.text()).toContain('data-order-status="CLOSED"');

    const tab6 = await session.page(`/orders/fenceOrder/${id}/manufacturePlan`, { form: { manufactureDate: "01.02.2027", paintingDate: "03.02.2027" }, headers: htmx });
    expect(tab6.status).toBe(200);
    const tab6Html = await tab6.text();
    expect(tab6Html).toContain('class="manufacture-plan-lines"');
    // The dates in the shared date input, shown dd.mm.yyyy.
    expect(tab6Html).toMatch(/<input id="field-manufactureDate"[^>]*data-kind="date" name="manufactureDate" value="01.02.2027"/);
    expect(tab6Html).toMatch(/<input id="field-paintingDate"[^>]*data-kind="date" name="paintingDate" value="03.02.2027"/);
    // The grid's card carries the readiness mark: not manufactured yet.
    const grid = await (await session.page("/orders/planning?from=15.02.2027&to=15.02.2027")).text();
    expect(grid).toContain('<span class="plan-mark" data-manufactured="false" title="Ještě není vyrobeno"><svg class="icon" role="img" aria-label="Ještě není vyrobeno"><use href="#icon-cross"/></svg></span>');
    // Each state its own shape and a tooltip naming it: the deposit unpaid is a banknote struck through.
    expect(grid).toContain('<span class="plan-mark" data-deposit-paid="false" title="Záloha nezaplacena"><svg class="icon" role="img" aria-label="Záloha nezaplacena"><use href="#icon-moneyUnpaid"/></svg></span>');
    expect(grid).toContain('<symbol id="icon-moneyUnpaid" viewBox="0 0 20 20"><path d="M2 6h16v8H2zM10 8a2 2 0 110 4 2 2 0 010-4zM2 18L18 2"></path></symbol>');
    const plain = await session.page(`/orders/fenceOrder/${id}/manufacturePlan`, { form: { manufactureDate: "04.02.2027", paintingDate: "03.02.2027" } });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe(`/orders/fenceOrder/${id}?tab=6`);
  });
});

describe("the product's not-for-painting flag", () => {
  test("the product form has it (off by default); the API saves and answers it", async () => {
    const form = await (await session.page("/products/new")).text();
    expect(form).toMatch(/<input[^>]*name="notForPainting"/);
    expect(form).toContain("Nelakuje se");
    const ctx = { ...t.current.ctx, userId: session.user.id };
    const product = await createProduct(ctx.db, { name: "Pant pozinkovaný API" });
    const before = (await okJson(await api(`/api/products/${product}`))).data;
    expect(before.notForPainting).toBe(false);
    const { id: _id, parameters: _parameters, systemRole: _role, baseProduct: _base, ...values } = before;
    const saved = await api(`/api/products/${product}`, { method: "PUT", json: { ...values, vat: before.vat?.id ?? (await defaultVatId(ctx.db)), categories: [], notForPainting: true } });
    expect(saved.status).toBe(200);
    expect((await okJson(await api(`/api/products/${product}`))).data.notForPainting).toBe(true);
  });
});
