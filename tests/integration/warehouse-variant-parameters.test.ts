/**
 * Variant parameters in stock (docs/domain.md#warehouse-page, #warehouse-item): a warehouse item of a manufactured
 * variant shows its creation values (length, colour, height …) on the warehouse page (a column, filtered by a
 * text in them), on the item page, in the API's `parameters` and in the xlsx, read back with exceljs.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { categoryParameters, productParameterValues, products } from "@db/schema";
import { variantKeyOf } from "@/modules/orders/fence-item/creation";
import { json, type Session, useTestApp } from "../helpers/app";
import { createProduct, createWarehouse, createWarehouseItem } from "../helpers/factories";

const t = useTestApp();
let session: Session;
let warehouse: number;
let variantItem: number;
let plainItem: number;
const ids = { length: 0, colour: 0, height: 0, base: 0, variant: 0, other: 0 };

beforeAll(async () => {
  session = await t.current.login();
  const { ctx } = t.current;
  const db = ctx.db;
  const parameter = async (name: string, unit: string) =>
    (await db.insert(categoryParameters).values({ name, unit, creationParameter: true, titleAppending: true }).returning({ id: categoryParameters.id }))[0]!.id;
  ids.length = await parameter("Délka", "mm");
  ids.colour = await parameter("Barva", "");
  ids.height = await parameter("Výška", "m");
  ids.base = await createProduct(db, { name: "Plotové pole Lípa" });
  const variant = async (values: { id: number; value: string }[], name: string) => {
    const [row] = await db.insert(products).values({ name, baseProductId: ids.base, variantKey: variantKeyOf(values) }).returning({ id: products.id });
    await db.insert(productParameterValues).values(values.map(({ id, value }) => ({ productId: row!.id, parameterId: id, value })));
    return row!.id;
  };
  ids.variant = await variant([{ id: ids.length, value: "2000" }, { id: ids.colour, value: "RAL 7016" }, { id: ids.height, value: "1.5" }], "Plotové pole Lípa 2000 mm RAL 7016 1,5 m");
  ids.other = await variant([{ id: ids.length, value: "2500" }, { id: ids.colour, value: "RAL 6005" }], "Plotové pole Lípa 2500 mm RAL 6005");
  warehouse = await createWarehouse(ctx, { name: "Sklad variant" });
  variantItem = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: ids.variant, quantity: 4 });
  await createWarehouseItem(ctx, { warehouseId: warehouse, productId: ids.other, quantity: 2 });
  plainItem = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: ids.base, quantity: 7 });
});

const SHOWN = "Délka 2000 mm, Barva RAL 7016, Výška 1,5 m";

/** The page's rows: [name, parameters] from the first and the last cell. */
function pageRows(page: string): [string, string][] {
  const body = page.slice(page.indexOf("<tbody>"), page.indexOf("</tbody>"));
  return [...body.matchAll(/<tr[^>]*data-item-id[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => {
    const cells = [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").trim());
    return [cells[0]!, cells[cells.length - 1]!];
  });
}

describe("the warehouse page", () => {
  test("a variant's values in the Parametry column (decimal comma in Czech); a plain product's cell is empty", async () => {
    const page = await (await session.page(`/warehouse/${warehouse}`)).text();
    expect(page).toContain(">Parametry<");
    expect(pageRows(page)).toEqual([
      ["Plotové pole Lípa", ""],
      ["Plotové pole Lípa 2000 mm RAL 7016 1,5 m", SHOWN],
      ["Plotové pole Lípa 2500 mm RAL 6005", "Délka 2500 mm, Barva RAL 6005"],
    ]);
  });

  test("filters by a text in the values, with the parameter's name or unit, any case; the export link keeps the filter", async () => {
    const names = async (query: string) => pageRows(await (await session.page(`/warehouse/${warehouse}?parameters=${encodeURIComponent(query)}`)).text()).map(([name]) => name);
    expect(await names("7016")).toEqual(["Plotové pole Lípa 2000 mm RAL 7016 1,5 m"]);
    expect(await names("ral 6005")).toEqual(["Plotové pole Lípa 2500 mm RAL 6005"]);
    expect(await names("Délka 2")).toEqual(["Plotové pole Lípa 2000 mm RAL 7016 1,5 m", "Plotové pole Lípa 2500 mm RAL 6005"]);
    expect(await names("2500 mm")).toEqual(["Plotové pole Lípa 2500 mm RAL 6005"]);
    expect(await names("Výška")).toEqual(["Plotové pole Lípa 2000 mm RAL 7016 1,5 m"]);
    // The JSON the values are kept in never matches: not its brackets, not a parameter's id.
    expect(await names("[[")).toEqual([]);
    expect(await names("100%")).toEqual([]);
    const page = await (await session.page(`/warehouse/${warehouse}?parameters=7016`)).text();
    expect(page).toContain("Strana 1 z 1");
    expect(page).toContain(`href="/warehouse/export?id=${warehouse}&amp;parameters=7016&amp;sort=product%2Casc"`);
  });
});

describe("the item page and the API", () => {
  test("the item page shows the values read-only; a plain product's has no such field", async () => {
    const page = await (await session.page(`/warehouse/warehouseItem/${variantItem}`)).text();
    expect(page).toContain(`id="field-parameters" type="text" aria-label="Parametry" readOnly="" disabled="" value="${SHOWN}"`);
    expect(await (await session.page(`/warehouse/warehouseItem/${plainItem}`)).text()).not.toContain('id="field-parameters"');
  });

  test("GET /api/warehouse/warehouseItem/:id and POST /api/warehouseItems/byWarehouse carry `parameters`", async () => {
    const expected = [
      { id: ids.length, name: "Délka", unit: "mm", value: "2000" },
      { id: ids.colour, name: "Barva", unit: "", value: "RAL 7016" },
      { id: ids.height, name: "Výška", unit: "m", value: "1.5" },
    ];
    expect((await json(await session.api(`/api/warehouse/warehouseItem/${variantItem}`))).data.parameters).toEqual(expected);
    expect((await json(await session.api(`/api/warehouse/warehouseItem/${plainItem}`))).data.parameters).toEqual([]);
    const { data } = await json(await session.api("/api/warehouseItems/byWarehouse", { method: "POST", json: { id: warehouse } }));
    expect(data.map((row: { parameters: unknown[] }) => row.parameters.length)).toEqual([0, 3, 2]);
    expect(data[1].parameters).toEqual(expected);
  });
});

describe("the xlsx", () => {
  test("GET /warehouse/export?id= holds a Parametry column with the values, filtered as the page", async () => {
    const read = async (query: string) => {
      const response = await session.page(`/warehouse/export?id=${warehouse}${query}`);
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const column = header.indexOf("Parametry") + 1;
      expect(column).toBeGreaterThan(0);
      const rows: [unknown, unknown][] = [];
      sheet.eachRow((row, index) => {
        if (index > 1) rows.push([row.getCell(2).value, row.getCell(column).value ?? ""]);
      });
      return rows;
    };
    expect(await read("")).toEqual([
      ["Plotové pole Lípa", ""],
      ["Plotové pole Lípa 2000 mm RAL 7016 1,5 m", SHOWN],
      ["Plotové pole Lípa 2500 mm RAL 6005", "Délka 2500 mm, Barva RAL 6005"],
    ]);
    expect(await read("&parameters=7016")).toEqual([["Plotové pole Lípa 2000 mm RAL 7016 1,5 m", SHOWN]]);
  });
});
