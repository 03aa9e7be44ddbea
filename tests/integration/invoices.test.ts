/**
 * Invoices over HTTP (docs/domain.md#invoices): the API under /api/orders/invoices in the envelope (list with
 * filters and paging, get, create, a payment as the update, items, markAsPaid, creditNote, the
 * draft), its 422 refusals, delete refused with the reason, sessions and CSRF; the pages (list,
 * editor, detail with its forms) and the order's tab 4. The figures are tests/helpers/invoices.ts's order.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { addDays, formatCzechDate, todayInPrague } from "@/lib/dates";
import { createInvoice, listOrderInvoices, markInvoiceAsPaid } from "@/modules/orders/invoice/service";
import { json, type Session, useTestApp } from "../helpers/app";
import { createInvoiceOrder, type InvoiceOrder, setUpInvoicing } from "../helpers/invoices";
import { cookiePair, html as htmlOf, type ListBody, okJson } from "./support";

const t = useTestApp();
const API = "/api/orders/invoices";

let s: Session;
let order: InvoiceOrder;

beforeAll(async () => {
  await setUpInvoicing(t.current.ctx);
  s = await t.current.login();
  order = await createInvoiceOrder(t.current.ctx);
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => s.api(path, { method: "POST", json: body, headers });

describe("API", () => {
  test("create a deposit proforma, pay it, issue the final invoice deducting it; list, get, items", async () => {
    const created = await post(API, { orderId: order.id, proforma: true });
    expect(created.status).toBe(201);
    const proformaId = (await json(created)).data as number;

    const proforma = (await okJson(await s.api(`${API}/${proformaId}`))).data;
    expect(proforma).toMatchObject({ id: proformaId, kind: "PROFORMA", status: "OPEN", total: 859.67, payable: 859.67, remainingToPay: 859.67, dateOfTaxableSupply: null });
    // The specification's names (docs/domain.md#invoice), `kind` beside `proforma`.
    expect(proforma).toMatchObject({ proforma: true, created: todayInPrague(), dueDate: addDays(todayInPrague(), 14) });
    expect(proforma.invoiceNumber).toMatch(/^\d{4}2\d{5}$/);
    expect(proforma.items).toHaveLength(4);
    for (const old of ["number", "issueDate", "taxableSupplyDate", "lines"]) expect(proforma).not.toHaveProperty(old);

    const items = await okJson(await s.api(`${API}/${proformaId}/items`));
    expect(items.status).toBe("success");
    expect(items.data.map((line: { source: string }) => line.source)).toEqual(["ORDER_ITEM", "OTHER_ITEM", "ASSEMBLY_ITEM", "DISCOUNT"]);

    // A partial payment as the update; then mark as paid.
    const today = todayInPrague();
    const paid = await okJson(await s.api(`${API}/${proformaId}`, { method: "PUT", json: { payment: { amount: "300,00", paidOn: today } } }));
    expect(paid.data).toMatchObject({ status: "OPEN", paid: 300, remainingToPay: 559.67 });
    expect(paid.data.payments[0].taxDocument.invoiceNumber).toMatch(/^\d{4}3\d{5}$/);
    const marked = await okJson(await post(`${API}/${proformaId}/markAsPaid`, {}));
    expect(marked.data).toMatchObject({ status: "CLOSED", paid: 859.67, remainingToPay: 0 });

    const draft = await okJson(await s.api(`${API}/draft?orderId=${order.id}&proforma=false&share=40`));
    expect(draft.data.items.map((line: { suggested: number }) => line.suggested)).toEqual([2754, 347.9, 140, -400]);
    expect(draft.data.linkableProformas.map((row: { id: number }) => row.id)).toEqual([proformaId]);

    const final = await post(API, { orderId: order.id, linkedProformas: [proformaId] });
    expect(final.status).toBe(201);
    const finalId = (await json(final)).data as number;
    expect((await okJson(await s.api(`${API}/${finalId}`))).data).toMatchObject({ kind: "FINAL", total: 8596.69, payable: 7737.02, deducted: 859.67 });

    // byOrderId: the generic list filtered by the order, in the envelope with paging.
    const byOrder = await okJson<ListBody<{ id: number; kind: string }>>(await s.api(`${API}?orderId=${order.id}&sort=created,asc&size=2&page=1`));
    expect(byOrder.meta).toMatchObject({ page: 1, size: 2, total: 4, pages: 2 });
    expect(byOrder.data.map((row) => row.kind)).toEqual(["PROFORMA", "PAYMENT_TAX_DOCUMENT"]);
    const proformas = await okJson<ListBody<{ id: number; proforma: boolean }>>(await s.api(`${API}?orderId=${order.id}&proforma=true`));
    expect(proformas.data.map((row) => [row.id, row.proforma])).toEqual([[proformaId, true]]);
    const taxDocuments = await okJson<ListBody<{ proforma: boolean }>>(await s.api(`${API}?orderId=${order.id}&proforma=false&sort=invoiceNumber,asc`));
    // The two payments' tax documents and the final invoice.
    expect(taxDocuments.data.map((row) => row.proforma)).toEqual([false, false, false]);
    const filtered = await okJson<ListBody<{ id: number }>>(await s.api(`${API}?status=OPEN&kind=FINAL&from=${today}&to=${today}&customer=ulehla`));
    expect(filtered.data.map((row) => row.id)).toEqual([finalId]);

    // The credit note cancels the final invoice.
    const credit = await post(`${API}/${finalId}/creditNote`, { note: "Chybná fakturace" });
    expect(credit.status).toBe(201);
    const creditNote = (await okJson(await s.api(`${API}/${(await json(credit)).data}`))).data;
    expect(creditNote).toMatchObject({ kind: "CREDIT_NOTE", total: -8596.69, originalInvoiceId: finalId });
    expect(creditNote.snapshot.note).toContain("Chybná fakturace");
  });

  test("422 refusals: an unknown order, a price beyond the remaining one, overpaying, a closed document; nothing saved", async () => {
    const before = (await okJson<ListBody<unknown>>(await s.api(`${API}?size=1`))).meta.total;
    const missing = await post(API, { orderId: 999_999 });
    expect(missing.status).toBe(422);
    expect(await json(missing)).toMatchObject({ status: "fail", fields: { orderId: "Zakázka neexistuje" } });
    const fresh = await createInvoiceOrder(t.current.ctx);
    const beyond = await post(API, { orderId: fresh.id, items: [{ source: "OTHER_ITEM", sourceId: fresh.otherItemId, invoicedPrice: 869.71 }] });
    expect(beyond.status).toBe(422);
    expect((await json(beyond)).fields).toEqual({ "items.0.invoicedPrice": "Fakturovaná cena musí být mezi 0 a zbývající cenou (869,70\u00a0Kč)" });
    const empty = await post(API, {});
    expect((await json(empty)).fields).toEqual({ orderId: "Povinné pole" });
    expect((await okJson<ListBody<unknown>>(await s.api(`${API}?size=1`))).meta.total).toBe(before);

    const id = (await json(await post(API, { orderId: fresh.id, proforma: true }))).data as number;
    const over = await s.api(`${API}/${id}`, { method: "PUT", json: { payment: { amount: 859.68, paidOn: todayInPrague() } } });
    expect(over.status).toBe(422);
    expect((await json(over)).fields).toEqual({ "payment.amount": "Platba převyšuje zbývající částku k úhradě (859,67\u00a0Kč)" });
    const noPayment = await s.api(`${API}/${id}`, { method: "PUT", json: { dueDate: "2027-01-01" } });
    expect(noPayment.status).toBe(422);
    await post(`${API}/${id}/markAsPaid`, {});
    const closed = await s.api(`${API}/${id}`, { method: "PUT", json: { payment: { amount: 1, paidOn: todayInPrague() } } });
    expect(closed.status).toBe(422);
    expect((await json(closed)).data).toEqual([expect.stringContaining("je už uzavřený")]);
    const proformaCredit = await post(`${API}/${id}/creditNote`, {});
    expect(proformaCredit.status).toBe(422);
  });

  test("never deleted: DELETE answers 422 with the reason, and the document stays; a missing one is 404", async () => {
    const id = (await json(await post(API, { orderId: order.id, proforma: true }))).data as number;
    const number = (await okJson(await s.api(`${API}/${id}`))).data.invoiceNumber;
    const refused = await s.api(`${API}/${id}`, { method: "DELETE" });
    expect(refused.status).toBe(422);
    expect(await json(refused)).toMatchObject({ status: "fail", data: [`Doklad ${number} nelze smazat: vystavené doklady se nemažou ani nepřečíslují, fakturu zrušte dobropisem`] });
    expect((await s.api(`${API}/${id}`)).status).toBe(200);
    expect((await s.api(`${API}/2000000000`, { method: "DELETE" })).status).toBe(404);
  });

  test("a retried create with the same idempotency key issues one document", async () => {
    const key = `invoice-${crypto.randomUUID()}`;
    const first = await json(await post(API, { orderId: order.id, proforma: true }, { "Idempotency-Key": key }));
    const second = await json(await post(API, { orderId: order.id, proforma: true }, { "Idempotency-Key": key }));
    expect(second.data).toBe(first.data);
  });

  test("needs a session; a cookie write from another origin is refused (CSRF)", async () => {
    expect((await t.current.request(API)).status).toBe(401);
    const before = (await okJson<ListBody<unknown>>(await s.api(`${API}?size=1`))).meta.total;
    const foreign = await t.current.request(API, {
      method: "POST",
      headers: { Cookie: s.cookie, "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ orderId: order.id, proforma: true }),
    });
    expect(foreign.status).toBe(403);
    expect(await json(foreign)).toEqual({ status: "error", code: "CSRF" });
    expect((await okJson<ListBody<unknown>>(await s.api(`${API}?size=1`))).meta.total).toBe(before);
  });
});

describe("pages", () => {
  test("the order's tab 4 issues the deposit proforma in one click; its detail records a payment; the list shows it", async () => {
    const mine = await createInvoiceOrder(t.current.ctx, { company: "Stránková Ýva s.r.o." });
    const tab = await htmlOf(await s.page(`/orders/fenceOrder/${mine.id}/tab/4`, { headers: { "HX-Request": "true" } }));
    expect(tab).toContain("Zakázka zatím nemá žádný doklad");
    expect(tab).toContain("7\u00a0104,70\u00a0Kč");
    const key = tab.match(/name="idempotencyKey" value="([^"]+-p)"/)![1]!;
    const issued = await s.page(`/orders/fenceOrder/${mine.id}/invoices`, { form: { proforma: "true", idempotencyKey: key } });
    expect(issued.status).toBe(303);
    expect(issued.headers.get("Location")).toBe(`/orders/fenceOrder/${mine.id}?tab=4`);
    // The same click again (a resubmitted form) issues nothing more.
    await s.page(`/orders/fenceOrder/${mine.id}/invoices`, { form: { proforma: "true", idempotencyKey: key } });
    const after = await htmlOf(await s.page(`/orders/fenceOrder/${mine.id}/tab/4`, { headers: { "HX-Request": "true" } }));
    expect(after.match(/data-kind="PROFORMA"/g)).toHaveLength(1);
    expect(after).toContain("859,67\u00a0Kč");
    const id = Number(after.match(/data-invoice-id="(\d+)"/)![1]);

    const detail = await htmlOf(await s.page(`/orders/invoices/${id}`));
    expect(detail).toContain("Zálohová faktura");
    expect(detail).toContain(`href="/pdf/invoices/${id}"`);
    const paymentKey = detail.match(/name="idempotencyKey" value="([^"]+)"/)![1]!;
    const refused = await s.page(`/orders/invoices/${id}/payments`, { form: { amount: "1000", paidOn: todayInPrague(), idempotencyKey: paymentKey } });
    expect(refused.status).toBe(422);
    expect(await htmlOf(refused)).toContain("Platba převyšuje zbývající částku k úhradě (859,67\u00a0Kč)");
    const recorded = await s.page(`/orders/invoices/${id}/payments`, { form: { amount: "859,67", paidOn: todayInPrague(), idempotencyKey: paymentKey } });
    expect(recorded.status).toBe(303);
    const paidPage = await htmlOf(await s.page(`/orders/invoices/${id}`, { headers: { Cookie: cookiePair(recorded, "ohrada_flash")! } }));
    expect(paidPage).toContain('data-status="CLOSED"');
    expect(paidPage).toContain("Daňový doklad");

    const list = await htmlOf(await s.page(`/orders/invoices?customer=${encodeURIComponent("Ýva")}&kind=PROFORMA`));
    expect(list).toContain(`data-invoice-id="${id}"`);
    // The accountant export form sits under the list.
    expect(list).toContain('id="invoice-export"');
    expect(list).toContain('action="/orders/invoices/accountantExport/start"');
    const badDate = await s.page("/orders/invoices?from=31.02.2026");
    expect(badDate.status).toBe(422);
  });

  test("the tab's final invoice: a confirm step shows its DUZP (today, editable); without one or with an impossible one nothing is issued; the DUZP sent is the invoice's", async () => {
    const mine = await createInvoiceOrder(t.current.ctx);
    const proformaId = await createInvoice({ ctx: t.current.ctx, input: { orderId: mine.id, proforma: true } });
    await markInvoiceAsPaid({ ctx: t.current.ctx, input: { id: proformaId } });
    const today = todayInPrague();
    const tabOf = async () => htmlOf(await s.page(`/orders/fenceOrder/${mine.id}/tab/4`, { headers: { "HX-Request": "true" } }));
    const tab = await tabOf();
    // The shared date input, prefilled with today, and the question that repeats it before issuing.
    expect(tab).toContain(`data-kind="date" name="dateOfTaxableSupply" value="${formatCzechDate(today)}"`);
    expect(tab).toContain('data-confirm="Vystavit fakturu s DUZP {value}? Vystavený daňový doklad nelze smazat ani upravit, zrušit ho lze jen dobropisem." data-confirm-value="dateOfTaxableSupply"');
    // Two editor links, each named for its document.
    expect(tab).toContain(">Upravit ceny zálohy</a>");
    expect(tab).toContain(">Upravit ceny faktury</a>");
    expect(tab).not.toContain(">upravit ceny</a>");
    const key = tab.match(/name="idempotencyKey" value="([^"]+-f)"/)![1]!;
    const finals = async () => (await listOrderInvoices({ ctx: t.current.ctx, input: { orderId: mine.id } })).invoices.filter((invoice) => invoice.kind === "FINAL");

    for (const [sent, reason] of [
      [undefined, "DUZP: Povinné pole"],
      ["", "DUZP: Povinné pole"],
      ["31.02.2026", "DUZP: "],
    ] as const) {
      const refused = await s.page(`/orders/fenceOrder/${mine.id}/invoices`, { form: { proforma: "false", idempotencyKey: key, ...(sent === undefined ? {} : { dateOfTaxableSupply: sent }) } });
      expect(refused.status).toBe(303);
      expect(refused.headers.get("Location")).toBe(`/orders/fenceOrder/${mine.id}?tab=4`);
      expect(await htmlOf(await s.page(`/orders/fenceOrder/${mine.id}?tab=4`, { headers: { Cookie: cookiePair(refused, "ohrada_flash")! } }))).toContain(reason);
      expect(await finals()).toEqual([]);
    }

    const duzp = addDays(today, -3);
    const issued = await s.page(`/orders/fenceOrder/${mine.id}/invoices`, { form: { proforma: "false", idempotencyKey: key, dateOfTaxableSupply: formatCzechDate(duzp) } });
    expect(issued.status).toBe(303);
    const [final] = await finals();
    expect(final).toMatchObject({ created: today, dateOfTaxableSupply: duzp, total: 8596.69, payable: 7737.02 });
    // The detail: the deducted advance's base and VAT each in its own cell, never run together.
    const detail = await htmlOf(await s.page(`/orders/invoices/${final!.id}`));
    expect(detail).toContain(">710,47\u00a0Kč</td>");
    expect(detail).toContain(">149,20\u00a0Kč</td>");
    expect(detail).not.toMatch(/Kč\s*\+\s*\d/);
    expect(detail).toContain(`<dd data-status="OPEN">Otevřená</dd>`);
  });

  test("the lines editor: quick 30 % fills the prices; a price beyond the remaining one re-renders it (422); issuing goes to the detail", async () => {
    const mine = await createInvoiceOrder(t.current.ctx);
    const quick = await htmlOf(await s.page(`/orders/invoices/new?orderId=${mine.id}&proforma=false&share=30`));
    expect(quick).toContain('value="2065,50"');
    expect(quick).toContain('value="-300,00"');
    const form = {
      "line.0.source": "ORDER_ITEM",
      "line.0.sourceId": String(mine.itemId),
      "line.0.invoicedPrice": "7000",
      "line.1.source": "OTHER_ITEM",
      "line.1.sourceId": String(mine.otherItemId),
      "line.1.invoicedPrice": "100",
      dueDate: "",
      idempotencyKey: crypto.randomUUID(),
    };
    const refused = await s.page(`/orders/invoices/new?orderId=${mine.id}&proforma=false`, { form });
    expect(refused.status).toBe(422);
    expect(await htmlOf(refused)).toContain("Fakturovaná cena musí být mezi 0 a zbývající cenou (6\u00a0885,00\u00a0Kč)");
    const issued = await s.page(`/orders/invoices/new?orderId=${mine.id}&proforma=false`, { form: { ...form, "line.0.invoicedPrice": "2065,50" } });
    expect(issued.status).toBe(303);
    const detail = await htmlOf(await s.page(issued.headers.get("Location")!));
    expect(detail).toContain("2\u00a0065,50\u00a0Kč");
    expect(detail).toContain("Rekapitulace DPH");
  });
});
