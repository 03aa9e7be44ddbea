/**
 * The import as a background job (decision 076, docs/decisions/075-spreadsheet-import.md): the
 * kept upload read, its rows checked and the accepted ones written in one transaction, with a
 * progress bar (rows checked of all, then rows written of the accepted) and a cancel that undoes
 * everything. The counts go to the job's output for its page; the upload goes once imported.
 */
import type { Lang } from "@/lib/context";
import { type ImportOptions, type ImportPhase, runImport } from "@/lib/import/framework";
import type { ImportMapping } from "@/lib/import/mapping";
import { dropUpload, loadUpload } from "@/lib/import/uploads";
import { defineJob } from "@/lib/jobs/define";
import { IMPORT_KINDS } from "./kinds";
import type { ImportKindName } from "./schemas";

export interface ImportJobInput {
  kind: ImportKindName;
  uploadId: number;
  mapping: ImportMapping;
  options: ImportOptions;
  lang: Lang;
}

/** What the job's page shows once it is done. */
export interface ImportJobOutput {
  counts: { new: number; changed: number; unchanged: number; refused: number };
}

/** The steps' names as the job reports them: i18n keys its page translates. */
export const importPhaseKey = (phase: ImportPhase | "read" | "writeAll") => `import.phase.${phase}`;

export const runImportJob = defineJob<ImportJobInput>({
  name: "settings.runImport",
  async run({ ctx, input, progress, setOutput, databaseKind }) {
    const jobCtx = { ...ctx, lang: input.lang };
    await progress(0, undefined, importPhaseKey("read"));
    const { table } = await loadUpload(jobCtx, input.kind, input.uploadId);
    const kind = IMPORT_KINDS[input.kind].kind;
    // PGlite is one connection, held by the import's transaction: a progress write from inside would
    // wait for that transaction itself. There the page says "writing everything at once" until the commit (decision 076).
    const inside = databaseKind === "postgres" ? (phase: ImportPhase, done: number, total: number) => progress(done, total, importPhaseKey(phase)) : undefined;
    if (!inside) await progress(0, undefined, importPhaseKey("writeAll"));
    const result = await runImport({ ctx: jobCtx, kind, table, mapping: input.mapping, options: input.options, progress: inside });
    await dropUpload(jobCtx, input.uploadId);
    await setOutput({ counts: result.counts } satisfies ImportJobOutput);
  },
});
