/**
 * Bank statements' pages (docs/decisions/079-bank-statement-pairing.md):
 * - GET  /orders/invoices/bankStatements                 the upload form and the newest statements;
 * - POST /orders/invoices/bankStatements                 multipart `files`: kept, to its preview (303);
 *   refused, the page again (422; with htmx the upload section) and nothing kept;
 * - GET  /orders/invoices/bankStatements/:id             the preview, or the confirmed statement;
 * - POST …/:id/confirm                                   writes the pairing in one transaction;
 * - POST …/:id/lines/:lineId/pair, …/dismiss             the office's pairing by hand, its dismissal.
 */
import { Hono } from "hono";
import { BankStatementPage } from "@views/orders/bank-statement-page";
import { BankStatementsPage, BankStatementUpload } from "@views/orders/bank-statements-page";
import { BANK_STATEMENT_LIMITS } from "@/lib/bank-statement/read";
import { AppError, msg } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { isHtmx } from "@/lib/http/htmx";
import { idParam } from "@/lib/http/request";
import { readFileParts } from "@/lib/http/uploads";
import { translateMessage } from "@/lib/i18n";
import { isRefusal } from "@/web/form-state";
import { flash, renderFragment, renderPage } from "@/web/render";
import { BANK_STATEMENT_UPLOAD_FIELD, BANK_STATEMENTS_PATH, bankStatementHref } from "./schemas";
import { confirmBankStatement, dismissStatementLine, getBankStatement, listBankStatements, pairStatementLine, uploadBankStatement } from "./service";

/** One statement file of at most 10 MB (the reader's bound, docs/decisions/077-bank-statements.md). */
export const BANK_STATEMENT_UPLOAD_RULES = { field: BANK_STATEMENT_UPLOAD_FIELD, maxFiles: 1, maxBytes: BANK_STATEMENT_LIMITS.maxBytes } as const;

export const bankStatementPages = new Hono<AppEnv>();

/** The refusal's messages, translated, once each; a field's named by its label ("Důvod odložení: Povinné pole"). */
const errorTexts = (c: AppContext, error: AppError, labels: Record<string, string> = {}): string[] => {
  const t = c.get("t");
  const labelled = Object.entries(error.fields).map(([field, message]) => (labels[field] ? `${labels[field]}: ${translateMessage(t, message)}` : translateMessage(t, message)));
  const fieldMessages = new Set(Object.values(error.fields));
  const texts = [...error.messages.filter((message) => !fieldMessages.has(message)).map((message) => translateMessage(t, message)), ...labelled];
  return texts.filter((text, index, all) => all.indexOf(text) === index);
};

async function indexPage(c: AppContext, errors: string[] = [], status = 200) {
  const statements = await listBankStatements({ ctx: c.get("ctx") });
  return renderPage(c, <BankStatementsPage statements={statements} errors={errors} />, { status });
}

bankStatementPages.get(BANK_STATEMENTS_PATH, (c) => indexPage(c));

bankStatementPages.post(BANK_STATEMENTS_PATH, async (c) => {
  try {
    const [file] = await readFileParts(c, BANK_STATEMENT_UPLOAD_RULES);
    if (!file) throw AppError.fail(msg("upload.noFile"));
    const id = await uploadBankStatement({ ctx: c.get("ctx"), input: file });
    if (isHtmx(c)) {
      c.header("HX-Redirect", bankStatementHref(id));
      return c.body(null, 200);
    }
    return c.redirect(bankStatementHref(id), 303);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    // The reader names the file's field too: its message once, without a label.
    const texts = errorTexts(c, AppError.fail(error.messages));
    if (isHtmx(c)) return renderFragment(c, <BankStatementUpload errors={texts} />, { status: 422 });
    return indexPage(c, texts, 422);
  }
});

bankStatementPages.get(`${BANK_STATEMENTS_PATH}/:id{[0-9]+}`, async (c) => {
  const statement = await getBankStatement({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  return renderPage(c, <BankStatementPage statement={statement} />);
});

/** A refusal of a button's form: its messages as toasts, back to the statement. */
async function statementAction(c: AppContext, id: number, work: () => Promise<string>): Promise<Response> {
  try {
    return c.redirect(await work(), 303);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const t = c.get("t");
    for (const text of errorTexts(c, error, { reason: t("bankPairing.dismissReason") as string, number: t("bankPairing.pairNumber") as string })) flash(c, "fail", text);
    return c.redirect(bankStatementHref(id), 303);
  }
}

bankStatementPages.post(`${BANK_STATEMENTS_PATH}/:id{[0-9]+}/confirm`, async (c) => {
  const id = idParam(c);
  return statementAction(c, id, async () => {
    const result = await confirmBankStatement({ ctx: c.get("ctx"), input: { id } });
    const t = c.get("t");
    flash(c, "success", (result.alreadyConfirmed ? t("bankPairing.alreadyConfirmed") : t("bankPairing.confirmed", { payments: result.payments })) as string);
    return bankStatementHref(id);
  });
});

const text = (value: unknown): string => (typeof value === "string" ? value : "");

bankStatementPages.post(`${BANK_STATEMENTS_PATH}/:id{[0-9]+}/lines/:lineId{[0-9]+}/pair`, async (c) => {
  const id = idParam(c);
  const lineId = idParam(c, "lineId");
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  return statementAction(c, id, async () => {
    const ctx = c.get("ctx");
    const paid = await pairStatementLine({ ctx, input: { statementId: id, lineId, values: { invoiceId: text(body.invoiceId), number: text(body.number) } } });
    flash(c, "success", c.get("t")("bankPairing.paired", { number: paid.number }) as string);
    return bankStatementHref(id);
  });
});

bankStatementPages.post(`${BANK_STATEMENTS_PATH}/:id{[0-9]+}/lines/:lineId{[0-9]+}/dismiss`, async (c) => {
  const id = idParam(c);
  const lineId = idParam(c, "lineId");
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  return statementAction(c, id, async () => {
    await dismissStatementLine({ ctx: c.get("ctx"), input: { statementId: id, lineId, values: { reason: text(body.reason) } } });
    flash(c, "success", c.get("t")("bankPairing.dismissed") as string);
    return bankStatementHref(id);
  });
});
