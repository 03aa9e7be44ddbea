/**
 * The warehouse page over HTTP (docs/domain.md#warehouse-page): (category and name filters, sorting, paging, the scale
 * colours and the reorder marker), the item edit (page and API: 200, 422, 404), the exports read
 * back with exceljs against the page, and the session guard. The rules themselves are proven with
 * numbers in src/modules/warehouse/items/service.test.ts.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { formatDecimal } from "@/lib/money";
import { json, type Session, useTestApp } from "../helpers/app";
import { createCategory, createProduct, createRackScale, createWarehouse, createWarehouseItem } from "../helpers/factories";
import { afterRedirect, okJson, pageShowing } from "./support";

const t = useTestApp();
let session: Session;
let brno: number;
let praha: number;
let ploty: number;
let scale: number;
let sloupekItem: number;
let lamelaItem: number;
let sloupek: number;

beforeAll(async () => {
  session = await t.current.login();
  const ctx = t.current.ctx;
  brno = await createWarehouse(ctx, { name: "Sklad Brno" });
  praha = await createWarehouse(ctx, { name: "Sklad Praha" });
  ploty = await createCategory(ctx.db, { name: "Ploty" });
  const brany = await createCategory(ctx.db, { name: "Brány" });
  scale = await createRackScale(ctx, { name: "Regál 1", extId: 701, reading: { grams: "12600.0", at: new Date("2026-11-23T07:30:00Z") } });
  sloupek = await createProduct(ctx.db, { name: "Sloupek 60×60", weight: "1250", scaleToleranceAmount: 2, categoryIds: [ploty] });
  const lamela = await createProduct(ctx.db, { name: "Lamela Řehoř", weight: "500", categoryIds: [ploty] });
  const kridlo = await createProduct(ctx.db, { name: "Křídlo brány", categoryIds: [brany] });
  sloupekItem = await createWarehouseItem(ctx, { warehouseId: brno, productId: sloupek, quantity: 14, onTheWay: 1, requiredStockLevel: 20, rackScales: [scale] });
  lamelaItem = await createWarehouseItem(ctx, { warehouseId: brno, productId: lamela, quantity: "1234.5", onTheWay: 0, requiredStockLevel: 100 });
  await createWarehouseItem(ctx, { warehouseId: brno, productId: kridlo, quantity: 2 });
  for (let i = 1; i <= 25; i++) await createWarehouseItem(ctx, { warehouseId: praha, productId: await createProduct(ctx.db, { name: `Díl ${String(i).padStart(2, "0")}` }), quantity: i });
});

/** The table's rows as the page shows them: each cell's text. */
function pageRows(page: string): string[][] {
  const body = page.slice(page.indexOf("<tbody>"), page.indexOf("</tbody>"));
  return [...body.matchAll(/<tr[^>]*data-item-id[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => plain(cell[1]!.replace(/<[^>]+>/g, "")).trim()),
  );
}

async function workbookOf(response: Response): Promise<ExcelJS.Workbook> {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
}

const sheetRows = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
};

/** Czech numbers group digits with a (narrow) no-break space: compared as a plain one. */
const text = (value: string) => value.replace(/[\u00a0\u202f]/g, " ");
const plain = text;

