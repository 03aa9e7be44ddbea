/**
 * The deposit mark on the order's invoices tab and on the planning card, over HTTP, against the
 * proformas' states (docs/decisions/053-invoice-lines-and-payments.md: the deposit is paid when a
 * proforma of the order is CLOSED). The test database's ids are a million apart per table
 * (docs/decisions/061-correlated-subqueries-and-far-apart-ids.md), so no order shares its id
 * with an invoice: a mark that compared an invoice's order with the invoice's own id showed every
 * deposit unpaid here. The assertions read the mark's meaning only: the `data-deposit-paid`
 * attribute and the translated words, not the markup around them.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { todayInPrague } from "@/lib/dates";
import { json, type Session, useTestApp } from "../helpers/app";
import { createDeliveryVan } from "../helpers/factories";
import { createInvoiceOrder, type InvoiceOrder, setUpInvoicing } from "../helpers/invoices";
import { html, okJson } from "./support";

const t = useTestApp();
const INVOICES = "/api/orders/invoices";
/** Monday 1 March 2027 to Sunday 7 March 2027. */
const WEEK = { from: "01.03.2027", to: "07.03.2027" };

let s: Session;
/** A proforma issued, 300,00 Kč of its 859,67 Kč paid: OPEN. */
let unpaid: InvoiceOrder & { proforma: number; plan: number };
/** A proforma paid in full by one payment: CLOSED. */
let paid: InvoiceOrder & { proforma: number; plan: number };
/** No proforma at all. */
let none: InvoiceOrder & { plan: number };

async function issueProforma(orderId: number): Promise<number> {
  const created = await s.api(INVOICES, { method: "POST", json: { orderId, proforma: true } });
  expect(created.status).toBe(201);
  return (await json(created)).data as number;
}

async function pay(invoiceId: number, amount: string): Promise<void> {
  const response = await s.api(`${INVOICES}/${invoiceId}`, { method: "PUT", json: { payment: { amount, paidOn: todayInPrague() } } });
  expect(response.status).toBe(200);
}

async function plan(order: InvoiceOrder, vanId: number, date: string): Promise<number> {
  const created = await s.api("/api/orders/planning", { method: "POST", json: { orderId: order.id, date, vanId, delivery: true, assembly: true, items: [{ itemId: order.itemId, amount: 1 }] } });
  expect(created.status).toBe(201);
  return (await json(created)).data.id as number;
}

const statusOf = async (invoiceId: number) => (await okJson<{ data: { status: string } }>(await s.api(`${INVOICES}/${invoiceId}`))).data.status;

beforeAll(async () => {
  s = await t.current.login();
  const ctx = { ...t.current.ctx, userId: s.user.id };
  await setUpInvoicing(ctx);
  const van = await createDeliveryVan(ctx, { name: "Iveco Daily", spz: "3AB 4567" });
  const orders = [await createInvoiceOrder(ctx, { lastName: "Zálohová" }), await createInvoiceOrder(ctx, { lastName: "Zaplacená" }), await createInvoiceOrder(ctx, { lastName: "Bezzálohová" })];
  const [unpaidOrder, paidOrder, noneOrder] = orders as [InvoiceOrder, InvoiceOrder, InvoiceOrder];
  unpaid = { ...unpaidOrder, proforma: await issueProforma(unpaidOrder.id), plan: 0 };
  paid = { ...paidOrder, proforma: await issueProforma(paidOrder.id), plan: 0 };
  await pay(unpaid.proforma, "300,00");
  await pay(paid.proforma, "859,67");
  unpaid.plan = await plan(unpaidOrder, van, "02.03.2027");
  paid.plan = await plan(paidOrder, van, "03.03.2027");
  none = { ...noneOrder, plan: await plan(noneOrder, van, "04.03.2027") };
});

/** The order's invoices tab (tab 4) as its HTMX request gets it. */
const invoicesTab = async (orderId: number) => html(await s.page(`/orders/fenceOrder/${orderId}/tab/4`, { headers: { "HX-Request": "true" } }));

