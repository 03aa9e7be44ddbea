/**
 * Product pages (docs/domain.md#products-list; docs/decisions/009): the list with the category tree, the
 * tabbed editor (Common at once, the rest as lazy fragments), form posts and their feedback.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { categoryParameterCategories, categoryParameters, eshops, products, vatRates } from "@db/schema";
import { createCategoryTree, createProduct, defaultVatId } from "../helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { json, type Session, useTestApp } from "../helpers/app";
import { cookiePair, html } from "./support";

const t = useTestApp();

let s: Session;
let vat: number;
let tree: Record<string, number>;

beforeAll(async () => {
  s = await t.current.login();
  vat = await defaultVatId(t.current.ctx.db);
  tree = await createCategoryTree(t.current.ctx.db, [{ name: "Ploty", children: [{ name: "Pletivo", children: [{ name: "Poplastované" }] }] }, { name: "Brány" }]);
});

const htmx = (target: string) => ({ headers: { "HX-Request": "true", "HX-Target": target } });
/** The flash cookie's toasts as text (the value is URI-encoded twice: by flash() and by the cookie). */
const flashOf = (response: Response) => decodeURIComponent(decodeURIComponent(cookiePair(response, "ohrada_flash") ?? ""));
const form = (values: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  return body;
};
const post = (path: string, values: Record<string, string | string[]>, headers: Record<string, string> = {}) =>
  s.page(path, { method: "POST", body: form(values).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } });

/** The toast htmx reads from HX-Trigger (escaped to ASCII in the header). */
const triggerToast = (response: Response) => JSON.parse(response.headers.get("HX-Trigger") ?? "{}").toast;

describe("the list /products", () => {
  test("a table with the spec's columns, the category tree on the left and an add button", async () => {
    const id = await createProduct(t.current.ctx.db, { name: "Pletivo PVC", invoiceName: "Pletivo", ean13: ean13("859400000404"), categoryIds: [tree["Poplastované"]!, tree["Brány"]!] });
    const page = await html(await s.page("/products"));
    // The row action opens the baskets module's amount dialog for that product; its form is not
    // nested in the table's filter form (that form closes before the table starts).
    expect(page).toContain(`data-add-to-basket="${id}"`);
    const filterForm = page.indexOf('<form id="list-product-form"');
    expect(filterForm).toBeGreaterThan(-1);
    expect(page.indexOf("</form>", filterForm)).toBeLessThan(page.indexOf("<table", filterForm));
    for (const text of [
      "<h1>Produkty</h1>",
      'href="/products/new"',
      ...["Id", "Název", "Název na faktuře", "Kategorie", "Skladový", "EAN-13"],
      // categories joined with commas
      "Brány, Poplastované",
      // the tree filter on the left writes into the table form's hidden input
      'class="list-aside"',
      'data-island="category-tree-picker"',
      'id="list-product-filter-categories"',
      '"filterInputId":"list-product-filter-categories"',
      // the tree itself comes after the page is up (the page never carries or waits for it)
      '"treeUrl":"/api/category/tree"',
      // a loading skeleton with a label needs a role that may carry one (axe: aria-prohibited-attr)
      'class="tree-loading" role="status" aria-busy="true"',
      // id and name are filterable; paging starts at page 1
      'id="list-product-filter-id"',
      'id="list-product-filter-name"',
      "Strana 1 z",
    ]) {
      expect(page).toContain(text);
    }
  });

  test("the category filter narrows the table (htmx fragment) and stays ticked in the tree", async () => {
    const inside = await createProduct(t.current.ctx.db, { name: "Uvnitř stromu", categoryIds: [tree["Poplastované"]!] });
    const outside = await createProduct(t.current.ctx.db, { name: "Mimo strom", categoryIds: [tree["Brány"]!] });
    const fragment = await s.page(`/products?categories=${tree.Ploty}`, htmx("list-product"));
    expect(fragment.status).toBe(200);
    const body = await html(fragment);
    expect(body).not.toContain("<html");
    expect(body).toContain(`href="/products/${inside}"`);
    expect(body).not.toContain(`href="/products/${outside}"`);
    expect(body).toContain(`value="${tree.Ploty}"`);
    const page = await html(await s.page(`/products?categories=${tree.Ploty}`));
    expect(page).toContain(`"selected":[${tree.Ploty}]`);
  });
});

