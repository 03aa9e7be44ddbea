/**
 * The offer PDF over HTTP (docs/domain.md#offer-pdf): `GET /pdf/fenceOffer/:id` and
 * `?regenerate=true`, read back with poppler's pdftotext. The customer's name with diacritics,
 * every item, the totals to the haléř; the cached PDF reused, rebuilt on `regenerate` and after an
 * items save; an order without items; English for an English user; a session required; a
 * missing order and a bad id are the app's not-found page, a bad `regenerate` a 422.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { fenceOfferPdfs, fenceOrders, shippingTypes } from "@db/schema";
import { formatMoney } from "@/lib/money";
import { DEMO_COMPANY_IDENTITY } from "@db/seed/demo/company-identity";
import { kcToHalere } from "@/modules/orders/fence-item/engine";
import { getOrderItems } from "@/modules/orders/fence-item/service";
import { paymentStages } from "@/modules/orders/fence-offer/payment";
import { json, type Session, useTestApp } from "../helpers/app";
import { createFenceOrder } from "../helpers/factories";
import { createOfferOrder, flat, type OfferOrder, popplerText, saveOfferCompany } from "../helpers/fence-offer";
import { okJson } from "./support";

const t = useTestApp();

let user: Session;
let order: OfferOrder;

beforeAll(async () => {
  user = await t.current.login();
  await saveOfferCompany(t.current.database.db);
  order = await createOfferOrder({ ...t.current.ctx, userId: user.user.id });
}, 120_000);

const pdfOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const cached = async (orderId: number) => (await t.current.database.db.select().from(fenceOfferPdfs).where(eq(fenceOfferPdfs.orderId, orderId)))[0];
const money = (kc: number) => formatMoney(kc, "cs").replace(/\u00a0/g, " ");

describe("GET /pdf/fenceOffer/:id", () => {
  test("a PDF for the browser's viewer, in Czech: the customer with diacritics, every item, the totals to the haléř, page numbers", async () => {
    const response = await user.page(`/pdf/fenceOffer/${order.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="nabidka-${order.id}.pdf"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = flat(await popplerText(await pdfOf(response), { layout: true }));
    expect(text).toContain("Cenová nabídka");
    expect(text).toContain("Řehoř Šťastný");
    expect(text).toContain("591 01 Žďár nad Sázavou");
    for (const name of order.names) expect(text).toContain(name);
    const tab = await getOrderItems({ ctx: t.current.ctx, input: { id: order.id } });
    for (const item of tab.items) expect(text).toContain(money(item.totalPrice!));
    expect(text).toContain(money(tab.summary.priceWithoutVat));
    expect(text).toContain(money(tab.summary.vat));
    expect(text).toContain(money(tab.summary.total));
    const pages = /Strana 1 z (\d+)/.exec(text);
    expect(pages).not.toBeNull();
    expect(text).toContain(`Strana ${pages![1]} z ${pages![1]}`);
  });

  test("the cached PDF is answered again (the same bytes, the row untouched); regenerate=true builds it anew", async () => {
    const first = await pdfOf(await user.page(`/pdf/fenceOffer/${order.id}`));
    const stored = await cached(order.id);
    expect(stored).toBeDefined();
    const again = await pdfOf(await user.page(`/pdf/fenceOffer/${order.id}`));
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect((await cached(order.id))!.createdAt).toEqual(stored!.createdAt);

    const rebuilt = await user.page(`/pdf/fenceOffer/${order.id}?regenerate=true`);
    expect(rebuilt.status).toBe(200);
    expect(flat(await popplerText(await pdfOf(rebuilt), { layout: true }))).toContain("Řehoř Šťastný");
    expect((await cached(order.id))!.createdAt.getTime()).toBeGreaterThan(stored!.createdAt.getTime());
  });

  test("an items save through the API makes the next offer new, with the new numbers", async () => {
    await user.page(`/pdf/fenceOffer/${order.id}`);
    const before = (await cached(order.id))!.createdAt;
    const { itemsVersion } = (await okJson(await user.api(`/api/orders/fenceOrder/${order.id}/items`))).data;
    const save = await user.api(`/api/orders/fenceOrder/${order.id}/items`, { method: "PUT", json: { itemsVersion, discountDescription: "Věrnostní sleva", discountAmount: 2500.5 } });
    expect(save.status).toBe(200);
    const text = flat(await popplerText(await pdfOf(await user.page(`/pdf/fenceOffer/${order.id}`)), { layout: true }));
    expect((await cached(order.id))!.createdAt.getTime()).toBeGreaterThan(before.getTime());
    expect(text).toContain("Věrnostní sleva -2 500,50 Kč");
    const { summary } = (await json(save)).data;
    expect(text).toContain(`Celkem s DPH ${money(summary.total)}`);
  });

  test("an order without items gives a valid PDF that says so", async () => {
    const id = await createFenceOrder({ ...t.current.ctx, userId: user.user.id }, { firstName: "Šárka", lastName: "Ňachová" });
    const response = await user.page(`/pdf/fenceOffer/${id}`);
    expect(response.status).toBe(200);
    const text = flat(await popplerText(await pdfOf(response), { layout: true }));
    expect(text).toContain("Šárka Ňachová");
    expect(text).toContain("Nabídka zatím neobsahuje žádné položky.");
    expect(text).toContain("Celkem s DPH 0,00 Kč");
    expect(text).toContain("Strana 1 z 1");
  });

  test("in English for a user whose language is English", async () => {
    const english = await t.current.login();
    expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    const response = await english.page(`/pdf/fenceOffer/${order.id}`);
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="offer-${order.id}.pdf"`);
    const text = flat(await popplerText(await pdfOf(response), { layout: true }));
    for (const part of ["Price offer", `Offer no. ${order.id}`, "Fences, gates and wickets", "Total incl. VAT", "Page 1 of", "Řehoř Šťastný"]) expect(text).toContain(part);
  });

  test("the API path answers the same PDF for a bearer token", async () => {
    const response = await user.api(`/api/pdf/fenceOffer/${order.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(flat(await popplerText(await pdfOf(response), { layout: true }))).toContain("Řehoř Šťastný");
  });
});

describe("refusals", () => {
  test("without a session: the page goes to /login, the API answers 401", async () => {
    const page = await t.current.request(`/pdf/fenceOffer/${order.id}`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
    const api = await t.current.request(`/api/pdf/fenceOffer/${order.id}`);
    expect(api.status).toBe(401);
    expect(await json(api)).toEqual({ status: "error", code: "UNAUTHORIZED" });
  });

  test("a missing order and an id that cannot be one are the not-found page (404); over the API the envelope", async () => {
    for (const path of ["/pdf/fenceOffer/999999", "/pdf/fenceOffer/abc", "/pdf/fenceOffer/99999999999"]) {
      const response = await user.page(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("text/html");
    }
    const api = await user.api("/api/pdf/fenceOffer/999999");
    expect(api.status).toBe(404);
    expect(await json(api)).toEqual({ status: "error", code: "NOT_FOUND" });
  });

  test("regenerate that is neither yes nor no is a 422 naming it, and nothing is built", async () => {
    const id = await createFenceOrder({ ...t.current.ctx, userId: user.user.id });
    const api = await user.api(`/api/pdf/fenceOffer/${id}?regenerate=maybe`);
    expect(api.status).toBe(422);
    expect((await json(api)).fields).toEqual({ regenerate: "Neplatná hodnota" });
    const page = await user.page(`/pdf/fenceOffer/${id}?regenerate=maybe`);
    expect(page.status).toBe(422);
    expect(await cached(id)).toBeUndefined();
  });
});

test("the Common tab shows the offer and regenerates it, each in a new tab", async () => {
  const html = await (await user.page(`/orders/fenceOrder/${order.id}`)).text();
  expect(html).toContain(`href="/pdf/fenceOffer/${order.id}" target="_blank"`);
  expect(html).toContain(`href="/pdf/fenceOffer/${order.id}?regenerate=true" target="_blank"`);
  expect(html).toContain("Zobrazit nabídku");
  expect(html).toContain("Přegenerovat nabídku");
  const fresh = await (await user.page("/orders/fenceOrder/new")).text();
  expect(fresh).not.toContain("/pdf/fenceOffer/");
});

describe("the payment schedule: printed once, with the order's numbers", () => {
  /** A 50 / 50 / 0 % order of OFFER_CUSTOMER and the amounts its stages come to. */
  async function fiftyFifty() {
    const made = await createOfferOrder({ ...t.current.ctx, userId: user.user.id }, { order: { paymentRuleConfirmation: 50, paymentRuleDelivery: 50, paymentRuleCompletion: 0 } });
    const tab = await getOrderItems({ ctx: t.current.ctx, input: { id: made.id } });
    const [first, second] = paymentStages(kcToHalere(tab.summary.total), { confirmation: 50, delivery: 50, completion: 0 }).map((stage) => money(stage.halere / 100));
    return { id: made.id, first: first!, second: second! };
  }
  const offerText = async (id: number) => flat(await popplerText(await pdfOf(await user.page(`/pdf/fenceOffer/${id}?regenerate=true`)), { layout: true }));
  /** Every "NN %" the offer prints. */
  const percents = (text: string) => [...text.matchAll(/(\d+) %/g)].map((match) => match[1]).filter((percent) => percent !== "21");

  test("the demo company's closing text no longer brings a schedule of its own: the terms block's 50 / 50 % is the only one", async () => {
    await saveOfferCompany(t.current.database.db, { offerClosingText: DEMO_COMPANY_IDENTITY.offerClosingText });
    try {
      const { id, first, second } = await fiftyFifty();
      const text = await offerText(id);
      expect(text).toContain(`Záloha při potvrzení objednávky (50 %) ${first}`);
      expect(text).toContain(`Při dodání (50 %) ${second}`);
      expect(text).toContain("Děkujeme za Váš zájem o naše ploty a brány.");
      expect(percents(text)).toEqual(["50", "50"]);
    } finally {
      await saveOfferCompany(t.current.database.db);
    }
  });

  test("a closing text with {platba} prints the order's schedule there, in words, and the terms block leaves it out", async () => {
    await saveOfferCompany(t.current.database.db, { offerClosingText: "Platba: {platba}. Děkujeme za důvěru." });
    try {
      const { id, first, second } = await fiftyFifty();
      const text = await offerText(id);
      expect(text).toContain(`Platba: 50 % při potvrzení objednávky (${first}) a 50 % při dodání (${second}). Děkujeme za důvěru.`);
      expect(text).not.toContain("Platební podmínky");
      expect(text).not.toContain("{platba}");
      expect(percents(text)).toEqual(["50", "50"]);
    } finally {
      await saveOfferCompany(t.current.database.db);
    }
  });
});

