/** Printing of the planning figures for run.ts: the planning grid, the manufacture calendar and a move (tests/bench/planning.ts). */
import type { PlanningResult } from "./planning";
import { heading, kb, ms, table } from "./lib";

export interface PlanningMode {
  label: string;
  result: PlanningResult;
}

/** The same as planning.ts exports; kept here so run.ts does not load the child. */
const TARGETS_MS = { grid: 30, calendar: 25, move: 20 } as const;
const verdict = (value: number, target: number) => (value <= target ? `≤ ${target} ms ok` : `OVER ${target} ms`);

export function printPlanning(modes: PlanningMode[], failures: string[]): void {
  heading("Planning: the grid of 12 weeks × 10 vans × 3,000 plans, the manufacture calendar, a move");
  const first = modes[0]?.result;
  if (first) console.log(`  In process through app.request(), ${first.warmup} warm-up + ${first.runs} rounds interleaved; the move goes back and forth between two days with the version it got.`);
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.plans} plans, ${r.vans} vans, ${r.days} days; the grid's JSON ${kb(r.gridBytes)}, its page ${kb(r.pageBytes)}`);
    console.log(
      table(
        ["what", "median", "p95", "min", "target"],
        [
          ["GET /api/orders/planning (plansForDateRange)", ms(r.gridApi.median), ms(r.gridApi.p95), ms(r.gridApi.min), verdict(r.gridApi.median, TARGETS_MS.grid)],
          ["  bare SQL of the grid", ms(r.gridSql.median), ms(r.gridSql.p95), ms(r.gridSql.min), ""],
          ["GET /orders/planning (the page)", ms(r.gridPage.median), ms(r.gridPage.p95), ms(r.gridPage.min), ""],
          ["GET /api/orders/manufacture (the calendar)", ms(r.calendarApi.median), ms(r.calendarApi.p95), ms(r.calendarApi.min), verdict(r.calendarApi.median, TARGETS_MS.calendar)],
          ["PUT /api/orders/planning/:id/move", ms(r.move.median), ms(r.move.p95), ms(r.move.min), verdict(r.move.median, TARGETS_MS.move)],
          ["GET /api/orders/planning/material (marks, stored)", ms(r.material.median), ms(r.material.p95), ms(r.material.min), ""],
          ["  the same, first: 3,000 orders' material computed", ms(r.materialFirst), "", "", ""],
        ],
      ),
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function planningSummaryRows(modes: PlanningMode[]): string[][] {
  return modes.flatMap(({ label, result: r }) => [
    [`planning grid, 3,000 plans · ${label}`, ms(r.gridApi.median), `bare SQL ${ms(r.gridSql.median)}, page ${ms(r.gridPage.median)}`, verdict(r.gridApi.median, TARGETS_MS.grid)],
    [`manufacture calendar · ${label}`, ms(r.calendarApi.median), "", verdict(r.calendarApi.median, TARGETS_MS.calendar)],
    [`moving a plan · ${label}`, ms(r.move.median), "status automation included", verdict(r.move.median, TARGETS_MS.move)],
  ]);
}
