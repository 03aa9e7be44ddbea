/**
 * The ISO 20022 camt.053 statement (BankToCustomerStatement, any version 001.02 and later), read
 * by a streaming parser (saxes) that never expands a DTD's entities; a DOCTYPE is refused before
 * anything else, so an entity bomb cannot grow. Which elements are read, and how the variable
 * symbol is found, is in docs/decisions/077-bank-statements.md.
 */
import { type SaxesTagNS, SaxesParser } from "saxes";
import {
  type BankDirection,
  type BankStatement,
  type BankStatementLimits,
  type BankStatementLine,
  ibanAccountText,
  isoDate,
  mergeStatements,
  refusal,
  symbolOf,
} from "./statement";
import { checkCzechBankAccount, formatCzechBankAccount } from "@/lib/bank";
import { AppError } from "@/lib/errors";

const ISO_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:([a-z]{4}\.\d{3})\.\d{3}\.\d{2}$/;
/** A statement nests eight levels deep; a thousand is an attack or a broken file. */
const MAX_DEPTH = 64;

interface Amount {
  value?: string;
  currency?: string;
}

interface Transaction {
  refs: { acctSvcrRef?: string; endToEndId?: string; txId?: string };
  amount: Amount;
  debtorName?: string;
  debtorAccount?: string;
  creditorName?: string;
  creditorAccount?: string;
  unstructured: string[];
  references: string[];
  additional?: string;
}

interface Entry {
  entryRef?: string;
  amount: Amount;
  indicator?: string;
  reversal?: string;
  status?: string;
  bookingDate?: string;
  valueDate?: string;
  acctSvcrRef?: string;
  additional?: string;
  transactions: Transaction[];
}

interface Balance {
  code?: string;
  amount: Amount;
  indicator?: string;
}

interface Statement {
  id?: string;
  from?: string;
  to?: string;
  iban?: string;
  other?: string;
  balances: Balance[];
}

/** Where a value was read: the entry's number (1, 2 …), or the statement's element. */
type Where = number | string;

function bad(kind: "badAmount" | "badDate" | "badIndicator", where: Where, value: string | undefined) {
  return typeof where === "number" ? refusal(`camt.${kind}`, { entry: where, value: value ?? "" }) : refusal("camt.badStatement", { element: where, value: value ?? "" });
}

/** A decimal with at most two significant fraction digits → hundredths, exactly. */
function hundredths(text: string | undefined, where: Where): number {
  const match = /^(\d{1,15})(?:\.(\d{1,5}))?$/.exec(text ?? "");
  if (!match || /[1-9]/.test((match[2] ?? "").slice(2))) throw bad("badAmount", where, text);
  return Number(match[1]) * 100 + Number((match[2] ?? "").slice(0, 2).padEnd(2, "0"));
}

/** xs:date or xs:dateTime → its yyyy-mm-dd as written (the bank's day). */
function dayOf(text: string | undefined, where: Where): string | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T+\-Z])/.exec(text);
  const date = match && isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!date) throw bad("badDate", where, text);
  return date;
}

function direction(indicator: string | undefined, where: Where): BankDirection {
  if (indicator === "CRDT") return "credit";
  if (indicator === "DBIT") return "debit";
  throw bad("badIndicator", where, indicator);
}

/** A symbol after its mark, as Czech banks write it: `VS:123`, `/VS/123`, `VS 123`, `/VS123`. */
function marked(mark: "VS" | "KS" | "SS", texts: (string | undefined)[]): string | null {
  const pattern = new RegExp(`(?:^|[^A-Za-z])${mark}[\\s:/.=-]*(\\d{1,10})(?!\\d)`, "i");
  for (const text of texts) {
    const found = text && pattern.exec(text);
    if (found) return symbolOf(found[1]!);
  }
  return null;
}

const digitsOnly = (text: string | undefined) => (text && /^\d{1,10}$/.test(text.trim()) ? symbolOf(text) : null);

