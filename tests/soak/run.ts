/**
 * `npm run soak` (docs/decisions/073-soak.md): about ten minutes of a busy office's traffic × 20 on
 * loopback against the app as a real process, then per kind p50/p95/p99, the errors, the app's
 * memory growth and the budgets as PASS/FAIL lines.
 *
 *   bun run tests/soak/run.ts [--minutes 10 | --seconds N] [--database postgres|pglite] [--strict]
 *
 * PostgreSQL (the default): a throwaway database on TEST_DATABASE_URL's, DATABASE_URL's or
 * postgres://postgres@127.0.0.1:5432/test's server, dropped after. MQTT: TEST_MQTT_URL, MQTT_URL or
 * mqtt://127.0.0.1:1883, else the app's embedded broker. Exits 1 when any request failed; with
 * `--strict` also when a timing or memory budget is missed.
 */
import { killAll } from "../bench/lib";
import { budgetLines, formatReport } from "./report";
import { runSoak } from "./soak";

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function positive(name: string): number | undefined {
  const text = argument(name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} needs a positive number, not "${text}"`);
    process.exit(2);
  }
  return value;
}

const seconds = Math.round(positive("--seconds") ?? (positive("--minutes") ?? 10) * 60);
const database = argument("--database") ?? "postgres";
if (database !== "postgres" && database !== "pglite") {
  console.error(`--database is postgres or pglite, not "${database}"`);
  process.exit(2);
}
const strict = process.argv.includes("--strict");

process.on("SIGINT", () => {
  killAll();
  process.exit(130);
});

try {
  const result = await runSoak({ seconds, database, log: (text) => console.error(`  [soak] ${text}`) });
  console.log(formatReport(result));
  const budgets = budgetLines(result);
  console.log(`\n${budgets.lines.join("\n")}`);
  process.exit(result.errors > 0 || (strict && budgets.failed) ? 1 : 0);
} catch (error) {
  killAll();
  console.error(`soak failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
