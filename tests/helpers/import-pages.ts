/** Settings → Import over HTTP (docs/domain.md#imports): an upload of one file, the mapping the page proposes, the import job run. */
import type { Database } from "@/lib/db";
import { createJobRunner } from "@/lib/jobs/runner";
import { silentLogger } from "@/lib/logger";
import { runImportJob } from "@/modules/settings/imports/job";
import type { Session } from "./app";

export function uploadImport(session: Session, kind: string, name: string, data: Uint8Array): Promise<Response> {
  const form = new FormData();
  form.set("file", new File([Buffer.from(data)], name));
  return session.page(`/settings/import/${kind}`, { method: "POST", body: form });
}

/** The mapping form as the page proposes it, read from the page's selects. */
export function proposedForm(html: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const match of html.matchAll(/<select name="(col\.[^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    form[match[1]!] = /<option value="(\d*)" selected="">/.exec(match[2]!)?.[1] ?? "";
  }
  return form;
}

/** Runs the queued import jobs now, as the app's runner would (no timer), and answers their outcomes. */
export function runImportJobs(database: Pick<Database, "db" | "kind">) {
  return createJobRunner({ database, jobs: [runImportJob], logger: silentLogger, progressEveryMs: 0 }).runDue();
}

/**
 * The "Import" button: posts the mapping with `step=run`; when it queued the job (303), runs it and
 * reads the job's page. `response` is the post's own answer (a 422 page when refused).
 */
export async function importNow(session: Session, database: Pick<Database, "db" | "kind">, location: string, form: Record<string, string>): Promise<{ response: Response; jobPage: string; jobHref: string | null }> {
  const response = await session.page(location, { form: { key: "", ...form, step: "run" } });
  if (response.status !== 303) return { response, jobPage: "", jobHref: null };
  const jobHref = response.headers.get("Location")!;
  await runImportJobs(database);
  return { response, jobPage: await (await session.page(jobHref)).text(), jobHref };
}
