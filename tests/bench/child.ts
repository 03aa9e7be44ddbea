/**
 * The frame of a bench child that measures in process (run.ts starts one per database mode): its
 * rounds from `--warmup` and `--runs`, a test app over a fresh database and the raw client beside
 * it, and the one `BENCH_RESULT {json}` line run.ts reads. Kept apart from lib.ts, which run.ts
 * loads itself and which must not load the app.
 */
import type { AppDeps } from "@/lib/hono-env";
import { createTestApp, type TestApp } from "../helpers/app";
import { type SqlClient, sqlClient } from "./sql-capture";

/** A number argument (`--runs 50`), or the fallback. */
export function numberArgument(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
}

export async function runBenchChild<T>(
  defaults: { warmup: number; runs: number },
  measure: (bench: { t: TestApp; client: SqlClient; warmup: number; runs: number }) => Promise<T>,
  /** What the app is made with besides (a request clock the bench moves). */
  overrides: Partial<AppDeps> = {},
): Promise<void> {
  const warmup = numberArgument("--warmup", defaults.warmup);
  const runs = numberArgument("--runs", defaults.runs);
  // The suite's log scan reads every answer back; a bench measures the app alone.
  const t = await createTestApp(overrides, { noteSecrets: false });
  try {
    const result = await measure({ t, client: sqlClient(t.database), warmup, runs });
    process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await t.close();
  }
}