/** The deposit mark's attribute values in a piece of markup. */
const depositMarks = (markup: string) => [...markup.matchAll(/data-deposit-paid="(true|false)"/g)].map((match) => match[1]);

/** One planning card's markup: from its `data-plan-id` to the next card or the end of its cell. */
function cardOf(page: string, planId: number): string {
  const start = page.indexOf(`data-plan-id="${planId}"`);
  expect(start).toBeGreaterThan(-1);
  const rest = page.slice(start + 1);
  const ends = [rest.indexOf("data-plan-id="), rest.indexOf("</td>")].filter((index) => index >= 0);
  return rest.slice(0, Math.min(...ends));
}

describe("the deposit mark follows the proformas (ids apart per table)", () => {
  test("the data: no order shares its id with its proforma, and the proformas are OPEN and CLOSED", async () => {
    expect(unpaid.proforma).not.toBe(unpaid.id);
    expect(paid.proforma).not.toBe(paid.id);
    expect(Math.abs(paid.proforma - paid.id)).toBeGreaterThan(100_000);
    expect(await statusOf(unpaid.proforma)).toBe("OPEN");
    expect(await statusOf(paid.proforma)).toBe("CLOSED");
  });

  test("the invoices tab: a CLOSED proforma → 'Záloha zaplacena'; an OPEN one or none → 'Záloha nezaplacena'", async () => {
    const paidTab = await invoicesTab(paid.id);
    expect(depositMarks(paidTab)).toEqual(["true"]);
    expect(paidTab).toContain("Záloha zaplacena");
    expect(paidTab).not.toContain("Záloha nezaplacena");

    for (const order of [unpaid, none]) {
      const tab = await invoicesTab(order.id);
      expect([order.id, depositMarks(tab)]).toEqual([order.id, ["false"]]);
      expect(tab).toContain("Záloha nezaplacena");
      expect(tab).not.toContain("Záloha zaplacena");
    }
  });

  test("the planning card: paid for the CLOSED proforma's order only, on the page and in the API", async () => {
    const page = await html(await s.page(`/orders/planning?from=${WEEK.from}&to=${WEEK.to}`));
    expect(depositMarks(cardOf(page, paid.plan))).toEqual(["true"]);
    expect(cardOf(page, paid.plan)).toContain("Záloha zaplacena");
    for (const order of [unpaid, none]) {
      expect([order.plan, depositMarks(cardOf(page, order.plan))]).toEqual([order.plan, ["false"]]);
      expect(cardOf(page, order.plan)).toContain("Záloha nezaplacena");
    }

    const grid = (await okJson<{ data: { plans: { id: number; depositPaid: boolean }[] } }>(await s.api("/api/orders/planning?from=2027-03-01&to=2027-03-07"))).data;
    expect(grid.plans.map((card) => [card.id, card.depositPaid])).toEqual([
      [unpaid.plan, false],
      [paid.plan, true],
      [none.plan, false],
    ]);
    for (const [planId, depositPaid] of [[unpaid.plan, false], [paid.plan, true], [none.plan, false]] as const) {
      expect((await okJson<{ data: { depositPaid: boolean } }>(await s.api(`/api/orders/planning/${planId}`))).data.depositPaid).toBe(depositPaid);
    }
  });

  test("paying the rest of the OPEN proforma turns both marks to paid", async () => {
    await pay(unpaid.proforma, "559,67");
    expect(await statusOf(unpaid.proforma)).toBe("CLOSED");
    expect(depositMarks(await invoicesTab(unpaid.id))).toEqual(["true"]);
    const page = await html(await s.page(`/orders/planning?from=${WEEK.from}&to=${WEEK.to}`));
    expect(depositMarks(cardOf(page, unpaid.plan))).toEqual(["true"]);
    expect(depositMarks(cardOf(page, none.plan))).toEqual(["false"]);
  });
});
