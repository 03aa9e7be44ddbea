/**
 * Bank statements paired with invoices over HTTP (docs/decisions/079-bank-statement-pairing.md):
 * the invoices list opens the statements page; a bad file is refused on the upload page with the
 * reader's message, nothing kept; a GPC is previewed, confirmed once (a second confirm writes
 * nothing), and the proforma's page says where its payment came from, the order's tab that its
 * deposit is paid; an unmatched line is paired by hand with its overpayment flagged, another dismissed.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { count } from "drizzle-orm";
import { bankStatements, invoicePayments } from "@db/schema";
import { type Session, useTestApp } from "../helpers/app";
import { statementBytes } from "../helpers/bank-statements";
import { depositExample, gpcStatement, ISSUED_ON, setUpInvoicing } from "../helpers/bank-pairing";
import { createInvoice } from "@/modules/orders/invoice/service";
import { afterRedirect, html } from "./support";

const t = useTestApp();
const PATH = "/orders/invoices/bankStatements";
let s: Session;
let example: { orderId: number; proformaId: number; number: string };

/** A page's text with the no-break spaces of amounts as plain spaces. */
const plain = (page: string) => page.replace(/\u00a0|&nbsp;/g, " ");

function upload(name: string, data: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  form.set("files", new File([Buffer.from(data)], name));
  return s.page(PATH, { method: "POST", body: form, headers });
}

const rows = async (table: typeof bankStatements | typeof invoicePayments) => (await t.current.ctx.db.select({ n: count() }).from(table))[0]!.n;

beforeAll(async () => {
  s = await t.current.login();
  const ctx = { ...t.current.ctx, userId: s.user.id };
  await setUpInvoicing(ctx);
  example = await depositExample(ctx);
});