/** The variable symbol: the structured reference, a marked one in the texts, the end-to-end id. */
function variableSymbol(transaction: Transaction | undefined): string | null {
  if (!transaction) return null;
  const { references, unstructured, refs } = transaction;
  for (const reference of references) {
    const symbol = marked("VS", [reference]) ?? digitsOnly(reference);
    if (symbol) return symbol;
  }
  return marked("VS", [...unstructured, refs.endToEndId]) ?? digitsOnly(refs.endToEndId);
}

/** A Czech account in `Othr/Id` as the domestic spelling; anything else as the bank wrote it. */
function otherAccountText(text: string): string {
  const czech = checkCzechBankAccount(text);
  return czech.ok ? formatCzechBankAccount(czech.value) : text;
}

function linesOf(entry: Entry, index: number, first: number): BankStatementLine[] {
  const status = entry.status;
  // camt.053 lists booked entries; a pending or informational one is no statement line.
  if (status && status !== "BOOK") return [];
  const way = direction(entry.indicator, index);
  const reversal = entry.reversal === "true" || entry.reversal === "1";
  const amount = hundredths(entry.amount.value, index);
  const currency = entry.amount.currency;
  if (!currency || !/^[A-Z]{3}$/.test(currency)) throw bad("badAmount", index, currency);
  const valueDate = dayOf(entry.valueDate, index) ?? dayOf(entry.bookingDate, index);
  if (!valueDate) throw refusal("camt.noDate", { entry: index });
  const { transactions } = entry;
  // A batch: one line per transaction when their amounts, in the entry's currency, add up to it.
  const split =
    transactions.length > 1 &&
    transactions.every((transaction) => transaction.amount.value !== undefined && transaction.amount.currency === currency) &&
    transactions.reduce((sum, transaction) => sum + hundredths(transaction.amount.value, index), 0) === amount;
  const parts: { transaction: Transaction | undefined; amount: number }[] = split
    ? transactions.map((transaction) => ({ transaction, amount: hundredths(transaction.amount.value, index) }))
    : [{ transaction: transactions.length === 1 ? transactions[0] : undefined, amount }];
  // The counter party: the debtor of money coming in, the creditor of money going out (of the original, for a reversal).
  const fromDebtor = (way === "credit") !== reversal;
  return parts.map(({ transaction, amount: partAmount }, offset) => {
    const texts = transaction ? [...transaction.references, ...transaction.unstructured, transaction.refs.endToEndId] : [];
    const account = fromDebtor ? transaction?.debtorAccount : transaction?.creditorAccount;
    const message = transaction?.unstructured.join(" ") || transaction?.additional || entry.additional || null;
    return {
      lineNumber: first + offset,
      bankTransactionId: (split ? transaction?.refs.acctSvcrRef : undefined) ?? entry.acctSvcrRef ?? transaction?.refs.acctSvcrRef ?? entry.entryRef ?? transaction?.refs.txId ?? null,
      direction: way,
      amountHalere: partAmount,
      currency,
      variableSymbol: variableSymbol(transaction),
      constantSymbol: marked("KS", texts),
      specificSymbol: marked("SS", texts),
      valueDate,
      counterAccount: account ?? null,
      counterName: (fromDebtor ? transaction?.debtorName : transaction?.creditorName) ?? null,
      message,
      reversal,
    };
  });
}

function statementOf(statement: Statement, index: number): Omit<BankStatement, "lines"> {
  const account = statement.iban ? ibanAccountText(statement.iban) : statement.other;
  if (!account) throw refusal("camt.noAccount");
  const result: Omit<BankStatement, "lines"> = { format: "camt053", account, statementId: statement.id ?? String(index) };
  const from = dayOf(statement.from, "FrToDt/FrDtTm");
  const to = dayOf(statement.to, "FrToDt/ToDtTm");
  if (from) result.from = from;
  if (to) result.to = to;
  const balance = (...codes: string[]) => {
    for (const code of codes) {
      const found = statement.balances.find((candidate) => candidate.code === code);
      if (found) return (direction(found.indicator, `Bal ${code}`) === "debit" ? -1 : 1) * hundredths(found.amount.value, `Bal ${code}`);
    }
    return undefined;
  };
  const opening = balance("OPBD", "PRCD");
  const closing = balance("CLBD");
  if (opening !== undefined) result.openingBalance = opening;
  if (closing !== undefined) result.closingBalance = closing;
  return result;
}

