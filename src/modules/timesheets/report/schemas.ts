import { z } from "zod";
import { dateField } from "@/lib/zod-fields";

export const REPORT_PERIODS = ["day", "week", "month"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** docs/domain.md#timesheet-reports: a date range (Prague days) and how to group it. */
export const reportInput = z
  .object({
    from: dateField(),
    to: dateField(),
    period: z.enum(REPORT_PERIODS, { error: "validation.invalid" }).default("day"),
  })
  .refine((input) => input.from <= input.to, { path: ["to"], message: "report.toBeforeFrom" });

export interface HoursRow {
  /** The period's first day, `YYYY-MM-DD` (a week starts on Monday). */
  period: string;
  userId: number;
  worker: string;
  workTypeId: number;
  workType: string;
  hours: number;
}

export interface OrderHoursRow {
  orderId: number;
  hours: number;
}
