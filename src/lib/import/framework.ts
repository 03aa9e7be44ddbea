/**
 * The spreadsheet import's shape (docs/decisions/075-spreadsheet-import.md): a kind (products,
 * customers, opening stock) says its fields, checks the mapped rows (each new, changed, unchanged
 * or refused with reasons) and writes the accepted ones; the framework reads nothing itself, runs
 * the preview, and writes every accepted row in one transaction or nothing.
 */
import type { Ctx } from "@/lib/context";
import { withTransaction } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import { tFor, translateMessage } from "@/lib/i18n";
import type { Lang } from "@/lib/lang";
import { tablesToXlsx, XLSX_MIME } from "@/lib/xlsx/sheet";
import { type ColumnMapping, type ImportField, type ImportMapping, loadMapping, proposeMapping, saveMapping } from "./mapping";
import type { ImportCell, ImportRow, ImportTable } from "./read";

export type RowStatus = "new" | "changed" | "unchanged";

/** Why a row is refused: the field it is about (null for the row as a whole) and the message. */
export interface RowReason {
  field: string | null;
  message: Message;
}

export interface CheckedRow<Plan> {
  line: number;
  status: RowStatus | "refused";
  reasons: RowReason[];
  /** What `write` needs for an accepted row. */
  plan?: Plan;
}

export interface CheckResult<Plan> {
  rows: CheckedRow<Plan>[];
  /** What the user must confirm before the import writes (a category path to be created…), as messages. */
  confirm: Message[];
}

/** Mapped values of one row, by field key; a blank cell is absent. */
export type MappedRow = { line: number; values: Record<string, ImportCell> };

/** What the user said in the preview: `confirmed` the things it asked to confirm (`CheckResult.confirm`). */
export interface ImportOptions {
  confirmed?: boolean;
}

export interface ImportKind<Plan, Options extends ImportOptions = ImportOptions> {
  kind: string;
  /** Every field the kind reads (a category parameter of products is one too). */
  fields(ctx: Ctx): Promise<ImportField[]>;
  /** Fields rows may be matched by, the default first. */
  keys: readonly string[];
  /**
   * Checks the rows against the database as it is (the same schemas the kind's form uses); calls
   * `progress(rows checked)` now and then (it may throw: the import was cancelled).
   */
  check(args: { ctx: Ctx; rows: MappedRow[]; mapping: ImportMapping; fields: ImportField[]; options: Options; progress: RowProgress }): Promise<CheckResult<Plan>>;
  /** Writes the accepted rows inside the import's transaction, `progress(rows written)` between pieces; throws to undo it all. */
  write(args: { ctx: Ctx; rows: CheckedRow<Plan>[]; mapping: ImportMapping; options: Options; progress: RowProgress }): Promise<void>;
}

/** Rows done so far in the current step; may throw to stop (a cancelled import job). */
export type RowProgress = (done: number) => Promise<void>;

/** The import's steps as its job reports them (decision 076): rows checked of all, then rows written of the accepted. */
export type ImportPhase = "check" | "write";
export type ImportProgress = (phase: ImportPhase, done: number, total: number) => Promise<void>;

const NO_PROGRESS: RowProgress = async () => {};

export interface ImportPreview {
  headers: string[];
  fields: ImportField[];
  mapping: ImportMapping;
  counts: Record<RowStatus | "refused", number>;
  refused: { line: number; reasons: RowReason[] }[];
  confirm: Message[];
}

/** The mapping a file starts with: the remembered one where its headers are found, else by header name. */
export async function proposedMapping(ctx: Ctx, kind: Pick<ImportKind<unknown>, "kind" | "fields">, headers: readonly string[]): Promise<ImportMapping> {
  const fields = await kind.fields(ctx);
  const remembered = await loadMapping(ctx, kind.kind);
  const columns = proposeMapping(headers, fields, remembered?.columns);
  // A remembered key this file has no column for falls back to the kind's default.
  const key = remembered?.key && columns[remembered.key] !== undefined ? remembered.key : null;
  return { columns, key };
}

/** Refuses a mapping naming no field of the kind, a column past the file's, one column twice, or an unknown key. */
function checkMapping(table: ImportTable, fields: ImportField[], mapping: ImportMapping, keys: readonly string[]): void {
  const known = new Set(fields.map((field) => field.key));
  const seen = new Set<number>();
  for (const [field, column] of Object.entries(mapping.columns)) {
    if (!known.has(field) || !Number.isInteger(column) || column < 0 || column >= table.headers.length || seen.has(column)) {
      throw AppError.fail(msg("import.badMapping", { field }));
    }
    seen.add(column);
  }
  if (mapping.key !== null && !keys.includes(mapping.key)) throw AppError.fail(msg("import.badMapping", { field: mapping.key }));
}

