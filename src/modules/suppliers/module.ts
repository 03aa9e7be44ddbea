import { defineModule, routes } from "@/lib/http/module";
import { suppliersApi } from "./api";
import { supplierOrderPages } from "./orders/pages";
import { supplierPages } from "./supplier/pages";

/** Suppliers and supplier orders (spec 02 §7). */
export const suppliersModule = defineModule({ name: "suppliers", api: suppliersApi, pages: routes(["/", supplierPages], ["/", supplierOrderPages]) });
