/**
 * The transfer log over HTTP (docs/domain.md#transfer-log): the transfer log page (columns, pastel rows by log group, filters, paging,
 * one operation by `?logGroup=`), GET /api/warehouseTransferLog, and the session guard.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { json, type Session, useTestApp } from "../helpers/app";
import { createProduct, createTransferLog, createUser, createWarehouse } from "../helpers/factories";
import { logGroupColour, logGroupMark } from "@/modules/warehouse/transfer-log/schemas";
import { okJson, pageShowing } from "./support";

const t = useTestApp();
const PATH = "/warehouse/warehouseTransferLog";
let session: Session;
let brno: number;
let praha: number;
let sloupek: number;
let worker: number;

/** The rows' ids in the page's order. */
const rowIds = (page: string) => [...page.matchAll(/<tr[^>]*data-log-group="[^"]*"[^>]*>\s*<td[^>]*>(\d+)<\/td>/g)].map((match) => Number(match[1]));

beforeAll(async () => {
  session = await t.current.login();
  const ctx = t.current.ctx;
  worker = (await createUser(ctx, { firstName: "Karel", lastName: "Skladník" })).id;
  brno = await createWarehouse(ctx, { name: "Brno" });
  praha = await createWarehouse(ctx, { name: "Praha" });
  sloupek = await createProduct(ctx.db, { name: "Sloupek" });
  const lamela = await createProduct(ctx.db, { name: "Lamela" });
  await createTransferLog(ctx, { productId: sloupek, transferType: "INVENTORY_IN", quantity: 10, logGroup: "inv-1", targetWarehouseId: brno, userId: worker, createdAt: new Date("2026-11-10T08:00:00Z") });
  await createTransferLog(ctx, { productId: sloupek, transferType: "TRANSFER", quantity: 4, logGroup: "move-7", sourceWarehouseId: brno, targetWarehouseId: praha, userId: worker, createdAt: new Date("2026-11-12T08:00:00Z") });
  await createTransferLog(ctx, { productId: lamela, transferType: "TRANSFER", quantity: "2.5", logGroup: "move-7", sourceWarehouseId: brno, targetWarehouseId: praha, userId: worker, createdAt: new Date("2026-11-12T08:00:00Z") });
  for (let i = 0; i < 60; i++) {
    await createTransferLog(ctx, { productId: lamela, transferType: "PRODUCTION_IN", quantity: 1, logGroup: `prod-${i}`, targetWarehouseId: praha, userId: null, createdAt: new Date(Date.UTC(2026, 10, 20, 8, i)) });
  }
});

describe("GET /warehouse/warehouseTransferLog", () => {
  test("shows the columns, the newest first, each row in its log group's pastel, 50 a page", async () => {
    const page = await pageShowing(await session.page(`${PATH}?size=50`), 200, "Pohyby ve skladech", "Cílový sklad", "Zdrojový sklad", "Typ pohybu", "Uživatel", "Skupina", "Výroba – vyrobeno", "Strana 1 z 2", "Celkem 63");
    expect(rowIds(page)).toHaveLength(50);
    expect(page).toContain(`data-log-group="prod-59"`);
    expect(page).toContain(`background-color:${logGroupColour("prod-59")}`);
    const second = await session.page(`${PATH}?page=2&size=50`);
    const rows = await pageShowing(second, 200, "Karel Skladník", "Inventura – příjem", "2,5", `href="${PATH}?logGroup=move-7"`);
    expect(rowIds(rows)).toHaveLength(13);
  });

  test("filters by dates, warehouse, product, type and user; a log group shows the whole operation", async () => {
    const ids = async (query: string) => rowIds(await (await session.page(`${PATH}?${query}`)).text());
    expect(await ids("from=10.11.2026&to=12.11.2026")).toHaveLength(3);
    expect(await ids(`warehouse=${brno}`)).toHaveLength(3);
    expect(await ids(`product=${sloupek}`)).toHaveLength(2);
    expect(await ids("type=TRANSFER")).toHaveLength(2);
    expect(await ids(`user=${worker}`)).toHaveLength(3);
    const group = await pageShowing(await session.page(`${PATH}?logGroup=move-7`), 200, "Operace move-7", "Všechny pohyby");
    expect(rowIds(group)).toHaveLength(2);
    expect(group.match(new RegExp(`background-color:${logGroupColour("move-7").replace(/[()]/g, "\\$&")}`, "g"))).toHaveLength(2);
    // The pager keeps the filter.
    const filtered = await session.page(`${PATH}?type=PRODUCTION_IN&size=20`);
    await pageShowing(filtered, 200, `href="${PATH}?type=PRODUCTION_IN&amp;page=2"`);
  });

  test("a log group is a short coloured mark, not the 36-character id, and clicking it filters the log to that group", async () => {
    const ctx = t.current.ctx;
    const group = "3f2a9c1e-8d47-4b2a-9e61-0c5d7f3b8a21";
    const product = await createProduct(ctx.db, { name: "Branka" });
    await createTransferLog(ctx, { productId: product, transferType: "INVENTORY_IN", quantity: 3, logGroup: group, targetWarehouseId: brno, userId: worker, createdAt: new Date("2026-11-25T08:00:00Z") });
    const mark = logGroupMark(group);
    expect(mark.text).toBe("3f2a9c");
    // The same group always gets the same mark; another group its own colour.
    expect(logGroupMark(group)).toEqual(mark);
    expect(logGroupMark("move-7").colour).not.toBe(mark.colour);
    const page = await pageShowing(await session.page(PATH), 200);
    const cell = page.match(new RegExp(`<a href="${PATH}\\?logGroup=${group}" class="log-group-mark"[^>]*>(.*?)</a>`))?.[0] ?? "";
    expect(cell).toContain(`>${mark.text}<`);
    expect(cell).toContain(`background-color:${mark.colour}`);
    // The full id is in the link's title (hover, screen readers), never as the cell's text.
    expect(cell).toContain(`title="Zobrazit celou operaci ${group}"`);
    expect(page).not.toMatch(new RegExp(`>${group}<`));
    // The filter is in the URL: the group's page shows its rows only, its title the short mark.
    const filtered = await pageShowing(await session.page(`${PATH}?logGroup=${group}`), 200, `Operace ${mark.text}`, "Všechny pohyby", "Branka");
    expect(rowIds(filtered)).toHaveLength(1);
  });

  test("a bad filter answers 422 with the page again: the message at its field, the typed text kept, the other filters applied; a session is needed", async () => {
    const page = await pageShowing(await session.page(`${PATH}?from=32.13.2026&type=TRANSFER`), 422, "Pohyby ve skladech", 'value="32.13.2026"');
    expect(page).toMatch(/<small id="transfer-log-from-error" class="field-error" role="alert">Takové datum neexistuje<\/small>/);
    // Only the two TRANSFER rows: the type still filters, the unreadable date does not.
    expect(rowIds(page)).toHaveLength(2);
    const refused = await pageShowing(await session.page(`${PATH}?type=STOLEN&product=abc`), 422);
    expect(refused).toMatch(/id="transfer-log-type-error" class="field-error" role="alert">[^<]+</);
    expect(refused).toMatch(/id="transfer-log-product-error" class="field-error" role="alert">[^<]+</);
    expect(rowIds(refused)).toHaveLength(20);
    // To before From: said at To, not an empty log; From still applies.
    const reversed = await pageShowing(await session.page(`${PATH}?from=12.11.2026&to=10.11.2026`), 422, 'value="10.11.2026"');
    expect(reversed).toMatch(/<small id="transfer-log-to-error" class="field-error" role="alert">Datum Do je dřív než Od: nic by neodpovídalo<\/small>/);
    expect(rowIds(reversed).length).toBeGreaterThan(0);
    expect((await t.current.request(PATH)).status).toBe(302);
    expect((await t.current.request(`/api/warehouseTransferLog`)).status).toBe(401);
  });
});

describe("GET /api/warehouseTransferLog", () => {
  test("answers the rows with names and colours, and the page meta", async () => {
    const body = await okJson(await session.api(`/api/warehouseTransferLog?logGroup=move-7`));
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ transferType: "TRANSFER", sourceWarehouse: { id: brno, name: "Brno" }, targetWarehouse: { id: praha, name: "Praha" }, user: { id: worker, firstName: "Karel" }, colour: logGroupColour("move-7") });
    const refused = await session.api(`/api/warehouseTransferLog?warehouse=abc`);
    expect(refused.status).toBe(422);
    expect(Object.keys((await json(refused)).fields)).toEqual(["warehouse"]);
  });
});