describe("GET /warehouse/:id", () => {
  test("lists the items with quantity, on the way, required level, the coloured scale quantity and the reorder marker", async () => {
    const page = await pageShowing(await session.page(`/warehouse/${brno}`), 200, ">Sklad Brno</h1>", "Množství dle vah", "Stáhnout do Excelu", `href="/warehouse/export?id=${brno}&amp;sort=product%2Casc"`, "category-tree-picker");
    const rows = pageRows(page);
    expect(rows.map((row) => row[0])).toEqual(["Křídlo brány", "Lamela Řehoř", "Sloupek 60×60"]);
    // 12 600 g / 1 250 g = 10 on the scales, 14 booked beyond the tolerance of 2: red; 14 + 1 < 20: reorder.
    expect(rows[2]!.slice(0, 5)).toEqual(["Sloupek 60×60", "14", "1", "20", "10"]);
    expect(page).toContain('data-scale-colour="red"');
    expect(text(rows[1]![1]!)).toBe("1 234,5");
    // No scale attached: the scale quantity is blank, not 0.
    expect(rows[0]!.slice(0, 5)).toEqual(["Křídlo brány", "2", "0", "0", ""]);
    expect(rows[1]![4]).toBe("");
    const sloupekRow = page.slice(page.indexOf(`data-item-id="${sloupekItem}"`));
    expect(sloupekRow.slice(0, sloupekRow.indexOf("</tr>"))).toContain('class="reorder-marker"');
    expect(page).toContain(`href="/warehouse/warehouseItem/${sloupekItem}"`);
  });

  test("filters by category and name, sorts and pages; the table alone for its htmx requests", async () => {
    expect(pageRows(await (await session.page(`/warehouse/${brno}?categories=${ploty}`)).text()).map((row) => row[0])).toEqual(["Lamela Řehoř", "Sloupek 60×60"]);
    expect(pageRows(await (await session.page(`/warehouse/${brno}?product=reho`)).text()).map((row) => row[0])).toEqual(["Lamela Řehoř"]);
    expect(pageRows(await (await session.page(`/warehouse/${brno}?sort=quantity,desc`)).text()).map((row) => text(row[1]!))).toEqual(["1 234,5", "14", "2"]);
    const second = await session.page(`/warehouse/${praha}?page=2&size=20`, { headers: { "HX-Request": "true", "HX-Target": "warehouse-items" } });
    const fragment = await pageShowing(second, 200, "Strana 2 z 2");
    expect(fragment).not.toContain("<html");
    expect(pageRows(fragment).map((row) => row[0])).toEqual(["Díl 21", "Díl 22", "Díl 23", "Díl 24", "Díl 25"]);
    // The download button comes along out of band: it holds what the table now shows.
    const filtered = await session.page(`/warehouse/${brno}?categories=${ploty}&sort=quantity,desc`, { headers: { "HX-Request": "true", "HX-Target": "warehouse-items" } });
    const withLink = await pageShowing(filtered, 200);
    expect(withLink).toContain(`<a id="warehouse-export-link" class="button button-primary" href="/warehouse/export?id=${brno}&amp;categories=${ploty}&amp;sort=quantity%2Cdesc" download="" data-download="xlsx" data-export="warehouse" hx-swap-oob="true">`);
  });

  test("an unknown warehouse is 404; a NUL in a filter is refused", async () => {
    expect((await session.page("/warehouse/999999")).status).toBe(404);
    expect((await session.page(`/warehouse/${brno}?product=a%00b`)).status).toBe(422);
  });
});

