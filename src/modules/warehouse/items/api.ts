/** The warehouse items' JSON API (docs/domain.md#warehouse-page, docs/domain.md#warehouse-item): a warehouse's items, one item's read and edit, and the xlsx exports. Mounted at /api. */
import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { idParam, jsonBody } from "@/lib/http/request";
import { XLSX_MIME } from "@/lib/xlsx/sheet";
import { exportManufactureXlsx, exportStockXlsx, exportWarehouseXlsx, type XlsxFile } from "./export";
import { getWarehouseItem, updateWarehouseItem, warehouseItemsByWarehouse } from "./service";

export const warehouseItemApi = new Hono<AppEnv>();

const xlsx = (c: AppContext, file: XlsxFile) => sendFile(c, { bytes: file.bytes, contentType: XLSX_MIME, fileName: file.fileName, disposition: "attachment" });

/** POST /api/warehouseItems/byWarehouse {id}: every item of the warehouse with its scale quantity, colour and reorder mark. */
warehouseItemApi.post("/warehouseItems/byWarehouse", async (c) => c.json(success(await warehouseItemsByWarehouse({ ctx: c.get("ctx"), input: await jsonBody(c) }))));

warehouseItemApi.get("/warehouse/warehouseItem/:id{[0-9]+}", async (c) => c.json(success(await getWarehouseItem({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));

/** PUT: warehouse, onTheWay, requiredStockLevel, rackScales; a changed quantity is refused (422). */
warehouseItemApi.put("/warehouse/warehouseItem/:id{[0-9]+}", async (c) =>
  c.json(success(await updateWarehouseItem({ ctx: c.get("ctx"), input: { id: idParam(c), values: await jsonBody(c) } }))),
);

/** POST /api/warehouse/exportToExcel {warehouse?}: the xlsx blob, one warehouse or all (an empty body is all). */
warehouseItemApi.post("/warehouse/exportToExcel", async (c) => {
  const input = (c.req.header("Content-Length") ?? "0") === "0" ? {} : await jsonBody(c);
  return xlsx(c, await exportStockXlsx({ ctx: c.get("ctx"), input }));
});
warehouseItemApi.get("/warehouse/export", async (c) => xlsx(c, await exportWarehouseXlsx({ ctx: c.get("ctx"), input: { query: { id: c.req.query("id") } } })));
warehouseItemApi.get("/warehouse/exportToExcelManufacture", async (c) => xlsx(c, await exportManufactureXlsx({ ctx: c.get("ctx"), input: { id: c.req.query("id") } })));
