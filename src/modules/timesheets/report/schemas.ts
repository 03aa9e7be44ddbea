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
  /** The customer's last name, as the order lists show it; null when the order is gone. */
  customer: string | null;
  hours: number;
  /** The order's price without VAT (its items' summary), Kč; null when the order is gone. */
  priceWithoutVat: number | null;
  /** What an hour of the work tied to it brought in: price ÷ hours, Kč; null without hours or price. */
  pricePerHour: number | null;
}