test("a long shipping type's name wraps within its own column, money kept whole, and its amount stays alone at the right", async () => {
  const made = await createOfferOrder({ ...t.current.ctx, userId: user.user.id });
  const [row] = await t.current.database.db.select({ id: fenceOrders.shippingTypeId }).from(fenceOrders).where(eq(fenceOrders.id, made.id));
  const amount = money((await getOrderItems({ ctx: t.current.ctx, input: { id: made.id } })).totals.shipping!);
  // The first breaks just before "Kč" of the rate, the second takes three lines.
  for (const name of ["Vlastní doprava 99", "Doprava vlastním nákladním vozidlem s hydraulickou rukou po celé Vysočině"]) {
    await t.current.database.db.update(shippingTypes).set({ name, updatedAt: new Date() }).where(eq(shippingTypes.id, row!.id!));
    const pdf = await pdfOf(await user.page(`/pdf/fenceOffer/${made.id}?regenerate=true`));
    if (process.env.OFFER_PDF_OUT) await Bun.write(`${process.env.OFFER_PDF_OUT}-${name.length}.pdf`, pdf);
    const lines = (await popplerText(pdf, { layout: true })).split("\n");
    const at = lines.findIndex((line) => line.includes(amount));
    expect(at).toBeGreaterThan(-1);
    // The amount ends its line: nothing of the name runs on after it.
    expect(lines[at]!.trimEnd().endsWith(amount)).toBe(true);
    // The name's lines read as the name, "18,00 Kč" on one line, and none of them reaches the amount's column.
    const amountColumn = lines[at]!.indexOf(amount);
    const nameStart = lines[at]!.indexOf("Doprava (");
    expect(nameStart).toBeGreaterThan(-1);
    const nameLines = [lines[at]!.slice(nameStart, amountColumn)];
    for (let next = at + 1; next < lines.length && !nameLines.join(" ").includes("Kč)"); next++) {
      const part = lines[next]!.slice(nameStart);
      expect(part.trimEnd().length).toBeLessThanOrEqual(amountColumn - nameStart);
      nameLines.push(part);
    }
    expect(flat(nameLines.join(" "))).toBe(`Doprava (${name}: 42,5 km × 18,00 Kč)`);
    expect({ name, wholeRate: nameLines.some((line) => line.includes("18,00 Kč")) }).toEqual({ name, wholeRate: true });
  }
});
