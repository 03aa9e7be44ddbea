/**
 * Baskets' first step (docs/domain.md#layout; docs/domain.md#baskets;
 * docs/domain.md#barcodes, docs/architecture.md#idempotency): the API under /api/basket, the product list dialog's POST /basket/add,
 * the highlighted common basket in the left column and the menu barcode box adding products.
 */
import { describe, expect, test } from "bun:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { AddToBasketButton } from "@views/baskets/add-to-basket";
import { ViewProvider, type ViewState } from "@views/view-context";
import { warehouses } from "@db/schema";
import { tFor } from "@/lib/i18n";
import { json, ORIGIN, type Session, useTestApp } from "../helpers/app";
import { createProduct } from "../helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { html as htmlOf, setCookie } from "./support";

const t = useTestApp();

interface Item {
  id: number;
  shopProduct: { id: number; name: string };
  quantity: number;
}

const product = (values: { name?: string; ean13?: string } = {}) => createProduct(t.current.database.db, values);

async function add(session: Session, body: unknown, headers: Record<string, string> = {}) {
  const response = await session.api("/api/basket/add", { method: "POST", json: body, headers });
  return { status: response.status, body: await json(response) };
}

async function items(session: Session, query = "?type=COMMON"): Promise<Item[]> {
  const response = await session.api(`/api/basket/items${query}`);
  expect(response.status).toBe(200);
  const body = await json(response);
  expect(body.status).toBe("success");
  return body.data as Item[];
}

async function createWarehouse(name: string): Promise<number> {
  const [row] = await t.current.database.db.insert(warehouses).values({ name }).returning({ id: warehouses.id });
  return row!.id;
}

/** The flash cookie a redirect sets, ready to send with the next page. */
const flashOf = (response: Response) => setCookie(response, "ohrada_flash")!.split(";")[0]!;

