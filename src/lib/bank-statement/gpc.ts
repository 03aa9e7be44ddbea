/**
 * The GPC (ABO) statement: fixed-width records of 128 characters, one a line; the layout with its
 * positions is in docs/decisions/077-bank-statements.md. A `074` opens a statement, a `075` is a
 * transaction, `076`/`078`/`079` add to the transaction before them. Any record the reader cannot
 * take whole refuses the file.
 */
import {
  accountText,
  type BankStatement,
  type BankStatementLimits,
  type BankStatementLine,
  isoDate,
  mergeStatements,
  nextDay,
  refusal,
  symbolOf,
} from "./statement";

export const GPC_RECORD_LENGTH = 128;
/** A `074` ends in 14 filler spaces some exports leave off. */
const HEADER_MIN_LENGTH = 114;

/** ISO 4217 numeric → letters for the currencies a Czech account sees. */
const CURRENCIES: Record<string, string> = {
  "203": "CZK",
  "978": "EUR",
  "840": "USD",
  "826": "GBP",
  "756": "CHF",
  "985": "PLN",
  "348": "HUF",
  "946": "RON",
  "975": "BGN",
  "752": "SEK",
  "208": "DKK",
  "578": "NOK",
  "124": "CAD",
  "036": "AUD",
  "392": "JPY",
  "156": "CNY",
  "980": "UAH",
};

/** Characters `from`–`to` of a record, 1-based and inclusive as the layout counts them. */
const at = (record: string, from: number, to: number) => record.slice(from - 1, to);

const DIGITS = /^\d+$/;
/** Digits, some exports pad them with spaces instead of zeros; or nothing. */
const DIGITS_OR_BLANK = /^ *\d* *$/;

interface Header extends Omit<BankStatement, "lines"> {
  opening: number;
  closing: number;
  /** All four sums zero: an export without balances, which cannot be checked. */
  blank: boolean;
}

/** DDMMYY → yyyy-mm-dd (years 2000–2099); "000000" is no date. */
function gpcDate(text: string, line: number): string | null {
  if (text === "000000") return null;
  if (!/^\d{6}$/.test(text)) throw refusal("gpc.badDate", { line, value: text });
  const date = isoDate(2000 + Number(text.slice(4, 6)), Number(text.slice(2, 4)), Number(text.slice(0, 2)));
  if (!date) throw refusal("gpc.badDate", { line, value: text });
  return date;
}

function gpcAmount(digits: string, line: number): number {
  if (!DIGITS.test(digits)) throw refusal("gpc.badAmount", { line, value: digits.trim() });
  return Number(digits);
}

function signed(digits: string, sign: string, line: number, zeroSign: boolean): number {
  const amount = gpcAmount(digits, line);
  if (sign === "-") return -amount;
  if (sign === "+" || (zeroSign && sign === "0")) return amount;
  throw refusal("gpc.badAmount", { line, value: `${digits}${sign}` });
}

function readHeader(record: string, line: number): Header {
  const own = at(record, 4, 19);
  if (!DIGITS.test(own)) throw refusal("gpc.badAccount", { line });
  const opening = signed(at(record, 46, 59), at(record, 60, 60), line, false);
  const closing = signed(at(record, 61, 74), at(record, 75, 75), line, false);
  const debits = signed(at(record, 76, 89), at(record, 90, 90), line, true);
  const credits = signed(at(record, 91, 104), at(record, 105, 105), line, true);
  const number = at(record, 106, 108);
  if (!DIGITS.test(number)) throw refusal("gpc.badField", { line, field: "106–108" });
  const previous = gpcDate(at(record, 40, 45), line);
  const date = gpcDate(at(record, 109, 114), line);
  const header: Header = {
    format: "gpc",
    account: accountText({ prefix: own.slice(0, 6), number: own.slice(6), bankCode: "" }) ?? own,
    statementId: String(Number(number)),
    openingBalance: opening,
    closingBalance: closing,
    opening,
    closing,
    blank: opening === 0 && closing === 0 && debits === 0 && credits === 0,
  };
  const name = at(record, 20, 39).trim();
  if (name) header.accountName = name;
  if (date) header.to = date;
  if (previous && (!date || previous < date)) header.from = nextDay(previous);
  return header;
}

const DIRECTIONS: Record<string, { direction: "credit" | "debit"; reversal: boolean }> = {
  "1": { direction: "debit", reversal: false },
  "2": { direction: "credit", reversal: false },
  // A reversed debit brings the money back; a reversed credit takes it away.
  "4": { direction: "credit", reversal: true },
  "5": { direction: "debit", reversal: true },
};

