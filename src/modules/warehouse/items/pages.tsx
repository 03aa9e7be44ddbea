/** docs/domain.md#warehouse-page: the warehouse page, the warehouse item edit and the stock exports. */
import { Hono } from "hono";
import { WarehouseItemEditPage, warehouseItemFields, warehouseItemValues } from "@views/warehouse/warehouse-item-edit";
import { STOCK_TABLE_ID, StockTable, WarehouseExportLink, WarehouseStockPage } from "@views/warehouse/warehouse-stock-page";
import { formToInput, type FormValues } from "@views/components/form";
import type { TableState } from "@views/components/data-table";
import { listInputFromQuery } from "@/lib/crud/list-query";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { isHtmx } from "@/lib/http/htmx";
import { idParam } from "@/lib/http/request";
import { XLSX_MIME } from "@/lib/xlsx/sheet";
import { formState, withFormErrors } from "@/web/form-state";
import { flash, preloadLayout, renderFragment, renderPage } from "@/web/render";
import { listAllWarehouses } from "../service";
import { SPARKLINE_HOURS } from "../scale-feed/schemas";
import { readingsSince } from "../scale-feed/service";
import { exportManufactureXlsx, exportStockXlsx, exportWarehouseXlsx, type XlsxFile } from "./export";
import {
  WAREHOUSE_EXPORT_ALL_PATH,
  WAREHOUSE_EXPORT_MANUFACTURE_PATH,
  WAREHOUSE_EXPORT_PATH,
  WAREHOUSE_ITEM_FILTERS,
  WAREHOUSE_ITEM_PATH,
  type WarehouseItem,
  warehouseBackPath,
} from "./schemas";
import { getWarehouseItem, listWarehouseItems, rackScaleChoices, updateWarehouseItem } from "./service";

export const warehouseItemPages = new Hono<AppEnv>();

const FILTERS = [...WAREHOUSE_ITEM_FILTERS];

/** docs/domain.md#warehouse-page: the whole page, or only the table for the table's own htmx requests. */
warehouseItemPages.get("/warehouse/:id{[0-9]+}", async (c) => {
  const warehouseId = idParam(c);
  const list = listInputFromQuery(c.req.query(), FILTERS);
  const wholePage = !(isHtmx(c) && c.req.header("HX-Target") === STOCK_TABLE_ID);
  if (wholePage) preloadLayout(c);
  const { rows, meta, warehouse } = await listWarehouseItems({ ctx: c.get("ctx"), input: { warehouseId, list } });
  const state: TableState = { page: list.page, size: list.size, sort: meta.sort, filters: list.filters };
  if (!wholePage)
    return renderFragment(
      c,
      <>
        <StockTable warehouseId={warehouse.id} rows={rows} meta={meta} state={state} />
        <WarehouseExportLink warehouseId={warehouse.id} state={state} outOfBand />
      </>,
    );
  return renderPage(c, <WarehouseStockPage warehouse={warehouse} rows={rows} meta={meta} state={state} />);
});

/** The warehouse page the item was opened from (`?back=`), or its warehouse's page. */
const backOf = (c: AppContext, item: WarehouseItem) => warehouseBackPath(c.req.query("back"), item.warehouse.id);

async function editView(c: AppContext, item: WarehouseItem, init: { values?: FormValues; error?: AppError } = {}) {
  const ctx = c.get("ctx");
  const to = Date.now();
  const from = to - SPARKLINE_HOURS * 3_600_000;
  const [warehouses, scales, points] = await Promise.all([
    listAllWarehouses({ ctx }),
    rackScaleChoices({ ctx }),
    readingsSince({ ctx, input: { scaleIds: item.rackScales.map((scale) => scale.id), since: new Date(from) } }),
  ]);
  const fields = warehouseItemFields(c.get("t"), item, { warehouses, scales });
  const { errors, formErrors, answer } = formState(c, init.error, fields.map((field) => field.name));
  const values = init.values ? { ...init.values, id: item.id } : warehouseItemValues(item);
  return renderPage(c, <WarehouseItemEditPage item={item} fields={fields} values={values} errors={errors} formErrors={formErrors} back={backOf(c, item)} history={{ points, from, to }} />, answer);
}

/** docs/domain.md#warehouse-item. */
warehouseItemPages.get("/warehouse/warehouseItem/:id{[0-9]+}", async (c) => editView(c, await getWarehouseItem({ ctx: c.get("ctx"), input: { id: idParam(c) } })));

warehouseItemPages.post("/warehouse/warehouseItem/:id{[0-9]+}", async (c) => {
  const ctx = c.get("ctx");
  const id = idParam(c);
  const item = await getWarehouseItem({ ctx, input: { id } });
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const fields = warehouseItemFields(c.get("t"), item, { warehouses: [], scales: [] });
  return withFormErrors(
    async () => {
      const saved = await updateWarehouseItem({ ctx, input: { id, values: formToInput(fields, body) } });
      flash(c, "success", "UPDATED");
      return c.redirect(WAREHOUSE_ITEM_PATH(id, backOf(c, saved)), 303);
    },
    (error) => editView(c, item, { values: body as FormValues, error }),
  );
});

const xlsx = (c: AppContext, file: XlsxFile) => sendFile(c, { bytes: file.bytes, contentType: XLSX_MIME, fileName: file.fileName, disposition: "attachment" });

/** docs/domain.md#warehouse-exports: GET /warehouse/export?id=: one warehouse; the page's `product`, `categories` and `sort` narrow and order it as shown. */
warehouseItemPages.get(WAREHOUSE_EXPORT_PATH, async (c) => {
  const query = c.req.query();
  const view = listInputFromQuery(query, FILTERS);
  return xlsx(c, await exportWarehouseXlsx({ ctx: c.get("ctx"), input: { query: { id: query.id }, filters: view.filters, sort: view.sort } }));
});

/** docs/domain.md#warehouse-exports: GET /warehouse/exportToExcelManufacture?id=. */
warehouseItemPages.get(WAREHOUSE_EXPORT_MANUFACTURE_PATH, async (c) => xlsx(c, await exportManufactureXlsx({ ctx: c.get("ctx"), input: { id: c.req.query("id") } })));

/** docs/domain.md#warehouse-exports: POST /warehouse/exportToExcel: the export panel of the warehouse selection (one warehouse, or all). */
warehouseItemPages.post(WAREHOUSE_EXPORT_ALL_PATH, async (c) => {
  const body = await c.req.parseBody();
  const warehouse = typeof body.warehouse === "string" ? body.warehouse : undefined;
  return xlsx(c, await exportStockXlsx({ ctx: c.get("ctx"), input: { warehouse } }));
});