describe("POST /api/basket/add", () => {
  test("adds 1, then 2.5: one line with 3.5, answered ADDED with the line", async () => {
    const session = await t.current.login();
    const productId = await product({ name: "Plotový panel Klasik 2 m" });
    const first = await add(session, { type: "COMMON", productId, amount: 1, warehouseId: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: "success", code: "ADDED", data: { basketId: expect.any(Number), itemId: expect.any(Number), quantity: 1 } });
    const second = await add(session, { type: "COMMON", productId, amount: 2.5, warehouseId: 0 });
    expect(second.body.data).toEqual({ ...first.body.data, quantity: 3.5 });
    expect(await items(session)).toEqual([{ id: first.body.data.itemId, shopProduct: { id: productId, name: "Plotový panel Klasik 2 m" }, quantity: 3.5 }]);
  });

  test("the payload's defaults: amount 1, COMMON, warehouse 0; a decimal comma is fine", async () => {
    const session = await t.current.login();
    const productId = await product();
    expect((await add(session, { productId })).body.data.quantity).toBe(1);
    expect((await add(session, { productId: { id: productId }, amount: "1,25" })).body.data.quantity).toBe(2.25);
  });

  test("0, -1, \"abc\" and 1.2345 are refused with readable messages and nothing is added", async () => {
    const session = await t.current.login();
    const productId = await product();
    await add(session, { type: "COMMON", productId, amount: 2, warehouseId: 0 });
    const cases: [unknown, string][] = [
      [0, "Množství musí být větší než 0"],
      [-1, "Množství musí být větší než 0"],
      ["abc", "Zadejte číslo"],
      [1.2345, "Nejvýše 3 desetinná místa"],
    ];
    for (const [amount, message] of cases) {
      const { status, body } = await add(session, { type: "COMMON", productId, amount, warehouseId: 0 });
      expect({ amount, status }).toEqual({ amount, status: 422 });
      expect(body).toEqual({ status: "fail", code: "VALIDATION", data: [`Pole „amount“: ${message}`], fields: { amount: message } });
    }
    expect((await items(session)).map((item) => item.quantity)).toEqual([2]);
  });

  test("an unknown product is refused readably", async () => {
    const session = await t.current.login();
    const { status, body } = await add(session, { type: "COMMON", productId: 999999, amount: 1, warehouseId: 0 });
    expect(status).toBe(422);
    expect(body.data).toEqual(["Pole „productId“: Produkt 999999 neexistuje"]);
    expect(await items(session)).toEqual([]);
  });

  test("messages follow the user's language", async () => {
    const session = await t.current.login();
    await session.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const { body } = await add(session, { productId: await product(), amount: 0 });
    expect(body.data).toEqual(["Field “amount”: The amount must be greater than 0"]);
  });

  test("a body that is not a JSON object is a bad request", async () => {
    const session = await t.current.login();
    for (const raw of ["[1]", "null", "not json"]) {
      const response = await t.current.request("/api/basket/add", {
        method: "POST",
        headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
        body: raw,
      });
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ status: "error", code: "BAD_REQUEST" });
    }
  });

  test("the same idempotency key twice adds once and answers the same (body field or header)", async () => {
    const session = await t.current.login();
    const productId = await product();
    const body = { type: "COMMON", productId, amount: 2, warehouseId: 0, idempotencyKey: "5b8f0c1e-2d44-4a55-9e21-0a6f3b7c9d10" };
    const first = await add(session, body);
    const retry = await add(session, body);
    expect(retry).toEqual(first);
    expect((await items(session)).map((item) => item.quantity)).toEqual([2]);

    const viaHeader = { type: "COMMON", productId, amount: 3, warehouseId: 0 };
    const headerFirst = await add(session, viaHeader, { "Idempotency-Key": "header-key-0001" });
    const headerRetry = await add(session, viaHeader, { "Idempotency-Key": "header-key-0001" });
    expect(headerFirst.body.data.quantity).toBe(5);
    expect(headerRetry).toEqual(headerFirst);
    expect((await items(session)).map((item) => item.quantity)).toEqual([5]);

    const bad = await add(session, viaHeader, { "Idempotency-Key": "no" });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ idempotencyKey: "Klíč požadavku musí mít 8 až 100 znaků (písmena, číslice, _ . : -)" });
  });

  test("WAREHOUSE baskets need a warehouse id; GET /api/basket/warehouse lists them", async () => {
    const session = await t.current.login();
    const productId = await product();
    const missing = await add(session, { type: "WAREHOUSE", productId, amount: 1 });
    expect(missing.status).toBe(422);
    expect(missing.body.fields).toEqual({ warehouseId: "Vyberte sklad" });
    const unknown = await add(session, { type: "WAREHOUSE", productId, amount: 1, warehouseId: 999999 });
    expect(unknown.body.data).toEqual(["Pole „warehouseId“: Sklad 999999 neexistuje"]);
    const warehouseId = await createWarehouse("Hala Brno");
    const added = await add(session, { type: "WAREHOUSE", productId, amount: 4, warehouseId });
    expect(await items(session, `?type=WAREHOUSE&warehouseId=${warehouseId}`)).toEqual([{ id: added.body.data.itemId, shopProduct: { id: productId, name: expect.any(String) }, quantity: 4 }]);
    expect(await items(session)).toEqual([]);
    const response = await session.api("/api/basket/warehouse");
    expect(await json(response)).toEqual({ status: "success", data: [{ id: added.body.data.basketId, itemCount: 1, warehouse: { id: warehouseId, name: "Hala Brno" } }] });
    const refused = await session.api("/api/basket/items?type=WAREHOUSE");
    expect(refused.status).toBe(422);
  });
});

describe("DELETE /api/basket/items/:id and POST /api/basket/clear", () => {
  test("remove one line, then clear the rest; another user's line is not found", async () => {
    const session = await t.current.login();
    const other = await t.current.login();
    const [p1, p2, p3] = [await product(), await product(), await product()];
    const line = (await add(session, { productId: p1 })).body.data.itemId as number;
    await add(session, { productId: p2, amount: 2 });
    await add(session, { productId: p3, amount: 3 });

    const foreign = await other.api(`/api/basket/items/${line}`, { method: "DELETE" });
    expect(foreign.status).toBe(404);
    const removed = await session.api(`/api/basket/items/${line}`, { method: "DELETE" });
    expect(await json(removed)).toEqual({ status: "success", code: "DELETED", data: null });
    expect((await items(session)).map((item) => item.shopProduct.id)).toEqual([p2, p3]);
    expect((await session.api(`/api/basket/items/${line}`, { method: "DELETE" })).status).toBe(404);

    const cleared = await session.api("/api/basket/clear", { method: "POST", json: { type: "COMMON", warehouseId: 0 } });
    expect(await json(cleared)).toEqual({ status: "success", data: { removed: 2 } });
    expect(await items(session)).toEqual([]);
  });
});

