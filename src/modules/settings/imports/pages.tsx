/**
 * Settings → Import, admins only (docs/domain.md#imports): thin routes over the import framework
 * (src/lib/import, docs/decisions/075-spreadsheet-import.md). The upload is kept between the steps
 * (src/lib/import/uploads.ts); each step posts the mapping again.
 */
import { Hono } from "hono";
import { ImportJobPage, ImportJobProgress } from "@views/settings/import-job-page";
import { ImportPage, type ImportPageProps } from "@views/settings/import-page";
import { AppError, msg } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { readFileParts } from "@/lib/http/uploads";
import { type ImportPreview, previewImport, proposedMapping, reasonText, refusedRowsXlsx } from "@/lib/import/framework";
import type { ImportMapping } from "@/lib/import/mapping";
import { IMPORT_FILE_FIELD, IMPORT_MAX_BYTES, type ImportTable } from "@/lib/import/read";
import { loadUpload, storeUpload } from "@/lib/import/uploads";
import { translateMessage } from "@/lib/i18n";
import { cancelJob, enqueueJob, getJob, type JobState } from "@/lib/jobs/service";
import { isHtmx } from "@/lib/http/htmx";
import { idParam } from "@/lib/http/request";
import { XLSX_MIME } from "@/lib/xlsx/sheet";
import { isRefusal } from "@/web/form-state";
import { renderFragment, renderPage } from "@/web/render";
import { runImportJob } from "./job";
import { IMPORT_KINDS } from "./kinds";
import { columnFieldName, IMPORT_KIND_NAMES, IMPORT_PATH, importJobHref, type ImportKindName } from "./schemas";

export const IMPORT_UPLOAD_RULES = { field: IMPORT_FILE_FIELD, maxFiles: 1, maxBytes: IMPORT_MAX_BYTES } as const;

export const importPages = new Hono<AppEnv>();

const kindOf = (c: AppContext): ImportKindName => {
  const name = c.req.param("kind");
  if (!(IMPORT_KIND_NAMES as readonly string[]).includes(name ?? "")) throw AppError.notFound();
  return name as ImportKindName;
};


const errorTexts = (c: AppContext, error: AppError) => {
  const t = c.get("t");
  return [...error.messages, ...Object.values(error.fields)].map((message) => translateMessage(t, message)).filter((text, index, all) => all.indexOf(text) === index);
};

async function page(c: AppContext, kind: ImportKindName, extra: { errors?: string[]; table?: ImportTable; fileName?: string; uploadId?: number; mapping?: ImportMapping; preview?: ImportPreview }, status = 200) {
  const ctx = c.get("ctx");
  const entry = IMPORT_KINDS[kind];
  let upload: ImportPageProps["upload"];
  if (extra.table && extra.uploadId !== undefined) {
    const fields = await entry.kind.fields(ctx);
    upload = {
      id: extra.uploadId,
      fileName: extra.fileName ?? "",
      headers: extra.table.headers,
      rows: extra.table.rows.length,
      fields,
      keys: entry.kind.keys,
      mapping: extra.mapping ?? (await proposedMapping(ctx, entry.kind, extra.table.headers)),
    };
  }
  const preview = extra.preview
    ? {
        counts: extra.preview.counts,
        refused: extra.preview.refused.map((row) => ({ line: row.line, reasons: row.reasons.map((reason) => reasonText(ctx.lang, extra.preview!.fields, reason)) })),
        confirm: extra.preview.confirm.map((message) => translateMessage(c.get("t"), message)),
      }
    : undefined;
  return renderPage(c, <ImportPage kind={kind} errors={extra.errors ?? []} upload={upload} preview={preview} canExport={Boolean(entry.export)} />, { status });
}

importPages.get(IMPORT_PATH, (c) => c.redirect(`${IMPORT_PATH}/${IMPORT_KIND_NAMES[0]}`, 302));

importPages.get(`${IMPORT_PATH}/:kind`, (c) => page(c, kindOf(c), {}));

importPages.post(`${IMPORT_PATH}/:kind`, async (c) => {
  const kind = kindOf(c);
  try {
    const [file] = await readFileParts(c, IMPORT_UPLOAD_RULES);
    if (!file) throw AppError.fail({ key: "upload.noFile" });
    const { id } = await storeUpload(c.get("ctx"), kind, file);
    return c.redirect(`${IMPORT_PATH}/${kind}/${id}`, 303);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return page(c, kind, { errors: errorTexts(c, error) }, 422);
  }
});

