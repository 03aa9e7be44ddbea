/**
 * The offer PDF (docs/domain.md#offer-pdf): what it says, read back from the PDF with the repository's own
 * reader (tests/helpers/pdf-text.ts; the HTTP tests read it with poppler), and its cache: reused
 * while nothing it is made from changed, rebuilt on `regenerate`, on an item's edit or removal, a
 * sub-product's removal, a company identity change, per language; the process's copy answered
 * only under its fingerprint.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { companyIdentity, fenceOfferPdfs, fenceOrders, products } from "@db/schema";
import { type Ctx, systemCtx } from "@/lib/context";
import { selectRows } from "@/lib/db";
import { readCacheOf } from "@/lib/read-cache";
import { formatMoney } from "@/lib/money";
import { sqlClient, statementSubject } from "../../../../tests/bench/sql-capture";
import { flattenText, pdfText } from "../../../../tests/helpers/pdf-text";
import { createFenceCategory, createFenceOrder, createFenceOrderWithItems, createFenceProduct, FENCE_1_PARAMETERS, fence1Item } from "../../../../tests/helpers/factories";
import { createOfferOrder, OFFER_COMPANY, OFFER_CUSTOMER, saveOfferCompany } from "../../../../tests/helpers/fence-offer";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { deleteOrderSubProduct, editOrderItems, getOrderItems } from "../fence-item/service";
import { COMPANY_IDENTITY_ID } from "@/modules/settings/company-identity/schemas";
import { fenceOfferPdf, OFFER_FINGERPRINT_SQL } from "./service";

const t = useTestDatabase();

let offerOrder: { id: number; names: string[] };
let english: Ctx;

beforeAll(async () => {
  await saveOfferCompany(t.db);
  offerOrder = await createOfferOrder(t.ctx);
  english = systemCtx(t.db, "en");
}, 120_000);

const offer = (input: { orderId: number; regenerate?: boolean }, ctx: Ctx = t.ctx) => fenceOfferPdf({ ctx, input });
const textOf = (pdf: Uint8Array) => flattenText(pdfText(pdf));
const cachedRow = async (orderId: number, language = "cs") =>
  (await t.db.select().from(fenceOfferPdfs).where(eq(fenceOfferPdfs.orderId, orderId))).find((row) => row.language === language);

describe("what the offer says", () => {
  test("the company, the customer with diacritics, both addresses, number, date and validity, every line, the totals to the haléř", async () => {
    const { pdf, fileName } = await offer({ orderId: offerOrder.id, regenerate: true });
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    expect(fileName).toBe(`nabidka-${offerOrder.id}.pdf`);
    const text = textOf(pdf);
    for (const part of [OFFER_COMPANY.name, OFFER_COMPANY.street, "674 01 Třebíč", `IČO: ${OFFER_COMPANY.ico}`, `DIČ: ${OFFER_COMPANY.dic}`]) expect(text).toContain(part);
    expect(text).toContain("Cenová nabídka");
    expect(text).toContain(`Nabídka č. ${offerOrder.id}`);
    // Offered on 2.11.2026, valid 21 days.
    expect(text).toContain("Datum nabídky: 02.11.2026");
    expect(text).toContain("Platnost do: 23.11.2026");
    expect(text).toContain("Řehoř Šťastný");
    expect(text).toContain(OFFER_CUSTOMER.company);
    expect(text).toContain("591 01 Žďár nad Sázavou");
    expect(text).toContain("592 31 Nové Město na Moravě");
    for (const name of offerOrder.names) expect(text).toContain(name);

    const tab = await getOrderItems({ ctx: t.ctx, input: { id: offerOrder.id } });
    const money = (kc: number) => formatMoney(kc, "cs").replace(/\u00a0/g, " ");
    for (const item of tab.items) expect(text).toContain(money(item.totalPrice!));
    expect(text).toContain(money(tab.otherItems[0]!.totalPrice));
    expect(text).toContain(money(tab.assemblyItems[0]!.totalPrice));
    expect(text).toContain(money(tab.items[0]!.subProducts[0]!.totalPrice!));
    expect(text).toMatch(/Doprava \(Vlastní doprava \d+: 42,5 km × 18,00 Kč\) 765,00 Kč/);
    expect(text).toContain("Sleva za včasnou objednávku -1 000,00 Kč");
    expect(text).toContain(`Cena bez DPH ${money(tab.summary.priceWithoutVat)}`);
    expect(text).toContain("Sazba DPH 21 %");
    expect(text).toContain(`DPH ${money(tab.summary.vat)}`);
    expect(text).toContain(`Celkem s DPH ${money(tab.summary.total)}`);
    expect(text).toContain("výroba 1–14 týdnů, montáž 1–7 dní");
    expect(text).toContain("Plot bude kotven do betonové podezdívky.");
    expect(text).toContain(OFFER_COMPANY.offerClosingText);
    expect(text).toMatch(/Strana 1 z [2-9]/);
  });

  test("every page is A4 with its number of the page count, the numbers agreeing with the pages there are", async () => {
    for (const items of [1, 3, 12]) {
      const { id } = await createOfferOrder(t.ctx, { items });
      const { pdf } = await offer({ orderId: id });
      const source = new TextDecoder("latin1").decode(pdf);
      const pages = source.match(/\/Type \/Page\b/g)!.length;
      expect(source.match(/\/MediaBox \[0 0 595\.28\d* 841\.89\d*\]/g)?.length).toBe(pages);
      const text = textOf(pdf);
      for (let page = 1; page <= pages; page++) expect(text).toContain(`Strana ${page} z ${pages}`);
      expect(text).not.toContain(`Strana ${pages + 1} z`);
      if (items === 12) expect(pages).toBeGreaterThan(3);
    }
  });

  test("the drawings are in it, as vector graphics with their dimensions as text", async () => {
    const { pdf } = await offer({ orderId: offerOrder.id });
    const text = textOf(pdf);
    // The gate's opening and counterweight (fenceItemOfType: 4 100 mm leaf, 5 900 mm overall, 4 000 mm opening).
    expect(text).toContain("průjezd 4000");
    expect(text).toContain("protizávaží 1800");
    expect(text).toContain("Branková část 1800");
    // The slats are filled rectangles in the page's content, not an embedded picture.
    expect(new TextDecoder("latin1").decode(pdf)).not.toContain("/Subtype /Image");
  });

  test("FENCE-1 (docs/fence-geometry.md): 80 041,50 Kč with VAT, paid 8 004,15 + 44 022,83 + 28 014,52", async () => {
    const category = await createFenceCategory(t.db);
    const product = await createFenceProduct(t.db, category, FENCE_1_PARAMETERS, { name: "Plot Lamela Řetízek" });
    const id = await createFenceOrder(t.ctx);
    await editOrderItems({ ctx: t.ctx, input: { id, values: { items: [{ ...fence1Item(product), tmpId: "a" }] } } });
    const text = textOf((await offer({ orderId: id })).pdf);
    expect(text).toContain("Plot Lamela Řetízek");
    expect(text).toContain("2 500 × 1 800 mm");
    expect(text).toContain("11 025,00 Kč 66 150,00 Kč");
    expect(text).toContain("Cena bez DPH 66 150,00 Kč");
    expect(text).toContain("DPH 13 891,50 Kč");
    expect(text).toContain("Celkem s DPH 80 041,50 Kč");
    expect(text).toContain("Záloha při potvrzení objednávky (10 %) 8 004,15 Kč");
    expect(text).toContain("Při dodání (55 %) 44 022,83 Kč");
    expect(text).toContain("Po dokončení (35 %) 28 014,52 Kč");
    expect(text).toContain("Strana 1 z 1");
  });

  test("an order without items is still a valid offer, saying so, with zero totals", async () => {
    const id = await createFenceOrder(t.ctx, { firstName: "Ďobeš", lastName: "Čížek" });
    const { pdf } = await offer({ orderId: id });
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    expect(new TextDecoder("latin1").decode(pdf.subarray(-6))).toContain("%%EOF");
    const text = textOf(pdf);
    expect(text).toContain("Ďobeš Čížek");
    expect(text).toContain("Nabídka zatím neobsahuje žádné položky.");
    expect(text).toContain("Celkem s DPH 0,00 Kč");
    expect(text).not.toContain("Ploty, brány a branky");
    expect(text).toContain("Strana 1 z 1");
  });

  test("in English for an English user; the cache keeps each language apart", async () => {
    const { pdf, fileName } = await offer({ orderId: offerOrder.id }, english);
    expect(fileName).toBe(`offer-${offerOrder.id}.pdf`);
    const text = textOf(pdf);
    for (const part of ["Price offer", `Offer no. ${offerOrder.id}`, "Valid until: 23.11.2026", "Fences, gates and wickets", "Total incl. VAT", "Payment terms", "Page 1 of", "Řehoř Šťastný", "opening 4000"]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain("Cenová nabídka");
    expect((await cachedRow(offerOrder.id, "en"))?.language).toBe("en");
    expect((await offer({ orderId: offerOrder.id }, english)).cached).toBe(true);
    expect(textOf((await offer({ orderId: offerOrder.id })).pdf)).toContain("Cenová nabídka");
  });

  test("a missing order is NOT_FOUND", async () => {
    expect((await failureOf(offer({ orderId: 999_999 }))).code).toBe("NOT_FOUND");
  });
});

describe("the cache", () => {
  test("reused while nothing changed: the same bytes, nothing rendered; regenerate builds it again", async () => {
    const { id } = await createFenceOrderWithItems(t.ctx);
    const first = await offer({ orderId: id });
    expect(first.cached).toBe(false);
    const stored = await cachedRow(id);
    expect(stored!.size).toBe(first.pdf.byteLength);
    const again = await offer({ orderId: id });
    expect(again.cached).toBe(true);
    expect(Buffer.from(again.pdf).equals(Buffer.from(first.pdf))).toBe(true);
    expect((await cachedRow(id))!.createdAt).toEqual(stored!.createdAt);

    const rebuilt = await offer({ orderId: id, regenerate: true });
    expect(rebuilt.cached).toBe(false);
    expect((await cachedRow(id))!.createdAt.getTime()).toBeGreaterThan(stored!.createdAt.getTime());
    expect((await offer({ orderId: id })).cached).toBe(true);
  });

  test("an item's edit, an item's removal, a sub-product's removal, a product's rename and the company's change each rebuild it", async () => {
    const { id } = await createOfferOrder(t.ctx);
    const fresh = async () => {
      const answer = await offer({ orderId: id });
      expect((await offer({ orderId: id })).cached).toBe(true);
      return answer.cached;
    };
    await fresh();
    const tab = await getOrderItems({ ctx: t.ctx, input: { id } });
    // The items as the tab's save takes them back: without their sub-products, which they keep.
    const keep = tab.items.map(({ subProducts: _subs, manufacturedProduct: _variant, parameters: _values, ...item }) => ({ ...item, product: item.product!.id }));

    await editOrderItems({ ctx: t.ctx, input: { id, values: { items: keep.map((item, index) => (index === 1 ? { ...item, amount: 2 } : item)) } } });
    expect(await fresh()).toBe(false);

    await editOrderItems({ ctx: t.ctx, input: { id, values: { items: keep.slice(0, -1) } } });
    expect(await fresh()).toBe(false);
    expect(textOf((await offer({ orderId: id })).pdf)).not.toContain(tab.items.at(-1)!.product!.name);

    // The fence's two accessory lines: removing one leaves the other of its category.
    const fence = tab.items[0]!;
    const post = fence.subProducts[0]!;
    const postLine = { productCategory: post.productCategory!.id, product: post.product!.id, unitPrice: post.unitPrice };
    await editOrderItems({ ctx: t.ctx, input: { id, values: { items: [{ ...keep[0]!, subProducts: [{ ...postLine, id: post.id, amount: post.amount }, { ...postLine, amount: 1 }] }, ...keep.slice(1, -1)] } } });
    await fresh();
    const [, second] = (await getOrderItems({ ctx: t.ctx, input: { id } })).items[0]!.subProducts;
    await deleteOrderSubProduct({ ctx: t.ctx, input: { id: second!.id } });
    expect(await fresh()).toBe(false);

    await t.db.update(products).set({ name: "Přejmenovaný sloupek", updatedAt: new Date() }).where(eq(products.id, fence.subProducts[0]!.product!.id));
    expect(await fresh()).toBe(false);
    expect(textOf((await offer({ orderId: id })).pdf)).toContain("Přejmenovaný sloupek");

    await t.db.update(companyIdentity).set({ name: "Ploty Ťuhýk a dcery s.r.o.", updatedAt: new Date() });
    expect(await fresh()).toBe(false);
    expect(textOf((await offer({ orderId: id })).pdf)).toContain("Ploty Ťuhýk a dcery s.r.o.");
  });

  test("the process's copy of an offer is answered only under its fingerprint: a row another process stored for the changed order is read", async () => {
    const { id } = await createFenceOrderWithItems(t.ctx);
    const first = await offer({ orderId: id });
    expect((await offer({ orderId: id })).cached).toBe(true);
    const before = (await cachedRow(id))!.fingerprint;

    // Another process: the order changed, and it built and stored the new offer (here: marked bytes).
    await t.db.update(fenceOrders).set({ updatedAt: new Date() }).where(eq(fenceOrders.id, id));
    const [{ fingerprint }] = (await selectRows<{ fingerprint: string }>(
      t.db,
      sql`select md5('cs' || '|' || ${sql.raw(OFFER_FINGERPRINT_SQL)}) as fingerprint from fence_orders o left join shipping_types st on st.id = o.shipping_type_id left join company_identity c on c.id = ${COMPANY_IDENTITY_ID} where o.id = ${id}`,
    )) as [{ fingerprint: string }];
    expect(fingerprint).not.toBe(before);
    const marked = new TextEncoder().encode("%PDF-1.3 stored by another process");
    await t.db.update(fenceOfferPdfs).set({ fingerprint, data: Buffer.from(marked), size: marked.byteLength }).where(eq(fenceOfferPdfs.orderId, id));

    const answer = await offer({ orderId: id });
    expect(answer.cached).toBe(true);
    expect(Buffer.from(answer.pdf).equals(Buffer.from(marked))).toBe(true);
    expect(Buffer.from(answer.pdf).equals(Buffer.from(first.pdf))).toBe(false);
  });

  test("two first requests at once both answer the offer; one row stays", async () => {
    const { id } = await createFenceOrderWithItems(t.ctx);
    const [a, b] = await Promise.all([offer({ orderId: id }), offer({ orderId: id })]);
    expect(new TextDecoder().decode(a.pdf.subarray(0, 5))).toBe("%PDF-");
    expect(new TextDecoder().decode(b.pdf.subarray(0, 5))).toBe("%PDF-");
    const rows = await t.db.select().from(fenceOfferPdfs).where(eq(fenceOfferPdfs.orderId, id));
    expect(rows.length).toBe(1);
  });
});

describe("the company logo", () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="40" height="40" fill="#2f5d50"/><text x="48" y="28" font-size="20" font-family="Roboto">Ťuhýk</text></svg>`;

  test("an SVG logo is drawn (as a PNG image in the PDF); a logo that cannot be drawn leaves it out, and says so", async () => {
    const { id } = await createFenceOrderWithItems(t.ctx);
    await saveOfferCompany(t.db, { logo: new TextEncoder().encode(svg), logoMimeType: "image/svg+xml" });
    try {
      const { pdf } = await offer({ orderId: id });
      expect(new TextDecoder("latin1").decode(pdf)).toContain("/Subtype /Image");

      await saveOfferCompany(t.db, { logo: new TextEncoder().encode("<svg not really"), logoMimeType: "image/svg+xml" });
      const problems: unknown[] = [];
      const without = await fenceOfferPdf({ ctx: t.ctx, input: { orderId: id }, onLogoError: (error) => problems.push(error) });
      expect(new TextDecoder("latin1").decode(without.pdf)).not.toContain("/Subtype /Image");
      expect(problems.length).toBe(1);
      expect(textOf(without.pdf)).toContain(OFFER_COMPANY.name);
    } finally {
      await saveOfferCompany(t.db, { logo: null, logoMimeType: null });
    }
  });
});

describe("what one offer reads (docs/decisions/048-order-read-model.md: once each)", () => {
  test("an uncached offer of four items, a sub-product, two lines, shipping and a discount: nine statements, each table read once", async () => {
    // The parameters' roles come from the read cache once read: emptied here, the offer reads them too.
    readCacheOf(t.db)?.clear();
    const { statements } = await sqlClient(t.database).capture(() => offer({ orderId: offerOrder.id, regenerate: true }));
    const subjects = statements.map((statement) => statement.sql).filter((text) => !/^\s*(begin|commit)\b/i.test(text)).map(statementSubject);
    // The cache's check reads the order's tables for their fingerprint first (decision 022); then the order's one reader, the company, the upsert.
    expect(subjects.sort()).toEqual(
      [
        "fingerprint + cache row",
        "select fence_orders",
        "select fence_order_items",
        "select fence_order_sub_products",
        "select fence_order_other_items",
        "product parameters",
        "select category_parameters",
        "select company_identity",
        "insert fence_offer_pdfs",
      ].sort(),
    );
  });
});