describe("the left column (docs/domain.md#baskets-column)", () => {
  test("the empty common basket before; after adding, it is highlighted on the next page", async () => {
    const session = await t.current.login();
    const before = await htmlOf(await session.page("/index"));
    expect(before).toContain('<a href="/warehouse/basket/common" class="basket-link" data-common="true"><span>Společný košík</span><span class="basket-count">0</span></a>');
    expect(before).not.toContain("basket-highlight");

    await add(session, { productId: await product(), amount: 2 });
    const after = await htmlOf(await session.page("/index"));
    expect(after).toMatch(/<a href="\/warehouse\/basket\/common" class="basket-link basket-highlight" data-common="true"><span>Společný košík<\/span><span class="basket-count">1<\/span><\/a>/);
  });

  test("an emptied common basket stays listed but is no longer highlighted; warehouse baskets are listed too", async () => {
    const session = await t.current.login();
    const productId = await product();
    const warehouseId = await createWarehouse("Hala Ostrava");
    await add(session, { productId });
    await add(session, { type: "WAREHOUSE", warehouseId, productId });
    await session.api("/api/basket/clear", { method: "POST", json: { type: "COMMON" } });
    const html = await htmlOf(await session.page("/products/dph"));
    expect(html).not.toContain("basket-highlight");
    expect(html).toContain('<a href="/warehouse/basket/common" class="basket-link" data-common="true"><span>Společný košík</span><span class="basket-count">0</span></a>');
    expect(html).toContain(`<a href="/warehouse/basket/warehouse/${warehouseId}" class="basket-link"><span>Hala Ostrava</span><span class="basket-count">1</span></a>`);
  });

  test("each user sees only their own baskets", async () => {
    const session = await t.current.login();
    const other = await t.current.login();
    await add(session, { productId: await product() });
    const others = await htmlOf(await other.page("/index"));
    expect(others).toContain('<span class="basket-count">0</span>');
    expect(others).not.toContain("basket-highlight");
  });

  test("the column's links open the basket pages; a warehouse that does not exist is 404", async () => {
    const session = await t.current.login();
    const warehouseId = await createWarehouse("Hala Zlín");
    await add(session, { type: "WAREHOUSE", warehouseId, productId: await product({ name: "Panel Zlín" }) });
    const column = await htmlOf(await session.page("/index"));
    expect(column).toContain(`<a href="/warehouse/basket/warehouse/${warehouseId}" class="basket-link"><span>Hala Zlín</span><span class="basket-count">1</span></a>`);

    const common = await session.page("/warehouse/basket/common");
    expect(common.status).toBe(200);
    const commonPage = await htmlOf(common);
    expect(commonPage).toContain("<h1>Společný košík</h1>");
    expect(commonPage).not.toContain("Tato stránka se připravuje.");

    const warehouse = await session.page(`/warehouse/basket/warehouse/${warehouseId}`);
    expect(warehouse.status).toBe(200);
    const warehousePage = await htmlOf(warehouse);
    expect(warehousePage).toContain("<h1>Skladový košík - Hala Zlín</h1>");
    expect(warehousePage).toContain("Panel Zlín");

    const unknown = await session.page("/warehouse/basket/warehouse/987654");
    expect(unknown.status).toBe(404);
  });
});

