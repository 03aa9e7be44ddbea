/**
 * The basket pages over HTTP (docs/domain.md#baskets; decision 027): the common
 * basket page and its forms (production, stocktaking, upload of manufacture data), a warehouse
 * basket page and its transfer, the basket table's inline quantity (PATCH /api/basket/items/:id)
 * and its form fallbacks without JavaScript. A form post redirects with a toast on success and
 * re-renders with 422 and the messages on a refusal, with nothing changed.
 */
import { describe, expect, test } from "bun:test";
import { workbookBytes } from "../helpers/workbook";
import type { Ctx } from "@/lib/context";
import { addToBasket, getOrCreateBasket, listBasketItems } from "@/modules/baskets/service";
import { MANUFACTURE_DATA_MAX_BYTES } from "@/modules/warehouse/stock/schemas";
import { createProduct, createWarehouse } from "../helpers/factories";
import { json, type Session, useTestApp } from "../helpers/app";
import { fileOf, PNG } from "../helpers/image-fixtures";
import { afterRedirect, cookiePair, html, occurrences, ORIGIN } from "./support";
import { stockHelpers } from "../helpers/stock";

const t = useTestApp();
let counter = 0;

const db = () => t.current.database.db;
const userCtx = (session: Session): Ctx => ({ ...t.current.ctx, userId: session.user.id });
const newWarehouse = (name = `Sklad stránek ${++counter}`) => createWarehouse(t.current.ctx, { name });
const newProduct = (name = `Výrobek stránek ${++counter}`) => createProduct(db(), { name });

const { setStock, stock, logCount } = stockHelpers(db);

const toCommon = (session: Session, productId: number, amount: number | string) => addToBasket({ ctx: userCtx(session), input: { type: "COMMON", productId, amount } });
const toWarehouse = (session: Session, warehouseId: number, productId: number, amount: number | string) =>
  addToBasket({ ctx: userCtx(session), input: { type: "WAREHOUSE", warehouseId, productId, amount } });
const basketOf = (session: Session, warehouseId: number) => getOrCreateBasket({ ctx: t.current.ctx, input: { userId: session.user.id, type: "WAREHOUSE", warehouseId } });
const commonLines = async (session: Session) => (await listBasketItems({ ctx: userCtx(session), input: { type: "COMMON" } })).map((item) => [item.shopProduct.id, item.quantity]);
const warehouseLines = async (session: Session, warehouseId: number) =>
  (await listBasketItems({ ctx: userCtx(session), input: { type: "WAREHOUSE", warehouseId } })).map((item) => [item.shopProduct.id, item.quantity]);

/** A form post as a browser sends it: url-encoded, `sourceBaskets` repeated. */
function post(session: Session, path: string, form: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  return session.page(path, { method: "POST", body: body.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } });
}

/** The toasts the flash cookie of a redirect carries (kind and key or text). */
const flashed = (response: Response) => JSON.parse(decodeURIComponent(decodeURIComponent(cookiePair(response, "ohrada_flash")!.split("=")[1]!))) as { kind: string; text: string }[];

/** The whole <select> element of that id. */
const selectOf = (page: string, id: string) => new RegExp(`<select id="${id}"[^>]*>.*?</select>`).exec(page)?.[0] ?? "";
/** The <table> of that id. */
const tableOf = (page: string, id: string) => new RegExp(`<table id="${id}"[^>]*>.*?</table>`).exec(page)?.[0] ?? "";

const key = () => crypto.randomUUID();

