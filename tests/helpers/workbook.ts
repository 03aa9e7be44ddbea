/**
 * A real .xlsx built with ExcelJS for the upload tests (manufacture data): one sheet, a row per
 * array; a cell may be a formula, with or without its saved result, or a date.
 */
export type WorkbookCell = string | number | null | Date | { formula: string; result?: number };

export async function workbookBytes(rows: WorkbookCell[][], sheetName = "List1"): Promise<Uint8Array> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}