describe("the menu barcode box adds products (docs/domain.md#barcodes)", () => {
  const scan = async (session: Session, code: string) => {
    const response = await session.api("/api/barcode/scan", { method: "POST", json: { code } });
    return { status: response.status, body: await json(response) };
  };

  test("the product's EAN-13 and P<id> answer ADDED and the quantity grows; P999999 is not found", async () => {
    const session = await t.current.login();
    const code = ean13("859400055501");
    const productId = await product({ name: "Branka Ostrava 1 m", ean13: code });

    const byEan = await scan(session, code);
    expect(byEan).toEqual({ status: 200, body: { status: "success", data: { action: "added", message: "Přidáno: Branka Ostrava 1 m" } } });
    expect((await items(session)).map((item) => item.quantity)).toEqual([1]);

    const byId = await scan(session, `P${productId}`);
    expect(byId.body.data).toEqual({ action: "added", message: "Přidáno: Branka Ostrava 1 m" });
    expect((await items(session)).map((item) => [item.shopProduct.id, item.quantity])).toEqual([[productId, 2]]);

    const missing = await scan(session, "P999999");
    expect(missing).toEqual({ status: 422, body: { status: "fail", code: "VALIDATION", data: ["Kód P999999 nebyl nalezen"], fields: {} } });
    expect((await items(session)).map((item) => item.quantity)).toEqual([2]);
  });

  test("the form fallback (POST /barcode) adds too and goes back with the toast and a highlighted column", async () => {
    const session = await t.current.login();
    const productId = await product({ name: "Sloupek 60×60" });
    const response = await session.page("/barcode", { form: { code: `p${productId}` }, headers: { Referer: `${ORIGIN}/products/dph` } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products/dph");
    const html = await htmlOf(await session.page("/products/dph", { headers: { Cookie: flashOf(response) } }));
    expect(html).toContain("Přidáno: Sloupek 60×60");
    expect(html).toContain("basket-highlight");
  });
});

describe("POST /basket/add (the products list's amount dialog)", () => {
  const back = `${ORIGIN}/products?name=panel&page=2`;

  test("amount 0 goes back with a warning and adds nothing; 2 goes back with ADDED and the highlighted column", async () => {
    const session = await t.current.login();
    const productId = await product();

    const refused = await session.page("/basket/add", { form: { productId: String(productId), amount: "0", idempotencyKey: "dialog-open-0001" }, headers: { Referer: back } });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/products?name=panel&page=2");
    const warned = await htmlOf(await session.page("/index", { headers: { Cookie: flashOf(refused) } }));
    expect(warned).toMatch(/<div class="toast toast-warning" role="alert"><span class="toast-text">Pole „Množství“: Množství musí být větší než 0<\/span>/);
    expect(warned).not.toContain("basket-highlight");
    expect(await items(session)).toEqual([]);

    const added = await session.page("/basket/add", { form: { productId: String(productId), amount: "2", idempotencyKey: "dialog-open-0002" }, headers: { Referer: back } });
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/products?name=panel&page=2");
    const page = await htmlOf(await session.page("/index", { headers: { Cookie: flashOf(added) } }));
    expect(page).toMatch(/<div class="toast toast-success" role="status"><span class="toast-text">Přidáno<\/span>/);
    expect(page).toContain("basket-highlight");
    expect((await items(session)).map((item) => item.quantity)).toEqual([2]);
  });

  test("a decimal comma adds; -1, \"abc\", 1,2345 and a blank amount warn and add nothing", async () => {
    const session = await t.current.login();
    const productId = await product();
    await session.page("/basket/add", { form: { productId: String(productId), amount: "1,5" } });
    for (const [amount, message] of [
      ["-1", "Množství musí být větší než 0"],
      ["abc", "Zadejte číslo"],
      ["1,2345", "Nejvýše 3 desetinná místa"],
      ["", "Povinné pole"],
    ] as const) {
      const response = await session.page("/basket/add", { form: { productId: String(productId), amount } });
      expect(response.status).toBe(303);
      expect(decodeURIComponent(decodeURIComponent(flashOf(response)))).toContain(`Pole „Množství“: ${message}`);
    }
    expect((await items(session)).map((item) => item.quantity)).toEqual([1.5]);
  });

  test("an unknown product warns; without a Referer it goes back to /products", async () => {
    const session = await t.current.login();
    const response = await session.page("/basket/add", { form: { productId: "999999", amount: "1" } });
    expect(response.headers.get("Location")).toBe("/products");
    expect(decodeURIComponent(decodeURIComponent(flashOf(response)))).toContain("Pole „Produkt“: Produkt 999999 neexistuje");
  });

  test("a retried submit with the dialog's key adds once", async () => {
    const session = await t.current.login();
    const productId = await product();
    const form = { productId: String(productId), amount: "3", idempotencyKey: "8c1d2f7a90b34e55a1c0d3e4f5a6b7c8" };
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await session.page("/basket/add", { form });
      expect(decodeURIComponent(decodeURIComponent(flashOf(response)))).toContain('"kind":"success","text":"ADDED"');
    }
    expect((await items(session)).map((item) => item.quantity)).toEqual([3]);
  });

  test("CSRF applies: a cookie write without Origin, or from another site, is refused and adds nothing", async () => {
    const session = await t.current.login();
    const productId = await product();
    const body = new URLSearchParams({ productId: String(productId), amount: "1" }).toString();
    const bare = await t.current.request("/basket/add", {
      method: "POST",
      headers: { Cookie: session.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
    });
    expect(bare.status).toBe(403);
    const foreign = await t.current.request("/basket/add", {
      method: "POST",
      headers: { Cookie: session.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body,
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
    const api = await t.current.request("/api/basket/add", {
      method: "POST",
      headers: { Cookie: session.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ productId, amount: 1 }),
    });
    expect(await json(api)).toEqual({ status: "error", code: "CSRF" });
    expect(await items(session)).toEqual([]);
  });

  test("needs a session", async () => {
    const response = await t.current.request("/basket/add", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: "productId=1&amount=1",
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });
});

describe("AddToBasketButton", () => {
  const render = (lang: "cs" | "en", rows: { id: number; name: string }[]) => {
    const state: ViewState = { t: tFor(lang), lang, user: null, path: "/products", toasts: [], islands: new Set(), baskets: [] };
    // JSX needs .tsx; this file keeps the brief's name, so the tree is spelled with createElement.
    const rowsElement = rows.map((row) =>
      createElement("tr", { key: row.id }, createElement("td", null, createElement(AddToBasketButton, { productId: row.id, productName: row.name }))),
    );
    return renderToString(
      createElement(ViewProvider, { value: state, children: createElement("table", null, createElement("tbody", null, ...rowsElement)) }),
    ).replaceAll("<!-- -->", "");
  };

  test("one labelled button per row and one amount dialog per page, posting to /basket/add with amount 1", () => {
    const html = render("cs", [
      { id: 11, name: "Panel A" },
      { id: 12, name: "Panel \"B\"" },
      { id: 13, name: "Panel C" },
    ]);
    expect(html.match(/data-add-to-basket="/g)).toHaveLength(3);
    expect(html).toContain('data-add-to-basket="12" data-product-name="Panel &quot;B&quot;"');
    expect(html).toContain('aria-label="Přidat do košíku: Panel A"');
    expect(html.match(/<dialog /g)).toHaveLength(1);
    const form = /<form [^>]*>/.exec(html)![0];
    for (const attribute of ['class="add-to-basket-form"', 'action="/basket/add"', 'method="post"']) expect(form).toContain(attribute);
    const amount = /<input id="add-to-basket-dialog-amount"[^>]*>/.exec(html)![0];
    for (const attribute of ['type="text"', 'inputMode="decimal"', 'required=""', 'name="amount"', 'value="1"']) expect(amount).toContain(attribute);
    expect(html).toContain('<label for="add-to-basket-dialog-amount">Množství</label>');
    expect(html).toContain('<input type="hidden" name="productId" value=""/>');
    expect(html).toContain('<input type="hidden" name="idempotencyKey" value=""/>');
    expect(html).toContain("Množství");
    expect(html.match(/type="submit"/g)).toHaveLength(1);
    expect(html).toContain('data-msg-amount-positive="Množství musí být větší než 0"');
  });

  test("each render (page or htmx fragment) brings its own dialog; English texts", () => {
    const first = render("en", [{ id: 1, name: "X" }]);
    const second = render("en", [{ id: 2, name: "Y" }]);
    for (const html of [first, second]) {
      expect(html.match(/<dialog /g)).toHaveLength(1);
      expect(html).toContain("Add to basket");
      expect(html).toContain(">Cancel</button>");
    }
  });
});
