/**
 * "A busy office" in numbers (docs/decisions/073-soak.md) and the soak's load: every stream at a
 * fixed rate, `SOAK_FACTOR` times the office's. The driver sends each request when it is due
 * (an open-loop schedule), never "as fast as the server answers".
 */

/** The busy office, per minute. */
export const BUSY_OFFICE = {
  /** 10 office users, each a list page every 10 s and an item save every minute. */
  officeUsers: 10,
  pageViewsPerUserPerMinute: 6,
  itemSavesPerUserPerMinute: 1,
  /** 5 workshop kiosks, a scan a minute each. */
  kiosks: 5,
  scansPerKioskPerMinute: 1,
  /** 40 rack scales, each publishing its weight every 5 s. */
  rackScales: 40,
  readingsPerScalePerMinute: 12,
  /** Stock operations over the office: a basket filled and moved to another warehouse. */
  stockOperationsPerMinute: 3,
} as const;

export const SOAK_FACTOR = 20;

/**
 * How the 20× load is carried (each rate × 20): more office sessions and scales (as a bigger
 * company would have), and the kiosks' and stock clerks' rates spread over enough devices and
 * users that each stays within its own limit (a kiosk takes at most 30 scans a minute).
 */
export const SOAK_PLAN = {
  /** Sessions that view list pages; together SOAK_FACTOR × 10 × 6 = 1,200 pages a minute (20/s). */
  pageSessions: 20,
  /** Savers, each owning one order; together SOAK_FACTOR × 10 × 1 = 200 saves a minute (one each every 6 s). */
  savers: 20,
  /** Kiosk devices, each with its own worker; together SOAK_FACTOR × 5 × 1 = 100 scans a minute (10 each). */
  kiosks: 10,
  /** Scales; SOAK_FACTOR × 40 scales, each a reading every 5 s: 160 readings a second. */
  rackScales: SOAK_FACTOR * BUSY_OFFICE.rackScales,
  /** Stock clerks; together SOAK_FACTOR × 3 = 60 operations a minute (one each every 5 s). */
  clerks: 5,
} as const;

const perMinute = (total: number, actors: number) => 60_000 / (total / actors);

/** Each actor's period, in ms, derived from the office and the factor (so the two cannot drift apart). */
export const PERIOD_MS = {
  page: perMinute(SOAK_FACTOR * BUSY_OFFICE.officeUsers * BUSY_OFFICE.pageViewsPerUserPerMinute, SOAK_PLAN.pageSessions),
  save: perMinute(SOAK_FACTOR * BUSY_OFFICE.officeUsers * BUSY_OFFICE.itemSavesPerUserPerMinute, SOAK_PLAN.savers),
  scan: perMinute(SOAK_FACTOR * BUSY_OFFICE.kiosks * BUSY_OFFICE.scansPerKioskPerMinute, SOAK_PLAN.kiosks),
  reading: 60_000 / BUSY_OFFICE.readingsPerScalePerMinute,
  stock: perMinute(SOAK_FACTOR * BUSY_OFFICE.stockOperationsPerMinute, SOAK_PLAN.clerks),
} as const;

/** The list pages a page view picks from, in turn (each session starts at a different one). */
export const LIST_PAGES = [
  "/orders/fenceOrder",
  "/products",
  "/orders/invoices",
  "/warehouse/warehouseTransferLog",
  "/timesheets/worklog",
  "/orders/promises",
  "/warehouse/warehouseRackScales",
  "/suppliers/orders",
] as const;

/** The figures' budgets (issue "Operations", Figures): printed as PASS/FAIL lines. */
export const BUDGETS = {
  listP95Ms: 50,
  saveP95Ms: 150,
  errors: 0,
  rssGrowthPercent: 10,
} as const;

/** More requests than this in flight at once wait their turn (their wait counts in their latency). */
export const MAX_IN_FLIGHT = 64;
/** A request not answered within this is an error. */
export const REQUEST_TIMEOUT_MS = 10_000;
