import { CUSTOMERS_PATH, CustomerDocuments } from "@views/orders/customer-documents";
import type { FormField } from "@views/components/form";
import type { T } from "@/lib/i18n";
import { crudPages } from "@/web/crud/pages";
import { CUSTOMER_LANGUAGES, type Customer } from "./schemas";
import { customerDocuments, customerService } from "./service";

const displayName = (row: Customer) => [row.lastName, row.firstName].filter(Boolean).join(" ");

const fields = (t: T, entity: Customer | null): FormField[] => [
  ...(entity ? [{ name: "id", label: t("customer.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
  { name: "firstName", label: t("customer.firstName"), kind: "text", autoFocus: true, maxLength: 100, autoComplete: "off" },
  { name: "lastName", label: t("customer.lastName"), kind: "text", maxLength: 100, autoComplete: "off" },
  { name: "company", label: t("customer.company"), kind: "text", maxLength: 200, autoComplete: "off" },
  { name: "ico", label: t("customer.ico"), kind: "text", maxLength: 20, autoComplete: "off" },
  { name: "dic", label: t("customer.dic"), kind: "text", maxLength: 20, autoComplete: "off" },
  { name: "phone", label: t("customer.phone"), kind: "text", maxLength: 40, autoComplete: "off" },
  { name: "email", label: t("customer.email"), kind: "email", maxLength: 200, autoComplete: "off" },
  { name: "street", label: t("customer.street"), kind: "text", maxLength: 200, autoComplete: "off" },
  { name: "city", label: t("customer.city"), kind: "text", maxLength: 100, autoComplete: "off" },
  { name: "postalCode", label: t("customer.postalCode"), kind: "text", maxLength: 10, autoComplete: "off" },
  { name: "deliveryAddress", label: t("customer.deliveryAddress"), kind: "checkbox" },
  { name: "deliveryCompany", label: t("customer.deliveryCompany"), kind: "text", maxLength: 200, autoComplete: "off" },
  { name: "deliveryFirstName", label: t("customer.deliveryFirstName"), kind: "text", maxLength: 100, autoComplete: "off" },
  { name: "deliveryLastName", label: t("customer.deliveryLastName"), kind: "text", maxLength: 100, autoComplete: "off" },
  { name: "deliveryStreet", label: t("customer.deliveryStreet"), kind: "text", maxLength: 200, autoComplete: "off" },
  { name: "deliveryCity", label: t("customer.deliveryCity"), kind: "text", maxLength: 100, autoComplete: "off" },
  { name: "deliveryPostalCode", label: t("customer.deliveryPostalCode"), kind: "text", maxLength: 10, autoComplete: "off" },
  {
    name: "language",
    label: t("customer.language"),
    kind: "select",
    required: true,
    options: CUSTOMER_LANGUAGES.map((language) => ({ value: language, label: t(`customer.languages.${language}`) })),
  },
  { name: "note", label: t("customer.note"), kind: "textarea", maxLength: 4000 },
];

/**
 * docs/domain.md#customers: the directory's list (a name filter over first name, last name and
 * company; IČO, phone, e-mail, city) and form; a saved customer's page lists their orders and invoices.
 */
export const customerPages = crudPages<Customer>({
  path: CUSTOMERS_PATH,
  i18n: "customer",
  service: customerService,
  defaults: { language: "cs" },
  columns: (t) => [
    { key: "id", label: t("customer.id"), filter: "number", sortable: true, render: (row) => <a href={`${CUSTOMERS_PATH}/${row.id}`}>{row.id}</a> },
    { key: "lastName", label: t("customer.name"), filter: "text", sortable: true, render: (row) => <a href={`${CUSTOMERS_PATH}/${row.id}`}>{displayName(row) || "–"}</a> },
    { key: "company", label: t("customer.company"), filter: "text", sortable: true, render: (row) => row.company ?? "" },
    { key: "ico", label: t("customer.ico"), filter: "text", sortable: true, render: (row) => row.ico ?? "" },
    { key: "phone", label: t("customer.phone"), filter: "text", render: (row) => row.phone ?? "" },
    { key: "email", label: t("customer.email"), filter: "text", sortable: true, render: (row) => (row.email ? <a href={`mailto:${row.email}`}>{row.email}</a> : "") },
    { key: "city", label: t("customer.city"), filter: "text", sortable: true, render: (row) => row.city ?? "" },
  ],
  fields: ({ t, entity }) => fields(t, entity),
  formAfter: async (c, entity) => <CustomerDocuments {...await customerDocuments({ ctx: c.get("ctx"), input: { id: entity.id } })} />,
});
