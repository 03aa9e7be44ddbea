/**
 * Figure 4 (only with --suite): wall time of the README test command, `bun test`, on the
 * embedded defaults and on the machine's PostgreSQL and Mosquitto.
 */
import { BUN, envWithout, ROOT, track } from "./lib";

export const SUITE_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";
export const SUITE_MQTT_URL = "mqtt://127.0.0.1:1883";

export interface SuiteRun {
  mode: string;
  wallMs: number;
  exitCode: number;
  pass: number | null;
  fail: number | null;
  skip: number | null;
  files: number | null;
  /** bun's own "Ran N tests across M files. [T]" line. */
  summary: string | null;
  tail: string;
}

const LIMIT_MS = 20 * 60_000;

async function runSuite(mode: string, extra: Record<string, string>): Promise<SuiteRun> {
  const env = envWithout(["TEST_DATABASE_URL", "TEST_MQTT_URL", "DATABASE_URL", "MQTT_URL"], extra);
  const started = performance.now();
  const child = track(Bun.spawn([BUN, "test"], { cwd: ROOT, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" }));
  const timer = setTimeout(() => child.kill("SIGKILL"), LIMIT_MS);
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  clearTimeout(timer);
  const wallMs = performance.now() - started;
  const text = `${stdout}\n${stderr}`;
  const ran = text.match(/^Ran \d+ tests? across (\d+) files?\..*$/m);
  const count = (word: string) => {
    const match = text.match(new RegExp(`^\\s*(\\d+) ${word}\\b`, "m"));
    // bun leaves out a zero line (no "0 skip"), so with its summary present a missing count is 0.
    return match ? Number(match[1]) : ran ? 0 : null;
  };
  return {
    mode,
    wallMs,
    exitCode,
    pass: count("pass"),
    fail: count("fail"),
    skip: count("skip"),
    files: ran ? Number(ran[1]) : null,
    summary: ran ? ran[0].trim() : null,
    tail: text.trim().split("\n").slice(-15).join("\n"),
  };
}

export async function measureSuite(log: (text: string) => void): Promise<SuiteRun[]> {
  const runs: SuiteRun[] = [];
  log("suite: bun test (embedded PGlite + aedes) …");
  runs.push(await runSuite("embedded (PGlite, aedes)", {}));
  log("suite: bun test (PostgreSQL + Mosquitto) …");
  runs.push(await runSuite("PostgreSQL + Mosquitto", { TEST_DATABASE_URL: SUITE_POSTGRES_URL, TEST_MQTT_URL: SUITE_MQTT_URL }));
  return runs;
}
