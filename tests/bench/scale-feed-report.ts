/** Printing of the scale feed's ingestion figure for run.ts: sustained readings through a broker and the stored weight's lag (tests/bench/scale-feed.ts). */
import { heading, ms, secs, table } from "./lib";
import type { ScaleFeedResult } from "./scale-feed";

export interface ScaleFeedMode {
  label: string;
  result: ScaleFeedResult;
}

/** The same as scale-feed.ts exports; kept here so run.ts does not load the child. */
const TARGET_RATE = 5000;
const TARGET_LAG_MS = 1000;

const rateVerdict = (rate: number) => (rate >= TARGET_RATE * 0.98 ? `≥ ${TARGET_RATE.toLocaleString("en")}/s ok` : `UNDER ${TARGET_RATE.toLocaleString("en")}/s`);
const lagVerdict = (lag: number) => (lag <= TARGET_LAG_MS ? "≤ 1 s ok" : "OVER 1 s");
const perSecond = (value: number) => `${Math.round(value).toLocaleString("en")}/s`;

export function printScaleFeed(modes: ScaleFeedMode[], failures: string[]): void {
  heading("Scale feed: sustained readings through MQTT into the stored lastWeight");
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.broker} (${r.brokerNote}); ${r.scales} scales, ${perSecond(r.targetRate)} for ${r.seconds} s at QoS 0 from 4 clients in the bench process`);
    console.log(
      table(
        ["what", "value", "", "target"],
        [
          ["published", perSecond(r.publishRate), `${r.published.toLocaleString("en")} readings`, ""],
          ["taken by the handler", perSecond(r.receiveRate), `${r.received.toLocaleString("en")} readings`, rateVerdict(r.receiveRate)],
          ["stored lastWeight lag, median", ms(r.lag.median, 0), "publish → stored (or a newer one), sampled every 100 ms", ""],
          ["stored lastWeight lag, p95 / p99", `${ms(r.lag.p95, 0)} / ${ms(r.lag.p99, 0)}`, "", lagVerdict(r.lag.p99)],
          ["stored lastWeight lag, max", ms(r.lag.max, 0), `${r.neverStored} readings never stored`, lagVerdict(r.lag.max)],
          ["after the last publish, all stored in", secs(r.drainMs), "", ""],
          ["flushes", String(r.flushes), `${r.rowsPerFlush.toFixed(0)} scales each, ${r.failedFlushes} failed`, ""],
          ["CPU of the bench process", `${r.cpuCores.toFixed(2)} cores`, "publishers + subscriber + writer + database client", ""],
        ],
      ),
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function scaleFeedSummaryRows(modes: ScaleFeedMode[]): string[][] {
  return modes.map(({ label, result: r }) => [
    `scale feed ${perSecond(r.receiveRate)}, lag p99 (max) · ${label}`,
    `${ms(r.lag.p99, 0)} (${ms(r.lag.max, 0)})`,
    `${r.scales} scales via ${r.broker}`,
    `${rateVerdict(r.receiveRate)}, ${lagVerdict(r.lag.max)}`,
  ]);
}
