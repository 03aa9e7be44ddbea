/**
 * A new proforma or final invoice of an order (/orders/invoices/new?orderId=&proforma=): the
 * order's facts in the info box; one row per order line (the shared table frame) with its price,
 * what earlier invoices invoiced and what remains, and the price to invoice now; the dates through
 * the shared date input. The quick buttons (30 %, 40 %, 100 % of the remaining price) are links
 * that fill every row; a final invoice ticks the paid proformas it deducts. A plain form: no island.
 */
import { formatCzechDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { type DraftLine, type InvoiceDraft, QUICK_SHARES } from "@/modules/orders/invoice/schemas";
import { StaticTable, type TableColumn } from "../components/data-table";
import { browserValidation, FieldRow, FormAlert } from "../components/form";
import { InfoBox } from "../components/info-box";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { INVOICES_PATH } from "./invoice-list";

export const newInvoiceHref = (orderId: number, proforma: boolean, share?: number) =>
  `${INVOICES_PATH}/new?orderId=${orderId}&proforma=${proforma}${share ? `&share=${share}` : ""}`;

/** What was typed (after a refusal) or the draft's suggestion, as the inputs show it. */
export interface InvoiceEditorValues {
  prices: string[];
  dueDate: string;
  dateOfTaxableSupply: string;
  note: string;
  linked: number[];
  idempotencyKey: string;
}

const priceText = (value: number) => value.toFixed(2).replace(".", ",");

export function editorValuesOf(draft: InvoiceDraft, idempotencyKey: string): InvoiceEditorValues {
  return {
    prices: draft.items.map((line) => priceText(line.suggested)),
    dueDate: formatCzechDate(draft.dueDate),
    dateOfTaxableSupply: draft.dateOfTaxableSupply ? formatCzechDate(draft.dateOfTaxableSupply) : "",
    note: "",
    linked: draft.linkableProformas.map((proforma) => proforma.id),
    idempotencyKey,
  };
}

/** The line's price input and its error, under the row's hidden source fields. */
function PriceCell(props: { line: DraftLine; index: number; value: string; error?: string }) {
  const { line, index, error } = props;
  const id = `invoice-line-${index}`;
  return (
    <div className={error ? "field-invalid" : undefined}>
      <input type="hidden" name={`line.${index}.source`} value={line.source} />
      <input type="hidden" name={`line.${index}.sourceId`} value={line.sourceId ?? ""} />
      <input
        id={id}
        name={`line.${index}.invoicedPrice`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={props.value}
        aria-label={line.description}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? "true" : undefined}
      />
      {error ? (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}

export function InvoiceEditorPage(props: { draft: InvoiceDraft; values: InvoiceEditorValues; errors?: Record<string, string>; formErrors?: string[] }) {
  const { t, lang } = useView();
  const { draft, values } = props;
  const errors = props.errors ?? {};
  const money = (value: number) => formatMoney(value, lang);
  const action = newInvoiceHref(draft.orderId, draft.proforma);
  const rows = draft.items.map((line, index) => ({ line, index }));
  const columns: TableColumn<(typeof rows)[number]>[] = [
    { key: "source", label: t("invoices.editor.source"), render: ({ line }) => t(`invoices.source.${line.source}`) },
    { key: "description", label: t("invoices.detail.description"), render: ({ line }) => line.description },
    { key: "itemPrice", label: t("invoices.detail.itemPrice"), align: "end", nowrap: true, render: ({ line }) => money(line.itemPrice) },
    { key: "invoiced", label: t("invoices.editor.invoiced"), align: "end", nowrap: true, render: ({ line }) => money(line.invoiced) },
    { key: "remaining", label: t("invoices.editor.remaining"), align: "end", nowrap: true, render: ({ line }) => money(line.remaining) },
    {
      key: "invoicedPrice",
      label: t("invoices.editor.invoiceNow"),
      align: "end",
      render: ({ line, index }) => <PriceCell line={line} index={index} value={values.prices[index] ?? ""} error={errors[`items.${index}.invoicedPrice`] ?? errors[`items.${index}.source`]} />,
    },
  ];
  return (
    <AppLayout title={t(draft.proforma ? "invoices.editor.titleProforma" : "invoices.editor.titleFinal", { orderId: draft.orderId })}>
      <InfoBox
        className="invoice-draft-facts"
        label={t("invoices.editor.facts")}
        items={[
          { label: t("invoices.detail.customer"), value: draft.customer },
          { label: t("invoices.tab.orderBase"), value: money(draft.items.reduce((sum, line) => sum + line.itemPrice, 0)) },
          { label: t("invoices.editor.remaining"), value: money(draft.remaining) },
          draft.proforma
            ? { label: t("invoices.editor.depositLabel", { percent: draft.confirmationPercent }), value: money(draft.confirmationAmount), data: { "data-deposit": String(draft.confirmationAmount) } }
            : null,
        ]}
      />
      {draft.vatPayer ? null : <p className="alert alert-info invoice-not-vat-payer">{t("invoices.editor.notVatPayer")}</p>}
      <div className="invoice-quick" role="group" aria-label={t("invoices.editor.quick")}>
        <span className="invoice-quick-label">{t("invoices.editor.quick")}</span>
        {QUICK_SHARES.map((share) => (
          <a key={share} className="button" href={newInvoiceHref(draft.orderId, draft.proforma, share)} data-share={share}>
            {t("invoices.editor.share", { percent: share })}
          </a>
        ))}
      </div>
      <FormAlert errors={errors} formErrors={props.formErrors} />
      <form method="post" action={action} className="invoice-editor" noValidate {...browserValidation(t)}>
        <input type="hidden" name="idempotencyKey" value={values.idempotencyKey} />
        <StaticTable
          className="invoice-draft"
          label={t("invoices.detail.lines")}
          columns={columns}
          rows={rows}
          rowKey={({ line }) => `${line.source}:${line.sourceId ?? ""}`}
          rowProps={({ line }) => ({ "data-source": line.source })}
        />
        <div className="entity-form invoice-editor-fields">
          <div className="invoice-editor-dates">
            <FieldRow field={{ name: "dueDate", label: t("invoices.detail.dueDate"), kind: "date", required: true }} value={values.dueDate} error={errors.dueDate} />
            {draft.proforma ? null : (
              <FieldRow
                field={{ name: "dateOfTaxableSupply", label: t("invoices.detail.taxableSupplyDate"), kind: "date", required: true, hint: t("invoices.editor.dateHint") }}
                value={values.dateOfTaxableSupply}
                error={errors.dateOfTaxableSupply}
              />
            )}
          </div>
          <FieldRow field={{ name: "note", label: t("invoices.detail.note"), kind: "textarea", maxLength: 1000 }} value={values.note} error={errors.note} />
          {draft.proforma ? null : (
            <fieldset className={`invoice-link-proformas${errors.linkedProformas ? " field-invalid" : ""}`}>
              <legend>{t("invoices.editor.linkProformas")}</legend>
              {draft.linkableProformas.length === 0 ? <p className="field-hint">{t("invoices.editor.noLinkable")}</p> : null}
              {draft.linkableProformas.map((proforma) => (
                <label key={proforma.id} className="checkbox">
                  <input type="checkbox" name="linkedProformas" value={proforma.id} defaultChecked={values.linked.includes(proforma.id)} />{" "}
                  {t("invoices.editor.proformaPaid", { number: proforma.invoiceNumber, paid: money(proforma.paid) })}
                </label>
              ))}
              {errors.linkedProformas ? (
                <small id="invoice-linked-error" className="field-error" role="alert">
                  {errors.linkedProformas}
                </small>
              ) : null}
            </fieldset>
          )}
          <div className="form-actions">
            <button type="submit" className="button button-primary">
              {t("invoices.editor.issue")}
            </button>
          </div>
        </div>
      </form>
    </AppLayout>
  );
}
