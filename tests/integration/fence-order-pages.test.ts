/**
 * Fence order pages (docs/domain.md#fence-order-list): list with icons (age thresholds with concrete dates,
 * note dialog, automatic-update tooltip), filters, ordered material, the tabbed editor's Common
 * tab (FORM_NOT_VALID with nothing saved, CREATED/UPDATED), status form, customer lookup.
 */
import { describe, expect, test } from "bun:test";
import { fenceOrderItems, fenceOrders, fenceOrderSubProducts, products } from "@db/schema";
import { addDays, todayInPrague } from "@/lib/dates";
import { type Session, useTestApp } from "../helpers/app";
import { fenceOrderApi, validFenceOrder, validFenceOrderForm } from "./fence-order-support";
import { cookiePair, html as htmlOf, okJson } from "./support";

const t = useTestApp();
let admin: Session;
const session = async () => (admin ??= await t.current.login());

const validOrder = { ...validFenceOrder, firstName: "Jana", lastName: "Dvořáková" };
const validForm = { ...validFenceOrderForm, firstName: "Jana", lastName: "Dvořáková" };
const api = fenceOrderApi(session);
const create = (body: Record<string, unknown> = {}) => api.create({ firstName: "Jana", lastName: "Dvořáková", ...body });
const get = api.get;
const page = async (path: string, headers: Record<string, string> = {}) => {
  const response = await (await session()).page(path, { headers });
  expect(response.status).toBe(200);
  return htmlOf(response);
};
/** The list row of one order (the <tr> holding its id link). */
const rowOf = (html: string, id: number) => {
  const start = html.indexOf(`href="/orders/fenceOrder/${id}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf("<tr", start), html.indexOf("</tr>", start));
};

/** The status chips ticked on a list page. */
const ticked = (html: string) =>
  [...html.matchAll(/<input [^>]*type="checkbox"[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes('name="status"') && tag.includes('checked=""'))
    .map((tag) => tag.match(/value="([A-Z_]+)"/)![1]);

describe("list page", () => {
  test("age warning by days since the order date: 59 none, 60 yellow, 80 orange, 90 red, CLOSED none", async () => {
    const today = todayInPrague();
    const ids = {
      d59: await create({ orderDate: addDays(today, -59) }),
      d60: await create({ orderDate: addDays(today, -60) }),
      d79: await create({ orderDate: addDays(today, -79) }),
      d80: await create({ orderDate: addDays(today, -80) }),
      d90: await create({ orderDate: addDays(today, -90) }),
      closed: await create({ orderDate: addDays(today, -120) }),
    };
    await api.setStatus(ids.closed, "CLOSED");
    const html = await page("/orders/fenceOrder?size=500");
    expect(rowOf(html, ids.d59)).not.toContain("data-age");
    expect(rowOf(html, ids.d60)).toContain('data-age="yellow"');
    expect(rowOf(html, ids.d60)).toContain("Zakázka je otevřená 60 dní od data objednávky");
    expect(rowOf(html, ids.d79)).toContain('data-age="yellow"');
    expect(rowOf(html, ids.d80)).toContain('data-age="orange"');
    expect(rowOf(html, ids.d90)).toContain('data-age="red"');
    expect(rowOf(html, ids.closed)).not.toContain("data-age");
  });

  test("columns: translated status with the automatic updates tooltip, dd.mm.yyyy dates, delivery city fallback, priority icon", async () => {
    const a = await create({ city: "Kolín", measurementDate: "2026-03-05", priorityOrder: true });
    await okJson(await api.put(a, { ...validOrder, city: "Kolín", measurementDate: "2026-03-05", orderDate: "2026-11-10", priorityOrder: true }));
    const b = await create({ city: "Kolín", deliveryAddress: true, deliveryStreet: "Polní 3", deliveryCity: "Nymburk", deliveryPostalCode: "288 02" });
    const html = await page("/orders/fenceOrder?size=500");
    const row = rowOf(html, a);
    expect(row).toContain("Potvrzení objednávky");
    expect(row).toContain("Automatické změny stavu:");
    expect(row).toContain("Zaměřeno → Potvrzení objednávky");
    expect(row).toContain("10.11.2026");
    expect(row).toContain("26.01.2027");
    expect(row).toContain("Kolín");
    expect(row).toContain('title="Prioritní zakázka"');
    expect(rowOf(html, b)).toContain("Nymburk");
    expect(rowOf(html, b)).not.toContain("Prioritní zakázka");
  });

  test("an info icon by the status filter lists the automatic status updates, as its title and as its description, in the user's language", async () => {
    const html = await page("/orders/fenceOrder");
    const tip = html.slice(html.indexOf('<span class="info-tip">'), html.indexOf("</fieldset>"));
    expect(tip).toContain('<button type="button" class="info-tip-button" aria-describedby="fence-order-auto-rules"');
    expect(tip).toContain('aria-label="Automatické změny stavu"');
    const rules = [
      "Datum nabídky nastaví stav Cenová nabídka.",
      "Datum zaměření nastaví stav Zaměřeno.",
      "Datum objednávky nastaví stav Potvrzení objednávky.",
      "Datum objednávky nastaví i termín na datum objednávky + 77 dní, pokud termín nezadáte sami.",
      "Všechny plotové položky celé naplánované nastaví stav Naplánováno.",
      "Všechny plotové položky hotové (smontované, nebo doručené, když se nemontují) nastaví stav Uzavřeno.",
      "Stav se automaticky posouvá jen dopředu, nikdy ze stavu Zrušeno a nikdy u stavu nastaveného ručně.",
    ];
    expect(tip).toContain(`title="Automatické změny stavu:\n${rules.map((rule) => `• ${rule}`).join("\n")}"`);
    expect(tip).toContain('<span role="tooltip" id="fence-order-auto-rules" class="info-tip-text"><strong>Automatické změny stavu</strong><ul>');
    for (const rule of rules) expect(tip).toContain(`<li>${rule}</li>`);

    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const en = await htmlOf(await english.page("/orders/fenceOrder"));
    expect(en).toContain("<li>Order date sets the status Order confirmation.</li>");
    expect(en).toContain("<li>Automatic updates only move the status forward, never out of Canceled and never over a status set by hand.</li>");
    expect(en).not.toContain("nastaví");
  });

  test("the note is a boolean icon whose click loads a <dialog> with the note", async () => {
    const id = await create({ note: "Pozor na psa <b>!</b>" });
    const row = rowOf(await page("/orders/fenceOrder?size=500"), id);
    expect(row).toContain(`hx-get="/orders/fenceOrder/${id}/note"`);
    const dialog = await page(`/orders/fenceOrder/${id}/note`, { "HX-Request": "true" });
    expect(dialog).toContain("<dialog open");
    expect(dialog).toContain("Pozor na psa &lt;b&gt;!&lt;/b&gt;");
    expect(dialog).toContain('method="dialog"');
    const plain = await create();
    const without = rowOf(await page("/orders/fenceOrder?size=500"), plain);
    expect(without).not.toContain("/note");
  });

  test("filters: status multi (repeated in the page), contained product, id; htmx answers only the table", async () => {
    const tag = `Lamela-${Date.now()}`;
    const [product] = await t.current.database.db.insert(products).values({ name: `${tag} antracit` }).returning();
    const measured = await create({ measurementDate: "2026-03-02" });
    const confirmed = await create({ orderDate: "2026-03-02" });
    const offer = await create();
    const [item] = await t.current.database.db.insert(fenceOrderItems).values({ orderId: offer, productType: "FENCE" }).returning();
    await t.current.database.db.insert(fenceOrderSubProducts).values({ itemId: item!.id, productId: product!.id });

    const html = await page("/orders/fenceOrder?status=MEASURED&status=ORDER_CONFIRMATION&size=500");
    expect(html).toContain(`href="/orders/fenceOrder/${measured}"`);
    expect(html).toContain(`href="/orders/fenceOrder/${confirmed}"`);
    expect(html).not.toContain(`href="/orders/fenceOrder/${offer}"`);
    // Status chips: checkboxes joined to the table's form, each sending it on change; the chosen ones ticked.
    expect(ticked(html)).toEqual(["MEASURED", "ORDER_CONFIRMATION"]);
    expect(html).not.toContain("<select multiple");
    expect(html).toContain(
      '<input form="list-fenceOrder-form" class="list-fenceOrder-filter" hx-get="/orders/fenceOrder" hx-include="#list-fenceOrder-form" hx-target="#list-fenceOrder" hx-swap="outerHTML" hx-push-url="true" hx-sync="#list-fenceOrder-form:replace" type="checkbox" hx-trigger="change" name="status" value="PRICE_OFFER"/>',
    );
    // The comma-joined form of the API (older links) ticks the same chips and lists the same orders.
    const joined = await page("/orders/fenceOrder?status=MEASURED,ORDER_CONFIRMATION&size=500");
    expect(ticked(joined)).toEqual(["MEASURED", "ORDER_CONFIRMATION"]);
    expect(joined).toContain(`href="/orders/fenceOrder/${measured}"`);
    expect(joined).not.toContain(`href="/orders/fenceOrder/${offer}"`);
    expect(ticked(await page("/orders/fenceOrder"))).toEqual([]);

    const fragment = await page(`/orders/fenceOrder?product=${encodeURIComponent(tag)}`, { "HX-Request": "true", "HX-Target": "list-fenceOrder" });
    expect(fragment).not.toContain("<html");
    expect(fragment).toContain(`href="/orders/fenceOrder/${offer}"`);
    expect(fragment).not.toContain(`href="/orders/fenceOrder/${measured}"`);

    const byId = await page(`/orders/fenceOrder?id=${confirmed}`);
    expect(byId).toContain(`href="/orders/fenceOrder/${confirmed}"`);
    expect(byId).not.toContain(`href="/orders/fenceOrder/${measured}"`);
    expect(byId).toContain('href="/orders/fenceOrder/orderedMaterial"');
    expect(byId).toContain('href="/orders/fenceOrder/new"');
  });

  test("sorting by deadline through the page", async () => {
    const late = await create({ orderDate: "2026-05-01" });
    const early = await create({ orderDate: "2026-04-01" });
    const html = await page("/orders/fenceOrder?status=ORDER_CONFIRMATION&sort=deadline,asc&size=500");
    expect(html.indexOf(`href="/orders/fenceOrder/${early}"`)).toBeLessThan(html.indexOf(`href="/orders/fenceOrder/${late}"`));
    const desc = await page("/orders/fenceOrder?status=ORDER_CONFIRMATION&sort=deadline,desc&size=500");
    expect(desc.indexOf(`href="/orders/fenceOrder/${early}"`)).toBeGreaterThan(desc.indexOf(`href="/orders/fenceOrder/${late}"`));
  });
});

describe("editor", () => {
  test("new form: defaults, tabs, no status form", async () => {
    const html = await page("/orders/fenceOrder/new");
    expect(html).toContain('action="/orders/fenceOrder/new"');
    expect(html).toContain('value="10"');
    expect(html).toContain('value="55"');
    expect(html).toContain('value="35"');
    expect(html).toContain("výroba 1–14 týdnů, montáž 1–7 dní");
    expect(html).toContain(`value="${todayInPrague().split("-").reverse().join(".")}"`);
    expect(html).toContain("Obecné");
    expect(html).toContain("Montáž");
    expect(html).not.toContain('action="/orders/fenceOrder/new/status"');
    expect(html).not.toContain("Změnit stav");
  });

  test("the payment rules' labels name the unit once: 'Při potvrzení objednávky* (%)'", async () => {
    const labelOf = (html: string, name: string) => {
      const start = html.indexOf(`<label for="field-${name}"`);
      expect(start).toBeGreaterThan(-1);
      return html.slice(start, html.indexOf("</label>", start)).replace(/<[^>]+>/g, "").trim();
    };
    const html = await page("/orders/fenceOrder/new");
    expect(labelOf(html, "paymentRuleConfirmation")).toBe("Při potvrzení objednávky* (%)");
    expect(labelOf(html, "paymentRuleDelivery")).toBe("Při dodání* (%)");
    expect(labelOf(html, "paymentRuleCompletion")).toBe("Po dokončení* (%)");
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    expect(labelOf(await htmlOf(await english.page("/orders/fenceOrder/new")), "paymentRuleConfirmation")).toBe("On order confirmation* (%)");
  });

  test("invalid save: 422 FORM_NOT_VALID with field errors and nothing saved", async () => {
    const db = t.current.database.db;
    const before = (await db.select({ id: fenceOrders.id }).from(fenceOrders)).length;
    const response = await (await session()).page("/orders/fenceOrder/new", { form: { ...validForm, firstName: "", email: "x", paymentRuleCompletion: "30", ico: "12345678" } });
    expect(response.status).toBe(422);
    const html = await htmlOf(response);
    expect(html).toContain("Formulář není vyplněn správně");
    expect(html).toContain("Povinné pole");
    expect(html).toContain("Zadejte platný e-mail");
    expect(html).toContain("IČO musí mít 8 číslic a vyhovět kontrole modulo 11");
    expect(html).toContain('value="Dvořáková"');
    expect((await db.select({ id: fenceOrders.id }).from(fenceOrders)).length).toBe(before);
    const sum = await (await session()).page("/orders/fenceOrder/new", { form: { ...validForm, paymentRuleCompletion: "30" } });
    expect(sum.status).toBe(422);
    expect(await htmlOf(sum)).toContain("Platební podmínky musí dát dohromady 100 % (nyní 95 %)");
  });

  test("create redirects to the order with CREATED; edit saves with UPDATED and applies the date rules", async () => {
    const s = await session();
    const response = await s.page("/orders/fenceOrder/new", { form: { ...validForm, ico: "25596641" } });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    const id = Number(location.split("/").pop());
    expect(location).toBe(`/orders/fenceOrder/${id}`);
    const edit = await htmlOf(await s.page(location, { headers: { Cookie: cookiePair(response, "ohrada_flash")! } }));
    expect(edit).toContain("Vytvořeno");
    expect(edit).toContain("Zakázka zatím nemá žádné položky.");
    expect(edit).toContain(`action="/orders/fenceOrder/${id}/status"`);
    const update = await s.page(location, { form: { ...validForm, ico: "25596641", orderDate: "10.11.2026" } });
    expect(update.status).toBe(303);
    expect(await get(id)).toMatchObject({ status: "ORDER_CONFIRMATION", deadline: "2027-01-26", ico: "25596641" });
    const after = await htmlOf(await s.page(location, { headers: { Cookie: cookiePair(update, "ohrada_flash")! } }));
    expect(after).toContain("Uloženo");
    expect(after).toContain('value="26.01.2027"');
  });

  test("an invalid edit answers 422 with FORM_NOT_VALID and changes nothing", async () => {
    const id = await create({ city: "Kladno" });
    const response = await (await session()).page(`/orders/fenceOrder/${id}`, { form: { ...validForm, city: "Most", deliveryAddress: "on", deliveryCity: "Brno" } });
    expect(response.status).toBe(422);
    const html = await htmlOf(response);
    expect(html).toContain("Formulář není vyplněn správně");
    expect(html).toContain('id="field-deliveryAddress" aria-describedby="field-deliveryAddress-error" type="checkbox" name="deliveryAddress" checked=""');
    expect(html).toContain('value="Most"');
    expect(await get(id)).toMatchObject({ city: "Kladno", deliveryAddress: false });
  });

  test("status form sets a manual status (UPDATED) and AUTO hands it back", async () => {
    const s = await session();
    const id = await create({ orderDate: "2026-03-02" });
    const response = await s.page(`/orders/fenceOrder/${id}/status`, { form: { status: "PLANNED" } });
    expect(response.status).toBe(303);
    expect(await get(id)).toMatchObject({ status: "PLANNED", statusSetManually: true });
    const html = await htmlOf(await s.page(`/orders/fenceOrder/${id}`, { headers: { Cookie: cookiePair(response, "ohrada_flash")! } }));
    expect(html).toContain("Uloženo");
    expect(html).toContain("Stav nastaven ručně");
    await s.page(`/orders/fenceOrder/${id}/status`, { form: { status: "AUTO" } });
    expect(await get(id)).toMatchObject({ status: "ORDER_CONFIRMATION", statusSetManually: false });
  });

  test("tabs: ?tab=4 loads its fragment lazily; tabs 5–8 answer planning's (tab 1 comes with the page: fence-items-tab.test.ts)", async () => {
    const id = await create();
    const html = await page(`/orders/fenceOrder/${id}?tab=4`);
    expect(html).toContain(`hx-get="/orders/fenceOrder/${id}/tab/4"`);
    // Tab 4 is the invoices' (tests/integration/invoices.test.ts), tabs 5–8 planning's (tests/integration/planning.test.ts).
    for (const tab of [5, 6, 7, 8]) expect(await page(`/orders/fenceOrder/${id}/tab/${tab}`, { "HX-Request": "true" })).toContain('id="order-planning-tab"');
    expect((await (await session()).page(`/orders/fenceOrder/999999`)).status).toBe(404);
  });

  test("customer lookup offers the earlier customer and fills personal and billing data", async () => {
    const email = `lookup-${Date.now()}@example.cz`;
    const earlier = await create({ firstName: "Karel", lastName: "Starý", email, company: "Ploty s.r.o.", ico: "25596641", city: "Beroun" });
    const offer = await page(`/orders/fenceOrder/lookup?email=${encodeURIComponent(email)}`, { "HX-Request": "true" });
    // The saved order filed its customer in the directory, which the lookup asks first.
    expect(earlier).toBeGreaterThan(0);
    expect(offer).toContain("Nalezen zákazník v adresáři: Karel Starý, Ploty s.r.o.");
    expect(offer).toContain("Vyplnit údaje");
    const fill = await page(`/orders/fenceOrder/lookup?email=${encodeURIComponent(email)}&fill=1`, { "HX-Request": "true" });
    expect(fill).toContain('id="customer-fields"');
    expect(fill).toContain('value="Karel"');
    expect(fill).toContain('value="Beroun"');
    expect(fill).toContain('value="25596641"');
    expect(await page(`/orders/fenceOrder/lookup?email=nikdo@example.cz`, { "HX-Request": "true" })).toContain("Zákazník není v adresáři ani v dřívějších zakázkách.");
  });
});
