/**
 * The transfer log (docs/domain.md#transfer-log): the read-only log of
 * stock moves. Browser-safe: zod, constants and the row colour.
 */
import { z } from "zod";
import { dateField, optionalRefId, optionalText } from "@/lib/zod-fields";
import { WAREHOUSE_TRANSFER_TYPES } from "../stock/schemas";

export const TRANSFER_LOG_PATH = "/warehouse/warehouseTransferLog";
export const transferLogGroupHref = (logGroup: string) => `${TRANSFER_LOG_PATH}?logGroup=${encodeURIComponent(logGroup)}`;

/** The query keys the log filters by. */
export const TRANSFER_LOG_FILTERS = ["from", "to", "warehouse", "product", "type", "user", "logGroup"] as const;
export type TransferLogFilters = Partial<Record<(typeof TRANSFER_LOG_FILTERS)[number], string>>;

/** A broad filter counts at most this many rows ("1 000+", as the products list): the page costs a page, not a scan of a million. */
export const TRANSFER_LOG_COUNT_CAP = 1_000;

/** The filters read: dates dd.mm.yyyy (or ISO), ids, a transfer type, a log group. */
export const transferLogFilterInput = z.object({
  from: dateField().optional(),
  to: dateField().optional(),
  /** Moves into or out of this warehouse. */
  warehouse: optionalRefId(),
  product: optionalRefId(),
  type: z.preprocess((value) => (value === "" ? undefined : value), z.enum(WAREHOUSE_TRANSFER_TYPES, { error: "validation.invalid" }).optional()),
  user: optionalRefId(),
  logGroup: optionalText(100),
}).superRefine((value, context) => {
  // Both ISO dates: they compare as text. A To before From would silently show nothing.
  if (value.from && value.to && value.to < value.from) context.addIssue({ code: "custom", path: ["to"], message: "transferLog.toBeforeFrom" });
});
export type TransferLogFilterInput = z.output<typeof transferLogFilterInput>;

export interface TransferLogRow {
  id: number;
  /** ISO instant. */
  createdAt: string;
  targetWarehouse: { id: number; name: string } | null;
  sourceWarehouse: { id: number; name: string } | null;
  product: { id: number; name: string };
  transferType: string;
  quantity: number;
  user: { id: number; firstName: string; lastName: string } | null;
  logGroup: string;
  /** The row's background: a pastel from the log group. */
  colour: string;
}

/** docs/domain.md#transfer-log: saturation 0.6; light enough that black text reads on every hue. */
export const LOG_COLOUR_SATURATION = 60;
export const LOG_COLOUR_LIGHTNESS = 88;

/** FNV-1a of the log group: the hue its rows and its mark share. */
function logGroupHue(logGroup: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < logGroup.length; i++) {
    hash ^= logGroup.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 360;
}

/**
 * The stable pastel of a log group: the group's FNV-1a hash picks the hue, saturation 0.6 and a
 * light lightness are fixed, so every row of one operation, on every page and every day, shares
 * one colour and neighbouring operations most likely differ.
 */
export function logGroupColour(logGroup: string): string {
  return `hsl(${logGroupHue(logGroup)}, ${LOG_COLOUR_SATURATION}%, ${LOG_COLOUR_LIGHTNESS}%)`;
}

/** How many characters of the group the mark shows: of a UUID's 122 random bits, 24 — two operations a page apart do not share them. */
export const LOG_GROUP_MARK_LENGTH = 6;
/** The mark's swatch: the rows' hue, dark enough to stand out on its own pastel row. */
const LOG_MARK_LIGHTNESS = 42;

/**
 * The log group as the log shows it (docs/domain.md#transfer-log): its first characters and a swatch in the rows'
 * hue, instead of the 36-character UUID. Derived from the group alone, so the same operation has
 * the same mark on every page and in every language; the link carries the full group.
 */
export function logGroupMark(logGroup: string): { text: string; colour: string } {
  return { text: logGroup.slice(0, LOG_GROUP_MARK_LENGTH), colour: `hsl(${logGroupHue(logGroup)}, ${LOG_COLOUR_SATURATION}%, ${LOG_MARK_LIGHTNESS}%)` };
}

/** "full name or id" (docs/domain.md#transfer-log). */
export const userLabel = (user: TransferLogRow["user"]): string => (user ? `${user.firstName} ${user.lastName}`.trim() || `#${user.id}` : "");