describe("the editor", () => {
  test("/products/new: Common only, defaults, active VAT rates, the other tabs wait for a save", async () => {
    const [inactive] = await t.current.ctx.db.insert(vatRates).values({ rate: "9", active: false }).returning({ id: vatRates.id });
    const response = await s.page("/products/new");
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("<h1>Produkty</h1>");
    expect(page).toContain('role="tablist"');
    expect(page).toContain('id="product-tab-common" href="/products/new" aria-selected="true"');
    for (const tab of ["translations", "parameters", "prices", "images", "tools"]) {
      expect(page).toMatch(new RegExp(`<span role="tab" id="product-tab-${tab}" aria-selected="false" aria-disabled="true"`));
      expect(page).not.toContain(`id="product-panel-${tab}"`);
    }
    expect(page).toContain("Nejdřív produkt uložte");
    expect(page).toMatch(/<input id="field-storable"[^>]*checked=""/);
    expect(page).toMatch(/<input id="field-weight"[^>]*value="0"/);
    expect(page).toMatch(/<input id="field-scaleToleranceAmount"[^>]*value="0"/);
    expect(page).toContain(`<option value="${vat}" selected="">21 %</option>`);
    expect(page).not.toContain(`<option value="${inactive!.id}"`);
    expect(page).toContain('data-island="category-tree-picker"');
    expect(page).not.toContain('action="/products/new/delete"');
  });

  test("create: categories as ids, CREATED, then /products/<newId>", async () => {
    const response = await post("/products/new", {
      name: "Brána posuvná 4 m",
      invoiceName: "Brána",
      categories: [String(tree["Brány"]), String(tree.Pletivo)],
      vat: String(vat),
      storable: "on",
      ean13: "",
      url: "",
      weight: "45 000",
      scaleToleranceAmount: "1",
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/products\/\d+$/);
    expect(flashOf(response)).toContain("CREATED");
    const id = Number(location.split("/").pop());
    const [row] = await t.current.ctx.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ name: "Brána posuvná 4 m", storable: true, weight: "45000.000", scaleToleranceAmount: 1, vatId: vat });
    const product = (await json(await s.api(`/api/products/${id}`))).data;
    expect(product.categories.map((c: { id: number }) => c.id).sort()).toEqual([tree["Brány"], tree.Pletivo].sort());
    // The next page shows the toast.
    const next = await html(await s.page(location, { headers: { Cookie: cookiePair(response, "ohrada_flash")! } }));
    expect(next).toContain("Vytvořeno");
  });

  test("create with errors: 422, FORM_NOT_VALID, the field messages, and what was typed", async () => {
    const response = await post("/products/new", { name: "", vat: String(vat), ean13: "8594000000014", url: "ploty", weight: "-3", categories: [String(tree.Ploty)] });
    expect(response.status).toBe(422);
    const page = await html(response);
    for (const text of [
      "Formulář není vyplněn správně",
      "Povinné pole",
      "EAN-13 má špatnou kontrolní číslici (poslední číslici)",
      "Zadejte platnou adresu začínající http:// nebo https://",
      "Nejmenší hodnota je 0",
      // what was typed comes back, the ticked category too
      'value="8594000000014"',
      `"selected":[${tree.Ploty}]`,
    ]) {
      expect(page).toContain(text);
    }
    // storable was not ticked in this post, so it comes back unticked.
    expect(page).not.toMatch(/<input id="field-storable"[^>]*checked=""/);
  });

  test("edit: tabs as links, Common at once, the others as lazy slots with skeletons", async () => {
    const id = await createProduct(t.current.ctx.db, { name: "Sloupek 60", categoryIds: [tree.Ploty!] });
    const page = await html(await s.page(`/products/${id}`));
    expect(page).toContain('data-active="common"');
    expect(page).toMatch(new RegExp(`<input id="field-name"[^>]*value="Sloupek 60"`));
    expect(page).toMatch(/<input id="field-id" disabled="" readOnly=""/);
    expect(page).toContain(`action="/products/${id}/delete"`);
    for (const tab of ["translations", "parameters", "prices", "images", "tools"]) {
      expect(page).toContain(`href="/products/${id}?tab=${tab}"`);
      expect(page).toContain(
        `<section role="tabpanel" id="product-panel-${tab}" aria-labelledby="product-tab-${tab}" hx-get="/products/${id}/tab/${tab}" hx-trigger="intersect once" hx-swap="innerHTML"><div class="tab-skeleton" aria-busy="true">`,
      );
    }
  });

  test("?tab=prices renders that tab now (works without JavaScript)", async () => {
    const id = await createProduct(t.current.ctx.db, { name: "Pole 2 m", unitPrice: "1234.50" });
    const page = await html(await s.page(`/products/${id}?tab=prices`));
    expect(page).toContain('data-active="prices"');
    expect(page).toContain('<section role="tabpanel" id="product-panel-prices" aria-labelledby="product-tab-prices">');
    expect(page).toContain('value="1\u00a0234,50"');
    expect(page).toContain(`hx-get="/products/${id}/tab/translations"`);
  });

  test("a tab click swaps only the tab list", async () => {
    const id = await createProduct(t.current.ctx.db, { name: "Tab list" });
    const response = await s.page(`/products/${id}?tab=translations`, htmx("product-tablist"));
    const body = await html(response);
    expect(body).not.toContain("<html");
    expect(body).toMatch(/^<div role="tablist" id="product-tablist" class="product-tablist" data-active="translations"/);
    expect(body).toContain('id="product-tab-translations" href="/products/' + id + '?tab=translations" aria-selected="true"');
  });

  test("the lazy tabs answer fragments, not pages", async () => {
    const id = await createProduct(t.current.ctx.db, { name: "Fragmenty", categoryIds: [tree.Ploty!] });
    // Images and Tools come from the media module, mounted under the same pattern.
    for (const tab of ["translations", "parameters", "prices", "images", "tools"]) {
      const response = await s.page(`/products/${id}/tab/${tab}`, htmx(`product-panel-${tab}`));
      expect({ tab, status: response.status }).toEqual({ tab, status: 200 });
      const body = await html(response);
      expect(body).not.toContain("<html");
      expect(body).not.toContain("<body");
    }
    expect(await html(await s.page(`/products/${id}/tab/translations`))).toContain('hx-post="/products/' + id + '/tab/translations"');
    expect((await s.page("/products/2000000/tab/prices")).status).toBe(404);
  });

  test("update: UPDATED and back to the product; an inactive rate stays offered on it", async () => {
    const [inactive] = await t.current.ctx.db.insert(vatRates).values({ rate: "14", active: false }).returning({ id: vatRates.id });
    const id = await createProduct(t.current.ctx.db, { name: "Starší", vatId: inactive!.id });
    const page = await html(await s.page(`/products/${id}`));
    expect(page).toContain(`<option value="${inactive!.id}" selected="">14 % (už se nepoužívá)</option>`);
    const response = await post(`/products/${id}`, { name: "Starší 2", vat: String(inactive!.id), weight: "1,5", scaleToleranceAmount: "0" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/products/${id}`);
    expect(flashOf(response)).toContain("UPDATED");
    const [row] = await t.current.ctx.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ name: "Starší 2", storable: false, weight: "1.500" });
    const bad = await post(`/products/${id}`, { name: "Starší 2", vat: String(inactive!.id), weight: "x" });
    expect(bad.status).toBe(422);
    expect(await html(bad)).toContain("Zadejte číslo");
  });

  test("delete: DELETED and back to the list; a refused delete returns to the product with the reason", async () => {
    const id = await createProduct(t.current.ctx.db, { name: "Pryč" });
    const response = await s.page(`/products/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products");
    expect(flashOf(response)).toContain("DELETED");
    const [gate] = await t.current.ctx.db.select({ id: products.id }).from(products).where(eq(products.systemRole, "ASSEMBLY_GATE"));
    const refused = await s.page(`/products/${gate!.id}/delete`, { method: "POST" });
    expect(refused.headers.get("Location")).toBe(`/products/${gate!.id}`);
    expect(flashOf(refused)).toContain("Montáž brány");
  });
});

describe("tab forms", () => {
  test("translations: htmx save answers the panel with an UPDATED toast; a plain post redirects to the tab", async () => {
    const id = await createProduct(t.current.ctx.db, { name: "Překládaný" });
    const response = await post(`/products/${id}/tab/translations`, { "cs.name": "Překládaný", "en.name": "Translated", "en.description": "Hot-dip galvanised" }, htmx(`product-panel-translations`).headers);
    expect(response.status).toBe(200);
    expect(triggerToast(response)).toEqual({ kind: "success", text: "Uloženo" });
    expect(response.headers.get("HX-Trigger")).toMatch(/^[\x20-\x7e]+$/);
    const body = await html(response);
    expect(body).not.toContain("<html");
    expect(body).toContain('value="Translated"');
    const plain = await post(`/products/${id}/tab/translations`, { "en.name": "Translated again" });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe(`/products/${id}?tab=translations`);
    expect((await json(await s.api(`/api/products/${id}/translations`))).data.en.name).toBe("Translated again");
    const tooLong = await post(`/products/${id}/tab/translations`, { "cs.name": "x".repeat(201) }, htmx("product-panel-translations").headers);
    expect(tooLong.status).toBe(422);
    expect(triggerToast(tooLong)).toEqual({ kind: "warning", text: "Formulář není vyplněn správně" });
    expect(await html(tooLong)).toContain("Nejvýše 200 znaků");
  });

  test("parameters: defaults pre-filled with the unit shown; a missing required value comes back as a field error", async () => {
    const db = t.current.ctx.db;
    const [height] = await db.insert(categoryParameters).values({ name: "Výška", unit: "mm", required: true, defaultValue: "1500" }).returning({ id: categoryParameters.id });
    const [mesh] = await db.insert(categoryParameters).values({ name: "Oko", unit: "mm", required: true }).returning({ id: categoryParameters.id });
    await db.insert(categoryParameterCategories).values([
      { parameterId: height!.id, categoryId: tree.Ploty! },
      { parameterId: mesh!.id, categoryId: tree.Pletivo! },
    ]);
    const id = await createProduct(db, { name: "Parametrický", categoryIds: [tree["Poplastované"]!] });
    const tab = await html(await s.page(`/products/${id}/tab/parameters`));
    expect(tab).toMatch(new RegExp(`<input id="field-param-${height!.id}"[^>]*value="1\u00a0500"`));
    expect(tab).toContain('<span class="field-unit"> (mm)</span>');
    expect(tab).toContain("Výchozí: 1\u00a0500");
    const missing = await post(`/products/${id}/tab/parameters`, { [`param-${height!.id}`]: "1500", [`param-${mesh!.id}`]: "" }, htmx("product-panel-parameters").headers);
    expect(missing.status).toBe(422);
    expect(await html(missing)).toContain("Parametr „Oko“ je povinný");
    const saved = await post(`/products/${id}/tab/parameters`, { [`param-${height!.id}`]: "1 800", [`param-${mesh!.id}`]: "50" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/products/${id}?tab=parameters`);
    expect((await json(await s.api(`/api/products/${id}`))).data.parameters).toEqual(
      [
        { id: height!.id, value: "1800" },
        { id: mesh!.id, value: "50" },
      ].sort((a, b) => a.id - b.id),
    );
    // Without JavaScript an invalid post renders the whole editor on that tab.
    const page = await post(`/products/${id}/tab/parameters`, { [`param-${mesh!.id}`]: "" });
    expect(page.status).toBe(422);
    const body = await html(page);
    expect(body).toContain('data-active="parameters"');
    expect(body).toContain("Parametr „Oko“ je povinný");
  });

  test("a product whose categories have no parameters says so", async () => {
    const id = await createProduct(t.current.ctx.db, { name: "Bez parametrů" });
    expect(await html(await s.page(`/products/${id}/tab/parameters`))).toContain("nemají žádné parametry");
  });

  test("prices: decimal comma in, `1 234,50` out; an e-shop price left blank is the base price", async () => {
    const [shop] = await t.current.ctx.db.insert(eshops).values({ name: "Brány a branky", url: "https://brany.example" }).returning({ id: eshops.id });
    const id = await createProduct(t.current.ctx.db, { name: "Cenový" });
    const response = await post(`/products/${id}/tab/prices`, { unitPrice: "1234,5", m2Price: "389,90", [`eshop-${shop!.id}`]: "" }, htmx("product-panel-prices").headers);
    expect(response.status).toBe(200);
    const body = await html(response);
    expect(body).toContain('value="1\u00a0234,50"');
    expect(body).toContain('value="389,90"');
    expect(body).toContain("stejná jako základní (1\u00a0234,50\u00a0Kč)");
    const bad = await post(`/products/${id}/tab/prices`, { unitPrice: "-1", [`eshop-${shop!.id}`]: "abc" }, htmx("product-panel-prices").headers);
    expect(bad.status).toBe(422);
    const errors = await html(bad);
    expect(errors).toContain("Nejmenší hodnota je 0");
    expect(errors).toContain("Zadejte číslo");
    expect(errors).toContain('value="abc"');
    expect((await json(await s.api(`/api/products/${id}/prices`))).data.unitPrice).toBe(1234.5);
  });
});
