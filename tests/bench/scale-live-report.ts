/** Printing of the live scale pages figure for run.ts (tests/bench/scale-live.ts). */
import type { ScaleLiveResult } from "./scale-live";
import { heading, table } from "./lib";

export interface ScaleLiveMode {
  label: string;
  result: ScaleLiveResult;
}

/** The same as scale-live.ts exports; kept here so run.ts does not load the child. */
const CPU_TARGET_CORES = 0.5;

const cores = (value: number) => `${value.toFixed(3)} cores`;
const within = (value: number) => (value <= CPU_TARGET_CORES ? `≤ ${CPU_TARGET_CORES} ok` : `OVER ${CPU_TARGET_CORES}`);

export function printScaleLive(modes: ScaleLiveMode[], failures: string[]): void {
  heading("Scale pages live: the server's CPU, 200 scales at 1 Hz, 10 warehouse pages listening");
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.reportingScales} of ${r.scales} scales written once a second as the feed stores them, ${r.seconds} s each, process.cpuUsage() of the server`);
    console.log(
      table(
        ["what", "server CPU", "events per page", "target"],
        [
          [`${r.clients} pages listening (server-sent events)`, cores(r.cpuWithPages), `${r.eventsPerPage.min}–${r.eventsPerPage.max} (${r.itemsSent} item updates)`, within(r.cpuWithPages)],
          ["the writes alone, no page", cores(r.cpuFeedOnly), "", ""],
          ["the live pages' share", cores(r.cpuWithPages - r.cpuFeedOnly), "", ""],
        ],
      ),
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function scaleLiveSummaryRows(modes: ScaleLiveMode[]): string[][] {
  return modes.map(({ label, result: r }) => [`live warehouse pages, 200 scales at 1 Hz · ${label}`, cores(r.cpuWithPages), `feed alone ${cores(r.cpuFeedOnly)}`, within(r.cpuWithPages)]);
}
