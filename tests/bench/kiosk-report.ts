/** Printing of the kiosk's figures for run.ts: a kiosk scan, the replay of 500 queued scans, the kiosk script (tests/bench/kiosk.ts). */
import type { KioskResult } from "./kiosk";
import { heading, kb, ms, secs, table } from "./lib";

export interface KioskMode {
  label: string;
  result: KioskResult;
}

/** The same as kiosk.ts exports; kept here so run.ts does not load the child. */
const SCAN_TARGET_MS = 10;
const REPLAY_TARGET_MS = 5000;
const JS_BUDGET_BYTES = 15 * 1024;

const within = (value: number, target: number, text: string) => (value <= target ? `≤ ${text} ok` : `OVER ${text}`);

export function printKiosk(modes: KioskMode[], failures: string[]): void {
  heading("Kiosk: a scan's server time, the replay of 500 queued scans, the kiosk script");
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.warmup} warm-up + ${r.runs} scans (card, then a work type 5 s later), through app.request()`);
    console.log(
      table(
        ["what", "median / total", "p95", "min", "target"],
        [
          ["POST /api/kiosk/scan", ms(r.scan.median), ms(r.scan.p95), ms(r.scan.min), within(r.scan.median, SCAN_TARGET_MS, `${SCAN_TARGET_MS} ms`)],
          [`replay of ${r.replayedScans} queued scans, in order`, secs(r.replayMs), "", "", within(r.replayMs, REPLAY_TARGET_MS, "5 s")],
          [`the same ${r.replayedScans} again (answered from kiosk_scans)`, secs(r.replayAgainMs), "", "", `${r.storedScans} scans stored, ${r.logs} logs`],
          ["kiosk.js (gzip -9)", kb(r.jsGzipBytes), "", "", within(r.jsGzipBytes, JS_BUDGET_BYTES, "15 KB")],
        ],
      ),
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function kioskSummaryRows(modes: KioskMode[]): string[][] {
  return modes.flatMap(({ label, result: r }) => [
    [`kiosk scan median · ${label}`, ms(r.scan.median), `p95 ${ms(r.scan.p95)}`, within(r.scan.median, SCAN_TARGET_MS, `${SCAN_TARGET_MS} ms`)],
    [`kiosk replay of ${r.replayedScans} · ${label}`, secs(r.replayMs), `${r.storedScans} stored, ${r.logs} logs`, within(r.replayMs, REPLAY_TARGET_MS, "5 s")],
  ]);
}
