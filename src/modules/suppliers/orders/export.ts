import type { Ctx } from "@/lib/context";
import type { AppContext } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { tFor } from "@/lib/i18n";
import { getSupplierOrderDetail } from "./service";

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export interface XlsxFile {
  filename: string;
  body: ArrayBuffer;
}

/**
 * The order's lines as a real xlsx (exceljs): one sheet ("Položky objednávky") with a bold header
 * row Kód produktu, Název, EAN, Množství and a row per line. The product code is the product id
 * (the `P<id>` barcode without its prefix); the quantity is a number cell.
 */
export async function exportSupplierOrderXlsx({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<XlsxFile> {
  const t = tFor(ctx.lang);
  const order = await getSupplierOrderDetail({ ctx, input });
  // exceljs loads on the first export, not at start-up (~160 ms).
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Ohrada";
  workbook.title = order.name;
  const sheet = workbook.addWorksheet(t("supplierOrder.export.sheet") as string);
  sheet.columns = [
    { header: t("supplierOrder.export.code") as string, key: "code", width: 14 },
    { header: t("supplierOrder.export.name") as string, key: "name", width: 50 },
    { header: t("supplierOrder.export.ean") as string, key: "ean", width: 16 },
    { header: t("supplierOrder.export.quantity") as string, key: "quantity", width: 12, style: { numFmt: "#,##0.###" } },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const line of order.lines) {
    // The EAN stays text: as a number a spreadsheet would show 8.59E+12 and drop leading zeros.
    sheet.addRow({ code: line.product.id, name: line.product.name, ean: line.product.ean13 ?? "", quantity: line.quantity });
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return { filename: `objednavka-dodavateli-${order.id}.xlsx`, body: buffer as ArrayBuffer };
}

/** The download answer: the file with a content-disposition naming it. */
export const xlsxResponse = (c: AppContext, file: XlsxFile): Response =>
  sendFile(c, { bytes: new Uint8Array(file.body), contentType: XLSX_MIME, fileName: file.filename, disposition: "attachment" });
