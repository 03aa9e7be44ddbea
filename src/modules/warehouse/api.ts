import { Hono } from "hono";
import { barcodePngRoute } from "@/lib/http/barcode-png";
import { crudApi } from "@/lib/http/crud-api";
import type { AppEnv } from "@/lib/hono-env";
import { warehouseBarcodePng } from "./barcode.service";
import { rackScaleService, warehouseService } from "./service";

/** Warehouses, warehouse selection and rack scales: /warehouse/* and their APIs. Mounted at /api. */
export const warehouseApi = new Hono<AppEnv>();

/**
 * docs/domain.md#warehouse: `GET /api/warehouse/barcode?id={id}`, a Code 128 PNG of `W<id>` (the work types'
 * shape). Declared before the CRUD routes so `barcode` is never read as an id.
 */
warehouseApi.get("/warehouse/barcode", barcodePngRoute(warehouseBarcodePng));

// docs/domain.md#warehouse: Warehouse CRUD /warehouse; rack scales /warehouseRackScale (list all: size=9999).
warehouseApi.route("/warehouse", crudApi(warehouseService));
warehouseApi.route("/warehouseRackScale", crudApi(rackScaleService));
