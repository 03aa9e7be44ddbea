import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
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
    ...auditColumns,
  },
  (table) => [
    index("work_logs_user_start_idx").on(table.userId, table.start),
    index("work_logs_work_type_idx").on(table.workTypeId),
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
