/**
 * Planning (docs/domain.md#planning; docs/decisions/055-planning.md): shipment and assembly plans
 * by van and day, the manufacture and painting plan of an order. Browser-safe: zod, constants,
 * types and the pure colour rule only.
 */
import { z } from "zod";
import { booleanField, boundedArray, dateField, decimalField, idempotencyKeyField, integerField, optionalText, refId } from "@/lib/zod-fields";
import type { MaterialReadiness } from "@/modules/orders/ordered-material/schemas";

export const PLANNING_PATH = "/orders/planning";
export const MANUFACTURE_PLANNING_PATH = "/orders/manufacture";
export const manufacturePlanDetailHref = (id: number) => `${MANUFACTURE_PLANNING_PATH}/detail/${id}`;

/** The longest range the overviews answer: a year and a week (more is refused, 422). */
export const MAX_RANGE_DAYS = 373;

/** More orders than this on one van and day is over-booked: the grid warns on that cell. */
export const MAX_ORDERS_PER_VAN_DAY = 3;

/** A card's colour on the grid (display only): YELLOW delivery only, PURPLE delivery and assembly, BLUE assembly only. */
export const PLAN_COLOURS = ["YELLOW", "PURPLE", "BLUE"] as const;
export type PlanColour = (typeof PLAN_COLOURS)[number];

export function planColour(types: { delivery: boolean; assembly: boolean }): PlanColour | null {
  if (types.delivery && types.assembly) return "PURPLE";
  if (types.delivery) return "YELLOW";
  if (types.assembly) return "BLUE";
  return null;
}

/** Colour texts that mean "no colour" (the item's colour is free text): such an item's line is not painted. */
const NO_COLOUR = new Set(["", "-", "–", "bez barvy", "bez nátěru", "žádná", "none", "no colour", "no color"]);
export const isNoColour = (color: string | null | undefined): boolean => NO_COLOUR.has((color ?? "").trim().toLowerCase());

/** Where a daily manufacture entry is worked: made or painted (not the timesheets' workplaces). */
export const MANUFACTURE_WORKPLACES = ["MANUFACTURE", "PAINTING"] as const;
export type ManufactureWorkplace = (typeof MANUFACTURE_WORKPLACES)[number];

