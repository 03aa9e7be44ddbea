/**
 * The import running as a job (docs/domain.md#imports, decision 076): its progress (rows checked,
 * then rows written) polled every second, a cancel that undoes everything, and once it ended the
 * counts with a link to the records, or the reason it failed with a way back to the mapping.
 */
import type { JobState } from "@/lib/jobs/service";
import { IMPORT_PATH, importJobCancelHref, importJobHref } from "@/modules/settings/imports/schemas";
import { JobProgress } from "../components/job-progress";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { ImportCounts, type ImportPreviewView } from "./import-page";

export interface ImportJobViewProps {
  kind: string;
  uploadId: number;
  job: JobState;
  listHref: string;
}

/** The counts a finished import job stored, when it stored them. */
const countsOf = (output: unknown): ImportPreviewView["counts"] | null => {
  const counts = (output as { counts?: ImportPreviewView["counts"] } | null)?.counts;
  return counts && typeof counts.new === "number" ? counts : null;
};

export function ImportJobProgress({ kind, uploadId, job, listHref }: ImportJobViewProps) {
  const { t } = useView();
  const counts = countsOf(job.output);
  const back = (
    <a className="button" href={`${IMPORT_PATH}/${kind}/${uploadId}`} data-testid="import-back">
      {t("import.backToMapping")}
    </a>
  );
  const finished =
    job.status === "done" ? (
      <>
        <p className="alert alert-info">{counts ? t("import.done", counts) : t("import.done", { new: 0, changed: 0, unchanged: 0, refused: 0 })}</p>
        {counts ? <ImportCounts title={t("import.result")} counts={counts} /> : null}
        <p className="form-actions">
          <a className="button button-primary" href={listHref} data-testid="import-see">
            {t(`import.seeRecords.${kind}`)}
          </a>
          <a className="button" href={`${IMPORT_PATH}/${kind}`}>
            {t("import.another")}
          </a>
        </p>
      </>
    ) : job.status === "failed" ? (
      <>
        <p className="alert alert-error">{t("import.failed", { error: job.error ?? "" })}</p>
        <p className="form-actions">{back}</p>
      </>
    ) : job.status === "cancelled" ? (
      <>
        <p className="alert alert-warning">{t("import.cancelled")}</p>
        <p className="form-actions">{back}</p>
      </>
    ) : null;
  return (
    <JobProgress
      job={job}
      className="import-job"
      statusHref={importJobHref(kind, uploadId, job.id)}
      cancelHref={importJobCancelHref(kind, uploadId, job.id)}
      label={t("import.job")}
      runningText={({ done, total, phase }) => (phase ? t(phase, { done, total: total ?? 0 }) : t("job.running"))}
      finished={finished}
    />
  );
}

export function ImportJobPage(props: ImportJobViewProps) {
  const { t } = useView();
  return (
    <AppLayout title={t("import.title", { kind: t(`import.kinds.${props.kind}`) })}>
      <ImportJobProgress {...props} />
    </AppLayout>
  );
}