describe("bank statements on the invoices pages", () => {
  test("the invoices list links to the statements page, which has the upload form", async () => {
    expect(await html(await s.page("/orders/invoices"))).toContain(`href="${PATH}"`);
    const page = await html(await s.page(PATH));
    expect(page).toContain('name="files"');
    expect(page).toContain("Nahrát a zobrazit náhled");
  });

  test("bad files are refused on the page with the reader's message, nothing kept or paired", async () => {
    const camt = Buffer.from(statementBytes("camt053-v02.xml")).toString("utf-8");
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><Document>&lol3;</Document>`;
    const cases: [string, Uint8Array, string][] = [
      ["faktura.pdf", new TextEncoder().encode("%PDF-1.7 not a statement"), "Soubor není bankovní výpis ve formátu GPC (ABO) ani camt.053"],
      ["vypis.gpc", statementBytes("vypis-2026-03.gpc").slice(0, 200), "Řádek 2 výpisu GPC má 70 znaků místo 128; soubor je zkrácený nebo poškozený"],
      ["camt052.xml", new TextEncoder().encode(camt.replace("camt.053.001.02", "camt.052.001.02").replaceAll("BkToCstmrStmt", "BkToCstmrAcctRpt")), "ne výpis camt.053"],
      ["bomb.xml", new TextEncoder().encode(bomb), "Soubor obsahuje deklaraci DOCTYPE"],
    ];
    for (const [name, data, message] of cases) {
      const response = await upload(name, data);
      expect(response.status).toBe(422);
      expect(await html(response)).toContain(message);
    }
    // With htmx the upload section answers again, with the message above the form.
    const fragment = await upload("faktura.pdf", new TextEncoder().encode("%PDF"), { "HX-Request": "true" });
    expect(fragment.status).toBe(422);
    const text = await html(fragment);
    expect(text).toContain('id="bank-statement-upload"');
    expect(text).toContain("Soubor není bankovní výpis");
    expect(text).not.toContain("<html");
    expect(await rows(bankStatements)).toBe(0);
    expect(await rows(invoicePayments)).toBe(0);
  });

  test("a GPC: the preview with totals, one confirm pays 2026200001, a second changes nothing; the proforma's page names the statement's line, the order's deposit is paid", async () => {
    const uploaded = await upload("vypis-2026-03.gpc", statementBytes("vypis-2026-03.gpc"));
    expect(uploaded.status).toBe(303);
    const location = uploaded.headers.get("Location")!;
    expect(location).toMatch(/^\/orders\/invoices\/bankStatements\/\d+$/);

    const preview = plain(await html(await s.page(location)));
    expect(preview).toContain("Výpis 7 ze dne 31.03.2026");
    expect(preview).toContain("Náhled párování");
    expect(preview).toMatch(/data-outcome="PAID" data-count="1" data-amount="6621.85">1 × 6 621,85 Kč/);
    expect(preview).toMatch(/data-outcome="UNMATCHED" data-count="3" data-amount="14015">3 × 14 015,00 Kč/);
    expect(preview).toContain("Žádný doklad s variabilním symbolem 2026200003");
    expect(preview).toContain("Potvrdit a zapsat platby");
    expect(await rows(invoicePayments)).toBe(0);

    const confirmed = await s.page(`${location}/confirm`, { method: "POST" });
    expect(confirmed.status).toBe(303);
    expect(await afterRedirect(s, confirmed)).toContain("Výpis potvrzen, zapsané platby: 1");
    const again = await s.page(`${location}/confirm`, { method: "POST" });
    expect(await afterRedirect(s, again)).toContain("Výpis už byl potvrzen; nic dalšího se nezapsalo");
    expect(await rows(invoicePayments)).toBe(1);

    const proforma = plain(await html(await s.page(`/orders/invoices/${example.proformaId}`)));
    expect(proforma).toContain('data-status="CLOSED"');
    expect(proforma).toContain("Výpis 7 ze dne 31.03.2026, řádek 1");
    const tab = await html(await s.page(`/orders/fenceOrder/${example.orderId}/tab/4`, { headers: { "HX-Request": "true" } }));
    expect(tab).toContain('data-deposit-paid="true"');

    const list = await html(await s.page(PATH));
    expect(list).toContain(`href="${location}"`);
    expect(list).toContain('data-state="CONFIRMED"');
  });

  test("a payment typed by hand shows who; an unmatched line paired by hand in one click flags the overpayment; another dismissed with its reason", async () => {
    const ctx = { ...t.current.ctx, userId: s.user.id };
    const finalId = await createInvoice({ ctx, input: { orderId: example.orderId, proforma: false, linkedProformas: [example.proformaId] }, options: { today: ISSUED_ON } });
    const typed = await s.page(`/orders/invoices/${finalId}/payments`, { form: { amount: "596,69", paidOn: "03.03.2026", note: "", idempotencyKey: crypto.randomUUID() } });
    expect(typed.status).toBe(303);
    expect(await html(await s.page(`/orders/invoices/${finalId}`))).toContain("ručně, Jana Nováková");

    // 59 596,69 − 596,69 = 59 000,00 left; the payer sends 59 050,00 under a wrong symbol.
    const uploaded = await upload(
      "vypis-8.gpc",
      gpcStatement(8, "2026-03-09", [
        { id: "9001", halere: 5_905_000, vs: "123", date: "2026-03-06", name: "Zahradnictvi Ulehla" },
        { id: "9002", halere: 1_000, date: "2026-03-07", name: "Neznámý" },
      ]),
    );
    const location = uploaded.headers.get("Location")!;
    await s.page(`${location}/confirm`, { method: "POST" });
    const page = plain(await html(await s.page(location)));
    expect(page).toContain("Nespárované pohyby");
    const [, lineId] = /action="\/orders\/invoices\/bankStatements\/\d+\/lines\/(\d+)\/pair"/.exec(page)!;
    expect(page).toContain(`data-suggestion="`);
    expect(page).toContain("zbývá 59 000,00 Kč (podobné jméno)");

    const paired = await s.page(`${location}/lines/${lineId}/pair`, { form: { invoiceId: String(finalId) } });
    expect(paired.status).toBe(303);
    const after = plain(await afterRedirect(s, paired));
    expect(after).toMatch(/Pohyb spárován s dokladem \d{10}/);
    expect(after).toContain("Přeplatky k vyřešení");
    expect(after).toContain("přeplatek 50,00 Kč");

    const invoicePage = plain(await html(await s.page(`/orders/invoices/${finalId}`)));
    expect(invoicePage).toContain('data-status="CLOSED"');
    expect(invoicePage).toContain("Výpis 8 ze dne 09.03.2026, řádek 1");
    expect(invoicePage).toContain("Výpis 8 ze dne 09.03.2026, řádek 1: přeplatek 50,00 Kč");

    const [, otherId] = /action="\/orders\/invoices\/bankStatements\/\d+\/lines\/(\d+)\/dismiss"/.exec(plain(await html(await s.page(location))))!;
    const blank = await s.page(`${location}/lines/${otherId}/dismiss`, { form: { reason: "" } });
    expect(await afterRedirect(s, blank)).toContain("Důvod odložení: Povinné pole");
    const dismissed = await s.page(`${location}/lines/${otherId}/dismiss`, { form: { reason: "Vrácení přeplatku dodavatelem" } });
    expect(await afterRedirect(s, dismissed)).toContain("Odloženo: Vrácení přeplatku dodavatelem");
  });
});
