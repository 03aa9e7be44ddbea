/** Ordered material as a real xlsx (src/lib/xlsx/sheet.ts): the page's table, headers in the caller's language, numbers as numbers. */
import type { Ctx } from "@/lib/context";
import { tFor } from "@/lib/i18n";
import { tablesToXlsx } from "@/lib/xlsx/sheet";
import { materialXlsxColumns } from "../manufacture-list/export";
import { getOrderedMaterial } from "./service";

export async function exportOrderedMaterialXlsx({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ fileName: string; bytes: Uint8Array }> {
  const t = tFor(ctx.lang);
  const material = await getOrderedMaterial({ ctx, input });
  const text = (key: string, values?: Record<string, unknown>) => t(`orderedMaterial.${key}`, values) as string;
  const bytes = await tablesToXlsx({
    title: text("title"),
    sheets: [
      {
        name: text("sheet"),
        columns: materialXlsxColumns((key) => text(`column.${key}`), ["productId", "name", "color", "amount", "runningMeters", "orders"]),
        rows: [
          ...material.lines.map((line) => ({
            cells: {
              productId: line.product?.id ?? null,
              name: line.name,
              color: line.color,
              amount: line.amount,
              runningMeters: line.runningMeters,
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
