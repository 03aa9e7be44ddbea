/**
 * The fence order's tab 4, Invoices: what is invoiced and whether the deposit is paid (an info
 * box), the order's documents (the shared table frame), and issuing: the deposit proforma in one
 * click, the final invoice after a confirm step that shows its DUZP (today unless changed, the
 * shared date input), each with a link to the lines editor for other prices.
 */
import { formatCzechDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import type { InvoiceSummary, OrderInvoices } from "@/modules/orders/invoice/schemas";
import { StaticTable, type TableColumn } from "../components/data-table";
import { browserValidation, FieldRow } from "../components/form";
import { InfoBox } from "../components/info-box";
import { useView } from "../view-context";
import { newInvoiceHref } from "./invoice-editor";
import { invoiceHref } from "./invoice-list";

export const ORDER_INVOICES_TAB = 4;
export const ORDER_INVOICES_TAB_ID = "order-invoices-tab";

export const orderInvoicesIssuePath = (orderId: number) => `/orders/fenceOrder/${orderId}/invoices`;

export function OrderInvoicesTab(props: {
  data: OrderInvoices;
  idempotencyKey: string;
  /** The final invoice's DUZP as the confirm step shows it (dd.mm.yyyy): the route passes today. */
  dateOfTaxableSupply: string;
}) {
  const { t, lang } = useView();
  const { data } = props;
  const money = (value: number) => formatMoney(value, lang);
  const issue = orderInvoicesIssuePath(data.orderId);
  const columns: TableColumn<InvoiceSummary>[] = [
    { key: "invoiceNumber", label: t("invoices.list.number"), nowrap: true, render: (row) => <a href={invoiceHref(row.id)}>{row.invoiceNumber}</a> },
    { key: "kind", label: t("invoices.list.kind"), render: (row) => t(`invoices.kind.${row.kind}`) },
    { key: "status", label: t("invoices.list.status"), render: (row) => <span data-status={row.status}>{t(`invoices.status.${row.status}`)}</span> },
    { key: "created", label: t("invoices.list.issueDate"), nowrap: true, render: (row) => formatCzechDate(row.created) },
    { key: "dueDate", label: t("invoices.list.dueDate"), nowrap: true, render: (row) => formatCzechDate(row.dueDate) },
    { key: "total", label: t("invoices.list.total"), align: "end", nowrap: true, render: (row) => money(row.total) },
    { key: "payable", label: t("invoices.detail.payable"), align: "end", nowrap: true, render: (row) => money(row.payable) },
    { key: "remainingToPay", label: t("invoices.list.remainingToPay"), align: "end", nowrap: true, render: (row) => money(row.remainingToPay) },
  ];
  return (
    <section id={ORDER_INVOICES_TAB_ID} className="order-invoices-tab" aria-labelledby="order-invoices-title">
      <h2 id="order-invoices-title" className="section-title">
        {t("invoices.tab.title")}
      </h2>
      <InfoBox
        label={t("invoices.tab.title")}
        items={[
          { label: t("invoices.tab.orderBase"), value: money(data.orderBase), data: { "data-order-base": String(data.orderBase) } },
          { label: t("invoices.tab.remainingBase"), value: money(data.remainingBase), data: { "data-remaining-base": String(data.remainingBase) } },
          {
            label: t("invoices.tab.deposit"),
            value: t(data.depositPaid ? "invoices.tab.depositPaid" : "invoices.tab.depositNotPaid"),
            data: { "data-deposit-paid": String(data.depositPaid) },
          },
        ]}
      />
      <StaticTable
        label={t("invoices.tab.documents")}
        columns={columns}
        rows={data.invoices}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-invoice-id": row.id, "data-kind": row.kind })}
        empty={t("invoices.tab.empty")}
      />
      <div className="invoice-tab-actions">
        <form method="post" action={issue} className="entity-form invoice-issue-form" data-issue-form="proforma">
          <h3>{t("invoices.kind.PROFORMA")}</h3>
          <p className="field-hint">{t("invoices.tab.proformaHint")}</p>
          <input type="hidden" name="proforma" value="true" />
          <input type="hidden" name="idempotencyKey" value={`${props.idempotencyKey}-p`} />
          <div className="form-actions">
            <button type="submit" className="button" data-issue="proforma">
              {t("invoices.tab.newProforma")}
            </button>
            <a href={newInvoiceHref(data.orderId, true)}>{t("invoices.tab.editProformaLines")}</a>
          </div>
        </form>
        <form
          method="post"
          action={issue}
          className="entity-form invoice-issue-form"
          data-issue-form="final"
          noValidate
          {...browserValidation(t)}
          data-confirm={t("invoices.tab.finalConfirm")}
          data-confirm-value="dateOfTaxableSupply"
        >
          <h3>{t("invoices.kind.FINAL")}</h3>
          <input type="hidden" name="proforma" value="false" />
          <input type="hidden" name="idempotencyKey" value={`${props.idempotencyKey}-f`} />
          <FieldRow
            field={{ name: "dateOfTaxableSupply", label: t("invoices.detail.taxableSupplyDate"), kind: "date", required: true, hint: t("invoices.tab.dateHint") }}
            value={props.dateOfTaxableSupply}
          />
          <div className="form-actions">
            <button type="submit" className="button button-primary" data-issue="final">
              {t("invoices.tab.newFinal")}
            </button>
            <a href={newInvoiceHref(data.orderId, false)}>{t("invoices.tab.editFinalLines")}</a>
          </div>
        </form>
      </div>
    </section>
  );
}
