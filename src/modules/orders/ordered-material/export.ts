/** Ordered material as a real xlsx (src/lib/xlsx/sheet.ts): the page's table with the stock columns, headers in the caller's language, numbers as numbers. */
import type { Ctx } from "@/lib/context";
import { tFor } from "@/lib/i18n";
import { tablesToXlsx, XLSX_NUMBER, type XlsxColumn } from "@/lib/xlsx/sheet";
import { materialXlsxColumns } from "../manufacture-list/export";
import { getOrderedMaterial } from "./service";

/** The stock columns (docs/domain.md#ordered-material), between the running metres and the orders as on the page. */
const STOCK_COLUMNS = ["inStock", "onTheWay", "short"] as const;

export async function exportOrderedMaterialXlsx({ ctx, input }: { ctx: Ctx; input: Record<string, unknown> }): Promise<{ fileName: string; bytes: Uint8Array }> {
  const t = tFor(ctx.lang);
  // The sheet lists every line's orders.
  const material = await getOrderedMaterial({ ctx, input: { ...input, sources: true } });
  const text = (key: string, values?: Record<string, unknown>) => t(`orderedMaterial.${key}`, values) as string;
  const bytes = await tablesToXlsx({
    title: text("title"),
    sheets: [
      {
        name: text("sheet"),
        columns: [
          ...materialXlsxColumns((key) => text(`column.${key}`), ["productId", "name", "color", "amount", "runningMeters"]),
          ...STOCK_COLUMNS.map((key): XlsxColumn => ({ key, header: text(`column.${key}`), width: 12, numFmt: XLSX_NUMBER })),
          ...materialXlsxColumns((key) => text(`column.${key}`), ["orders"]),
        ],
        rows: [
          ...material.lines.map((line) => ({
            cells: {
              productId: line.product?.id ?? null,
              name: line.name,
              color: line.color,
              amount: line.amount,
              runningMeters: line.runningMeters,
              inStock: line.inStock,
              onTheWay: line.onTheWay,
              short: line.short,
              orders: line.sources.map(([orderId, amount]) => `${orderId} (${String(amount).replace(".", ctx.lang === "cs" ? "," : ".")})`).join(", "),
            },
          })),
          { bold: true, cells: { name: t("manufactureList.total") as string, amount: material.totals.amount, runningMeters: material.totals.runningMeters } },
        ],
      },
    ],
  });
  return { fileName: `${text("fileName")}.xlsx`, bytes };
}