/** `from` and `to` (ISO or dd.mm.yyyy), both required, `from` not after `to`, at most MAX_RANGE_DAYS. */
export const dateRangeInput = z
  .object({ from: dateField(), to: dateField() })
  .superRefine((range, context) => {
    if (range.from > range.to) context.addIssue({ code: "custom", path: ["to"], message: "planning.validation.rangeOrder" });
    else if ((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 >= MAX_RANGE_DAYS) {
      context.addIssue({ code: "custom", path: ["to"], message: "planning.validation.rangeTooLong", params: { max: MAX_RANGE_DAYS } });
    }
  });
export type DateRange = z.infer<typeof dateRangeInput>;

/** Amounts of fence items: pieces with at most 3 decimals, more than 0. */
const amountField = () => decimalField({ min: 0.001, max: 999_999, places: 3 });

/**
 * A plan's van as an input takes the spec's name, `vehicle` (an id or `{id}`, as a plan answers
 * it), or `vanId` (the forms' field): one field, `vanId` once parsed, and its errors are named so.
 * When both are sent, `vanId` is taken (docs/decisions/064-planning-read-model-and-names.md).
 */
const withVehicle = <T extends z.ZodType>(schema: T) =>
  z.preprocess((body) => {
    if (!body || typeof body !== "object" || Array.isArray(body) || !("vehicle" in body)) return body;
    const { vehicle, ...rest } = body as Record<string, unknown>;
    return rest.vanId === undefined || rest.vanId === null || rest.vanId === "" ? { ...rest, vanId: vehicle } : rest;
  }, schema);

/** Plan an order's items (tab 5): a day, a van, delivery and/or assembly, and each item's amount (at most what remains). */
export const createPlanInput = withVehicle(
  z
    .object({
      orderId: refId(),
      date: dateField(),
      vanId: refId(),
      delivery: booleanField(),
      assembly: booleanField(),
      items: boundedArray(z.object({ itemId: refId(), amount: amountField() }), { error: "validation.required", min: 1, minMessage: "planning.validation.noItems" }),
      idempotencyKey: idempotencyKeyField(),
    })
    .refine((plan) => plan.delivery || plan.assembly, { path: ["delivery"], message: "planning.validation.noType" }),
);
export type CreatePlanInput = z.infer<typeof createPlanInput>;

/** Re-plan: only the day and the van change; `version` is the plan's as the client read it. */
export const movePlanInput = withVehicle(z.object({ id: refId(), date: dateField(), vanId: refId(), version: integerField({ min: 1 }) }));

export const deletePlanInput = z.object({ id: refId(), version: integerField({ min: 1 }) });

/** Tabs 7 and 8: a planned item delivered or assembled, with the date (none clears it) and the crew's note. */
export const markPlanItemInput = z.object({
  planItemId: refId(),
  kind: z.enum(["delivered", "assembled"], { error: "validation.invalid" }),
  date: z.preprocess((value) => (value === "" ? null : value), dateField().nullable()),
  note: optionalText(2000),
  idempotencyKey: idempotencyKeyField(),
});

/** Tab 6: the order's manufacture and painting dates; the lines come from its manufacture list when the plan is made. */
export const saveManufacturePlanInput = z.object({
  orderId: refId(),
  manufactureDate: dateField(),
  paintingDate: z.preprocess((value) => (value === "" ? null : value), dateField().nullable().optional()),
});

export const setManufacturedInput = z.object({ lineId: refId(), manufactured: booleanField() });

export const idInput = z.object({ id: refId() });

/** The plan detail's add-to-basket button: 1 piece of the line's product into the caller's common basket, once per key. */
export const addLineToBasketInput = z.object({ lineId: refId(), idempotencyKey: idempotencyKeyField() });

/** A van column of the grid. */
export interface PlanningVan {
  id: number;
  name: string;
  spz: string;
  active: boolean;
}

/** A card of the grid: one plan (its date, van as the spec's `vehicle`, order, colour, and planned types with counts). */
export interface PlanCard {
  id: number;
  date: string;
  vehicle: { id: number; name: string };
  version: number;
  order: { id: number; lastName: string; firstName: string; status: string };
  delivery: boolean;
  assembly: boolean;
  color: PlanColour;
  /** Pieces planned per product type of the fence items (FENCE, GATE…), in the order of first appearance. */
  plannedTypes: { productType: string; count: number }[];
  /** The readiness mark: every line of the order's manufacture plan manufactured; null without a plan. */
  manufactured: boolean | null;
  /** The readiness mark: the order's deposit proforma is paid (the invoices' rule). */
  depositPaid: boolean;
}

/** The material mark of an order on the grid (docs/domain.md#planning-rules). */
export type OrderMaterialMark = { orderId: number } & MaterialReadiness;

/** `materialForDateRange`'s answer: the marks of the range's orders not yet wholly manufactured. */
export interface MaterialForDateRange {
  from: string;
  to: string;
  orders: OrderMaterialMark[];
}

/** `plansForDateRange`'s answer. */
export interface PlansForDateRange {
  from: string;
  to: string;
  vans: PlanningVan[];
  plans: PlanCard[];
}

/** A daily manufacture entry: an order made or painted that day. */
export interface ManufactureEntry {
  date: string;
  workplace: ManufactureWorkplace;
  planId: number;
  order: { id: number; lastName: string };
}

export interface ManufacturePlanLine {
  id: number;
  product: { id: number; name: string };
  plannedAmount: number;
  notForPainting: boolean;
  manufactured: boolean;
}

export interface ManufacturePlan {
  id: number;
  orderId: number;
  order: { id: number; lastName: string; firstName: string };
  manufactureDate: string;
  paintingDate: string | null;
  lines: ManufacturePlanLine[];
}
