import { crudPages } from "@/lib/crud/pages";
import { formatMoney } from "@/lib/money";
import { shippingService } from "./service";

export const shippingPages = crudPages({
  path: "/settings/shipping",
  i18n: "shipping",
  service: shippingService,
  defaults: { priceByDistance: false },
  columns: (t) => [
    { key: "id", label: t("shipping.id"), filter: "number", sortable: true, render: (row) => <a href={`/settings/shipping/${row.id}`}>{row.id}</a> },
    { key: "name", label: t("shipping.name"), filter: "text", sortable: true, render: (row) => <a href={`/settings/shipping/${row.id}`}>{row.name}</a> },
    { key: "price", label: `${t("shipping.price")} (Kč)`, filter: "number", sortable: true, align: "end", render: (row) => formatMoney(row.price) },
    { key: "priceByDistance", label: t("shipping.priceByDistance"), filter: "boolean", sortable: true },
  ],
  fields: ({ t, entity }) => [
    ...(entity ? [{ name: "id", label: t("shipping.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
    { name: "name", label: t("shipping.name"), kind: "text", required: true, autoFocus: true, maxLength: 200 },
    { name: "price", label: t("shipping.price"), kind: "decimal", required: true, unit: "Kč" },
    { name: "priceByDistance", label: t("shipping.priceByDistance"), kind: "checkbox", hint: t("shipping.priceByDistanceHint") },
  ],
});