describe("GET /warehouse/basket/common", () => {
  test("the whole page: save form, sources, the common lines, production, stocktaking, links, upload", async () => {
    const session = await t.current.login();
    const [hala, dvur] = [await newWarehouse("Hala Kladno"), await newWarehouse("Dvůr Kladno")];
    const [panel, post] = [await newProduct("Panel 3D zelený"), await newProduct("Sloupek 60×60")];
    const line = await toCommon(session, panel, "2,5");
    await toWarehouse(session, hala, post, 3);
    await toWarehouse(session, dvur, post, 1);
    const response = await session.page("/warehouse/basket/common");
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("<h1>Společný košík</h1>");

    // Save basket: one required name, posted to the saved baskets with a fresh key.
    const save = /<form id="save-basket-form"[^>]*>.*?<\/form>/.exec(page)![0];
    expect(save).toContain('action="/manufacture/savedBaskets"');
    expect(save).toContain('method="post"');
    expect(save).toMatch(/<input id="field-basketName" required=""[^>]*name="basketName"/);
    expect(save).toMatch(/<input type="hidden" name="idempotencyKey" value="[0-9a-f-]{36}"\/>/);

    // Source Warehouses: the caller's warehouse baskets, posted with the production form; nothing selected, no preview, no arrow.
    const sources = selectOf(page, "field-sourceBaskets");
    expect(sources).toContain('name="sourceBaskets" form="production-form" multiple=""');
    expect(sources).toContain(`<option value="${await basketOf(session, hala)}">Hala Kladno (1)</option>`);
    expect(sources).toContain(`<option value="${await basketOf(session, dvur)}">Dvůr Kladno (1)</option>`);
    expect(page).not.toContain("basket-preview");
    expect(page).not.toContain("data-basket-arrow");

    // The common basket's lines: the product's id (not the line's), name, the editable quantity (decimal comma), remove.
    const table = tableOf(page, "common-basket");
    expect(line.itemId).not.toBe(panel);
    expect(table).toContain(`<tr data-item-id="${line.itemId}" data-product-id="${panel}"><td>${panel}</td><td>Panel 3D zelený</td>`);
    expect(table).toContain('aria-label="Množství: Panel 3D zelený" name="quantity" value="2,5"');
    expect(table).toContain(`action="/warehouse/basket/items/${line.itemId}/quantity"`);
    expect(table).toContain('aria-label="Odebrat z košíku: Panel 3D zelený"');
    expect(page).toContain('data-island="basket-table"');

    // Production: target required (no default without a source), the optional new product name.
    const production = /<form id="production-form"[^>]*>.*?<\/form>/.exec(page)![0];
    expect(production).toContain('action="/warehouse/basket/common/production"');
    expect(production).toContain("Cílový sklad");
    expect(selectOf(production, "field-targetWarehouse")).toContain('<option value="" selected="">– vyberte –</option>');
    expect(production).toMatch(/<input id="field-newProductName"(?![^>]*required)[^>]*name="newProductName"/);
    expect(production).toContain(">Provést výrobu</button>");

    // Stocktaking: In or Out, a warehouse.
    const stocktaking = /<form id="stocktaking-form"[^>]*>.*?<\/form>/.exec(page)![0];
    expect(stocktaking).toContain('<option value="INVENTORY_IN">Příjem (In)</option><option value="INVENTORY_OUT">Výdej (Out)</option>');
    expect(stocktaking).toContain(`<option value="${hala}">Hala Kladno</option>`);
    expect(stocktaking).toContain(">Provést inventuru</button>");

    // The links, each in a new tab, with the session user's id.
    expect(page).toContain(`<a class="button" href="/pdf/barcodesFromBasket/${session.user.id}" target="_blank" rel="noopener" data-link="barcodes">Generovat čárové kódy`);
    expect(page).toContain(`<a class="button" href="/basket/exportToCsv/${session.user.id}" target="_blank" rel="noopener" data-link="csv">Export do CSV`);

    // Upload: warehouse and an .xlsx, "No file uploaded yet." until one is chosen.
    const upload = /<form id="upload-form"[^>]*>.*?<\/form>/.exec(page)![0];
    expect(upload).toMatch(/enctype="multipart\/form-data"/i);
    expect(upload).toContain('<input id="upload-data" type="file" accept=".xlsx" required="" aria-describedby="upload-data-hint upload-data-error" name="data"/>');
    expect(upload).toContain("Zatím nebyl nahrán žádný soubor.");
    expect(upload).toContain('name="uploadWarehouseId"');
  });

  test("?sourceBaskets (Show selected without JavaScript): a preview per selected basket, the arrow, the target of the first", async () => {
    const session = await t.current.login();
    const [hala, dvur] = [await newWarehouse("Hala Most"), await newWarehouse("Dvůr Most")];
    const material = await newProduct("Profil 40×20");
    const line = await toWarehouse(session, dvur, material, "1,25");
    await toWarehouse(session, hala, material, 2);
    const [halaBasket, dvurBasket] = [await basketOf(session, hala), await basketOf(session, dvur)];
    const page = await html(await session.page(`/warehouse/basket/common?sourceBaskets=${dvurBasket}&sourceBaskets=${halaBasket}&sourceBaskets=999999`));
    expect(occurrences(page, 'class="basket-preview"')).toBe(2);
    // In picking order: Dvůr first.
    expect(page.indexOf(`data-basket-id="${dvurBasket}"`)).toBeLessThan(page.indexOf(`data-basket-id="${halaBasket}"`));
    const preview = tableOf(page, `basket-preview-${dvurBasket}`);
    expect(preview).toContain('<th scope="col">Produkt <small class="basket-product-note">bude spotřebován při výrobě</small></th>');
    expect(line.itemId).not.toBe(material);
    expect(preview).toContain(`<td>${material}</td><td>Profil 40×20</td><td class="align-end">1,25</td>`);
    // Read-only: no quantity field, no remove.
    expect(preview).not.toContain("<input");
    expect(page).toContain('data-basket-arrow="" aria-hidden="true">↓</div>');
    expect(selectOf(page, "field-sourceBaskets")).toContain(`<option value="${dvurBasket}" selected="">`);
    expect(selectOf(page, "field-targetWarehouse")).toContain(`<option value="${dvur}" selected="">Dvůr Most</option>`);
  });

  test("a user without warehouse baskets is told so; English texts", async () => {
    const session = await t.current.login();
    expect((await session.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    const page = await html(await session.page("/warehouse/basket/common"));
    expect(page).toContain("<h1>Common basket</h1>");
    expect(page).toContain("You have no warehouse basket: production consumes nothing.");
    expect(page).toContain("The basket is empty.");
    for (const text of ["Perform production", "Perform stocktaking", "Generate barcodes", "Export to csv", "Upload manufacture data", "No file uploaded yet.", "Target Warehouse", "Basket name"]) expect(page).toContain(text);
  });
});

describe("POST /warehouse/basket/common/production", () => {
  test("success: ITEMS_TRANSFORMED, the stock moved, the common and source baskets shown emptied", async () => {
    const session = await t.current.login();
    const [source, target] = [await newWarehouse("Sklad materiálu"), await newWarehouse("Sklad výrobků")];
    const [material, gate] = [await newProduct("Profil 60×40"), await newProduct("Brána Kladno")];
    await setStock(source, material, "10.000");
    await toWarehouse(session, source, material, "2,5");
    await toCommon(session, gate, 2);
    const sourceBasket = await basketOf(session, source);
    const before = await logCount();

    const response = await post(session, "/warehouse/basket/common/production", { targetWarehouse: String(target), sourceBaskets: [String(sourceBasket)], newProductName: "", idempotencyKey: key() });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/warehouse/basket/common");
    expect(flashed(response)).toEqual([{ kind: "success", text: "ITEMS_TRANSFORMED" }]);
    expect([await stock(source, material), await stock(target, gate)]).toEqual(["7.500", "2.000"]);
    expect(await logCount()).toBe(before + 2);
    expect(await commonLines(session)).toEqual([]);
    expect(await warehouseLines(session, source)).toEqual([]);

    const page = await afterRedirect(session, response);
    expect(page).toMatch(/<div class="toast toast-success" role="status"><span class="toast-text">Položky převedeny<\/span>/);
    expect(tableOf(page, "common-basket")).toContain("Košík je prázdný.");
    expect(selectOf(page, "field-sourceBaskets")).toContain(`<option value="${sourceBasket}">Sklad materiálu (0)</option>`);
    expect(page).toContain('<a href="/warehouse/basket/common" class="basket-link" data-common="true"><span>Společný košík</span><span class="basket-count">0</span></a>');
  });

  test("a shortage: 422 naming the product, asked and there; stock, log and baskets unchanged", async () => {
    const session = await t.current.login();
    const [source, target] = [await newWarehouse("Sklad Louny"), await newWarehouse("Výroba Louny")];
    const material = await newProduct("Sloupek Louny");
    await setStock(source, material, "1.000");
    await toWarehouse(session, source, material, 3);
    await toCommon(session, await newProduct(), 1);
    const sourceBasket = await basketOf(session, source);
    const before = await logCount();

    const response = await post(session, "/warehouse/basket/common/production", { targetWarehouse: String(target), sourceBaskets: [String(sourceBasket)], idempotencyKey: key() });
    expect(response.status).toBe(422);
    const page = await html(response);
    const alert = /<div class="alert alert-warning basket-form-alert" role="alert">.*?<\/div>/.exec(page)![0];
    expect(alert).toContain("<strong>Na skladě není dost zboží, nic se nezměnilo:</strong>");
    expect(alert).toContain("<li>Sloupek Louny (sklad Sklad Louny): požadováno 3, skladem 1</li>");
    // The alert sits in the production panel; the page keeps the selection and the target.
    expect(page.indexOf('class="alert alert-warning basket-form-alert"')).toBeGreaterThan(page.indexOf('id="production-form-title"'));
    expect(page.indexOf('class="alert alert-warning basket-form-alert"')).toBeLessThan(page.indexOf('<form id="production-form"'));
    expect(selectOf(page, "field-sourceBaskets")).toContain(`<option value="${sourceBasket}" selected="">`);
    expect(selectOf(page, "field-targetWarehouse")).toContain(`<option value="${target}" selected="">`);
    expect(page).toMatch(/<div class="toast toast-warning" role="alert"><span class="toast-text">Na skladě není dost zboží, nic se nezměnilo:<\/span>/);
    expect(await stock(source, material)).toBe("1.000");
    expect(await logCount()).toBe(before);
    expect(await warehouseLines(session, source)).toEqual([[material, 3]]);
    expect((await commonLines(session)).length).toBe(1);
  });

  test("422 with field errors: the target is required, an empty common basket has nothing to produce", async () => {
    const session = await t.current.login();
    await toCommon(session, await newProduct(), 1);
    const missing = await post(session, "/warehouse/basket/common/production", { targetWarehouse: "", idempotencyKey: key() });
    expect(missing.status).toBe(422);
    const page = await html(missing);
    expect(page).toContain('<small id="field-targetWarehouse-error" class="field-error" role="alert">Povinné pole</small>');
    expect(page).toContain("Formulář není vyplněn správně");

    const other = await t.current.login();
    const empty = await post(other, "/warehouse/basket/common/production", { targetWarehouse: String(await newWarehouse()), idempotencyKey: key() });
    expect(empty.status).toBe(422);
    expect(await html(empty)).toContain("Společný košík je prázdný: není co vyrobit");
  });

  test("another user's basket as a source is refused at the select; nothing moves", async () => {
    const session = await t.current.login();
    const other = await t.current.login();
    const w = await newWarehouse();
    await toWarehouse(other, w, await newProduct(), 1);
    await toCommon(session, await newProduct(), 1);
    const response = await post(session, "/warehouse/basket/common/production", { targetWarehouse: String(w), sourceBaskets: [String(await basketOf(other, w))], idempotencyKey: key() });
    expect(response.status).toBe(422);
    expect(await html(response)).toMatch(/<small id="field-sourceBaskets-error" class="field-error" role="alert">Košík \d+ není váš skladový košík<\/small>/);
    expect((await commonLines(session)).length).toBe(1);
  });

  test("a retried submit (the same key) produces once", async () => {
    const session = await t.current.login();
    const target = await newWarehouse();
    const gate = await newProduct();
    await toCommon(session, gate, 4);
    const form = { targetWarehouse: String(target), idempotencyKey: key() };
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await post(session, "/warehouse/basket/common/production", form);
      expect(response.status).toBe(303);
      expect(flashed(response)).toEqual([{ kind: "success", text: "ITEMS_TRANSFORMED" }]);
    }
    expect(await stock(target, gate)).toBe("4.000");
  });
});

describe("POST /warehouse/basket/common/stocktaking", () => {
  test("In adds, Out removes the common basket's quantities; the basket stays", async () => {
    const session = await t.current.login();
    const w = await newWarehouse();
    const panel = await newProduct();
    await toCommon(session, panel, "1,5");
    const into = await post(session, "/warehouse/basket/common/stocktaking", { transferType: "INVENTORY_IN", warehouseId: String(w), idempotencyKey: key() });
    expect(into.status).toBe(303);
    expect(into.headers.get("Location")).toBe("/warehouse/basket/common");
    expect(flashed(into)).toEqual([{ kind: "success", text: "ITEMS_TRANSFORMED" }]);
    expect(await stock(w, panel)).toBe("1.500");
    await post(session, "/warehouse/basket/common/stocktaking", { transferType: "INVENTORY_IN", warehouseId: String(w), idempotencyKey: key() });
    expect(await stock(w, panel)).toBe("3.000");
    const out = await post(session, "/warehouse/basket/common/stocktaking", { transferType: "INVENTORY_OUT", warehouseId: String(w), idempotencyKey: key() });
    expect(out.status).toBe(303);
    expect(await stock(w, panel)).toBe("1.500");
    expect(await commonLines(session)).toEqual([[panel, 1.5]]);
  });

  test("Out beyond the stock: 422 naming the product, nothing changed", async () => {
    const session = await t.current.login();
    const w = await newWarehouse("Sklad Beroun");
    const panel = await newProduct("Panel Beroun");
    await setStock(w, panel, "2.000");
    await toCommon(session, panel, 5);
    const before = await logCount();
    const response = await post(session, "/warehouse/basket/common/stocktaking", { transferType: "INVENTORY_OUT", warehouseId: String(w), idempotencyKey: key() });
    expect(response.status).toBe(422);
    const page = await html(response);
    expect(page).toContain("<li>Panel Beroun (sklad Sklad Beroun): požadováno 5, skladem 2</li>");
    // The alert is the stocktaking form's, and the form keeps what was chosen.
    expect(page.indexOf('class="alert alert-warning basket-form-alert"')).toBeGreaterThan(page.indexOf('id="stocktaking-form-title"'));
    expect(selectOf(page, "field-transferType")).toContain('<option value="INVENTORY_OUT" selected="">');
    expect(await stock(w, panel)).toBe("2.000");
    expect(await logCount()).toBe(before);
  });

  test("type and warehouse are required; an unknown type is refused", async () => {
    const session = await t.current.login();
    await toCommon(session, await newProduct(), 1);
    const response = await post(session, "/warehouse/basket/common/stocktaking", { transferType: "", warehouseId: "", idempotencyKey: key() });
    expect(response.status).toBe(422);
    const page = await html(response);
    expect(page).toContain('<small id="field-transferType-error" class="field-error" role="alert">Povinné pole</small>');
    expect(page).toContain('<small id="field-warehouseId-error" class="field-error" role="alert">Povinné pole</small>');
    const odd = await post(session, "/warehouse/basket/common/stocktaking", { transferType: "TRANSFER", warehouseId: String(await newWarehouse()), idempotencyKey: key() });
    expect(await html(odd)).toContain('<small id="field-transferType-error" class="field-error" role="alert">Neplatná hodnota</small>');
  });
});


function uploadForm(file: File | null, warehouseId?: number | string, idempotencyKey = key()) {
  const form = new FormData();
  if (file) form.set("data", file);
  if (warehouseId !== undefined) form.set("uploadWarehouseId", String(warehouseId));
  form.set("idempotencyKey", idempotencyKey);
  return form;
}

const upload = (session: Session, form: FormData) => session.page("/warehouse/basket/common/upload", { method: "POST", body: form });

describe("POST /warehouse/basket/common/upload", () => {
  test("fills the common basket and shows the rows it could not read, by number; a retry adds once", async () => {
    const session = await t.current.login();
    const w = await newWarehouse("Sklad Rakovník");
    const panel = await newProduct("Panel Rakovník");
    const data = await workbookBytes([["Id", "Množství"], [panel, "2,5"], [987_654, 1], ["", ""], [panel, "nic"]]);
    const form = uploadForm(fileOf(data, "vyroba.xlsx"), w);
    const response = await upload(session, form);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("Do společného košíku přidány řádky ze souboru (sklad Sklad Rakovník), produktů: 1.");
    expect(page).toContain("Tyto řádky se nepodařilo přečíst:");
    expect(page).toContain('<li data-row="3">Řádek 3: produkt 987654 neexistuje</li>');
    expect(page).toContain('<li data-row="5">Řádek 5: množství „nic“ musí být číslo větší než 0 s nejvýše 3 desetinnými místy</li>');
    expect(page).toMatch(/<div class="toast toast-success" role="status"><span class="toast-text">Přidáno<\/span>/);
    expect(tableOf(page, "common-basket")).toContain('aria-label="Množství: Panel Rakovník" name="quantity" value="2,5"');
    expect(await commonLines(session)).toEqual([[panel, 2.5]]);
    // The same form again (a reload): the stored answer, nothing added twice.
    expect((await upload(session, form)).status).toBe(200);
    expect(await commonLines(session)).toEqual([[panel, 2.5]]);
  });

  test("takes a workbook above the default 1 MB body cap, as the API does (up to 5 MB)", async () => {
    const session = await t.current.login();
    const w = await newWarehouse();
    const panel = await newProduct("Panel velký soubor");
    // Notes beside the line that do not compress: the file is about 1.5 MB.
    const notes = Array.from({ length: 60 }, () => Buffer.from(crypto.getRandomValues(new Uint8Array(24_000))).toString("base64"));
    const data = await workbookBytes([[panel, 4, ...notes]]);
    expect(data.byteLength).toBeGreaterThan(1_200_000);
    expect(data.byteLength).toBeLessThan(MANUFACTURE_DATA_MAX_BYTES);
    const response = await upload(session, uploadForm(fileOf(data, "velky.xlsx"), w));
    expect(response.status).toBe(200);
    expect(await commonLines(session)).toEqual([[panel, 4]]);
  });

  test("a wrong file type, no file, no warehouse: 422 with the field's message, nothing added", async () => {
    const session = await t.current.login();
    const w = await newWarehouse();
    const png = await upload(session, uploadForm(fileOf(PNG, "obrazek.png"), w));
    expect(png.status).toBe(422);
    expect(await html(png)).toContain('<small id="upload-data-error" class="field-error" role="alert">Soubor obrazek.png není sešit Excelu (.xlsx)</small>');
    const none = await upload(session, uploadForm(null, w));
    expect(none.status).toBe(422);
    expect(await html(none)).toMatch(/<small id="upload-data-error" class="field-error" role="alert">[^<]+<\/small>/);
    const noWarehouse = await upload(session, uploadForm(fileOf(await workbookBytes([[await newProduct(), 1]]), "a.xlsx")));
    expect(noWarehouse.status).toBe(422);
    expect(await html(noWarehouse)).toContain('<small id="field-uploadWarehouseId-error" class="field-error" role="alert">Povinné pole</small>');
    const nothing = await upload(session, uploadForm(fileOf(await workbookBytes([[987_654, 1]]), "b.xlsx"), w));
    expect(nothing.status).toBe(422);
    const page = await html(nothing);
    expect(page).toContain("Ze souboru se nepodařilo načíst žádný řádek");
    expect(page).toContain("Řádek 1: produkt 987654 neexistuje");
    expect(await commonLines(session)).toEqual([]);
  });
});

describe("the warehouse basket page", () => {
  test("title, lines, the transfer targets without the basket's own warehouse; unknown is 404", async () => {
    const session = await t.current.login();
    const [here, there] = [await newWarehouse("Sklad Slaný"), await newWarehouse("Sklad Kralupy")];
    const post60 = await newProduct("Sloupek Slaný");
    const line = await toWarehouse(session, here, post60, 4);
    const response = await session.page(`/warehouse/basket/warehouse/${here}`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("<h1>Skladový košík - Sklad Slaný</h1>");
    expect(line.itemId).not.toBe(post60);
    expect(tableOf(page, "warehouse-basket")).toContain(`<td>${post60}</td><td>Sloupek Slaný</td>`);
    expect(tableOf(page, "warehouse-basket")).toContain('aria-label="Množství: Sloupek Slaný" name="quantity" value="4"');
    const targets = selectOf(page, "field-targetWarehouseId");
    expect(targets).toContain(`<option value="${there}">Sklad Kralupy</option>`);
    expect(targets).not.toContain(`value="${here}"`);
    expect(page).toContain(`action="/warehouse/basket/warehouse/${here}/transfer"`);
    expect((await session.page("/warehouse/basket/warehouse/987654")).status).toBe(404);
    expect((await post(session, "/warehouse/basket/warehouse/987654/transfer", { targetWarehouseId: String(here) })).status).toBe(404);
  });

  test("transfer: lands on the target warehouse with ITEMS_TRANSFORMED; the stock moved, the basket emptied", async () => {
    const session = await t.current.login();
    const [here, there] = [await newWarehouse("Sklad Rudná"), await newWarehouse("Sklad Hostivice")];
    const panel = await newProduct("Panel Rudná");
    await setStock(here, panel, "5.000");
    await toWarehouse(session, here, panel, 2);
    const response = await post(session, `/warehouse/basket/warehouse/${here}/transfer`, { targetWarehouseId: String(there), idempotencyKey: key() });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/warehouse/${there}`);
    expect([await stock(here, panel), await stock(there, panel)]).toEqual(["3.000", "2.000"]);
    expect(await warehouseLines(session, here)).toEqual([]);
    const landed = await afterRedirect(session, response);
    expect(landed).toContain("Položky převedeny");
    expect(landed).toContain("Panel Rudná");
  });

  test("422: the target is required; a shortage names the product; an empty basket says so; nothing moves", async () => {
    const session = await t.current.login();
    const [here, there] = [await newWarehouse("Sklad Kněževes"), await newWarehouse()];
    const empty = await post(session, `/warehouse/basket/warehouse/${here}/transfer`, { targetWarehouseId: String(there), idempotencyKey: key() });
    expect(empty.status).toBe(422);
    expect(await html(empty)).toContain("Košík skladu Sklad Kněževes je prázdný: není co přesunout");

    const panel = await newProduct("Panel Kněževes");
    await toWarehouse(session, here, panel, 2);
    const missing = await post(session, `/warehouse/basket/warehouse/${here}/transfer`, { targetWarehouseId: "", idempotencyKey: key() });
    expect(missing.status).toBe(422);
    expect(await html(missing)).toContain('<small id="field-targetWarehouseId-error" class="field-error" role="alert">Povinné pole</small>');
    const short = await post(session, `/warehouse/basket/warehouse/${here}/transfer`, { targetWarehouseId: String(there), idempotencyKey: key() });
    expect(short.status).toBe(422);
    expect(await html(short)).toContain("<li>Panel Kněževes (sklad Sklad Kněževes): požadováno 2, skladem 0</li>");
    const same = await post(session, `/warehouse/basket/warehouse/${here}/transfer`, { targetWarehouseId: String(here), idempotencyKey: key() });
    expect(await html(same)).toContain('<small id="field-targetWarehouseId-error" class="field-error" role="alert">Cílový sklad je stejný jako sklad košíku</small>');
    expect(await warehouseLines(session, here)).toEqual([[panel, 2]]);
  });
});

describe("PATCH /api/basket/items/:id (the inline quantity)", () => {
  const patch = (session: Session, id: number, body: unknown) => session.api(`/api/basket/items/${id}`, { method: "PATCH", json: body });

  test("sets the quantity (a decimal comma is fine) and answers the line, UPDATED", async () => {
    const session = await t.current.login();
    const panel = await newProduct("Panel PATCH");
    const { itemId } = await toCommon(session, panel, 1);
    const response = await patch(session, itemId, { quantity: "2,75" });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: "success", code: "UPDATED", data: { id: itemId, shopProduct: { id: panel, name: "Panel PATCH" }, quantity: 2.75 } });
    expect(await commonLines(session)).toEqual([[panel, 2.75]]);
    expect((await json(await patch(session, itemId, { quantity: 12 }))).data.quantity).toBe(12);
  });

  test("422 with the field named, translated; nothing changes", async () => {
    const session = await t.current.login();
    const panel = await newProduct();
    const { itemId } = await toCommon(session, panel, 3);
    for (const [quantity, message] of [
      ["0", "Množství musí být větší než 0"],
      ["-2", "Množství musí být větší než 0"],
      ["1,2345", "Nejvýše 3 desetinná místa"],
      ["abc", "Zadejte číslo"],
      ["", "Povinné pole"],
    ] as const) {
      const response = await patch(session, itemId, { quantity });
      expect(response.status).toBe(422);
      expect(await json(response)).toEqual({ status: "fail", code: "VALIDATION", data: [`Pole „quantity“: ${message}`], fields: { quantity: message } });
    }
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const own = await toCommon(english, panel, 1);
    expect((await json(await patch(english, own.itemId, { quantity: 0 }))).fields).toEqual({ quantity: "The amount must be greater than 0" });
    expect(await commonLines(session)).toEqual([[panel, 3]]);
  });

  test("another user's line is 404; not JSON is 400; a session is needed", async () => {
    const session = await t.current.login();
    const other = await t.current.login();
    const { itemId } = await toCommon(session, await newProduct(), 3);
    expect((await patch(other, itemId, { quantity: 1 })).status).toBe(404);
    const raw = await t.current.request(`/api/basket/items/${itemId}`, { method: "PATCH", headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" }, body: "[" });
    expect(raw.status).toBe(400);
    const anonymous = await t.current.request(`/api/basket/items/${itemId}`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: '{"quantity":1}' });
    expect(anonymous.status).toBe(401);
    expect((await commonLines(session))[0]![1]).toBe(3);
  });
});

describe("the basket table's forms without JavaScript", () => {
  const back = `${ORIGIN}/warehouse/basket/common`;

  test("Enter in a quantity saves it (UPDATED); a refused one warns and keeps the line; remove takes the line out", async () => {
    const session = await t.current.login();
    const panel = await newProduct();
    const { itemId } = await toCommon(session, panel, 1);
    const saved = await post(session, `/warehouse/basket/items/${itemId}/quantity`, { quantity: "4,5" }, { Referer: back });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/warehouse/basket/common");
    expect(flashed(saved)).toEqual([{ kind: "success", text: "UPDATED" }]);
    expect(await commonLines(session)).toEqual([[panel, 4.5]]);

    const refused = await post(session, `/warehouse/basket/items/${itemId}/quantity`, { quantity: "0" }, { Referer: back });
    expect(flashed(refused)).toEqual([{ kind: "warning", text: "Pole „Množství“: Množství musí být větší než 0" }]);
    expect(await commonLines(session)).toEqual([[panel, 4.5]]);

    const other = await t.current.login();
    const foreign = await post(other, `/warehouse/basket/items/${itemId}/remove`, {}, { Referer: back });
    expect(flashed(foreign)).toEqual([{ kind: "warning", text: `Položka ${itemId} už v košíku není` }]);
    const removed = await post(session, `/warehouse/basket/items/${itemId}/remove`, {}, { Referer: back });
    expect(flashed(removed)).toEqual([{ kind: "success", text: "DELETED" }]);
    expect(await commonLines(session)).toEqual([]);
  });
});
