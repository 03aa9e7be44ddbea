import { CUSTOMERS_PATH, CustomerDocuments } from "@views/orders/customer-documents";
import type { FormField } from "@views/components/form";
import type { T } from "@/lib/i18n";
import { crudPages } from "@/web/crud/pages";
import { CUSTOMER_LANGUAGES, type Customer } from "./schemas";
import { customerDocuments, customerService } from "./service";

const displayName = (row: Customer) => [row.lastName, row.firstName].filter(Boolean).join(" ");

/** The form's fields in order, with their longest text (0: the delivery-address checkbox). */
const FORM_FIELDS: [name: string, maxLength: number][] = [
  ["firstName", 100],
  ["lastName", 100],
  ["company", 200],
  ["ico", 20],
  ["dic", 20],
  ["phone", 40],
  ["email", 200],
  ["street", 200],
  ["city", 100],
  ["postalCode", 10],
  ["deliveryAddress", 0],
  ["deliveryCompany", 200],
  ["deliveryFirstName", 100],
  ["deliveryLastName", 100],
  ["deliveryStreet", 200],
  ["deliveryCity", 100],
  ["deliveryPostalCode", 10],
];

const fields = (t: T, entity: Customer | null): FormField[] => [
  ...(entity ? [{ name: "id", label: t("customer.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
  ...FORM_FIELDS.map(([name, maxLength], index): FormField => ({
    name,
    label: t(`customer.${name}`),
    kind: name === "email" ? "email" : name === "deliveryAddress" ? "checkbox" : "text",
    maxLength: maxLength || undefined,
    autoFocus: index === 0,
    autoComplete: "off",
  })),
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
