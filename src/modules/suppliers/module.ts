import { defineModule, routes } from "@/lib/http/module";
import { suppliersApi } from "./api";
import { supplierOrderPages } from "./orders/pages";
import { supplierPages } from "./supplier/pages";

/** Suppliers and supplier orders (docs/domain.md#suppliers). */
export const suppliersModule = defineModule({ name: "suppliers", api: suppliersApi, pages: routes(["/", supplierPages], ["/", supplierOrderPages]) });
