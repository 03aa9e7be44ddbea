/**
 * Planning pages (docs/domain.md#planning):
 * - GET  /orders/planning?from&to         the shipment and assembly grid (views/planning/planning-page.tsx);
 *                                          without a range, the default one (defaultPlanningRange);
 * - GET  /orders/planning/:id/move         the keyboard way to re-plan a card: day and van;
 * - POST /orders/planning/:id/move         the move; back to the grid's range with MOVED, or the form
 *                                          again: 422 with the field errors, 409 naming who moved it.
 */
import { Hono } from "hono";
import { PlanMovePage } from "@views/planning/plan-move-page";
import { PlanningPage } from "@views/planning/planning-page";
import { ManufactureCalendarPage, ManufactureLineRow, ManufacturePlanDetailPage } from "@views/planning/manufacture-pages";
import { ManufactureTab, MarksTab, PlanningTab } from "@views/planning/order-tabs";
import { datesBetween, defaultPlanningRange, formatCzechDate } from "@/lib/dates";
import { AppError, msg } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import { parseInput } from "@/lib/validation";
import { dateField } from "@/lib/zod-fields";
import { formErrorsOf, formNotValidToast, isRefusal } from "@/web/form-state";
import { translateMessage } from "@/lib/i18n";
import { backPath, flash, preloadLayout, renderFragment, renderPage } from "@/web/render";
import { tabAction } from "@/web/tab-action";
import { getOrderedMaterial } from "@/modules/orders";
import { conflictEnvelope } from "./api";
import { dateRangeInput, MANUFACTURE_PLANNING_PATH, manufacturePlanDetailHref, PLANNING_PATH, type PlanCard } from "./schemas";
import {
  addManufactureLineToBasket,
  deletePlan,
  getManufacturePlan,
  getOrderManufacturePlan,
  getOrderPlanning,
  getPlan,
  manufacturePlansForDateRange,
  markPlanItem,
  movePlan,
  planOrderItems,
  saveManufacturePlan,
  PlanVersionConflict,
  readPlanningVans,
  readPlansForDateRange,
  setManufactured,
} from "./service";

export const planningPages = new Hono<AppEnv>();

/** The range of the query (ISO or dd.mm.yyyy), the default one without any; a refused one is shown back with its errors. */
function rangeOf(c: AppContext): { range: { from: string; to: string } | null; typed: Record<string, string>; errors: Record<string, string> } {
  const from = c.req.query("from") ?? "";
  const to = c.req.query("to") ?? "";
  if (!from && !to) {
    const range = defaultPlanningRange();
    return { range, typed: range, errors: {} };
  }
  try {
    const range = parseInput(dateRangeInput, { from, to });
    return { range, typed: range, errors: {} };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return { range: null, typed: { from, to }, errors: formErrorsOf(c.get("t"), error, ["from", "to"]).errors };
  }
}

planningPages.get(PLANNING_PATH, async (c) => {
  const { range, typed, errors } = rangeOf(c);
  preloadLayout(c);
  const grid = range ? await readPlansForDateRange(c.get("ctx"), range) : null;
  return renderPage(c, <PlanningPage grid={grid} days={range ? datesBetween(range.from, range.to) : []} typed={typed} errors={errors} />, { status: range ? 200 : 422 });
});

/** Every van a card may move to: the active ones and the plan's own. */
const vansFor = (c: AppContext, plan: PlanCard) => readPlanningVans(c.get("ctx"), { from: plan.date, to: plan.date });

/** The grid's range to go back to: a date dateField takes, else none. */
const isoOrEmpty = (value: unknown) => {
  const parsed = dateField().safeParse(value);
  return parsed.success ? parsed.data : "";
};

/**
 * The range of the grid the move link was followed from: the link carries none (one per card
 * would repeat it 3,000 times, docs/decisions/055-planning.md#throughput), the grid page's
 * address does, and the browser sends it as the Referer (same origin, `referrerPolicy: same-origin`).
 * A link carrying a range still wins; none at all goes back to the default range.
 */
function moveRange(c: AppContext): { from: string; to: string } {
  let query = new URLSearchParams(new URL(c.req.url).search);
  if (!query.has("from") && !query.has("to")) {
    const back = new URL(backPath(c, ""), "http://back.invalid");
    query = back.pathname === PLANNING_PATH ? back.searchParams : new URLSearchParams();
  }
  return { from: isoOrEmpty(query.get("from")), to: isoOrEmpty(query.get("to")) };
}

