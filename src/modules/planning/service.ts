/**
 * Planning's verbs (docs/domain.md#planning; docs/decisions/055-planning.md), one file per concern:
 * - order-planning.ts: the order's planning, tab 5's data (`getOrderPlanning`): each fence item with
 *   what is planned and what remains, the order's plans with their items and marks;
 * - plan-writes.ts: shipment and assembly plans written: `planOrderItems`, `movePlan` (refused with
 *   PlanVersionConflict over an older version), `deletePlan`, `markPlanItem` (tabs 7 and 8), each
 *   running the order's plan rules in its transaction;
 * - grid.ts: the grid: its vans (`readPlanningVans`), cards (`plansForDateRange`, `getPlan`) and
 *   material marks (`materialForDateRange`);
 * - manufacture-plans.ts: manufacture and painting: `saveManufacturePlan`, `setManufactured`,
 *   `addManufactureLineToBasket`, the plan detail and the calendar (`manufacturePlansForDateRange`).
 * The routes import from here.
 */
export { getOrderPlanning, type OrderPlanEntry, type OrderPlanning, type OrderPlanningItem } from "./order-planning";
export { deletePlan, markPlanItem, movePlan, planOrderItems, PlanVersionConflict } from "./plan-writes";
export { getPlan, materialForDateRange, plansForDateRange, readPlanningVans, readPlansForDateRange } from "./grid";
export {
  addManufactureLineToBasket,
  getManufacturePlan,
  getOrderManufacturePlan,
  manufacturePlansForDateRange,
  saveManufacturePlan,
  setManufactured,
} from "./manufacture-plans";
