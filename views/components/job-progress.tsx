/**
 * A background job's state on a page (docs/decisions/047-background-jobs.md, decision 076): what it
 * is doing in words, a progress bar once it knows its total, a cancel button while it may still be
 * stopped, and the caller's own body once it finished. It polls itself with htmx every second while
 * the job is queued or running (the status href answers this same fragment); without JavaScript a
 * reload shows it again. The accountant export and the spreadsheet import use it.
 */
import type { ReactNode } from "react";
import type { JobState } from "@/lib/jobs/service";
import { useView } from "../view-context";

const POLL_EVERY = "every 1s";

export interface JobProgressProps {
  job: JobState;
  /** Answers this fragment again (polled while the job runs). */
  statusHref: string;
  /** POST here to stop it; no button without one. */
  cancelHref?: string;
  /** The bar's accessible name. */
  label: string;
  className?: string;
  /** The running job in words, given done and total (total null when it does not know it yet). */
  runningText: (progress: { done: number; total: number | null; phase: string | null }) => string;
  /** What a queued job says (default: "Waiting to start…"). */
  queuedText?: string;
  /** The body once it is done, failed or cancelled; null for the default words. */
  finished?: ReactNode;
}

export function JobProgress({ job, statusHref, cancelHref, label, className, runningText, queuedText, finished }: JobProgressProps) {
  const { t } = useView();
  const running = job.status === "queued" || job.status === "running";
  const poll = running ? { "hx-get": statusHref, "hx-trigger": POLL_EVERY, "hx-swap": "outerHTML" } : {};
  let body: ReactNode;
  if (!running) {
    body = finished ?? (job.status === "cancelled" ? <p>{t("job.cancelled")}</p> : job.status === "failed" ? <p className="alert alert-error">{job.error}</p> : null);
  } else if (job.status === "queued" || !job.progress) {
    body = <p>{job.status === "queued" ? (queuedText ?? t("job.queued")) : runningText({ done: 0, total: null, phase: null })}</p>;
  } else {
    const { total, done } = job.progress;
    body = (
      <>
        <p>{runningText(job.progress)}</p>
        {total !== null ? <progress max={Math.max(total, 1)} value={Math.min(done, total)} aria-label={label} /> : <progress aria-label={label} />}
      </>
    );
  }
  return (
    <div className={`job-progress${className ? ` ${className}` : ""}`} role="status" aria-live="polite" data-job={job.id} data-status={job.status} {...poll}>
      {body}
      {running && cancelHref ? (
        <form method="post" action={cancelHref} hx-post={cancelHref} hx-target="closest .job-progress" hx-swap="outerHTML">
          <button type="submit" className="button" disabled={job.cancelRequested} data-testid="job-cancel">
            {job.cancelRequested ? t("job.cancelling") : t("job.cancel")}
          </button>
        </form>
      ) : null}
    </div>
  );
}
