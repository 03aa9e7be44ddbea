import { z } from "zod";
import { optionalRefId, refId } from "@/lib/zod-fields";
import { isWellFormedDateTime, parseDateTime } from "../datetime";

/** What a work log came from: the workshop kiosk (docs/domain.md#kiosk) or an office correction. */
export const WORK_LOG_SOURCES = ["KIOSK", "OFFICE"] as const;
export type WorkLogSource = (typeof WORK_LOG_SOURCES)[number];

/** An instant typed as `dd.mm.yyyy hh:mm` (Prague time) or sent as an ISO timestamp. */
export const dateTimeField = () =>
  z.preprocess(
    (value) => {
      if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return undefined;
      if (value instanceof Date) return value;
      return typeof value === "string" ? (parseDateTime(value) ?? value) : value;
    },
    z
      .date({
        error: (issue) =>
          issue.input === undefined
            ? "validation.required"
            : typeof issue.input === "string" && isWellFormedDateTime(issue.input)
              ? "worklog.noSuchDateTime"
              : "worklog.dateTimeInvalid",
      })
      .refine((date) => !Number.isNaN(date.getTime()), "worklog.dateTimeInvalid"),
  );

/**
 * docs/domain.md#work-logs: workType, start and end are required and the end comes after the start. The
 * worker is chosen when the office adds a log and read-only afterwards (the service checks both).
 */
const workLogShape = <U extends z.ZodType>(user: U) =>
  z
    .object({ user, workType: refId(), start: dateTimeField(), end: dateTimeField() })
    .refine((log) => log.end.getTime() > log.start.getTime(), { path: ["end"], message: "worklog.endBeforeStart" });

export const workLogInput = workLogShape(optionalRefId());
export type WorkLogInput = z.infer<typeof workLogInput>;

/** Office corrections name the worker too. */
export const newWorkLogInput = workLogShape(refId());

export interface WorkLog {
  id: number;
  user: { id: number; name: string };
  workType: { id: number; name: string };
  workplace: { id: number; name: string };
  /** ISO timestamps; `end` is null while the worker is still on it. */
  start: string;
  end: string | null;
  /** Hours with two decimals; null while the log is open. */
  hours: number | null;
  source: WorkLogSource;
  /** The fence order the work was for (a kiosk `O<id>` scan), or null. */
  orderId: number | null;
  /** Closed at shift end by the forgotten clock-out job (docs/domain.md#kiosk-forgotten-clock-out). */
  autoClosed: boolean;
}

/** The list filters of the page and the API: id, worker, work type, the start's date range (Prague days), the order and "open only". */
export const WORK_LOG_FILTER_KEYS = ["id", "user", "workType", "from", "to", "order", "open"];
