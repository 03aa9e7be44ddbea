// Loaded before every test file (bunfig.toml): quiet, deterministic test settings.
import { afterAll } from "bun:test";
import { checkLogs, installLogScan } from "./log-scan";

process.env.TZ ??= "Europe/Prague";
process.env.NODE_ENV = "test";

// Every log line of the run is kept and, after the last test, scanned for secrets: a leak fails
// the run (tests/helpers/log-scan.ts). A preload's afterAll runs once, after every file.
installLogScan();
const CLOSE_SHARED_BROWSER = Symbol.for("ohrada.tests.closeSharedBrowser");
afterAll(async () => {
  // The browser tests' one Chromium, closed after the last file (tests/helpers/browser.ts).
  await (globalThis as { [CLOSE_SHARED_BROWSER]?: () => Promise<void> })[CLOSE_SHARED_BROWSER]?.();
  const scanned = checkLogs();
  if (process.env.LOG_SCAN_REPORT) console.log(`log scan: ${scanned.lines} lines, ${scanned.secrets} secrets, no leak`);
});
