/**
 * An invoice's detail (/orders/invoices/:id): what it prints (the snapshot's parties and dates),
 * its lines, the VAT recap (or "Nejsem plátce DPH"), the deductions, its payments with the form to
 * record one, mark as paid, the credit note and the link to its PDF.
 */
import { formatCzechDate } from "@/lib/dates";
import { formatDecimal, formatMoney } from "@/lib/money";
import type { InvoiceDetail } from "@/modules/orders/invoice/schemas";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { FENCE_ORDER_PATH } from "./fence-order-list";
import { invoiceHref } from "./invoice-list";

export const invoicePdfHref = (id: number) => `/pdf/invoices/${id}`;

export function InvoiceDetailPage(props: {
  invoice: InvoiceDetail;
  paymentFields: FormField[];
  paymentValues: FormValues;
  /** A fresh idempotency key for the credit note's form. */
  creditNoteKey: string;
  errors?: Record<string, string>;
  formErrors?: string[];
}) {
  const { t, lang } = useView();
  const inv = props.invoice;
  const money = (value: number) => formatMoney(value, lang);
  const payable = inv.kind === "FINAL" || inv.kind === "PROFORMA";
  const open = inv.status === "OPEN" && payable;
  const base = invoiceHref(inv.id);
  const ref = (target: { id: number; number: string } | null) => (target ? <a href={invoiceHref(target.id)}>{target.number}</a> : null);
  return (
    <AppLayout
      title={t("invoices.detail.title", { kind: t(`invoices.kind.${inv.kind}`), number: inv.number })}
      actions={
        <a className="button" href={invoicePdfHref(inv.id)} target="_blank" rel="noopener">
          {t("invoices.detail.pdf")}
        </a>
      }
    >
      <dl className="invoice-facts" data-invoice-id={inv.id}>
        <dt>{t("invoices.list.status")}</dt>
        <dd data-status={inv.status}>{t(`invoices.status.${inv.status}`)}</dd>
        {inv.orderId ? (
          <>
            <dt>{t("invoices.detail.order")}</dt>
            <dd>
              <a href={`${FENCE_ORDER_PATH}/${inv.orderId}?tab=4`}>{inv.orderId}</a>
            </dd>
          </>
        ) : null}
        <dt>{t("invoices.detail.customer")}</dt>
        <dd>{[inv.snapshot.customer.name, inv.snapshot.customer.street, [inv.snapshot.customer.postalCode, inv.snapshot.customer.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}</dd>
        <dt>{t("invoices.detail.issueDate")}</dt>
        <dd>{formatCzechDate(inv.issueDate)}</dd>
        {inv.taxableSupplyDate ? (
          <>
            <dt>{t("invoices.detail.taxableSupplyDate")}</dt>
            <dd>{formatCzechDate(inv.taxableSupplyDate)}</dd>
          </>
        ) : null}
        <dt>{t("invoices.detail.dueDate")}</dt>
        <dd>{formatCzechDate(inv.dueDate)}</dd>
        {inv.linkedTo ? (
          <>
            <dt>{t("invoices.detail.linkedTo")}</dt>
            <dd>{ref(inv.linkedTo)}</dd>
          </>
        ) : null}
        {inv.creditNote ? (
          <>
            <dt>{t("invoices.detail.cancelledBy")}</dt>
            <dd>{ref(inv.creditNote)}</dd>
          </>
        ) : null}
        {inv.originalInvoiceId || inv.proformaInvoiceId ? (
          <>
            <dt>{t("invoices.detail.original")}</dt>
            <dd>
              <a href={invoiceHref((inv.originalInvoiceId ?? inv.proformaInvoiceId)!)}>{inv.snapshot.originalDocument?.number ?? ""}</a>
            </dd>
          </>
        ) : null}
      </dl>
      {inv.snapshot.note ? <p className="invoice-note">{inv.snapshot.note}</p> : null}

      <h2 style={{ fontSize: "1.1rem" }}>{t("invoices.detail.lines")}</h2>
      <div className="table-scroll">
        <table className="invoice-lines">
          <thead>
            <tr>
              <th scope="col">{t("invoices.detail.description")}</th>
              <th scope="col" className="align-end">{t("invoices.detail.quantity")}</th>
              <th scope="col" className="align-end">{t("invoices.detail.itemPrice")}</th>
              <th scope="col" className="align-end">{t("invoices.detail.invoicedPrice")}</th>
              <th scope="col" className="align-end">{t("invoices.detail.vatRate")}</th>
              <th scope="col" className="align-end">{t("invoices.detail.vat")}</th>
              <th scope="col" className="align-end">{t("invoices.detail.lineTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {inv.lines.map((line) => (
              <tr key={line.position}>
                <td>{line.description}</td>
                <td className="align-end nowrap">
                  {formatDecimal(line.quantity, lang, 3)} {line.unit}
                </td>
                <td className="align-end nowrap">{line.itemPrice === null ? "" : money(line.itemPrice)}</td>
                <td className="align-end nowrap">{money(line.invoicedPrice)}</td>
                <td className="align-end nowrap">{formatDecimal(line.vatRate, lang)} %</td>
                <td className="align-end nowrap">{money(line.vat)}</td>
                <td className="align-end nowrap">{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {inv.snapshot.vatPayer ? (
        <>
          <h2 style={{ fontSize: "1.1rem" }}>{t("invoices.detail.recap")}</h2>
          <div className="table-scroll">
            <table className="invoice-recap">
              <thead>
                <tr>
                  <th scope="col">{t("invoices.detail.vatRate")}</th>
                  <th scope="col" className="align-end">{t("invoices.detail.base")}</th>
                  <th scope="col" className="align-end">{t("invoices.detail.vat")}</th>
                  <th scope="col" className="align-end">{t("invoices.detail.claimed")}</th>
                  <th scope="col" className="align-end">{t("invoices.detail.difference")}</th>
                </tr>
              </thead>
              <tbody>
                {inv.recap.map((row) => (
                  <tr key={row.vatRate}>
                    <td>{formatDecimal(row.vatRate, lang)} %</td>
                    <td className="align-end nowrap">{money(row.base)}</td>
                    <td className="align-end nowrap">{money(row.vat)}</td>
                    <td className="align-end nowrap">
                      {money(row.claimedBase)} + {money(row.claimedVat)}
                    </td>
                    <td className="align-end nowrap">
                      {money(row.differenceBase)} + {money(row.differenceVat)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="invoice-not-vat-payer">{t("invoices.notVatPayer")}</p>
      )}

      <dl className="invoice-totals">
        <dt>{t("invoices.detail.total")}</dt>
        <dd data-total>{money(inv.total)}</dd>
        {inv.deducted ? (
          <>
            <dt>{t("invoices.detail.deducted")}</dt>
            <dd>
              {money(inv.deducted)} {inv.linkedProformas.map((proforma) => <span key={proforma.id}> {ref(proforma)}</span>)}
            </dd>
          </>
        ) : null}
        <dt>{t("invoices.detail.payable")}</dt>
        <dd data-payable>{money(inv.payable)}</dd>
        <dt>{t("invoices.detail.paid")}</dt>
        <dd data-paid>{money(inv.paid)}</dd>
        <dt>{t("invoices.detail.remainingToPay")}</dt>
        <dd data-remaining>{money(inv.remainingToPay)}</dd>
      </dl>

      {payable ? (
        <section className="invoice-payments">
          <h2 style={{ fontSize: "1.1rem" }}>{t("invoices.detail.payments")}</h2>
          {inv.payments.length === 0 ? (
            <p className="empty-row">{t("invoices.detail.noPayments")}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t("invoices.detail.paidOn")}</th>
                  <th scope="col" className="align-end">{t("invoices.detail.amount")}</th>
                  <th scope="col">{t("invoices.detail.note")}</th>
                  <th scope="col">{t("invoices.detail.taxDocument")}</th>
                </tr>
              </thead>
              <tbody>
                {inv.payments.map((payment) => (
                  <tr key={payment.id} data-payment-id={payment.id}>
                    <td>{formatCzechDate(payment.paidOn)}</td>
                    <td className="align-end nowrap">{money(payment.amount)}</td>
                    <td>{payment.note ?? ""}</td>
                    <td>{ref(payment.taxDocument)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {open ? (
            <>
              <h3 style={{ fontSize: "1rem" }}>{t("invoices.detail.recordPayment")}</h3>
              <EntityForm
                action={`${base}/payments`}
                fields={props.paymentFields}
                values={props.paymentValues}
                errors={props.errors}
                formErrors={props.formErrors}
                submitLabel={t("invoices.detail.recordPayment")}
              >
                <input type="hidden" name="idempotencyKey" value={String(props.paymentValues.idempotencyKey ?? "")} />
              </EntityForm>
              <form method="post" action={`${base}/markAsPaid`} className="mark-as-paid-form">
                <button type="submit" className="button">
                  {t("invoices.detail.markAsPaid")}
                </button>
              </form>
            </>
          ) : null}
        </section>
      ) : null}

      {inv.kind === "FINAL" && !inv.creditNote ? (
        <form method="post" action={`${base}/creditNote`} className="credit-note-form" data-confirm={t("invoices.detail.creditNoteConfirm")}>
          <input type="hidden" name="idempotencyKey" value={props.creditNoteKey} />
          <button type="submit" className="button button-danger">
            {t("invoices.detail.creditNote")}
          </button>
        </form>
      ) : null}
    </AppLayout>
  );
}
