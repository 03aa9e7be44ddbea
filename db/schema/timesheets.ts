import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { fenceOrders } from "./orders";
import { auditColumns, identityId, uniqueNameIndex } from "./columns";

export const workplaces = pgTable(
  "workplaces",
  {
    id: identityId(),
    name: text("name").notNull(),
    ...auditColumns,
  },
  (table) => [uniqueNameIndex("workplaces_name_unique", table.name)],
);

export const workTypes = pgTable(
  "work_types",
  {
    id: identityId(),
    name: text("name").notNull(),
    workplaceId: integer("workplace_id")
      .notNull()
      .references(() => workplaces.id, { onDelete: "restrict" }),
    ...auditColumns,
  },
  // The same name may stand at two workplaces, not twice at one.
  (table) => [index("work_types_workplace_idx").on(table.workplaceId), uniqueNameIndex("work_types_workplace_name_unique", table.name, table.workplaceId)],
);

/** A clocked piece of work; `end` stays null while the worker is on it (kiosk). */
export const workLogs = pgTable(
  "work_logs",
  {
    id: identityId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    workTypeId: integer("work_type_id")
      .notNull()
      .references(() => workTypes.id, { onDelete: "restrict" }),
    start: timestamp("start", { withTimezone: true }).notNull(),
    end: timestamp("end", { withTimezone: true }),
    /** Where it came from: KIOSK or OFFICE. */
    source: text("source").notNull().default("OFFICE"),
    /** The fence order the work was for (an `O<id>` scan at the kiosk, docs/domain.md#kiosk-scan-flow). */
    orderId: integer("order_id").references(() => fenceOrders.id, { onDelete: "set null" }),
    /** The kiosk scans that opened and closed it. */
    openedByScanId: integer("opened_by_scan_id").references((): AnyPgColumn => kioskScans.id, { onDelete: "set null" }),
    closedByScanId: integer("closed_by_scan_id").references((): AnyPgColumn => kioskScans.id, { onDelete: "set null" }),
    /** Closed at shift end because the worker forgot to clock out; the office checks it. */
    autoClosed: boolean("auto_closed").notNull().default(false),
    ...auditColumns,
  },
  (table) => [
    index("work_logs_user_start_idx").on(table.userId, table.start),
    index("work_logs_work_type_idx").on(table.workTypeId),
    index("work_logs_order_idx").on(table.orderId),
    // At most one open log per worker.
    uniqueIndex("work_logs_one_open_per_user").on(table.userId).where(sql`"end" is null`),
    check("work_logs_end_after_start", sql`"end" is null or "end" > "start"`),
  ],
);

/** Kiosk terminals paired by staff (docs/domain.md#kiosk-devices): a one-time pairing secret, then a long-lived device token. */
export const kioskDevices = pgTable(
  "kiosk_devices",
  {
    id: identityId(),
    name: text("name").notNull(),
    pairingCodeHash: text("pairing_code_hash"),
    pairingExpiresAt: timestamp("pairing_expires_at", { withTimezone: true }),
    tokenHash: text("token_hash"),
    pairedAt: timestamp("paired_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex("kiosk_devices_token_unique").on(table.tokenHash),
    uniqueIndex("kiosk_devices_pairing_unique").on(table.pairingCodeHash),
    uniqueNameIndex("kiosk_devices_name_unique", table.name),
  ],
);

/**
 * Every scan a kiosk device sent (docs/domain.md#kiosk-scan-flow, decision 056), kept for good: the
 * device's scan id answers its first answer however late it comes again. `cardUserId`/`cardAt`
 * are the device's card window after the scan (the state the next scan starts from).
 */
export const kioskScans = pgTable(
  "kiosk_scans",
  {
    id: identityId(),
    deviceId: integer("device_id")
      .notNull()
      .references(() => kioskDevices.id, { onDelete: "restrict" }),
    scanId: text("scan_id").notNull(),
    code: text("code").notNull(),
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    /** The worker the scan concerned, once known. */
    userId: integer("user_id").references(() => users.id, { onDelete: "restrict" }),
    /** applied, refused (answered, nothing to do) or rejected (did not fit the logs: the office checks it). */
    status: text("status").notNull(),
    reason: text("reason"),
    /** What the screen showed: a message key, its values and a tone. */
    answer: jsonb("answer").notNull(),
    cardUserId: integer("card_user_id"),
    cardAt: timestamp("card_at", { withTimezone: true }),
    /** Set when the office applied a rejected scan by hand. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: integer("resolved_by"),
  },
  (table) => [
    uniqueIndex("kiosk_scans_device_scan_unique").on(table.deviceId, table.scanId),
    index("kiosk_scans_device_scanned_idx").on(table.deviceId, table.scannedAt),
    index("kiosk_scans_rejected_idx").on(table.scannedAt).where(sql`status = 'rejected' and resolved_at is null`),
  ],
);

/**
 * The timesheet settings, one row (id 1; absent until changed): when the shift ends, as a Prague
 * wall-clock time `HH:MM`. Logs still open then are closed by the forgotten clock-out job.
 */
export const timesheetSettings = pgTable(
  "timesheet_settings",
  {
    id: integer("id").primaryKey(),
    shiftEnd: text("shift_end").notNull().default("22:00"),
    /** docs/domain.md#kiosk-offline: how many days old a kiosk scan may be when it arrives (the offline queue's limit). */
    scanMaxAgeDays: integer("scan_max_age_days").notNull().default(7),
    ...auditColumns,
  },
  () => [check("timesheet_settings_single_row", sql`id = 1`), check("timesheet_settings_shift_end", sql`shift_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`), check("timesheet_settings_scan_max_age", sql`scan_max_age_days between 1 and 90`)],
);
