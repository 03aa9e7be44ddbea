/**
 * Products as an xlsx in the import's columns (docs/domain.md#imports): the product number, the
 * fields, category paths and every category parameter by name, so export → edit in Excel →
 * import changes exactly what was edited (rows matched by the product number).
 */
import { asc } from "drizzle-orm";
import { categories, categoryParameters, productCategories, productParameterValues, products, vatRates } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { headerKey } from "@/lib/import/mapping";
import { tablesToXlsx, type XlsxColumn, XLSX_MONEY, XLSX_NUMBER } from "@/lib/xlsx/sheet";
import { tFor } from "@/lib/i18n";
import { CATEGORY_PATH_SEPARATOR, categoryPaths, PARAMETER_PREFIX, productFields } from "./import";

const NUMBER_FORMATS: Record<string, string> = { unitPrice: XLSX_MONEY, m2Price: XLSX_MONEY, weight: XLSX_NUMBER, vat: XLSX_NUMBER, id: "0" };

export async function exportProductsXlsx(ctx: Ctx): Promise<{ data: Uint8Array; fileName: string }> {
  const t = tFor(ctx.lang);
  const fields = await productFields(ctx);
  const [rows, vats, categoryRows, links, parameters, values] = await Promise.all([
    ctx.db.select().from(products).orderBy(asc(products.id)),
    ctx.db.select({ id: vatRates.id, rate: vatRates.rate }).from(vatRates),
    ctx.db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories).orderBy(asc(categories.id)),
    ctx.db.select().from(productCategories),
    ctx.db.select({ id: categoryParameters.id, name: categoryParameters.name }).from(categoryParameters),
    ctx.db.select().from(productParameterValues),
  ]);
  const rate = new Map(vats.map((vat) => [vat.id, Number(vat.rate)]));
  const { pathOf } = categoryPaths(categoryRows);
  const categoriesOf = new Map<number, string[]>();
  for (const link of links) {
    const path = pathOf.get(link.categoryId);
    if (path) categoriesOf.set(link.productId, [...(categoriesOf.get(link.productId) ?? []), path.join(CATEGORY_PATH_SEPARATOR)]);
  }
  const parameterKey = new Map(parameters.map((parameter) => [parameter.id, `${PARAMETER_PREFIX}${headerKey(parameter.name)}`]));
  const valuesOf = new Map<number, Record<string, string>>();
  for (const value of values) {
    const own = valuesOf.get(value.productId) ?? {};
    own[parameterKey.get(value.parameterId)!] = value.value;
    valuesOf.set(value.productId, own);
  }
  const columns: XlsxColumn[] = fields.map((field) => ({ key: field.key, header: field.label, width: field.key === "name" || field.key === "categories" ? 36 : 14, numFmt: NUMBER_FORMATS[field.key] }));
  const number = (value: string | null) => (value === null ? null : Number(value));
  const data = await tablesToXlsx({
    title: t("import.products.exportTitle"),
    sheets: [
      {
        name: t("import.products.exportTitle"),
        columns,
        rows: rows.map((row) => ({
          cells: {
            id: row.id,
            name: row.name,
            invoiceName: row.invoiceName,
            categories: (categoriesOf.get(row.id) ?? []).sort().join("; "),
            vat: row.vatId === null ? null : (rate.get(row.vatId) ?? null),
            unitPrice: number(row.unitPrice),
            m2Price: number(row.m2Price),
            ean13: row.ean13,
            weight: Number(row.weight),
            storable: t(row.storable ? "import.yes" : "import.no"),
            ...valuesOf.get(row.id),
          },
        })),
      },
    ],
  });
  return { data, fileName: `${t("import.products.exportFile")}.xlsx` };
}
