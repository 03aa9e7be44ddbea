/**
 * An invoice's detail (/orders/invoices/:id): what it prints (the snapshot's parties and dates, in
 * the info box), its lines and the VAT recap (or "Nejsem plátce DPH") in the shared table frame, the
 * deductions and totals, its payments with the form to record one, mark as paid, the credit note
 * and the link to its PDF. Each amount has its own cell: a deduction's base and VAT are two columns.
 */
import type { ReactNode } from "react";
import { formatCzechDate } from "@/lib/dates";
import { formatDecimal, formatMoney } from "@/lib/money";
import { bankStatementHref } from "@/modules/orders/bank-statement/schemas";
import type { InvoiceDetail, InvoiceLineAnswer, InvoicePayment, InvoiceRecapRow, InvoiceRef, InvoiceReminder, StatementLineRef } from "@/modules/orders/invoice/schemas";
import { StaticTable, type TableColumn } from "../components/data-table";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { InfoBox } from "../components/info-box";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { invoiceEmailHref, reminderEmailHref } from "./email-log";
import { FENCE_ORDER_PATH } from "./fence-order-list";
import { invoiceHref } from "./invoice-list";

/** "Výpis 7 ze dne 31.03.2026, řádek 3" (docs/decisions/079-bank-statement-pairing.md). */
function statementLineText(t: ReturnType<typeof useView>["t"], line: StatementLineRef): string {
  const values = { number: line.statementNumber, line: line.lineNumber };
  return line.statementDate ? t("bankPairing.fromStatement", { ...values, date: formatCzechDate(line.statementDate) }) : t("bankPairing.fromStatementNoDate", values);
}

/** Where a payment came from: a statement's line (linked to the statement), or by hand and by whom. */
function PaymentSource({ payment }: { payment: InvoicePayment }) {
  const { t } = useView();
  if (payment.statementLine) {
    return (
      <a href={bankStatementHref(payment.statementLine.statementId)} data-source="statement">
        {statementLineText(t, payment.statementLine)}
      </a>
    );
  }
  return <span data-source="manual">{payment.recordedBy ? t("bankPairing.manual", { name: payment.recordedBy }) : t("bankPairing.manualNoName")}</span>;
}

export const invoicePdfHref = (id: number) => `/pdf/invoices/${id}`;
export const reminderPdfHref = (invoiceId: number, reminderId: number) => `${invoiceHref(invoiceId)}/reminders/${reminderId}/pdf`;