/** Reads a decoded XML text; refuses anything but a camt.053 whole. */
export function readCamt053(text: string, limits: BankStatementLimits): BankStatement {
  const parser = new SaxesParser({ xmlns: true });
  const path: string[] = [];
  const statements: Omit<BankStatement, "lines">[] = [];
  const lines: BankStatementLine[] = [];
  let statement: Statement | undefined;
  let entry: Entry | undefined;
  let transaction: Transaction | undefined;
  let balance: Balance | undefined;
  let entryCount = 0;
  /** Where each context opened in `path`. */
  const depth = { statement: 0, entry: 0, transaction: 0, balance: 0 };
  let textBuffer = "";
  /** The `Ccy` of the `Amt` being read. */
  let currency: string | undefined;

  const relative = (from: number) => path.slice(from).join("/");

  parser.on("doctype", () => {
    throw refusal("camt.doctype");
  });
  parser.on("error", () => {
    throw refusal("camt.notXml");
  });
  parser.on("opentag", (tag: SaxesTagNS) => {
    textBuffer = "";
    const name = tag.local;
    if (path.length >= MAX_DEPTH) throw refusal("camt.notXml");
    if (path.length === 0) {
      const namespace = ISO_NAMESPACE.exec(tag.uri);
      if (name !== "Document" || !namespace) throw refusal("notStatement");
      if (namespace[1] !== "camt.053") throw refusal("camt.otherMessage", { type: namespace[1] });
    } else if (path.length === 1 && name !== "BkToCstmrStmt") {
      throw refusal("camt.otherMessage", { type: name });
    }
    path.push(name);
    const at = path.join("/");
    if (at === "Document/BkToCstmrStmt/Stmt") {
      statement = { balances: [] };
      depth.statement = path.length;
    } else if (statement && name === "Bal" && path.length === depth.statement + 1) {
      balance = { amount: {} };
      statement.balances.push(balance);
      depth.balance = path.length;
    } else if (statement && name === "Ntry" && path.length === depth.statement + 1) {
      entry = { amount: {}, transactions: [] };
      entryCount++;
      depth.entry = path.length;
    } else if (entry && name === "TxDtls" && relative(depth.entry) === "NtryDtls/TxDtls") {
      transaction = { refs: {}, amount: {}, unstructured: [], references: [] };
      entry.transactions.push(transaction);
      depth.transaction = path.length;
    }
    currency = name === "Amt" ? tag.attributes.Ccy?.value : undefined;
  });
  parser.on("text", (chunk: string) => {
    textBuffer += chunk;
  });
  parser.on("cdata", (chunk: string) => {
    textBuffer += chunk;
  });
  parser.on("closetag", () => {
    const value = textBuffer.trim();
    textBuffer = "";
    if (transaction) {
      const at = relative(depth.transaction);
      if (at === "") transaction = undefined;
      else assignTransaction(transaction, at, value, currency);
    } else if (entry) {
      const at = relative(depth.entry);
      if (at === "") {
        const index = entryCount;
        const read = linesOf(entry, index, lines.length + 1);
        if (lines.length + read.length > limits.maxLines) throw refusal("tooManyLines", { max: limits.maxLines });
        lines.push(...read);
        entry = undefined;
      } else assignEntry(entry, at, value, currency);
    } else if (balance) {
      const at = relative(depth.balance);
      if (at === "") balance = undefined;
      else if (at === "Tp/CdOrPrtry/Cd") balance.code = value;
      else if (at === "Amt") balance.amount = { value, currency };
      else if (at === "CdtDbtInd") balance.indicator = value;
    } else if (statement) {
      const at = relative(depth.statement);
      if (at === "") {
        statements.push(statementOf(statement, statements.length + 1));
        statement = undefined;
      } else if (at === "Id") statement.id = value;
      else if (at === "FrToDt/FrDtTm") statement.from = value;
      else if (at === "FrToDt/ToDtTm") statement.to = value;
      else if (at === "Acct/Id/IBAN") statement.iban = value;
      else if (at === "Acct/Id/Othr/Id") statement.other = value;
    }
    path.pop();
  });

  try {
    parser.write(text).close();
  } catch (error) {
    // saxes reports some faults by throwing from write/close rather than through "error".
    if (error instanceof AppError) throw error;
    throw refusal("camt.notXml");
  }
  if (!statements.length) throw refusal("camt.noStatement");
  return mergeStatements(statements, lines);
}

