/**
 * The date rules of a fence order (docs/domain.md#order-status, docs/domain.md#deadline), as one
 * pure function (docs/decisions/013-fence-order-status.md):
 * - an offer date sets PRICE_OFFER, a measurement date MEASURED, an order date ORDER_CONFIRMATION;
 *   with several dates set the furthest wins (order over measurement over offer);
 * - automatic moves go forward only, never out of CANCELED, and never move a status set by hand;
 * - a newly set or changed order date sets deadline = order date + 77 days, unless staff typed
 *   another deadline in the same save.
 * And the plan rules (docs/decisions/055-planning.md), through the same forward-only and manual rules:
 * - every fence item wholly planned sets PLANNED;
 * - every fence item done sets CLOSED (assembled when planned for assembly, delivered when for delivery only).
 */
import { addDays } from "@/lib/dates";
import { FENCE_ORDER_STATUSES, type FenceOrderStatus } from "./schemas";

export const DEADLINE_DAYS = 77;

export interface OrderDates {
  offerDate: string | null;
  measurementDate: string | null;
  orderDate: string | null;
  deadline: string | null;
}

export interface OrderState extends OrderDates {
  status: FenceOrderStatus;
  statusSetManually: boolean;
}

export interface DateRulesResult {
  status: FenceOrderStatus;
  deadline: string | null;
  /** Set when a rule moved the status (for the AUTO history row). */
  change: { from: FenceOrderStatus | null; to: FenceOrderStatus; reason: "offerDate" | "measurementDate" | "orderDate" } | null;
}

const rank = (status: FenceOrderStatus) => FENCE_ORDER_STATUSES.indexOf(status);

/** The status the dates prove on their own, with the date that proves it. */
export function statusFromDates(dates: Omit<OrderDates, "deadline">): { status: FenceOrderStatus; reason: "offerDate" | "measurementDate" | "orderDate" } | null {
  if (dates.orderDate) return { status: "ORDER_CONFIRMATION", reason: "orderDate" };
  if (dates.measurementDate) return { status: "MEASURED", reason: "measurementDate" };
  if (dates.offerDate) return { status: "PRICE_OFFER", reason: "offerDate" };
  return null;
}

/** `before` is null for a new order; `after` holds the dates as saved. */
export function applyDateRules({ before, after }: { before: OrderState | null; after: OrderDates }): DateRulesResult {
  // Deadline: follows a newly set or changed order date, unless the same save changed the deadline itself.
  let deadline = after.deadline;
  const orderDateChanged = after.orderDate !== null && after.orderDate !== (before?.orderDate ?? null);
  const deadlineTyped = before ? after.deadline !== before.deadline : after.deadline !== null;
  if (orderDateChanged && !deadlineTyped) deadline = addDays(after.orderDate!, DEADLINE_DAYS);

  const proven = statusFromDates(after);
  if (!before) {
    const status = proven?.status ?? "PRICE_OFFER";
    return { status, deadline, change: { from: null, to: status, reason: proven?.reason ?? "offerDate" } };
  }
  const datesChanged =
    after.offerDate !== before.offerDate || after.measurementDate !== before.measurementDate || after.orderDate !== before.orderDate;
  if (!proven || !datesChanged || before.statusSetManually || before.status === "CANCELED" || rank(proven.status) <= rank(before.status)) {
    return { status: before.status, deadline, change: null };
  }
  return { status: proven.status, deadline, change: { from: before.status, to: proven.status, reason: proven.reason } };
}

/** What an order's plans prove (docs/decisions/055-planning.md): read by planFactsOf, for an order with at least one fence item. */
export interface PlanFacts {
  /** Every fence item wholly planned (its delivery or its assembly plans cover its whole amount). */
  allPlanned: boolean;
  /** Every fence item done: assembled when any of it is planned for assembly, delivered otherwise. */
  allDone: boolean;
}

export type PlanReason = "allPlanned" | "allDone";

/** The status the plans prove on their own; null when they prove nothing yet. */
export function statusFromPlans(plans: PlanFacts): { status: FenceOrderStatus; reason: PlanReason } | null {
  if (plans.allDone) return { status: "CLOSED", reason: "allDone" };
  if (plans.allPlanned) return { status: "PLANNED", reason: "allPlanned" };
  return null;
}

/**
 * The "Automaticky" choice of the status form: what the dates and the plans prove together, the
 * plans winning (they come later in the order's life); PRICE_OFFER when nothing proves anything.
 */
export function automaticStatus(dates: Omit<OrderDates, "deadline">, plans: PlanFacts): FenceOrderStatus {
  return statusFromPlans(plans)?.status ?? statusFromDates(dates)?.status ?? "PRICE_OFFER";
}

/** After a plan was written: the status the plans move the order to, forward only, never out of CANCELED or a status set by hand. */
export function applyPlanRules({ before, plans }: { before: Pick<OrderState, "status" | "statusSetManually">; plans: PlanFacts }): {
  status: FenceOrderStatus;
  change: { from: FenceOrderStatus; to: FenceOrderStatus; reason: PlanReason } | null;
} {
  const proven = statusFromPlans(plans);
  if (!proven || before.statusSetManually || before.status === "CANCELED" || rank(proven.status) <= rank(before.status)) {
    return { status: before.status, change: null };
  }
  return { status: proven.status, change: { from: before.status, to: proven.status, reason: proven.reason } };
}
