import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import { isRowId } from "@/lib/crud/service";
import { AppError } from "@/lib/errors";
import type { AppEnv } from "@/lib/hono-env";
import { warehouseBarcodePng } from "./barcode.service";
import { rackScaleService, warehouseService } from "./service";

/** Warehouses, warehouse selection and rack scales: /warehouse/* and their APIs. Mounted at /api. */
export const warehouseApi = new Hono<AppEnv>();

/**
 * docs/domain.md#warehouse: `GET /api/warehouse/barcode?id={id}`, a Code 128 PNG of `W<id>` (the work types'
 * shape). Declared before the CRUD routes so `barcode` is never read as an id.
 */
warehouseApi.get("/warehouse/barcode", async (c) => {
  const raw = c.req.query("id")?.trim() ?? "";
  if (!/^\d+$/.test(raw)) throw AppError.error("BAD_REQUEST");
  const id = Number(raw);
  if (!isRowId(id)) throw AppError.notFound();
  const png = await warehouseBarcodePng({ ctx: c.get("ctx"), input: { id } });
  c.header("Content-Type", "image/png");
  c.header("Content-Length", String(png.byteLength));
  // The code of an id never changes; a deleted warehouse's image may linger in a cache briefly.
  c.header("Cache-Control", "private, max-age=3600");
  return c.body(png as Uint8Array<ArrayBuffer>, 200);
});

// docs/domain.md#warehouse: Warehouse CRUD /warehouse; rack scales /warehouseRackScale (list all: size=9999).
warehouseApi.route("/warehouse", crudApi(warehouseService));
warehouseApi.route("/warehouseRackScale", crudApi(rackScaleService));
