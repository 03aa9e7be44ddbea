/**
 * The suite's secret scan (tests/helpers/log-scan.ts) fails a run whose logs hold a secret: a
 * child `bun test` runs a test that passes but logs the test password, and exits with a failure
 * naming the line, the secret masked. Its output is read here directly, never fed to this run's scan.
 */
import { expect, test } from "bun:test";
import { resolve } from "node:path";

const root = resolve(import.meta.dir, "../..");

test("a run whose logs hold a secret fails, and says which line", async () => {
  const child = Bun.spawn([process.execPath, "test", "--timeout", "30000", "./tests/fixtures/log-leak.fixture.ts"], {
    cwd: root,
    env: { ...process.env, LOG_SCAN_REPORT: "" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  const output = out + err;
  expect(code).not.toBe(0);
  expect(output).toContain("1 log line(s) hold a secret");
  expect(output).toContain("WARN typed <SECRET> by mistake");
  // The test itself passed: the scan is what failed the run.
  expect(output).toMatch(/\(pass\) passes, but logs the test password/);
}, 60_000);
