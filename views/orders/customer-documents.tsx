/** A customer's page below their form: their orders and those orders' invoices (docs/domain.md#customers). */
import { formatCzechDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import type { CustomerInvoiceRow, CustomerOrderRow } from "@/modules/orders/customer/service";
import { StaticTable } from "@views/components/data-table";
import { FENCE_ORDER_PATH, statusLabel } from "./fence-order-list";
import { invoiceHref } from "./invoice-list";
import { useView } from "../view-context";

export const CUSTOMERS_PATH = "/orders/customers";

export function CustomerDocuments({ orders, invoices }: { orders: CustomerOrderRow[]; invoices: CustomerInvoiceRow[] }) {
  const { t, lang } = useView();
  return (
    <section className="customer-documents">
      <h2>{t("customer.orders", { count: orders.length })}</h2>
      <StaticTable
        id="customer-orders"
        label={t("customer.orders", { count: orders.length })}
        empty={t("customer.noOrders")}
        rows={orders}
        rowKey={(row) => row.id}
        columns={[
          { key: "id", label: t("customer.orderId"), render: (row) => <a href={`${FENCE_ORDER_PATH}/${row.id}`}>{row.id}</a> },
          { key: "status", label: t("customer.status"), render: (row) => statusLabel(t, row.status) },
          { key: "offerDate", label: t("customer.offerDate"), render: (row) => formatCzechDate(row.offerDate) },
          { key: "orderDate", label: t("customer.orderDate"), render: (row) => formatCzechDate(row.orderDate) },
          { key: "deadline", label: t("customer.deadline"), render: (row) => formatCzechDate(row.deadline) },
        ]}
      />
      {invoices.length ? (
        <>
          <h2>{t("customer.invoices", { count: invoices.length })}</h2>
          <StaticTable
            id="customer-invoices"
            label={t("customer.invoices", { count: invoices.length })}
            rows={invoices}
            rowKey={(row) => row.id}
            columns={[
              { key: "number", label: t("customer.invoiceNumber"), render: (row) => <a href={invoiceHref(row.id)}>{row.number}</a> },
              { key: "kind", label: t("customer.invoiceKind"), render: (row) => t(`invoices.kind.${row.kind}`) },
              { key: "issueDate", label: t("customer.issueDate"), render: (row) => formatCzechDate(row.issueDate) },
              { key: "orderId", label: t("customer.orderId"), render: (row) => (row.orderId ? <a href={`${FENCE_ORDER_PATH}/${row.orderId}`}>{row.orderId}</a> : "") },
              { key: "total", label: t("customer.total"), align: "end", render: (row) => formatMoney(row.total, lang) },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