export function InvoiceDetailPage(props: {
  invoice: InvoiceDetail;
  paymentFields: FormField[];
  paymentValues: FormValues;
  /** A fresh idempotency key for the credit note's form. */
  creditNoteKey: string;
  /** A fresh idempotency key for the reminder's form: a double click issues one. */
  reminderKey: string;
  errors?: Record<string, string>;
  formErrors?: string[];
  /** The log of e-mails sent with this document (docs/decisions/081-sending-documents.md). */
  emailLog?: ReactNode;
}) {
  const { t, lang } = useView();
  const inv = props.invoice;
  const money = (value: number) => formatMoney(value, lang);
  const payable = inv.kind === "FINAL" || inv.kind === "PROFORMA";
  const open = inv.status === "OPEN" && payable;
  const base = invoiceHref(inv.id);
  const ref = (target: InvoiceRef | null) => (target ? <a href={invoiceHref(target.id)}>{target.invoiceNumber}</a> : null);
  const customer = inv.snapshot.customer;
  const lineColumns: TableColumn<InvoiceLineAnswer>[] = [
    { key: "description", label: t("invoices.detail.description") },
    { key: "quantity", label: t("invoices.detail.quantity"), align: "end", nowrap: true, render: (line) => `${formatDecimal(line.quantity, lang, 3)} ${line.unit}` },
    { key: "itemPrice", label: t("invoices.detail.itemPrice"), align: "end", nowrap: true, render: (line) => (line.itemPrice === null ? "" : money(line.itemPrice)) },
    { key: "invoicedPrice", label: t("invoices.detail.invoicedPrice"), align: "end", nowrap: true, render: (line) => money(line.invoicedPrice) },
    { key: "vatRate", label: t("invoices.detail.vatRate"), align: "end", nowrap: true, render: (line) => `${formatDecimal(line.vatRate, lang)} %` },
    { key: "vat", label: t("invoices.detail.vat"), align: "end", nowrap: true, render: (line) => money(line.vat) },
    { key: "total", label: t("invoices.detail.lineTotal"), align: "end", nowrap: true, render: (line) => money(line.total) },
  ];
  // The deduction's columns only where something is deducted per rate.
  const claimed = inv.recap.some((row) => row.claimedBase !== 0 || row.claimedVat !== 0);
  const recapColumns: TableColumn<InvoiceRecapRow>[] = [
    { key: "vatRate", label: t("invoices.detail.vatRate"), nowrap: true, render: (row) => `${formatDecimal(row.vatRate, lang)} %` },
    { key: "base", label: t("invoices.detail.base"), align: "end", nowrap: true, render: (row) => money(row.base) },
    { key: "vat", label: t("invoices.detail.vat"), align: "end", nowrap: true, render: (row) => money(row.vat) },
    ...(claimed
      ? ([
          { key: "claimedBase", label: t("invoices.detail.claimedBase"), align: "end", nowrap: true, render: (row) => money(row.claimedBase) },
          { key: "claimedVat", label: t("invoices.detail.claimedVat"), align: "end", nowrap: true, render: (row) => money(row.claimedVat) },
          { key: "differenceBase", label: t("invoices.detail.differenceBase"), align: "end", nowrap: true, render: (row) => money(row.differenceBase) },
          { key: "differenceVat", label: t("invoices.detail.differenceVat"), align: "end", nowrap: true, render: (row) => money(row.differenceVat) },
        ] satisfies TableColumn<InvoiceRecapRow>[])
      : []),
  ];
  const paymentColumns: TableColumn<InvoicePayment>[] = [
    { key: "paidOn", label: t("invoices.detail.paidOn"), nowrap: true, render: (payment) => formatCzechDate(payment.paidOn) },
    { key: "amount", label: t("invoices.detail.amount"), align: "end", nowrap: true, render: (payment) => money(payment.amount) },
    { key: "note", label: t("invoices.detail.note"), render: (payment) => payment.note ?? "" },
    { key: "taxDocument", label: t("invoices.detail.taxDocument"), nowrap: true, render: (payment) => ref(payment.taxDocument) },
    { key: "source", label: t("bankPairing.source"), render: (payment) => <PaymentSource payment={payment} /> },
  ];
  const reminderColumns: TableColumn<InvoiceReminder>[] = [
    { key: "level", label: t("reminders.levelColumn"), render: (reminder) => t(`reminders.level.${reminder.level}`) },
    { key: "issuedOn", label: t("reminders.issuedOn"), nowrap: true, render: (reminder) => formatCzechDate(reminder.issuedOn) },
    { key: "remaining", label: t("reminders.remaining"), align: "end", nowrap: true, render: (reminder) => money(reminder.remaining) },
    { key: "daysOverdue", label: t("reminders.daysOverdue"), align: "end", nowrap: true },
    { key: "issuedBy", label: t("reminders.issuedBy"), render: (reminder) => reminder.issuedBy ?? "" },
    {
      key: "pdf",
      label: t("reminders.pdf"),
      render: (reminder) => (
        <a href={reminderPdfHref(inv.id, reminder.id)} target="_blank" rel="noopener">
          {t("reminders.pdf")}
        </a>
      ),
    },
  ];
  return (
    <AppLayout
      title={t("invoices.detail.title", { kind: t(`invoices.kind.${inv.kind}`), number: inv.invoiceNumber })}
      actions={
        <>
          <a className="button" href={invoicePdfHref(inv.id)} target="_blank" rel="noopener">
            {t("invoices.detail.pdf")}
          </a>{" "}
          <a className="button send-email-button" href={invoiceEmailHref(inv.id)}>
            {t("emailSending.sendDocument")}
          </a>
        </>
      }
    >
      <InfoBox
        className="invoice-facts"
        id={`invoice-facts-${inv.id}`}
        label={t("invoices.detail.facts")}
        items={[
          { label: t("invoices.list.status"), value: t(`invoices.status.${inv.status}`), data: { "data-status": inv.status } },
          inv.orderId ? { label: t("invoices.detail.order"), value: <a href={`${FENCE_ORDER_PATH}/${inv.orderId}?tab=4`}>{inv.orderId}</a> } : null,
          {
            label: t("invoices.detail.customer"),
            value: (
              <>
                {customer.name}
                {customer.street || customer.city ? <span className="info-box-sub">{[customer.street, [customer.postalCode, customer.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}</span> : null}
              </>
            ),
          },
          { label: t("invoices.detail.issueDate"), value: formatCzechDate(inv.created) },
          inv.dateOfTaxableSupply ? { label: t("invoices.detail.taxableSupplyDate"), value: formatCzechDate(inv.dateOfTaxableSupply) } : null,
          { label: t("invoices.detail.dueDate"), value: formatCzechDate(inv.dueDate) },
          inv.linkedTo ? { label: t("invoices.detail.linkedTo"), value: ref(inv.linkedTo) } : null,
          inv.creditNote ? { label: t("invoices.detail.cancelledBy"), value: ref(inv.creditNote) } : null,
          inv.originalInvoiceId || inv.proformaInvoiceId
            ? { label: t("invoices.detail.original"), value: <a href={invoiceHref((inv.originalInvoiceId ?? inv.proformaInvoiceId)!)}>{inv.snapshot.originalDocument?.number ?? ""}</a> }
            : null,
        ]}
      />
      {inv.snapshot.note ? <p className="alert alert-info invoice-note">{inv.snapshot.note}</p> : null}

      <h2 className="section-title">{t("invoices.detail.lines")}</h2>
      <StaticTable className="invoice-lines" label={t("invoices.detail.lines")} columns={lineColumns} rows={inv.items} rowKey={(line) => line.position} />

      <div className="invoice-summary">
        {inv.snapshot.vatPayer ? (
          <>
            <h2 className="section-title">{t("invoices.detail.recap")}</h2>
            <StaticTable className="invoice-recap" label={t("invoices.detail.recap")} columns={recapColumns} rows={inv.recap} rowKey={(row) => row.vatRate} />
          </>
        ) : (
          <p className="alert alert-info invoice-not-vat-payer">{t("invoices.notVatPayer")}</p>
        )}
        <InfoBox
          className="invoice-totals"
          layout="rows"
          title={t("invoices.detail.totals")}
          items={[
            { label: t("invoices.detail.total"), value: money(inv.total), data: { "data-total": String(inv.total) } },
            inv.deducted
              ? {
                  label: t("invoices.detail.deducted"),
                  value: (
                    <>
                      {inv.linkedProformas.map((proforma) => (
                        <span key={proforma.id} className="invoice-deducted-ref">
                          {ref(proforma)}
                        </span>
                      ))}
                      <span>−{money(inv.deducted)}</span>
                    </>
                  ),
                }
              : null,
            { label: t("invoices.detail.payable"), value: money(inv.payable), data: { "data-payable": String(inv.payable) }, emphasis: true },
            { label: t("invoices.detail.paid"), value: money(inv.paid), data: { "data-paid": String(inv.paid) } },
            { label: t("invoices.detail.remainingToPay"), value: money(inv.remainingToPay), data: { "data-remaining": String(inv.remainingToPay) } },
          ]}
        />
      </div>

      {payable ? (
        <section className="invoice-payments" aria-labelledby="invoice-payments-title">
          <h2 id="invoice-payments-title" className="section-title">
            {t("invoices.detail.payments")}
          </h2>
          <StaticTable
            label={t("invoices.detail.payments")}
            columns={paymentColumns}
            rows={inv.payments}
            rowKey={(payment) => payment.id}
            rowProps={(payment) => ({ "data-payment-id": payment.id })}
            empty={t("invoices.detail.noPayments")}
          />
          {inv.overpayments.length ? (
            <div className="alert alert-warning invoice-overpayments" role="status">
              <strong>{t("bankPairing.invoiceOverpayments")}</strong>
              <ul>
                {inv.overpayments.map((line) => (
                  <li key={`${line.statementId}-${line.lineNumber}`} data-overpayment={String(line.amount)}>
                    <a href={bankStatementHref(line.statementId)}>{t("bankPairing.invoiceOverpayment", { statement: statementLineText(t, line), amount: money(line.amount) })}</a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {open ? (
            <>
              <h3 className="section-title">{t("invoices.detail.recordPayment")}</h3>
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
            </>
          ) : null}
        </section>
      ) : null}

      {payable && (inv.reminders.length || inv.nextReminderLevel) ? (
        <section className="invoice-reminders" aria-labelledby="invoice-reminders-title">
          <h2 id="invoice-reminders-title" className="section-title">
            {t("reminders.title")}
          </h2>
          {inv.daysOverdue !== null ? <p className="alert alert-warning invoice-overdue">{t("reminders.overdueFor", { days: inv.daysOverdue })}</p> : null}
          <StaticTable
            label={t("reminders.title")}
            columns={reminderColumns}
            rows={inv.reminders}
            rowKey={(reminder) => reminder.id}
            rowProps={(reminder) => ({ "data-reminder-level": reminder.level })}
            empty={t("reminders.none")}
          />
          {inv.nextReminderLevel || inv.reminders.length ? (
            <div className="form-actions">
              {inv.nextReminderLevel ? (
                <form method="post" action={`${base}/reminders`} className="reminder-form">
                  <input type="hidden" name="level" value={inv.nextReminderLevel} />
                  <input type="hidden" name="idempotencyKey" value={props.reminderKey} />
                  <button type="submit" className="button button-primary">
                    {t("reminders.issue", { level: t(`reminders.level.${inv.nextReminderLevel}`) })}
                  </button>
                </form>
              ) : null}
              {inv.reminders.length ? (
                <a className="button" href={reminderEmailHref(inv.id)} data-testid="reminder-email">
                  {t("reminders.sendByEmail")}
                </a>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}

      {open || (inv.kind === "FINAL" && !inv.creditNote) ? (
        <div className="form-actions invoice-actions">
          {open ? (
            <form method="post" action={`${base}/markAsPaid`} className="mark-as-paid-form">
              <button type="submit" className="button">
                {t("invoices.detail.markAsPaid")}
              </button>
            </form>
          ) : null}
          {inv.kind === "FINAL" && !inv.creditNote ? (
            <form method="post" action={`${base}/creditNote`} className="credit-note-form" data-confirm={t("invoices.detail.creditNoteConfirm")}>
              <input type="hidden" name="idempotencyKey" value={props.creditNoteKey} />
              <button type="submit" className="button button-danger">
                {t("invoices.detail.creditNote")}
              </button>
            </form>
          ) : null}
        </div>
      ) : null}
      {props.emailLog}
    </AppLayout>
  );
}
