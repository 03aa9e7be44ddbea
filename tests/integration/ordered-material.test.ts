/**
 * Ordered material (issue 11 §4) over HTTP: the page (the orders with their checkboxes, the summed
 * cut list with the orders each line comes from), the narrowing by `orders`, the xlsx and the API.
 * The sums themselves are proven with concrete numbers in src/modules/orders/ordered-material/service.test.ts.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { json, type Session, useTestApp } from "../helpers/app";
import { createFenceCategory, createFenceOrderWithItems, createFenceProduct, FENCE_1_PARAMETERS, fence1Item } from "../helpers/factories";
import { okJson, pageShowing } from "./support";

const t = useTestApp();
let session: Session;
let confirmed: number;
let offer: number;
const PATH = "/orders/fenceOrder/orderedMaterial";

beforeAll(async () => {
  session = await t.current.login();
  const category = await createFenceCategory(t.current.ctx.db);
  const lamela = await createFenceProduct(t.current.ctx.db, category, FENCE_1_PARAMETERS, { name: "Plot Lamela Řehoř" });
  confirmed = (await createFenceOrderWithItems(t.current.ctx, { order: { orderDate: "2026-11-02", lastName: "Šťastný" }, items: [fence1Item(lamela)], otherItems: [] })).id;
  offer = (await createFenceOrderWithItems(t.current.ctx, { order: { lastName: "Nabídková" }, items: [fence1Item(lamela)], otherItems: [] })).id;
});

describe("GET /orders/fenceOrder/orderedMaterial", () => {
  test("lists the confirmed order with a ticked checkbox and its material: 84 slats of FENCE-1, 207,984 running metres, from the order", async () => {
    const response = await session.page(PATH);
    const html = await pageShowing(response, 200, "Objednaný materiál", "Seznam materiálu", "Šťastný", "Plot Lamela Řehoř – lamela", "RAL 7016", "207,984", "Vyplnit seznam materiálu", `href="${PATH}/export.xlsx"`);
    expect(html).toContain(`name="orders" checked="" value="${confirmed}"`);
    expect(html).not.toContain("Nabídková");
    expect(html).not.toContain(`value="${offer}"`);
    const slatRow = html.slice(html.indexOf('data-component="slat"'));
    expect(slatRow.slice(0, slatRow.indexOf("</tr>"))).toContain(`href="/orders/fenceOrder/${confirmed}?tab=1"`);
    expect(slatRow.slice(0, slatRow.indexOf("</tr>"))).toContain(">84<");
  });

  test("narrowed to no confirmed order, the list is empty and the export link keeps the choice; English in English", async () => {
    const html = await pageShowing(await session.page(`${PATH}?orders=${offer}`), 200, "Vybrané zakázky nemají žádný materiál.");
    expect(html).toContain(`name="orders" value="${confirmed}"`);
    expect(html).toContain(`href="${PATH}/export.xlsx?orders="`);
    await pageShowing(await session.page(PATH, { headers: { "Accept-Language": "en" } }), 200);
  });

  test("a bad id is refused with the field named and nothing summed", async () => {
    expect((await session.page(`${PATH}?orders=abc`)).status).toBe(422);
    const response = await session.api(`/api${PATH}?orders=abc`);
    expect(response.status).toBe(422);
    expect((await json(response)).status).toBe("fail");
  });
});

describe("the API and the xlsx", () => {
  test("GET /api/orders/fenceOrder/orderedMaterial answers the orders and the lines", async () => {
    const { data } = await okJson(await session.api(`/api${PATH}`));
    expect(data.orders.map((order: { id: number }) => order.id)).toEqual([confirmed]);
    expect(data.lines.find((line: { component: string }) => line.component === "slat")).toMatchObject({ amount: 84, runningMeters: 207.984, color: "RAL 7016", sources: [[confirmed, 84]] });
  });

  test("the xlsx is a real workbook: Czech headers, a row per line with numbers as numbers, the total in bold", async () => {
    const response = await session.page(`${PATH}/export.xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="objednany-material.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Id produktu", "Název", "Barva", "Množství (ks)", "Běžné metry", "Zakázky (ks)"]);
    const slat = sheet.getRow(2).values as unknown[];
    expect(slat.slice(2)).toEqual(["Plot Lamela Řehoř – lamela", "RAL 7016", 84, 207.984, `${confirmed} (84)`]);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.font?.bold).toBe(true);
    expect(last.getCell(4).value).toBe(84 + 6 + 6 + 12);
  });

  test("a session is needed", async () => {
    expect((await t.current.request(`/api${PATH}`)).status).toBe(401);
    expect((await t.current.request(`${PATH}/export.xlsx`)).status).toBe(302);
  });
});
