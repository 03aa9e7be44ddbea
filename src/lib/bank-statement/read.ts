/**
 * Reads an uploaded bank statement (docs/decisions/077-bank-statements.md): a GPC (ABO) or a
 * camt.053, told apart by the content (never the name), into one `BankStatement`. Anything it
 * cannot take whole is refused with one translated message: nothing is returned in part.
 */
import { AppError, msg } from "@/lib/errors";
import { decodeCsv } from "@/lib/import/read";
import { cleanFileName, MB } from "@/lib/uploads";
import { readCamt053 } from "./camt";
import { readGpc } from "./gpc";
import { BANK_STATEMENT_FILE_FIELD, BANK_STATEMENT_LIMITS, type BankStatement, type BankStatementLimits, refusal } from "./statement";

export type { BankStatement, BankStatementLine, BankStatementLimits } from "./statement";
export { BANK_STATEMENT_FILE_FIELD, BANK_STATEMENT_LIMITS } from "./statement";

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/** What the first bytes say the file is. */
export function sniffBankStatement(data: Uint8Array): "gpc" | "camt053" | null {
  let start = UTF8_BOM.every((byte, index) => data[index] === byte) ? 3 : 0;
  // A GPC starts with its 074 record; leading blank lines are tolerated only for XML.
  if (data[start] === 0x30 && data[start + 1] === 0x37 && data[start + 2] === 0x34) return "gpc";
  while (start < data.length && isSpace(data[start]!)) start++;
  return data[start] === 0x3c ? "camt053" : null;
}

/** Reads an upload as a statement; throws AppError (`fail`, field `file`) for anything it refuses. */
export function readBankStatement(file: { fileName: string; data: Uint8Array }, limits: BankStatementLimits = BANK_STATEMENT_LIMITS): BankStatement {
  const name = cleanFileName(file.fileName);
  const fail = (key: string, values: Record<string, unknown>) => AppError.fail(msg(key, values), { [BANK_STATEMENT_FILE_FIELD]: msg(key, values) });
  if (file.data.byteLength === 0) throw fail("upload.empty", { name });
  if (file.data.byteLength > limits.maxBytes) throw fail("upload.tooLarge", { name, maxMb: Math.floor(limits.maxBytes / MB) });
  const format = sniffBankStatement(file.data);
  if (format === "gpc") return readGpc(decodeCsv(file.data).text, limits);
  if (format === "camt053") return readCamt053(decodeXml(file.data), limits);
  throw refusal("notStatement", { name });
}

/** ISO 20022 messages are UTF-8; bytes that are not are no camt.053. */
function decodeXml(data: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw refusal("camt.notXml");
  }
}
