/**
 * The kiosk's scan request and answer (docs/domain.md#kiosk-scan-flow). Browser-safe: the kiosk's
 * own script sends this shape.
 */
import { z } from "zod";
import { integerField, storableString } from "@/lib/zod-fields";

/** A scan id: what the kiosk script makes (a UUID), or any short token a client picks. */
export const SCAN_ID_PATTERN = /^[\w.:-]{8,100}$/;

export const kioskScanInput = z.object({
  code: storableString("validation.required").trim().min(1, "validation.required").max(64, "validation.maxLength"),
  scanId: storableString("kiosk.scanIdInvalid").regex(SCAN_ID_PATTERN, "kiosk.scanIdInvalid"),
  scannedAt: z.iso.datetime({ offset: true, error: "kiosk.scannedAtInvalid" }).transform((value) => new Date(value)),
});
export type KioskScanInput = z.infer<typeof kioskScanInput>;

/** applied: done; refused: answered, nothing to do; rejected: did not fit the logs, kept for the office to check. */
export type KioskScanStatus = "applied" | "refused" | "rejected";
export type KioskTone = "ok" | "warn" | "error";

/** What the screen shows, stored with the scan and answered again for the same scan id. */
export interface KioskAnswer {
  status: KioskScanStatus;
  tone: KioskTone;
  key: string;
  values: Record<string, string | number>;
}

/** The device cookie (src/lib/http/session-cookie.ts) is kept for 400 days, the longest a browser keeps one. */
export const KIOSK_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

/** docs/domain.md#kiosk-offline: the default and the largest age, in days, of a scan the server takes. */
export const DEFAULT_SCAN_MAX_AGE_DAYS = 7;
export const MAX_SCAN_AGE_DAYS = 90;

/** The timesheet settings form: the shift end as `HH:MM` (Prague time), docs/domain.md#kiosk-forgotten-clock-out. */
export const timesheetSettingsInput = z.object({
  shiftEnd: storableString("validation.required")
    .trim()
    .min(1, "validation.required")
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, "kiosk.settings.shiftEndInvalid")
    .transform((value) => value.padStart(5, "0")),
  /** How many days old a scan may arrive (the offline queue's limit); left out, the stored value stays. */
  scanMaxAgeDays: z.preprocess((value) => (value === "" || value === null ? undefined : value), integerField({ min: 1, max: MAX_SCAN_AGE_DAYS }).optional()),
});

