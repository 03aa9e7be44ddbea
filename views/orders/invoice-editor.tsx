/**
 * A new proforma or final invoice of an order (/orders/invoices/new?orderId=&proforma=): one row
 * per order line with its price, what earlier invoices invoiced and what remains, and the price to
 * invoice now. The quick buttons (30 %, 40 %, 100 % of the remaining price) are links that fill
 * every row; a final invoice ticks the paid proformas it deducts. A plain form: no island.
 */
import { formatCzechDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { type InvoiceDraft, QUICK_SHARES } from "@/modules/orders/invoice/schemas";
import { AppLayout } from "../layouts/app-layout";
import { FormAlert } from "../components/form";
import { useView } from "../view-context";
import { INVOICES_PATH } from "./invoice-list";

export const newInvoiceHref = (orderId: number, proforma: boolean, share?: number) =>
  `${INVOICES_PATH}/new?orderId=${orderId}&proforma=${proforma}${share ? `&share=${share}` : ""}`;

/** What was typed (after a refusal) or the draft's suggestion, as the inputs show it. */
export interface InvoiceEditorValues {
  prices: string[];
  dueDate: string;
  taxableSupplyDate: string;
  note: string;
  linked: number[];
  idempotencyKey: string;
}

const priceText = (value: number) => value.toFixed(2).replace(".", ",");

export function editorValuesOf(draft: InvoiceDraft, idempotencyKey: string): InvoiceEditorValues {
  return {
    prices: draft.lines.map((line) => priceText(line.suggested)),
    dueDate: formatCzechDate(draft.dueDate),
    taxableSupplyDate: draft.taxableSupplyDate ? formatCzechDate(draft.taxableSupplyDate) : "",
    note: "",
    linked: draft.linkableProformas.map((proforma) => proforma.id),
    idempotencyKey,
  };
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <small id={id} className="field-error" role="alert">
      {error}
    </small>
  ) : null;
}

export function InvoiceEditorPage(props: { draft: InvoiceDraft; values: InvoiceEditorValues; errors?: Record<string, string>; formErrors?: string[] }) {
  const { t, lang } = useView();
  const { draft, values } = props;
  const errors = props.errors ?? {};
  const money = (value: number) => formatMoney(value, lang);
  const action = newInvoiceHref(draft.orderId, draft.proforma);
  return (
    <AppLayout title={t(draft.proforma ? "invoices.editor.titleProforma" : "invoices.editor.titleFinal", { orderId: draft.orderId })}>
      <p>
        {draft.customer} · {t("invoices.tab.orderBase")}: {money(draft.lines.reduce((sum, line) => sum + line.itemPrice, 0))} · {t("invoices.editor.remaining")}: {money(draft.remaining)}
      </p>
      {draft.proforma ? <p className="invoice-deposit">{t("invoices.editor.deposit", { percent: draft.confirmationPercent, amount: money(draft.confirmationAmount) })}</p> : null}
      {draft.vatPayer ? null : <p className="invoice-not-vat-payer">{t("invoices.editor.notVatPayer")}</p>}
      <p className="invoice-quick" aria-label={t("invoices.editor.quick")}>
        {t("invoices.editor.quick")}:{" "}
        {QUICK_SHARES.map((share) => (
          <a key={share} className="button" href={newInvoiceHref(draft.orderId, draft.proforma, share)} data-share={share}>
            {t("invoices.editor.share", { percent: share })}
          </a>
        ))}
      </p>
      <FormAlert errors={errors} formErrors={props.formErrors} />
      <form method="post" action={action} className="entity-form invoice-editor" noValidate>
        <input type="hidden" name="idempotencyKey" value={values.idempotencyKey} />
        <div className="table-scroll">
          <table className="invoice-draft">
            <thead>
              <tr>
                <th scope="col">{t("invoices.editor.source")}</th>
                <th scope="col">{t("invoices.detail.description")}</th>
                <th scope="col" className="align-end">{t("invoices.detail.itemPrice")}</th>
                <th scope="col" className="align-end">{t("invoices.editor.invoiced")}</th>
                <th scope="col" className="align-end">{t("invoices.editor.remaining")}</th>
                <th scope="col">{t("invoices.detail.invoicedPrice")}</th>
              </tr>
            </thead>
            <tbody>
              {draft.lines.map((line, index) => {
                const error = errors[`lines.${index}.invoicedPrice`] ?? errors[`lines.${index}.source`];
                const id = `invoice-line-${index}`;
                return (
                  <tr key={`${line.source}:${line.sourceId ?? ""}`} data-source={line.source}>
                    <td>{t(`invoices.source.${line.source}`)}</td>
                    <td>
                      <label htmlFor={id}>{line.description}</label>
                    </td>
                    <td className="align-end nowrap">{money(line.itemPrice)}</td>
                    <td className="align-end nowrap">{money(line.invoiced)}</td>
                    <td className="align-end nowrap">{money(line.remaining)}</td>
                    <td className={error ? "field-invalid" : undefined}>
                      <input type="hidden" name={`line.${index}.source`} value={line.source} />
                      <input type="hidden" name={`line.${index}.sourceId`} value={line.sourceId ?? ""} />
                      <input id={id} name={`line.${index}.invoicedPrice`} type="text" inputMode="decimal" size={12} defaultValue={values.prices[index] ?? ""} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? "true" : undefined} />
                      <FieldError id={`${id}-error`} error={error} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className={`field field-date${errors.dueDate ? " field-invalid" : ""}`}>
          <label htmlFor="invoice-dueDate">{t("invoices.detail.dueDate")}</label>
          <input id="invoice-dueDate" name="dueDate" type="text" inputMode="numeric" size={10} defaultValue={values.dueDate} />
          <FieldError id="invoice-dueDate-error" error={errors.dueDate} />
        </div>
        {draft.proforma ? null : (
          <div className={`field field-date${errors.taxableSupplyDate ? " field-invalid" : ""}`}>
            <label htmlFor="invoice-taxableSupplyDate">{t("invoices.detail.taxableSupplyDate")}</label>
            <input id="invoice-taxableSupplyDate" name="taxableSupplyDate" type="text" inputMode="numeric" size={10} defaultValue={values.taxableSupplyDate} aria-describedby="invoice-date-hint" />
            <small id="invoice-date-hint" className="field-hint">
              {t("invoices.editor.dateHint")}
            </small>
            <FieldError id="invoice-taxableSupplyDate-error" error={errors.taxableSupplyDate} />
          </div>
        )}
        <div className="field field-textarea">
          <label htmlFor="invoice-note">{t("invoices.detail.note")}</label>
          <textarea id="invoice-note" name="note" rows={2} defaultValue={values.note} />
          <FieldError id="invoice-note-error" error={errors.note} />
        </div>
        {draft.proforma ? null : (
          <fieldset className={`invoice-link-proformas${errors.linkedProformas ? " field-invalid" : ""}`}>
            <legend>{t("invoices.editor.linkProformas")}</legend>
            {draft.linkableProformas.length === 0 ? <p>{t("invoices.editor.noLinkable")}</p> : null}
            {draft.linkableProformas.map((proforma) => (
              <label key={proforma.id} className="checkbox">
                <input type="checkbox" name="linkedProformas" value={proforma.id} defaultChecked={values.linked.includes(proforma.id)} />{" "}
                {t("invoices.editor.proformaPaid", { number: proforma.number, paid: money(proforma.paid) })}
              </label>
            ))}
            <FieldError id="invoice-linked-error" error={errors.linkedProformas} />
          </fieldset>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            {t("invoices.editor.issue")}
          </button>
        </div>
      </form>
    </AppLayout>
  );
}