importPages.post(`${IMPORT_PATH}/:kind/export`, async (c) => {
  const entry = IMPORT_KINDS[kindOf(c)];
  if (!entry.export) throw AppError.notFound();
  const file = await entry.export(c.get("ctx"));
  return sendFile(c, { bytes: file.data, contentType: XLSX_MIME, fileName: file.fileName, disposition: "attachment" });
});

importPages.get(`${IMPORT_PATH}/:kind/:id`, async (c) => {
  const kind = kindOf(c);
  const uploadId = idParam(c);
  const { fileName, table } = await loadUpload(c.get("ctx"), kind, uploadId);
  return page(c, kind, { table, fileName, uploadId });
});

/** The mapping as posted: `col.<field>` a column index or blank, `key` a field or blank. */
function postedMapping(body: Record<string, unknown>, fields: { key: string }[]): ImportMapping {
  const columns: Record<string, number> = {};
  for (const field of fields) {
    const value = body[columnFieldName(field.key)];
    if (typeof value === "string" && value.trim() !== "") columns[field.key] = Number(value);
  }
  const key = typeof body.key === "string" && body.key !== "" ? body.key : null;
  return { columns, key };
}

importPages.post(`${IMPORT_PATH}/:kind/:id`, async (c) => {
  const kind = kindOf(c);
  const uploadId = idParam(c);
  const ctx = c.get("ctx");
  const entry = IMPORT_KINDS[kind];
  const { fileName, table } = await loadUpload(ctx, kind, uploadId);
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const mapping = postedMapping(body, await entry.kind.fields(ctx));
  const options = { confirmed: body.confirmed === "true" };
  const step = body.step;
  try {
    const preview = await previewImport({ ctx, kind: entry.kind, table, mapping, options });
    if (step === "run") {
      // What the preview asked to confirm is refused here, before a job is queued for it.
      if (preview.confirm.length && !options.confirmed) throw AppError.fail(msg("import.confirmFirst", { items: preview.confirm.map((message) => translateMessage(c.get("t"), message)).join("; ") }));
      // A double submit finds the job the first one queued.
      const { id: jobId } = await enqueueJob({ ctx, input: { job: runImportJob, input: { kind, uploadId, mapping, options, lang: ctx.lang }, reuseOpen: true } });
      return c.redirect(importJobHref(kind, uploadId, jobId), 303);
    }
    if (step === "refused") {
      const file = await refusedRowsXlsx({ lang: ctx.lang, table, preview });
      return sendFile(c, { bytes: file.data, contentType: file.mimeType, fileName: `${c.get("t")("import.refusedFile")}.xlsx`, disposition: "attachment" });
    }
    return page(c, kind, { table, fileName, uploadId, mapping, preview });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return page(c, kind, { table, fileName, uploadId, mapping, errors: errorTexts(c, error) }, 422);
  }
});

/** The import job of this kind and upload; 404 for any other job or one the user may not see. */
async function importJobOf(c: AppContext, action: "read" | "cancel"): Promise<{ kind: ImportKindName; uploadId: number; job: JobState }> {
  const kind = kindOf(c);
  const uploadId = idParam(c);
  const jobId = idParam(c, "jobId");
  const ctx = c.get("ctx");
  const job = await getJob({ ctx, input: { id: jobId } });
  const input = job.input as { kind?: string; uploadId?: number } | null;
  if (job.name !== runImportJob.name || input?.kind !== kind || input.uploadId !== uploadId) throw AppError.notFound();
  return { kind, uploadId, job: action === "cancel" ? await cancelJob({ ctx, input: { id: jobId } }) : job };
}

const jobAnswer = (c: AppContext, props: { kind: ImportKindName; uploadId: number; job: JobState }) => {
  const view = { ...props, listHref: IMPORT_KINDS[props.kind].listHref };
  return isHtmx(c) ? renderFragment(c, <ImportJobProgress {...view} />) : renderPage(c, <ImportJobPage {...view} />);
};

importPages.get(`${IMPORT_PATH}/:kind/:id/job/:jobId`, async (c) => jobAnswer(c, await importJobOf(c, "read")));

importPages.post(`${IMPORT_PATH}/:kind/:id/job/:jobId/cancel`, async (c) => {
  const answer = await importJobOf(c, "cancel");
  return isHtmx(c) ? jobAnswer(c, answer) : c.redirect(importJobHref(answer.kind, answer.uploadId, answer.job.id), 303);
});