describe("the item edit", () => {
  test("shows the read-only id, product and quantity, the fields and the scale info box", async () => {
    const page = plain(await pageShowing(await session.page(`/warehouse/warehouseItem/${sloupekItem}`), 200, "Skladová položka", "Sloupek 60×60", "Regál 1", "701", "23.11.2026", "Tolerance vah (ks)"));
    expect(page).toContain("12 600");
    expect(page).toContain('name="onTheWay"');
    expect(page).toContain('name="requiredStockLevel"');
    expect(page).toMatch(/<select[^>]*name="rackScales"[^>]*multiple/);
    expect(page).not.toContain('name="quantity"');
    expect(page).toContain('id="scale-info-quantity"');
    // An item without a scale: the info box's scale quantity is blank.
    const lamelaPage = await pageShowing(await session.page(`/warehouse/warehouseItem/${lamelaItem}`), 200);
    expect(lamelaPage).toMatch(/<dd id="scale-info-quantity"[^>]*>\s*<\/dd>/);
  });

  test("a form post saves on the way, required level and scales; a bad number re-renders with 422", async () => {
    const saved = await session.page(`/warehouse/warehouseItem/${lamelaItem}`, { form: { warehouse: String(brno), onTheWay: "10,5", requiredStockLevel: "1300", rackScales: String(scale) } });
    expect(saved.status).toBe(303);
    await afterRedirect(session, saved);
    const { data } = await okJson(await session.api(`/api/warehouse/warehouseItem/${lamelaItem}`));
    expect(data).toMatchObject({ onTheWay: 10.5, requiredStockLevel: 1300, quantity: 1234.5, reorder: true, rackScales: [{ id: scale, extId: 701 }] });
    const refused = await session.page(`/warehouse/warehouseItem/${lamelaItem}`, { form: { warehouse: String(brno), onTheWay: "-1", requiredStockLevel: "" } });
    const again = await pageShowing(refused, 422, "Formulář není vyplněn správně");
    expect(again).toMatch(/id="field-onTheWay-error" class="field-error" role="alert">[^<]+</);
  });

  test("opened from a filtered, sorted page, Back and a save lead to that page; a back to elsewhere is ignored", async () => {
    const listed = await (await session.page(`/warehouse/${brno}?categories=${ploty}&sort=quantity,desc`)).text();
    const back = `/warehouse/${brno}?categories=${ploty}&sort=quantity%2Cdesc`;
    const itemHref = `/warehouse/warehouseItem/${lamelaItem}?back=${encodeURIComponent(back)}`;
    expect(listed).toContain(`href="${itemHref.replaceAll("&", "&amp;")}"`);
    // The default view's links carry nothing.
    expect(await (await session.page(`/warehouse/${brno}`)).text()).toContain(`href="/warehouse/warehouseItem/${lamelaItem}"`);
    const item = await (await session.page(itemHref)).text();
    expect(item).toContain(`<a class="button" href="${back.replaceAll("&", "&amp;")}">Zpět</a>`);
    // The values the save before left, so the exports below see the same stock.
    const saved = await session.page(itemHref, { form: { warehouse: String(brno), onTheWay: "10,5", requiredStockLevel: "1300", rackScales: String(scale) } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(itemHref);
    for (const elsewhere of ["https://evil.example/", "//evil.example/", `/warehouse/${praha}?x=1`, "/index"]) {
      const page = await (await session.page(`/warehouse/warehouseItem/${lamelaItem}?back=${encodeURIComponent(elsewhere)}`)).text();
      expect(page).toContain(`<a class="button" href="/warehouse/${brno}">Zpět</a>`);
    }
  });

  test("the API: PUT 200, a changed quantity 422, a missing item 404, and a session is needed", async () => {
    const path = `/api/warehouse/warehouseItem/${sloupekItem}`;
    const ok = await okJson(await session.api(path, { method: "PUT", json: { warehouse: brno, onTheWay: 6, requiredStockLevel: 20, rackScales: [scale], quantity: 14 } }));
    expect(ok.data).toMatchObject({ onTheWay: 6, reorder: false });
    const changed = await session.api(path, { method: "PUT", json: { warehouse: brno, onTheWay: 6, requiredStockLevel: 20, quantity: 15 } });
    expect(changed.status).toBe(422);
    expect((await json(changed)).fields).toEqual({ quantity: "Množství nelze upravit: mění ho jen výroba, inventura a převod" });
    expect((await session.api("/api/warehouse/warehouseItem/999999")).status).toBe(404);
    expect((await session.api("/api/warehouse/warehouseItem/999999", { method: "PUT", json: { warehouse: brno, onTheWay: 0, requiredStockLevel: 0 } })).status).toBe(404);
    expect((await t.current.request(path)).status).toBe(401);
    expect((await t.current.request(`/warehouse/warehouseItem/${sloupekItem}`)).status).toBe(302);
    expect((await t.current.request(`/warehouse/${brno}`)).status).toBe(302);
  });

  test("POST /api/warehouseItems/byWarehouse answers every item with its scale quantity", async () => {
    const { data } = await okJson(await session.api("/api/warehouseItems/byWarehouse", { method: "POST", json: { id: brno } }));
    expect(data.map((row: { product: { name: string } }) => row.product.name)).toEqual(["Křídlo brány", "Lamela Řehoř", "Sloupek 60×60"]);
    expect(data[2]).toMatchObject({ quantity: 14, scaleQuantity: 10, scaleColour: "red" });
    expect((await session.api("/api/warehouseItems/byWarehouse", { method: "POST", json: { id: "x" } })).status).toBe(422);
  });
});

describe("the exports", () => {
  test("GET /warehouse/export?id= read back equals the page, filters and order included", async () => {
    for (const query of ["", `&categories=${ploty}&sort=quantity,desc`]) {
      const page = await (await session.page(`/warehouse/${brno}?size=500${query}`)).text();
      const workbook = await workbookOf(await session.page(`/warehouse/export?id=${brno}${query}`));
      const sheet = workbook.worksheets[0]!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["Id produktu", "Produkt", "Množství", "Na cestě", "Požadovaná zásoba", "Množství dle vah", "Doobjednat", "Parametry"]);
      const fromSheet = sheetRows(sheet).map((row) => [row[1], ...[row[2], row[3], row[4]].map((value) => text(formatDecimal(value as number, "cs", 3))), row[5] === undefined ? "" : String(row[5])]);
      const fromPage = pageRows(page).map((row) => row.slice(0, 5));
      // No scale: an empty cell, as on the page (the unfiltered page holds such an item).
      if (query === "") expect(fromPage.some((row) => row[4] === "")).toBe(true);
      expect(fromSheet).toEqual(fromPage);
      // The reorder column marks exactly the rows the page marks.
      const marked = [...page.matchAll(/data-item-id="\d+" data-reorder="true"/g)].length;
      expect(marked).toBeGreaterThan(0);
      expect(sheetRows(sheet).filter((row) => row[6] === "Ano")).toHaveLength(marked);
      expect(typeof sheetRows(sheet)[0]![2]).toBe("number");
    }
  });

  test("POST /warehouse/exportToExcel: all warehouses, a sheet each; or the one chosen; the panel is on the selection page", async () => {
    await pageShowing(await session.page("/warehouse/selectWarehouse"), 200, 'action="/warehouse/exportToExcel"', "Všechny sklady");
    const all = await workbookOf(await session.page("/warehouse/exportToExcel", { form: { warehouse: "" } }));
    expect(all.worksheets.map((sheet) => sheet.name)).toEqual([`${brno} Sklad Brno`, `${praha} Sklad Praha`]);
    expect(sheetRows(all.worksheets[1]!)).toHaveLength(25);
    const one = await workbookOf(await session.page("/warehouse/exportToExcel", { form: { warehouse: String(praha) } }));
    expect(one.worksheets.map((sheet) => sheet.name)).toEqual([`${praha} Sklad Praha`]);
    const api = await workbookOf(await session.api("/api/warehouse/exportToExcel", { method: "POST", json: { warehouse: brno } }));
    expect(sheetRows(api.worksheets[0]!)).toHaveLength(3);
    expect((await session.page("/warehouse/exportToExcel", { form: { warehouse: "999999" } })).status).toBe(404);
  });

  test("GET /warehouse/exportToExcelManufacture?id= lists what to make: required − quantity − on the way", async () => {
    const sheet = (await workbookOf(await session.page(`/warehouse/exportToExcelManufacture?id=${brno}`))).worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["Id produktu", "Produkt", "Množství", "Na cestě", "Požadovaná zásoba", "Vyrobit"]);
    const rows = sheetRows(sheet);
    // Only the lamela falls short: 1 300 − 1 234,5 − 10,5 = 55.
    expect(rows.map((row) => [row[1], row[5]])).toEqual([["Lamela Řehoř", 55]]);
    for (const row of rows) expect(row[5]).toBe((row[4] as number) - (row[2] as number) - (row[3] as number));
    expect(rows.every((row) => (row[5] as number) > 0)).toBe(true);
    expect((await session.page("/warehouse/exportToExcelManufacture?id=abc")).status).toBe(422);
    expect((await t.current.request(`/warehouse/export?id=${brno}`)).status).toBe(302);
  });
});
