import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import type { AppEnv } from "@/lib/hono-env";
import { rackScaleService, warehouseService } from "./service";

/** Warehouses, warehouse selection and rack scales: /warehouse/* and their APIs. Mounted at /api. */
export const warehouseApi = new Hono<AppEnv>();
// docs/domain.md#warehouse: Warehouse CRUD /warehouse; rack scales /warehouseRackScale (list all: size=9999).
warehouseApi.route("/warehouse", crudApi(warehouseService));
warehouseApi.route("/warehouseRackScale", crudApi(rackScaleService));
