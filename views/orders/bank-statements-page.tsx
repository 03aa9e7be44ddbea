/**
 * Bank statements (/orders/invoices/bankStatements, docs/decisions/079-bank-statement-pairing.md):
 * the upload form (the shared one; with htmx a refusal answers the upload section again, a good
 * file opens its preview) and the newest statements with what of them waits for the office.
 */
import { formatCzechDate, formatCzechDateTime } from "@/lib/dates";
import { BANK_STATEMENT_ACCEPT, BANK_STATEMENTS_PATH, type BankStatementSummary, bankStatementHref } from "@/modules/orders/bank-statement/schemas";
import { StaticTable, type TableColumn } from "../components/data-table";
import { UploadForm } from "../components/upload-form";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { INVOICES_PATH } from "./invoice-list";

export const BANK_STATEMENT_UPLOAD_ID = "bank-statement-upload";

/** "Výpis 7 ze dne 31.03.2026" (or without its date). */
export function statementTitle(t: ReturnType<typeof useView>["t"], statement: { statementNumber: string; statementDate: string | null }): string {
  return statement.statementDate
    ? t("bankPairing.statementTitle", { number: statement.statementNumber, date: formatCzechDate(statement.statementDate) })
    : t("bankPairing.statementTitleNoDate", { number: statement.statementNumber });
}

/** The upload section: the htmx answer to a refused upload. */
export function BankStatementUpload({ errors }: { errors: string[] }) {
  const { t } = useView();
  return (
    <section id={BANK_STATEMENT_UPLOAD_ID} className="bank-statement-upload" aria-label={t("bankPairing.file")}>
      <UploadForm
        action={BANK_STATEMENTS_PATH}
        targetId={BANK_STATEMENT_UPLOAD_ID}
        inputId="bank-statement-file"
        label={t("bankPairing.file")}
        hint={t("bankPairing.fileHint")}
        submitText={t("bankPairing.upload")}
        accept={BANK_STATEMENT_ACCEPT}
        errors={errors}
        multiple={false}
      />
    </section>
  );
}

export function BankStatementsPage(props: { statements: BankStatementSummary[]; errors: string[] }) {
  const { t } = useView();
  const columns: TableColumn<BankStatementSummary>[] = [
    { key: "statement", label: t("bankPairing.col.statements"), render: (row) => <a href={bankStatementHref(row.id)}>{statementTitle(t, row)}</a> },
    { key: "fileName", label: t("bankPairing.fileName") },
    { key: "state", label: t("bankPairing.stateLabel"), render: (row) => <span data-state={row.state}>{t(`bankPairing.state.${row.state}`)}</span> },
    { key: "createdAt", label: t("bankPairing.uploadedAt"), nowrap: true, render: (row) => formatCzechDateTime(row.createdAt) },
    { key: "lines", label: t("bankPairing.col.lines"), align: "end", render: (row) => (row.state === "CONFIRMED" ? String(row.lines) : "") },
    { key: "unmatched", label: t("bankPairing.col.unmatched"), align: "end", render: (row) => (row.state === "CONFIRMED" ? String(row.unmatched) : "") },
    { key: "overpayments", label: t("bankPairing.col.overpayments"), align: "end", render: (row) => (row.state === "CONFIRMED" ? String(row.overpayments) : "") },
  ];
  return (
    <AppLayout
      title={t("bankPairing.title")}
      actions={
        <a className="button" href={INVOICES_PATH}>
          {t("invoices.list.title")}
        </a>
      }
    >
      <p>{t("bankPairing.intro")}</p>
      <BankStatementUpload errors={props.errors} />
      <h2 className="section-title">{t("bankPairing.recent")}</h2>
      <StaticTable
        className="bank-statements"
        label={t("bankPairing.recent")}
        columns={columns}
        rows={props.statements}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-statement-id": row.id })}
        empty={t("bankPairing.noStatements")}
      />
    </AppLayout>
  );
}
