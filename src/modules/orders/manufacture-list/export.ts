/**
 * The manufacture list as a real xlsx (src/lib/xlsx/sheet.ts): the page's columns with headers in
 * the caller's language (Czech for Czech users), a row per line, a bold subtotal row per product
 * and a bold grand total; ids, lengths, pieces and running metres are number cells.
 */
import type { Ctx } from "@/lib/context";
import { tFor } from "@/lib/i18n";
import { tablesToXlsx, XLSX_NUMBER, type XlsxColumn, type XlsxRow } from "@/lib/xlsx/sheet";
import { getManufactureList } from "./service";

/** The material tables' columns in a sheet (widths, number formats): the manufacture list's and ordered material's. */
const MATERIAL_XLSX_COLUMNS = {
  productId: { width: 10, numFmt: "0" },
  name: { width: 48 },
  color: { width: 14 },
  length: { width: 12, numFmt: XLSX_NUMBER },
  amount: { width: 12, numFmt: XLSX_NUMBER },
  runningMeters: { width: 14, numFmt: XLSX_NUMBER },
  orders: { width: 40 },
} satisfies Record<string, Omit<XlsxColumn, "key" | "header">>;

export const materialXlsxColumns = (header: (key: string) => string, keys: readonly (keyof typeof MATERIAL_XLSX_COLUMNS)[]): XlsxColumn[] =>
  keys.map((key) => ({ key, header: header(key), ...MATERIAL_XLSX_COLUMNS[key] }));

export interface ManufactureListXlsx {
  fileName: string;
  bytes: Uint8Array;
}

export async function exportManufactureListXlsx({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<ManufactureListXlsx> {
  const t = tFor(ctx.lang);
  const list = await getManufactureList({ ctx, input });
  const text = (key: string, values?: Record<string, unknown>) => t(`manufactureList.${key}`, values) as string;
  const rows: XlsxRow[] = [];
  for (const group of list.groups) {
    for (const line of group.lines) {
      rows.push({ cells: { productId: line.product.id, name: line.name, color: line.color, length: line.length, amount: line.amount, runningMeters: line.runningMeters } });
    }
    rows.push({ bold: true, cells: { name: text("subtotal", { product: group.product.name }), amount: group.amount, runningMeters: group.runningMeters || null } });
  }
  rows.push({ bold: true, cells: { name: text("total"), amount: list.totals.amount, runningMeters: list.totals.runningMeters } });
  const bytes = await tablesToXlsx({
    title: text("title", { id: list.order.id }),
    sheets: [
      {
        name: text("sheet"),
        columns: materialXlsxColumns((key) => text(`column.${key}`), ["productId", "name", "color", "length", "amount", "runningMeters"]),
        rows,
      },
    ],
  });
  return { fileName: `${text("fileName")}-${list.order.id}.xlsx`, bytes };
}
