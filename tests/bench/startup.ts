/**
 * Figure 3: start-up time of the real server, `bun src/main.ts`, on embedded PGlite: from spawn
 * to the first HTTP 200 on /login. Cold = a fresh empty DATA_DIR (initdb, migrations, seed,
 * admin password hash); warm = the same DATA_DIR again. /login answers before the database is open
 * (decision 017), so a warm run also times the first page that needs it: /index with the session
 * the cold run logged in (docs/decisions/069-faults.md).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUN, envWithout, freePort, median, ROOT, sleep, stop, track } from "./lib";

export interface StartRun {
  kind: "cold" | "warm";
  /** Spawn to the first 200 on /login. */
  readyMs: number;
  /** Warm: spawn to the first 200 on /index with a session (the database open, migrated, seeded). */
  dbPageMs: number | null;
  /** Spawn to the first output line (cold: the admin login line, printed after DB, migrations, seed and hash). */
  firstOutputMs: number | null;
  /** SIGTERM to exit. */
  stopMs: number;
  exitCode: number | null;
  forced: boolean;
}

export interface StartupResult {
  runs: StartRun[];
  coldMedian: number;
  warmMedian: number;
  warmDbPageMedian: number;
  coldFirstOutputMedian: number;
  stopMedian: number;
}

/** The start-up targets (docs/decisions/033, docs/architecture.md#bench): past them the bench prints FAIL and exits non-zero. */
export const STARTUP_TARGET_MS = { cold: 3_000, warm: 1_000, warmDbPage: 1_000 } as const;

/** One line per median past its target; empty when both are within. */
export function startupFailures(s: Pick<StartupResult, "coldMedian" | "warmMedian" | "warmDbPageMedian">): string[] {
  const failures: string[] = [];
  for (const kind of ["cold", "warm", "warmDbPage"] as const) {
    const median = kind === "cold" ? s.coldMedian : kind === "warm" ? s.warmMedian : s.warmDbPageMedian;
    const target = STARTUP_TARGET_MS[kind];
    if (!(median <= target)) failures.push(`FAIL: start-up ${kind} median ${Math.round(median)} ms is past its target of ${target} ms`);
  }
  return failures;
}

const POLL_MS = 20;
const READY_TIMEOUT_MS = 60_000;

const ADMIN = { email: "admin@ohrada.bench", password: "bench-admin-heslo" };

async function startOnce(dataDir: string, kind: StartRun["kind"], session: { token: string | null }): Promise<StartRun> {
  const port = await freePort();
  const env = envWithout(["DATABASE_URL", "MQTT_URL", "TEST_DATABASE_URL", "TEST_MQTT_URL", "DEMO"], {
    DATA_DIR: dataDir,
    PORT: String(port),
    MQTT_PORT: "0",
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: ADMIN.email,
    LOG_LEVEL: "warn",
  });
  const started = performance.now();
  const child = track(Bun.spawn([BUN, "src/main.ts"], { cwd: ROOT, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" }));
  let firstOutputMs: number | null = null;
  const output: string[] = [];
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (firstOutputMs === null && text.trim()) firstOutputMs = performance.now() - started;
      output.push(text);
    }
  };
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]);

  let readyMs = Number.NaN;
  let dbPageMs: number | null = null;
  try {
    while (performance.now() - started < READY_TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/login`, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        if (response.status === 200) {
          readyMs = performance.now() - started;
          break;
        }
      } catch {
        // not listening yet
      }
      await sleep(POLL_MS);
    }
    if (!Number.isFinite(readyMs)) throw new Error(`no 200 on /login within ${READY_TIMEOUT_MS} ms`);
    if (kind === "warm" && session.token) {
      while (performance.now() - started < READY_TIMEOUT_MS) {
        const response = await fetch(`http://127.0.0.1:${port}/index`, { headers: { Cookie: `ohrada_session=${session.token}` }, redirect: "manual" });
        await response.arrayBuffer();
        if (response.status === 200) {
          dbPageMs = performance.now() - started;
          break;
        }
        await sleep(POLL_MS);
      }
    }
    if (kind === "cold") {
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(ADMIN) });
      session.token = login.status === 200 ? ((await login.json()) as { data: { token: string } }).data.token : null;
    }
  } catch (error) {
    await stop(child, 2_000);
    await drained.catch(() => {});
    throw new Error(`${kind} start failed: ${(error as Error).message}\n${output.join("").slice(-2000)}`);
  }

  const stopping = performance.now();
  const { code, forced } = await stop(child);
  const stopMs = performance.now() - stopping;
  await drained.catch(() => {});
  return { kind, readyMs, dbPageMs, firstOutputMs: kind === "cold" ? firstOutputMs : null, stopMs, exitCode: code, forced };
}

export async function measureStartup(options: { repeats?: number; log?: (text: string) => void } = {}): Promise<StartupResult> {
  const repeats = options.repeats ?? 3;
  const runs: StartRun[] = [];
  for (let i = 0; i < repeats; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), "ohrada-bench-start-"));
    try {
      const session = { token: null as string | null };
      const cold = await startOnce(dataDir, "cold", session);
      runs.push(cold);
      const warm = await startOnce(dataDir, "warm", session);
      runs.push(warm);
      options.log?.(`start-up ${i + 1}/${repeats}: cold ${Math.round(cold.readyMs)} ms, warm ${Math.round(warm.readyMs)} ms (first database page ${Math.round(warm.dbPageMs ?? Number.NaN)} ms)`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const of = (kind: StartRun["kind"]) => runs.filter((r) => r.kind === kind);
  return {
    runs,
    coldMedian: median(of("cold").map((r) => r.readyMs)),
    warmMedian: median(of("warm").map((r) => r.readyMs)),
    warmDbPageMedian: median(of("warm").map((r) => r.dbPageMs ?? Number.NaN)),
    coldFirstOutputMedian: median(of("cold").map((r) => r.firstOutputMs ?? Number.NaN)),
    stopMedian: median(runs.map((r) => r.stopMs)),
  };
}