function readTransaction(record: string, line: number, lineNumber: number): BankStatementLine {
  const counter = at(record, 20, 35);
  const bankCode = at(record, 74, 77);
  if (!DIGITS_OR_BLANK.test(counter) || !DIGITS_OR_BLANK.test(bankCode)) throw refusal("gpc.badAccount", { line });
  const code = DIRECTIONS[at(record, 61, 61)];
  if (!code) throw refusal("gpc.badCode", { line, value: at(record, 61, 61) });
  const symbols = { variable: at(record, 62, 71), constant: at(record, 78, 81), specific: at(record, 82, 91) };
  for (const symbol of Object.values(symbols)) if (!DIGITS_OR_BLANK.test(symbol)) throw refusal("gpc.badSymbol", { line, value: symbol.trim() });
  const currencyCode = at(record, 119, 122);
  const currency = /^(0000| {4})$/.test(currencyCode) ? "CZK" : DIGITS.test(currencyCode) ? CURRENCIES[currencyCode.slice(1)] : undefined;
  if (!currency) throw refusal("gpc.badCurrency", { line, value: currencyCode });
  // The value date is "000000" in many exports; the due date (the booking day) stands in.
  const valueDate = gpcDate(at(record, 92, 97), line) ?? gpcDate(at(record, 123, 128), line);
  if (!valueDate) throw refusal("gpc.badDate", { line, value: at(record, 92, 97) });
  const id = at(record, 36, 48).trim();
  return {
    lineNumber,
    bankTransactionId: /^0*$/.test(id) ? null : id,
    direction: code.direction,
    amountHalere: gpcAmount(at(record, 49, 60), line),
    currency,
    variableSymbol: symbolOf(symbols.variable),
    constantSymbol: symbolOf(symbols.constant),
    specificSymbol: symbolOf(symbols.specific),
    valueDate,
    counterAccount: /^[0 ]*$/.test(counter) ? null : accountText({ prefix: counter.slice(0, 6), number: counter.slice(6), bankCode: bankCode.trim() }),
    counterName: at(record, 98, 117).trim() || null,
    message: null,
    reversal: code.reversal,
  };
}

/** `078`/`079`: the message for the payee, two halves of 35 characters each. */
function messageOf(record: string): string {
  return [at(record, 4, 38), at(record, 39, 73)]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
}

function checkLength(record: string, line: number, min: number) {
  if (record.length < min || record.length > GPC_RECORD_LENGTH) throw refusal("gpc.lineLength", { line, length: record.length, expected: GPC_RECORD_LENGTH });
}

/** The statement's balances must account for its lines, or the file lacks some (or has too many). */
function checkBalance(header: Header, lines: BankStatementLine[], line: number) {
  if (header.blank) return;
  let sum = BigInt(header.opening);
  for (const entry of lines) sum += entry.direction === "credit" ? BigInt(entry.amountHalere) : -BigInt(entry.amountHalere);
  if (sum !== BigInt(header.closing)) throw refusal("gpc.balanceMismatch", { line, statement: header.statementId });
}

/** Reads a decoded GPC text (its first record a `074`). */
export function readGpc(text: string, limits: BankStatementLimits): BankStatement {
  const records = text.split(/\r?\n/);
  while (records.length && records[records.length - 1] === "") records.pop();
  const headers: { header: Header; line: number; lines: BankStatementLine[] }[] = [];
  const lines: BankStatementLine[] = [];
  let current: BankStatementLine | undefined;
  for (let index = 0; index < records.length; index++) {
    const record = records[index]!;
    const line = index + 1;
    // Control characters or bytes no encoding knows: not a text file (or not this one).
    if (/[\u0000-\u001f\u007f\ufffd]/.test(record)) throw refusal("gpc.badCharacters", { line });
    const type = record.slice(0, 3);
    if (type === "074") {
      checkLength(record, line, HEADER_MIN_LENGTH);
      headers.push({ header: readHeader(record, line), line, lines: [] });
      current = undefined;
    } else if (type === "075") {
      checkLength(record, line, GPC_RECORD_LENGTH);
      const block = headers[headers.length - 1];
      if (!block) throw refusal("gpc.recordType", { line, type });
      if (lines.length >= limits.maxLines) throw refusal("tooManyLines", { max: limits.maxLines });
      current = readTransaction(record, line, lines.length + 1);
      lines.push(current);
      block.lines.push(current);
    } else if (type === "076" || type === "078" || type === "079") {
      checkLength(record, line, 3);
      // 076 repeats the transaction's identification and dates: nothing the line lacks.
      if (type !== "076" && current) {
        const message = messageOf(record);
        if (message) current.message = current.message ? `${current.message} ${message}` : message;
      }
    } else {
      throw refusal("gpc.recordType", { line, type });
    }
  }
  if (!headers.length) throw refusal("notStatement");
  for (const block of headers) checkBalance(block.header, block.lines, block.line);
  return mergeStatements(
    headers.map(({ header: { opening: _opening, closing: _closing, blank: _blank, ...header } }) => header),
    lines,
  );
}
