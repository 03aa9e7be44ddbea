/**
 * The fence order's tab 4, Invoices: the order's documents with their totals and what remains to
 * pay, what remains to invoice, whether the deposit is paid, and one-click buttons that issue the
 * deposit proforma or the final invoice with the draft's defaults (the editor, for other prices, a link beside).
 */
import { formatCzechDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import type { OrderInvoices } from "@/modules/orders/invoice/schemas";
import { useView } from "../view-context";
import { newInvoiceHref } from "./invoice-editor";
import { invoiceHref } from "./invoice-list";

export const ORDER_INVOICES_TAB = 4;
export const ORDER_INVOICES_TAB_ID = "order-invoices-tab";

export const orderInvoicesIssuePath = (orderId: number) => `/orders/fenceOrder/${orderId}/invoices`;

export function OrderInvoicesTab(props: { data: OrderInvoices; idempotencyKey: string; errors?: string[] }) {
  const { t, lang } = useView();
  const { data } = props;
  const money = (value: number) => formatMoney(value, lang);
  const issue = orderInvoicesIssuePath(data.orderId);
  return (
    <section id={ORDER_INVOICES_TAB_ID} className="order-invoices-tab" aria-label={t("invoices.tab.title")}>
      <h2 style={{ fontSize: "1.1rem" }}>{t("invoices.tab.title")}</h2>
      {props.errors?.length ? (
        <div className="alert alert-warning" role="alert">
          <ul>
            {props.errors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="invoice-tab-summary">
        <dt>{t("invoices.tab.orderBase")}</dt>
        <dd data-order-base>{money(data.orderBase)}</dd>
        <dt>{t("invoices.tab.remainingBase")}</dt>
        <dd data-remaining-base>{money(data.remainingBase)}</dd>
        <dt>{t("invoices.list.status")}</dt>
        <dd data-deposit-paid={String(data.depositPaid)}>{t(data.depositPaid ? "invoices.tab.depositPaid" : "invoices.tab.depositNotPaid")}</dd>
      </dl>
      {data.invoices.length === 0 ? (
        <p className="empty-row">{t("invoices.tab.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t("invoices.list.number")}</th>
                <th scope="col">{t("invoices.list.kind")}</th>
                <th scope="col">{t("invoices.list.status")}</th>
                <th scope="col">{t("invoices.list.issueDate")}</th>
                <th scope="col">{t("invoices.list.dueDate")}</th>
                <th scope="col" className="align-end">{t("invoices.list.total")}</th>
                <th scope="col" className="align-end">{t("invoices.detail.payable")}</th>
                <th scope="col" className="align-end">{t("invoices.list.remainingToPay")}</th>
              </tr>
            </thead>
            <tbody>
              {data.invoices.map((invoice) => (
                <tr key={invoice.id} data-invoice-id={invoice.id} data-kind={invoice.kind}>
                  <td>
                    <a href={invoiceHref(invoice.id)}>{invoice.number}</a>
                  </td>
                  <td>{t(`invoices.kind.${invoice.kind}`)}</td>
                  <td data-status={invoice.status}>{t(`invoices.status.${invoice.status}`)}</td>
                  <td className="nowrap">{formatCzechDate(invoice.issueDate)}</td>
                  <td className="nowrap">{formatCzechDate(invoice.dueDate)}</td>
                  <td className="align-end nowrap">{money(invoice.total)}</td>
                  <td className="align-end nowrap">{money(invoice.payable)}</td>
                  <td className="align-end nowrap">{money(invoice.remainingToPay)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="form-actions invoice-tab-actions">
        {[true, false].map((proforma) => (
          <form key={String(proforma)} method="post" action={issue} className="invoice-issue-form">
            <input type="hidden" name="proforma" value={String(proforma)} />
            <input type="hidden" name="idempotencyKey" value={`${props.idempotencyKey}-${proforma ? "p" : "f"}`} />
            <button type="submit" className={proforma ? "button" : "button button-primary"} data-issue={proforma ? "proforma" : "final"}>
              {t(proforma ? "invoices.tab.newProforma" : "invoices.tab.newFinal")}
            </button>{" "}
            <a href={newInvoiceHref(data.orderId, proforma)}>{t("invoices.tab.editLines")}</a>
          </form>
        ))}
      </div>
    </section>
  );
}
