/**
 * The company logo on issued documents (docs/decisions/054-invoice-pdf-and-accountant-export.md):
 * kept once per content in document_logos when a document is issued, read back by the hash its
 * snapshot names. The bytes under a hash never change, so this process keeps the drawable images
 * it has read.
 */
import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import { documentLogos } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { type PdfImage, pdfLogo } from "@/lib/pdf/logo";
import { getCompanyLogo } from "@/modules/settings/company-identity/service";
import type { InvoiceSnapshot } from "./formats/snapshot";

/** The company's logo as it is now, stored by its hash for the document being issued; null without one. */
export async function keepDocumentLogo(ctx: Ctx): Promise<{ sha256: string } | null> {
  const logo = await getCompanyLogo({ ctx });
  if (!logo) return null;
  const sha256 = createHash("sha256").update(logo.bytes).digest("hex");
  await ctx.db.insert(documentLogos).values({ sha256, mimeType: logo.mimeType, data: logo.bytes }).onConflictDoNothing();
  return { sha256 };
}

/** Drawable logos read lately, by hash (a few companies' logos at most: one per logo change). */
const drawable = new Map<string, PdfImage | null>();
const DRAWABLE_KEPT = 8;

/** The drawable logo of each hash the snapshots name (one statement for those not held); a logo that cannot be drawn is null. */
export async function drawableLogos(ctx: Ctx, snapshots: readonly Pick<InvoiceSnapshot, "logo">[]): Promise<Map<string, PdfImage | null>> {
  const wanted = [...new Set(snapshots.flatMap((snapshot) => (snapshot.logo ? [snapshot.logo.sha256] : [])))];
  const missing = wanted.filter((sha256) => !drawable.has(sha256));
  if (missing.length) {
    const rows = await ctx.db.select().from(documentLogos).where(inArray(documentLogos.sha256, missing));
    for (const row of rows) {
      const image = await pdfLogo({ bytes: row.data, mimeType: row.mimeType }, () => {});
      if (drawable.size >= DRAWABLE_KEPT) drawable.delete(drawable.keys().next().value!);
      drawable.set(row.sha256, image);
    }
  }
  return new Map(wanted.map((sha256) => [sha256, drawable.get(sha256) ?? null]));
}

/** The logo a snapshot names, ready to draw; null without one. */
export async function logoOfSnapshot(ctx: Ctx, snapshot: Pick<InvoiceSnapshot, "logo">): Promise<PdfImage | null> {
  if (!snapshot.logo) return null;
  return (await drawableLogos(ctx, [snapshot])).get(snapshot.logo.sha256) ?? null;
}