planningPages.get(`${PLANNING_PATH}/:id{[0-9]+}/move`, async (c) => {
  const plan = await getPlan({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  const range = moveRange(c);
  return renderPage(c, <PlanMovePage plan={plan} vans={await vansFor(c, plan)} values={{ date: plan.date, vanId: String(plan.vehicle.id) }} range={range} />);
});

planningPages.post(`${PLANNING_PATH}/:id{[0-9]+}/move`, async (c) => {
  const id = idParam(c);
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const range = { from: isoOrEmpty(body.from), to: isoOrEmpty(body.to) };
  const ctx = c.get("ctx");
  const t = c.get("t");
  const again = async (status: number, errors: Record<string, string>, formErrors: string[]) => {
    const plan = await getPlan({ ctx, input: { id } });
    const values = { date: typeof body.date === "string" ? body.date : "", vanId: typeof body.vanId === "string" ? body.vanId : "" };
    return renderPage(c, <PlanMovePage plan={plan} vans={await vansFor(c, plan)} values={values} range={range} errors={errors} formErrors={formErrors} />, {
      status,
      toasts: [formNotValidToast(c)],
    });
  };
  try {
    const moved = await movePlan({ ctx, input: { id, date: body.date, vanId: body.vanId, version: body.version } });
    flash(c, "success", `${t("planning.moved")}: ${moved.order.id}, ${formatCzechDate(moved.date)}`);
    return c.redirect(range.from && range.to ? `${PLANNING_PATH}?from=${range.from}&to=${range.to}` : PLANNING_PATH, 303);
  } catch (error) {
    if (error instanceof PlanVersionConflict) return again(409, {}, [(await conflictEnvelope(c, error)).meta.message as string]);
    if (error instanceof AppError && isRefusal(error)) {
      const { errors, formErrors } = formErrorsOf(t, error, ["date", "vanId"]);
      return again(422, errors, formErrors);
    }
    throw error;
  }
});

// ---------------------------------------------------------------------------------------------
// Manufacture and painting
// - GET  /orders/manufacture?from&to                      the calendar;
// - GET  /orders/manufacture/detail/:id                   the plan detail;
// - POST /orders/manufacture/detail/:id/line/:lineId      manufactured yes/no: the row again to htmx,
//                                                          else back to the detail;
// - POST /orders/manufacture/detail/:id/addToBasket       {lineId, idempotencyKey}: ADDED, back to the detail.

planningPages.get(MANUFACTURE_PLANNING_PATH, async (c) => {
  const { range, typed, errors } = rangeOf(c);
  preloadLayout(c);
  const calendar = range ? await manufacturePlansForDateRange({ ctx: c.get("ctx"), input: range }) : null;
  return renderPage(c, <ManufactureCalendarPage entries={calendar?.entries ?? null} days={range ? datesBetween(range.from, range.to) : []} typed={typed} errors={errors} />, {
    status: range ? 200 : 422,
  });
});

const DETAIL = `${MANUFACTURE_PLANNING_PATH}/detail/:id{[0-9]+}`;

planningPages.get(DETAIL, async (c) => {
  preloadLayout(c);
  const plan = await getManufacturePlan({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  return renderPage(c, <ManufacturePlanDetailPage plan={plan} />);
});

planningPages.post(`${DETAIL}/line/:lineId{[0-9]+}`, async (c) => {
  const id = idParam(c);
  const body = await c.req.parseBody({ all: true });
  // The hidden "false" comes first; a ticked box adds "true" after it.
  const sent = body.manufactured;
  const manufactured = Array.isArray(sent) ? sent.at(-1) : sent;
  await setManufactured({ ctx: c.get("ctx"), input: { lineId: idParam(c, "lineId"), manufactured } });
  const plan = await getManufacturePlan({ ctx: c.get("ctx"), input: { id } });
  const line = plan.lines.find((one) => one.id === Number(c.req.param("lineId")));
  if (!line) throw AppError.notFound();
  if (c.req.header("HX-Request")) return renderFragment(c, <ManufactureLineRow plan={plan} line={line} />);
  flash(c, "success", c.get("t")("UPDATED"));
  return c.redirect(manufacturePlanDetailHref(id), 303);
});

planningPages.post(`${DETAIL}/addToBasket`, async (c) => {
  const id = idParam(c);
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const t = c.get("t");
  try {
    await addManufactureLineToBasket({ ctx: c.get("ctx"), input: { lineId: body.lineId, idempotencyKey: body.idempotencyKey } });
    flash(c, "success", t("ADDED"));
  } catch (error) {
    if (!isRefusal(error)) throw error;
    for (const message of error.messages) flash(c, "warning", translateMessage(t, message));
  }
  return c.redirect(manufacturePlanDetailHref(id), 303);
});

// ---------------------------------------------------------------------------------------------
// The order's tabs 5–8 (views/planning/order-tabs.tsx), mounted before the orders module so they
// answer /orders/fenceOrder/:id/tab/5…8:
// - POST /orders/fenceOrder/:id/planning                   plan items (tab 5);
// - POST /orders/fenceOrder/:id/planning/:planId/delete    {version} (tab 5);
// - POST /orders/fenceOrder/:id/manufacturePlan            the dates (tab 6);
// - POST /orders/fenceOrder/:id/marks/:kind                {planItemId, date, note} (tabs 7, 8).
// Each answers its tab to htmx (with a toast), a plain post a 303 to the editor on that tab.

const ORDER = "/orders/fenceOrder/:id{[0-9]+}";
const editorTab = (orderId: number, tab: number) => `/orders/fenceOrder/${orderId}?tab=${tab}`;

async function orderTab(c: AppContext, orderId: number, tab: number, init: { status?: number; errors?: string[] } = {}): Promise<Response> {
  const ctx = c.get("ctx");
  if (tab === 6) {
    const planning = await getOrderPlanning({ ctx, input: { id: orderId } });
    const plan = await getOrderManufacturePlan({ ctx, input: { id: orderId } });
    return renderFragment(c, <ManufactureTab orderId={orderId} status={planning.order.status} plan={plan} errors={init.errors} />, { status: init.status });
  }
  const planning = await getOrderPlanning({ ctx, input: { id: orderId } });
  if (tab === 5) {
    const vans = await readPlanningVans(ctx);
    // Readiness: the order's material against the stock (the ordered material's short lines).
    const { shortLines } = await getOrderedMaterial({ ctx, input: { orders: String(orderId) } });
    return renderFragment(c, <PlanningTab planning={planning} vans={vans} shortLines={shortLines} idempotencyKey={crypto.randomUUID()} errors={init.errors} />, { status: init.status });
  }
  return renderFragment(c, <MarksTab planning={planning} kind={tab === 7 ? "delivered" : "assembled"} errors={init.errors} />, { status: init.status });
}

planningPages.get(`${ORDER}/tab/:tab{[5678]}`, (c) => orderTab(c, idParam(c), Number(c.req.param("tab"))));

const fromForm = async (c: AppContext) => (await c.req.parseBody()) as Record<string, unknown>;

planningPages.post(`${ORDER}/planning`, async (c) => {
  const orderId = idParam(c);
  const body = await fromForm(c);
  const items = Object.entries(body).flatMap(([key, value]) => {
    const match = /^amount\.(\d+)$/.exec(key);
    const text = typeof value === "string" ? value.trim() : "";
    return match && text && !/^0+([.,]0*)?$/.test(text) ? [{ itemId: Number(match[1]), amount: text }] : [];
  });
  return tabAction(c, {
    work: async () => {
      await planOrderItems({ ctx: c.get("ctx"), input: { orderId, date: body.date, vanId: body.vanId, delivery: body.delivery ?? false, assembly: body.assembly ?? false, items, idempotencyKey: body.idempotencyKey } });
      return msg("planning.tab.planned");
    },
    tab: (init) => orderTab(c, orderId, 5, init),
    redirectTo: editorTab(orderId, 5),
  });
});

planningPages.post(`${ORDER}/planning/:planId{[0-9]+}/delete`, async (c) => {
  const orderId = idParam(c);
  const body = await fromForm(c);
  const work = async () => {
    try {
      await deletePlan({ ctx: c.get("ctx"), input: { id: idParam(c, "planId"), version: body.version } });
    } catch (error) {
      // A plan changed meanwhile: say so, as a refusal the tab shows.
      if (error instanceof PlanVersionConflict) throw AppError.fail({ key: (await conflictEnvelope(c, error)).meta.message as string });
      throw error;
    }
    return msg("planning.tab.deleted");
  };
  return tabAction(c, { work, tab: (init) => orderTab(c, orderId, 5, init), redirectTo: editorTab(orderId, 5) });
});

planningPages.post(`${ORDER}/manufacturePlan`, async (c) => {
  const orderId = idParam(c);
  const body = await fromForm(c);
  return tabAction(c, {
    work: async () => {
      await saveManufacturePlan({ ctx: c.get("ctx"), input: { orderId, manufactureDate: body.manufactureDate, paintingDate: body.paintingDate } });
      return msg("planning.tab.manufactureSaved");
    },
    tab: (init) => orderTab(c, orderId, 6, init),
    redirectTo: editorTab(orderId, 6),
  });
});

planningPages.post(`${ORDER}/marks/:kind{delivered|assembled}`, async (c) => {
  const orderId = idParam(c);
  const kind = c.req.param("kind") as "delivered" | "assembled";
  const tab = kind === "delivered" ? 7 : 8;
  const body = await fromForm(c);
  return tabAction(c, {
    work: async () => {
      await markPlanItem({ ctx: c.get("ctx"), input: { planItemId: body.planItemId, kind, date: body.date ?? "", note: body.note } });
      return msg("planning.tab.marked");
    },
    tab: (init) => orderTab(c, orderId, tab, init),
    redirectTo: editorTab(orderId, tab),
  });
});
