import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { idParam, jsonBody } from "@/lib/http/request";
import { exportSupplierOrderXlsx, xlsxResponse } from "./orders/export";
import { createOrderFromBasket, getSupplierOrderDetail, supplierOrderService } from "./orders/service";
import { supplierService } from "./supplier/service";

/**
 * Suppliers and supplier orders (docs/domain.md#suppliers). Mounted at /api.
 * - /suppliers/supplier: generic CRUD; deleting a supplier with orders answers fail.
 * - /suppliers/orders: generic CRUD of the header (name, supplier, note); GET :id also carries the lines;
 *   POST /fromBasket {supplier, name?, clearBasket?} → 201 with the new id; GET :id/export → the xlsx.
 */
export const suppliersApi = new Hono<AppEnv>();
suppliersApi.route("/suppliers/supplier", crudApi(supplierService));
// Registered ahead of the generic routes of the same path, so these answer first.
suppliersApi.post("/suppliers/orders/fromBasket", async (c) =>
  c.json(success(await createOrderFromBasket({ ctx: c.get("ctx"), input: await jsonBody(c) })), 201),
);
suppliersApi.get("/suppliers/orders/:id{[0-9]+}", async (c) => c.json(success(await getSupplierOrderDetail({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
suppliersApi.get("/suppliers/orders/:id{[0-9]+}/export", async (c) =>
  xlsxResponse(c, await exportSupplierOrderXlsx({ ctx: c.get("ctx"), input: { id: idParam(c) } })),
);
suppliersApi.route("/suppliers/orders", crudApi(supplierOrderService));
