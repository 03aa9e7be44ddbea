import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { crudApi } from "@/lib/http/crud-api";
import { idParam } from "@/lib/http/request";
import { customerDocuments, customerService } from "./service";

/**
 * /api/orders/customers (docs/domain.md#customers): generic CRUD of the directory (list with
 * filters name, lastName, company, ico, phone, email, city); GET :id/documents → the customer's
 * orders and their invoices.
 */
export const customerApi = new Hono<AppEnv>();
customerApi.get("/:id{[0-9]+}/documents", async (c) => c.json(success(await customerDocuments({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
customerApi.route("/", crudApi(customerService));
