/**
 * The writes of shipment and assembly plans (docs/decisions/055-planning.md): `planOrderItems`
 * (tab 5; each item's amount at most what remains), `movePlan` (only the day and the van; a move
 * over an older version is refused with PlanVersionConflict, the route's 409), `deletePlan` and
 * `markPlanItem` (tabs 7 and 8). Every write runs the order's plan rules (fence-order/service.ts
 * planRulesOnChange) in its transaction: all items planned → PLANNED, all done → CLOSED, forward
 * only, never over a status set by hand.
 */
import { eq, sql } from "drizzle-orm";
import { deliveryVans, orderPlanItems, orderPlans, users } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import { withIdempotency } from "@/lib/idempotency";
import { parseInput } from "@/lib/validation";
import { lockFenceOrder, planRulesOnChange, readItemPlanAmounts } from "@/modules/orders";
import { readPlanCard } from "./grid";
import { remaining, thousandths } from "./order-planning";
import { createPlanInput, deletePlanInput, markPlanItemInput, movePlanInput, type PlanCard } from "./schemas";

type PlanRow = typeof orderPlans.$inferSelect;

/** A move or delete sent over an older version of the plan than the stored one: who wrote it last and when, for the 409. */
export class PlanVersionConflict extends Error {
  constructor(
    readonly changedBy: { id: number; name: string } | null,
    readonly changedAt: Date,
    readonly version: number,
    readonly plan: { date: string; vanId: number },
  ) {
    super("CONFLICT");
  }
}

/** The plan's row, locked until the transaction ends; 404 without it. */
async function lockPlan(ctx: Ctx, id: number): Promise<PlanRow> {
  const [row] = await ctx.db.select().from(orderPlans).where(eq(orderPlans.id, id)).for("update");
  if (!row) throw AppError.notFound();
  return row;
}

async function checkPlanVersion(ctx: Ctx, plan: PlanRow, sent: number): Promise<void> {
  if (sent === plan.version) return;
  const [writer] =
    plan.updatedBy === null
      ? []
      : await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, plan.updatedBy));
  throw new PlanVersionConflict(writer ? { id: writer.id, name: `${writer.firstName} ${writer.lastName}` } : null, plan.updatedAt, plan.version, { date: plan.date, vanId: plan.vanId });
}

async function checkVan(ctx: Ctx, vanId: number): Promise<void> {
  const [van] = await ctx.db.select({ id: deliveryVans.id }).from(deliveryVans).where(eq(deliveryVans.id, vanId));
  if (!van) throw AppError.invalid({ vanId: msg("planning.validation.van") });
}

/** The columns every write of a plan sets: the next version, who and when. */
const nextVersion = (ctx: Ctx) => ({ version: sql`${orderPlans.version} + 1`, updatedAt: new Date(), updatedBy: ctx.userId });

/**
 * Plans an order's fence items (tab 5): a day, a van, delivery and/or assembly; each item at most
 * what remains of it for the chosen types. Then the plan rules. At most once per idempotency key.
 */
export async function planOrderItems({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ id: number; version: number; status: string }> {
  const values = parseInput(createPlanInput, input);
  return withIdempotency({ ctx, key: values.idempotencyKey, operation: `planning.plan:${values.orderId}` }, async (tx) => {
    await lockFenceOrder(tx, values.orderId);
    await checkVan(tx, values.vanId);
    const amounts = new Map((await readItemPlanAmounts(tx, values.orderId)).map((row) => [row.itemId, row]));
    const fields: Record<string, Message> = {};
    const seen = new Set<number>();
    values.items.forEach((line, index) => {
      const item = amounts.get(line.itemId);
      if (!item || seen.has(line.itemId)) {
        fields[`items.${index}.itemId`] = msg("validation.invalid");
        return;
      }
      seen.add(line.itemId);
      const left = Math.min(values.delivery ? remaining(item.amount, item.deliveryPlanned) : Infinity, values.assembly ? remaining(item.amount, item.assemblyPlanned) : Infinity);
      if (thousandths(line.amount) > thousandths(left)) fields[`items.${index}.amount`] = msg("planning.validation.moreThanRemains", { remains: left });
    });
    if (Object.keys(fields).length) throw AppError.invalid(fields);
    const [plan] = await tx.db
      .insert(orderPlans)
      .values({ orderId: values.orderId, date: values.date, vanId: values.vanId, delivery: values.delivery, assembly: values.assembly, createdBy: tx.userId, updatedBy: tx.userId })
      .returning({ id: orderPlans.id, version: orderPlans.version });
    await tx.db.insert(orderPlanItems).values(values.items.map((line) => ({ planId: plan!.id, itemId: line.itemId, amount: line.amount, createdBy: tx.userId, updatedBy: tx.userId })));
    const status = await planRulesOnChange(tx, values.orderId);
    return { id: plan!.id, version: plan!.version, status };
  });
}

/** Re-plan: the day and the van change, the items stay; refused (PlanVersionConflict) when the plan changed since the client read `version`. */
export async function movePlan({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<PlanCard> {
  const values = parseInput(movePlanInput, input);
  return withTransaction(ctx, async (tx) => {
    const plan = await lockPlan(tx, values.id);
    await checkPlanVersion(tx, plan, values.version);
    await checkVan(tx, values.vanId);
    await tx.db.update(orderPlans).set({ date: values.date, vanId: values.vanId, ...nextVersion(tx) }).where(eq(orderPlans.id, plan.id));
    await planRulesOnChange(tx, plan.orderId);
    return readPlanCard(tx, plan.id);
  });
}

/** Removes a plan (its items come off with it); the status stays where the rules moved it (forward only). */
export async function deletePlan({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ id: number }> {
  const values = parseInput(deletePlanInput, input);
  return withTransaction(ctx, async (tx) => {
    const plan = await lockPlan(tx, values.id);
    await checkPlanVersion(tx, plan, values.version);
    await tx.db.delete(orderPlans).where(eq(orderPlans.id, plan.id));
    return { id: plan.id };
  });
}

/** Tabs 7 and 8: a planned item delivered or assembled on a date with the crew's note (no date clears the mark); then the plan rules. */
export async function markPlanItem({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ planItemId: number; status: string }> {
  const values = parseInput(markPlanItemInput, input);
  return withIdempotency({ ctx, key: values.idempotencyKey, operation: `planning.mark:${values.planItemId}` }, async (tx) => {
    const [line] = await tx.db.select({ planId: orderPlanItems.planId }).from(orderPlanItems).where(eq(orderPlanItems.id, values.planItemId));
    if (!line) throw AppError.notFound();
    const plan = await lockPlan(tx, line.planId);
    if (values.kind === "delivered" && !plan.delivery) throw AppError.fail(msg("planning.validation.notForDelivery"));
    if (values.kind === "assembled" && !plan.assembly) throw AppError.fail(msg("planning.validation.notForAssembly"));
    const note = values.date === null ? null : (values.note ?? null);
    const set = values.kind === "delivered" ? { deliveredOn: values.date, deliveredNote: note } : { assembledOn: values.date, assembledNote: note };
    await tx.db.update(orderPlanItems).set({ ...set, updatedAt: new Date(), updatedBy: tx.userId }).where(eq(orderPlanItems.id, values.planItemId));
    await tx.db.update(orderPlans).set(nextVersion(tx)).where(eq(orderPlans.id, plan.id));
    const status = await planRulesOnChange(tx, plan.orderId);
    return { planItemId: values.planItemId, status };
  });
}
