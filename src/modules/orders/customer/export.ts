/**
 * The customer directory as an xlsx in the import's columns (docs/domain.md#imports), so export →
 * edit in Excel → import changes exactly what was edited (rows matched by the contact's number in
 * the first column, so a changed phone or e-mail updates its contact instead of adding one).
 */
import { asc } from "drizzle-orm";
import { customers } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { tFor } from "@/lib/i18n";
import { tablesToXlsx, type XlsxColumn } from "@/lib/xlsx/sheet";
import { customerFields } from "./import";

const WIDE = new Set(["company", "email", "street", "deliveryCompany", "deliveryStreet", "note"]);

export async function exportCustomersXlsx(ctx: Ctx): Promise<{ data: Uint8Array; fileName: string }> {
  const t = tFor(ctx.lang);
  const fields = await customerFields(ctx);
  const rows = await ctx.db.select().from(customers).orderBy(asc(customers.id));
  const columns: XlsxColumn[] = fields.map((field) => ({ key: field.key, header: field.label, width: WIDE.has(field.key) ? 30 : 16 }));
  const data = await tablesToXlsx({
    title: t("import.customers.exportTitle"),
    sheets: [
      {
        name: t("import.customers.exportTitle"),
        columns,
        rows: rows.map((row) => {
          const cells: Record<string, string | number | null> = {};
          for (const field of fields) cells[field.key] = (row[field.key as keyof typeof row] as string | null) ?? null;
          cells.id = row.id;
          // Text cells (an IČO's leading zeros stay); the checkbox as the words the import reads.
          cells.deliveryAddress = t(row.deliveryAddress ? "import.yes" : "import.no");
          return { cells };
        }),
      },
    ],
  });
  return { data, fileName: `${t("import.customers.exportFile")}.xlsx` };
}
