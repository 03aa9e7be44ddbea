/** The Translations tab: name, invoice name and description per language (product_translations). */
import { and, eq } from "drizzle-orm";
import { productTranslations } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { PRODUCT_LANGUAGES, type ProductLanguage, type ProductTranslations, translationsInput } from "./schemas";
import { requireProduct, touchProduct } from "./service";

export async function getProductTranslations({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<ProductTranslations> {
  await requireProduct(ctx, input.id);
  const rows = await ctx.db.select().from(productTranslations).where(eq(productTranslations.productId, input.id));
  const byLang = new Map(rows.map((row) => [row.lang, row]));
  return Object.fromEntries(
    PRODUCT_LANGUAGES.map((lang) => {
      const row = byLang.get(lang);
      return [lang, { name: row?.name ?? null, invoiceName: row?.invoiceName ?? null, description: row?.description ?? null }];
    }),
  ) as ProductTranslations;
}

/** Sets the languages sent; a language whose texts are all blank is removed. */
export async function saveProductTranslations({ ctx, input }: { ctx: Ctx; input: { id: number; translations: unknown } }): Promise<ProductTranslations> {
  const sent = parseInput(translationsInput, input.translations);
  return withTransaction(ctx, async (tx) => {
    await touchProduct(tx, input.id);
    for (const lang of PRODUCT_LANGUAGES) {
      const texts = sent[lang];
      if (!texts) continue;
      const values = { name: texts.name ?? null, invoiceName: texts.invoiceName ?? null, description: texts.description ?? null };
      const where = and(eq(productTranslations.productId, input.id), eq(productTranslations.lang, lang as ProductLanguage));
      if (!values.name && !values.invoiceName && !values.description) {
        await tx.db.delete(productTranslations).where(where);
        continue;
      }
      const audit = { updatedAt: new Date(), updatedBy: tx.userId };
      await tx.db
        .insert(productTranslations)
        .values({ productId: input.id, lang, ...values, ...audit })
        .onConflictDoUpdate({ target: [productTranslations.productId, productTranslations.lang], set: { ...values, ...audit } });
    }
    return getProductTranslations({ ctx: tx, input: { id: input.id } });
  });
}
