/** Bank statement samples (tests/fixtures/bank-statements) and the reader's refusal as a key with its values. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import iconv from "iconv-lite";
import { expect } from "bun:test";
import { AppError, type Message } from "@/lib/errors";
import { type BankStatementLimits, readBankStatement } from "@/lib/bank-statement/read";

const DIR = join(import.meta.dir, "../fixtures/bank-statements");

export const statementBytes = (name: string): Uint8Array => new Uint8Array(readFileSync(join(DIR, name)));

/** The GPC sample's records as text (decoded from Windows-1250), without line ends. */
export const gpcRecords = (): string[] => iconv.decode(Buffer.from(statementBytes("vypis-2026-03.gpc")), "win1250").split("\r\n").filter(Boolean);

/** Records back to Windows-1250 bytes, CRLF after each. */
export const gpcBytes = (records: string[]): Uint8Array => new Uint8Array(iconv.encode(records.map((record) => `${record}\r\n`).join(""), "win1250"));

/** Characters `from`–`to` (1-based, inclusive, as the layout counts them) replaced by `text` of the same length. */
export function patch(record: string, from: number, text: string): string {
  return `${record.slice(0, from - 1)}${text}${record.slice(from - 1 + text.length)}`;
}

export const utf8 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "utf-8"));

/** The message a file is refused with; fails the test when it is read. */
export function refusalOf(data: Uint8Array, limits?: BankStatementLimits, fileName = "vypis"): Message {
  try {
    readBankStatement({ fileName, data }, limits);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.fields.file).toEqual(error.messages[0]!);
    return error.messages[0]!;
  }
  throw new Error("the file was read");
}
