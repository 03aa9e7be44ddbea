/** Work-type barcodes (docs/domain.md#barcodes): the Code 128 `WT<id>` image and the printable sheet. */
import { barcodePng } from "@/lib/barcode";
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { renderPdf } from "@/lib/pdf/render";
import { workTypeCode } from "./schemas";
import { allWorkTypes } from "./service";

const codePng = (id: number, scale: number) => barcodePng("code128", workTypeCode(id), { scale, includeText: false });

/** The PNG of one work type's code; NOT_FOUND for a work type that does not exist. */
export async function workTypeBarcodePng({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<Uint8Array> {
  const [workType] = await allWorkTypes({ ctx, input: { id: input.id } });
  if (!workType) throw AppError.notFound();
  return codePng(workType.id, 3);
}

/** A4 labels of every work type, or of one workplace's, or of one work type (the edit page's print). */
export async function workTypeBarcodeSheet({ ctx, input }: { ctx: Ctx; input: { id?: number; workplaceId?: number } }): Promise<{ fileName: string; pdf: Uint8Array }> {
  const t = tFor(ctx.lang);
  const workTypes = await allWorkTypes({ ctx, input });
  if (input.id !== undefined && !workTypes.length) throw AppError.notFound();
  const labels = await Promise.all(
    workTypes.map(async (workType) => ({
      name: workType.name,
      workplace: workType.workplace.name,
      code: workTypeCode(workType.id),
      png: await codePng(workType.id, 4),
    })),
  );
  const pdf = await renderPdf(() => import("./barcode-sheet").then((m) => m.WorkTypeBarcodeSheet), {
    title: t("worktype.barcodeSheetTitle"),
    labels,
    emptyText: t("worktype.barcodeSheetEmpty"),
  });
  const fileName = input.id !== undefined ? `cinnost-${input.id}-kod.pdf` : "cinnosti-kody.pdf";
  return { fileName, pdf };
}