function assignEntry(entry: Entry, at: string, value: string, currency: string | undefined) {
  switch (at) {
    case "NtryRef":
      entry.entryRef = value;
      break;
    case "Amt":
      entry.amount = { value, currency };
      break;
    case "CdtDbtInd":
      entry.indicator = value;
      break;
    case "RvslInd":
      entry.reversal = value;
      break;
    // Up to version 05 the status is the code itself; from 06 it sits in Cd (or Prtry).
    case "Sts":
    case "Sts/Cd":
    case "Sts/Prtry":
      if (value) entry.status = value;
      break;
    case "BookgDt/Dt":
    case "BookgDt/DtTm":
      entry.bookingDate = value;
      break;
    case "ValDt/Dt":
    case "ValDt/DtTm":
      entry.valueDate = value;
      break;
    case "AcctSvcrRef":
      entry.acctSvcrRef = value;
      break;
    case "AddtlNtryInf":
      entry.additional = value;
      break;
  }
}

function assignTransaction(transaction: Transaction, at: string, value: string, currency: string | undefined) {
  if (!value) return;
  switch (at) {
    case "Refs/AcctSvcrRef":
      transaction.refs.acctSvcrRef = value;
      return;
    case "Refs/EndToEndId":
      if (value !== "NOTPROVIDED") transaction.refs.endToEndId = value;
      return;
    case "Refs/TxId":
      transaction.refs.txId = value;
      return;
    // From version 03 the transaction's own amount; before, only in its amount details.
    case "Amt":
      transaction.amount = { value, currency };
      return;
    case "AmtDtls/TxAmt/Amt":
      if (transaction.amount.value === undefined) transaction.amount = { value, currency };
      return;
    // Up to version 07 a party's name is directly in Dbtr/Cdtr; from 08 in Dbtr/Pty.
    case "RltdPties/Dbtr/Nm":
    case "RltdPties/Dbtr/Pty/Nm":
      transaction.debtorName = value;
      return;
    case "RltdPties/Cdtr/Nm":
    case "RltdPties/Cdtr/Pty/Nm":
      transaction.creditorName = value;
      return;
    case "RltdPties/DbtrAcct/Id/IBAN":
      transaction.debtorAccount = ibanAccountText(value);
      return;
    case "RltdPties/DbtrAcct/Id/Othr/Id":
      transaction.debtorAccount ??= otherAccountText(value);
      return;
    case "RltdPties/CdtrAcct/Id/IBAN":
      transaction.creditorAccount = ibanAccountText(value);
      return;
    case "RltdPties/CdtrAcct/Id/Othr/Id":
      transaction.creditorAccount ??= otherAccountText(value);
      return;
    case "RmtInf/Ustrd":
      transaction.unstructured.push(value);
      return;
    case "RmtInf/Strd/CdtrRefInf/Ref":
      transaction.references.push(value);
      return;
    case "AddtlTxInf":
      transaction.additional = value;
      return;
  }
}