function mapRows(rows: readonly ImportRow[], columns: ColumnMapping): MappedRow[] {
  const entries = Object.entries(columns);
  return rows.map((row) => {
    const values: Record<string, ImportCell> = {};
    for (const [field, column] of entries) {
      const cell = row.cells[column];
      if (cell !== undefined) values[field] = cell;
    }
    return { line: row.line, values };
  });
}

async function checkTable<Plan, Options extends ImportOptions>(ctx: Ctx, kind: ImportKind<Plan, Options>, table: ImportTable, mapping: ImportMapping, options: Options, progress = NO_PROGRESS) {
  const fields = await kind.fields(ctx);
  checkMapping(table, fields, mapping, kind.keys);
  const result = await kind.check({ ctx, rows: mapRows(table.rows, mapping.columns), mapping, fields, options, progress });
  return { fields, result };
}

function summary(table: ImportTable, fields: ImportField[], mapping: ImportMapping, result: CheckResult<unknown>): ImportPreview {
  const counts = { new: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const row of result.rows) counts[row.status]++;
  return {
    headers: table.headers,
    fields,
    mapping,
    counts,
    refused: result.rows.filter((row) => row.status === "refused").map(({ line, reasons }) => ({ line, reasons })),
    confirm: result.confirm,
  };
}

/** The test run: every row checked, nothing written. */
export async function previewImport<Plan, Options extends ImportOptions>(args: { ctx: Ctx; kind: ImportKind<Plan, Options>; table: ImportTable; mapping: ImportMapping; options: Options }): Promise<ImportPreview> {
  const { fields, result } = await checkTable(args.ctx, args.kind, args.table, args.mapping, args.options);
  return summary(args.table, fields, args.mapping, result);
}

/**
 * The import: the rows checked again inside one transaction (so what is written is what the
 * database holds now) and every accepted row written, or nothing; the mapping is remembered.
 * A refused row is left out and reported, as the preview showed it. `progress` hears each step
 * (the import job's bar); when it throws, the transaction rolls back and nothing is written.
 */
export async function runImport<Plan, Options extends ImportOptions>(args: {
  ctx: Ctx;
  kind: ImportKind<Plan, Options>;
  table: ImportTable;
  mapping: ImportMapping;
  options: Options;
  progress?: ImportProgress;
}): Promise<ImportPreview> {
  const report = args.progress ?? (async () => {});
  return withTransaction(args.ctx, async (tx) => {
    const total = args.table.rows.length;
    await report("check", 0, total);
    const { fields, result } = await checkTable(tx, args.kind, args.table, args.mapping, args.options, (done) => report("check", done, total));
    const accepted = result.rows.filter((row) => row.status === "new" || row.status === "changed");
    await report("write", 0, accepted.length);
    await args.kind.write({ ctx: tx, rows: accepted, mapping: args.mapping, options: args.options, progress: (done) => report("write", done, accepted.length) });
    await report("write", accepted.length, accepted.length);
    await saveMapping(tx, args.kind.kind, args.table.headers, args.mapping);
    return summary(args.table, fields, args.mapping, result);
  });
}

/** A reason as one line of text: "Sazba DPH: Neznámá sazba DPH 17 %". */
export function reasonText(lang: Lang, fields: readonly ImportField[], reason: RowReason): string {
  const text = translateMessage(tFor(lang), reason.message);
  const label = reason.field === null ? undefined : fields.find((field) => field.key === reason.field)?.label;
  return label ? `${label}: ${text}` : text;
}

const cellForSheet = (cell: ImportCell | undefined): string | number | Date | null =>
  cell === undefined ? null : typeof cell === "boolean" ? (cell ? "ano" : "ne") : cell;

/**
 * The refused rows as a workbook to fix and upload again: the file's own columns in its order,
 * then a reason column and the line the row was on.
 */
export async function refusedRowsXlsx(args: { lang: Lang; table: ImportTable; preview: ImportPreview }): Promise<{ data: Uint8Array; mimeType: string }> {
  const t = tFor(args.lang);
  const byLine = new Map(args.table.rows.map((row) => [row.line, row]));
  const columns = args.table.headers.map((header, index) => ({ key: `c${index}`, header: header || `#${index + 1}`, width: 18 }));
  const rows = args.preview.refused.map((refused) => {
    const cells: Record<string, string | number | Date | null> = {};
    byLine.get(refused.line)?.cells.forEach((cell, index) => (cells[`c${index}`] = cellForSheet(cell)));
    cells.reason = refused.reasons.map((reason) => reasonText(args.lang, args.preview.fields, reason)).join("; ");
    cells.line = refused.line;
    return { cells };
  });
  const data = await tablesToXlsx({
    sheets: [{ name: t("import.refusedSheet"), columns: [...columns, { key: "reason", header: t("import.reasonColumn"), width: 50 }, { key: "line", header: t("import.lineColumn"), width: 8 }], rows }],
  });
  return { data, mimeType: XLSX_MIME };
}
