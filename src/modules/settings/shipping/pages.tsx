import { langOf } from "@/lib/i18n";
import { idColumn, nameColumn, idField, nameField } from "@/web/crud/columns";
import { crudPages } from "@/web/crud/pages";
import { formatMoney } from "@/lib/money";
import { shippingService } from "./service";

export const shippingPages = crudPages({
  path: "/settings/shipping",
  i18n: "shipping",
  service: shippingService,
  defaults: { priceByDistance: false },
  columns: (t) => [
    idColumn("/settings/shipping", t("shipping.id")),
    nameColumn("/settings/shipping", t("shipping.name")),
    { key: "price", label: `${t("shipping.price")} (Kč)`, filter: "number", sortable: true, align: "end", render: (row) => formatMoney(row.price, langOf(t)) },
    { key: "priceByDistance", label: t("shipping.priceByDistance"), filter: "boolean", sortable: true },
  ],
  fields: ({ t, entity }) => [
    ...idField(t("shipping.id"), entity),
    nameField(t("shipping.name")),
    { name: "price", label: t("shipping.price"), kind: "decimal", required: true, unit: "Kč" },
    { name: "priceByDistance", label: t("shipping.priceByDistance"), kind: "checkbox", hint: t("shipping.priceByDistanceHint") },
  ],
});
