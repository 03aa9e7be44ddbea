/**
 * One bank statement (/orders/invoices/bankStatements/:id, docs/decisions/079-bank-statement-pairing.md):
 * uploaded, the preview (each line's outcome, totals per outcome, Confirm); confirmed, its lines as
 * stored, the overpayments to resolve, and each unmatched line with its suggestions, a pairing by
 * hand in one click and a dismissal with a reason.
 */
import { formatCzechDate } from "@/lib/dates";
import { translateMessage } from "@/lib/i18n";
import { formatMoney } from "@/lib/money";
import { BANK_STATEMENTS_PATH, type BankStatementView, bankStatementHref, type StatementLineView } from "@/modules/orders/bank-statement/schemas";
import { StaticTable, type TableColumn } from "../components/data-table";
import { InfoBox } from "../components/info-box";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { invoiceHref } from "./invoice-list";
import { statementTitle } from "./bank-statements-page";

export function BankStatementPage({ statement }: { statement: BankStatementView }) {
  const { t, lang } = useView();
  const money = (value: number, currency = "CZK") => (currency === "CZK" ? formatMoney(value, lang) : `${formatMoney(value, lang).replace(/\s*Kč$/, "")} ${currency}`);
  const preview = statement.state === "UPLOADED";
  const base = bankStatementHref(statement.id);
  const columns: TableColumn<StatementLineView>[] = [
    { key: "lineNumber", label: t("bankPairing.col.line"), align: "end", render: (line) => String(line.lineNumber) },
    { key: "valueDate", label: t("bankPairing.col.date"), nowrap: true, render: (line) => formatCzechDate(line.valueDate) },
    {
      key: "amount",
      label: t("bankPairing.col.amount"),
      align: "end",
      nowrap: true,
      render: (line) => (
        <>
          {line.direction === "debit" ? "−" : ""}
          {money(line.amount, line.currency)}
          {line.reversal ? <span className="field-hint"> ({t("bankPairing.reversalMark")})</span> : null}
        </>
      ),
    },
    { key: "variableSymbol", label: t("bankPairing.col.symbol"), nowrap: true, render: (line) => line.variableSymbol ?? "" },
    {
      key: "counter",
      label: t("bankPairing.col.counter"),
      render: (line) => (
        <>
          {line.counterName ?? ""}
          {line.counterAccount ? <span className="info-box-sub">{line.counterAccount}</span> : null}
        </>
      ),
    },
    { key: "outcome", label: t("bankPairing.col.outcome"), render: (line) => <OutcomeCell line={line} /> },
    {
      key: "document",
      label: t("bankPairing.col.document"),
      nowrap: true,
      render: (line) =>
        line.document ? (
          <>
            <a href={invoiceHref(line.document.id)}>{line.document.number}</a>
            {line.paid ? <span className="info-box-sub">{t("bankPairing.paidSub", { amount: money(line.paid) })}</span> : null}
            {line.remainingAfter !== null ? <span className="info-box-sub">{t("bankPairing.remainingSub", { amount: money(line.remainingAfter) })}</span> : null}
          </>
        ) : (
          ""
        ),
    },
    ...(statement.lines.some((line) => line.overpayment > 0)
      ? [{ key: "overpayment", label: t("bankPairing.col.overpayment"), align: "end", nowrap: true, render: (line: StatementLineView) => (line.overpayment ? <strong>{money(line.overpayment)}</strong> : "") } satisfies TableColumn<StatementLineView>]
      : []),
  ];
  const overpaid = statement.lines.filter((line) => line.overpayment > 0);
  const unmatched = statement.lines.filter((line) => line.outcome === "UNMATCHED" && line.id !== null);
  return (
    <AppLayout
      title={statementTitle(t, statement)}
      actions={
        <a className="button" href={BANK_STATEMENTS_PATH}>
          {t("bankPairing.back")}
        </a>
      }
    >
      <InfoBox
        className="bank-statement-facts"
        label={t("bankPairing.facts")}
        items={[
          { label: t("bankPairing.stateLabel"), value: t(`bankPairing.state.${statement.state}`), data: { "data-state": statement.state } },
          { label: t("bankPairing.account"), value: statement.account },
          { label: t("bankPairing.format"), value: t(`bankPairing.formats.${statement.format}`) },
          { label: t("bankPairing.fileName"), value: statement.fileName },
        ]}
      />
      <InfoBox
        className="bank-statement-totals"
        title={preview ? t("bankPairing.preview") : t("bankPairing.totals")}
        items={statement.totals.map((total) => ({
          label: t(`bankPairing.outcome.${total.outcome}`),
          value: t("bankPairing.totalCount", { count: total.count, amount: formatMoney(total.amount, lang) }),
          data: { "data-outcome": total.outcome, "data-count": total.count, "data-amount": String(total.amount) },
        }))}
      />
      {preview ? (
        <form method="post" action={`${base}/confirm`} className="form-actions bank-statement-confirm">
          <p className="field-hint">{t("bankPairing.previewNote")}</p>
          <button type="submit" className="button button-primary">
            {t("bankPairing.confirm")}
          </button>
        </form>
      ) : null}

      <h2 className="section-title">{t("bankPairing.lines")}</h2>
      <StaticTable
        className="bank-statement-lines"
        label={t("bankPairing.lines")}
        columns={columns}
        rows={statement.lines}
        rowKey={(line) => line.lineNumber}
        rowProps={(line) => ({ "data-line": line.lineNumber, "data-outcome": line.outcome })}
      />

      {overpaid.length ? (
        <section className="bank-statement-overpayments" aria-labelledby="bank-statement-overpayments">
          <h2 id="bank-statement-overpayments" className="section-title">
            {t("bankPairing.overpayments")}
          </h2>
          <ul>
            {overpaid.map((line) => (
              <li key={line.lineNumber} data-line={line.lineNumber}>
                {t("bankPairing.overpaymentLine", { line: line.lineNumber, amount: formatMoney(line.overpayment, lang), number: line.document?.number ?? "" })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {unmatched.length ? (
        <section className="bank-statement-unmatched" aria-labelledby="bank-statement-unmatched">
          <h2 id="bank-statement-unmatched" className="section-title">
            {t("bankPairing.unmatched")}
          </h2>
          {unmatched.map((line) => (
            <UnmatchedLine key={line.lineNumber} line={line} action={`${base}/lines/${line.id}`} money={money} />
          ))}
        </section>
      ) : null}
    </AppLayout>
  );
}

function OutcomeCell({ line }: { line: StatementLineView }) {
  const { t } = useView();
  return (
    <>
      <span data-outcome={line.outcome}>{t(`bankPairing.outcome.${line.outcome}`)}</span>
      {line.reason && line.outcome === "UNMATCHED" ? <span className="info-box-sub">{translateMessage(t, line.reason)}</span> : null}
      {line.dismissReason ? <span className="info-box-sub">{t("bankPairing.dismissedBecause", { reason: line.dismissReason })}</span> : null}
    </>
  );
}

/** One unmatched line: its suggestions each a one-click pairing, a pairing by number, and a dismissal with a reason. */
function UnmatchedLine({ line, action, money }: { line: StatementLineView; action: string; money: (value: number, currency?: string) => string }) {
  const { t } = useView();
  const id = `unmatched-${line.id}`;
  return (
    <div className="bank-statement-unmatched-line" data-line={line.lineNumber} id={id} style={{ borderTop: "1px solid var(--line)", paddingTop: ".5rem", marginBottom: "1rem" }}>
      <h3 className="section-title">
        {t("bankPairing.unmatchedLine", { line: line.lineNumber, amount: `${line.direction === "debit" ? "−" : ""}${money(line.amount, line.currency)}`, date: formatCzechDate(line.valueDate) })}
        {line.counterName ? ` – ${line.counterName}` : ""}
      </h3>
      {line.pairable ? (
        line.suggestions.length ? (
          <ul className="bank-statement-suggestions" aria-label={t("bankPairing.suggestions")} style={{ listStyle: "none", padding: 0, margin: "0 0 .5rem" }}>
            {line.suggestions.map((suggestion) => (
              <li key={suggestion.id} data-suggestion={suggestion.number} style={{ marginBottom: ".4rem" }}>
                <form method="post" action={`${action}/pair`} style={{ display: "flex", gap: ".75rem", alignItems: "center", flexWrap: "wrap" }}>
                  <input type="hidden" name="invoiceId" value={suggestion.id} />
                  <button type="submit" className="button">
                    {t("bankPairing.pair")}
                  </button>
                  <span>
                    {t("bankPairing.suggestion", { number: suggestion.number, customer: suggestion.customer, remaining: money(suggestion.remaining), why: t(`bankPairing.why.${suggestion.why}`) })}
                  </span>
                </form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field-hint">{t("bankPairing.noSuggestions")}</p>
        )
      ) : null}
      <div style={{ display: "flex", flexWrap: "wrap", columnGap: "2.5rem" }}>
        {line.pairable ? (
          <form method="post" action={`${action}/pair`} className="form form-inline bank-statement-pair-number">
            <div className="field">
              <label htmlFor={`${id}-number`}>{t("bankPairing.pairNumber")}</label>
              <input id={`${id}-number`} name="number" type="text" inputMode="numeric" maxLength={20} required />
            </div>
            <p className="field">
              <button type="submit" className="button">
                {t("bankPairing.pairOther")}
              </button>
            </p>
          </form>
        ) : null}
        <form method="post" action={`${action}/dismiss`} className="form form-inline bank-statement-dismiss">
          <div className="field" style={{ width: "20rem" }}>
            <label htmlFor={`${id}-reason`}>{t("bankPairing.dismissReason")}</label>
            <input id={`${id}-reason`} name="reason" type="text" maxLength={500} required />
          </div>
          <p className="field">
            <button type="submit" className="button">
              {t("bankPairing.dismiss")}
            </button>
          </p>
        </form>
      </div>
    </div>
  );
}
