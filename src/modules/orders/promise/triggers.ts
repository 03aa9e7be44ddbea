import { eq } from "drizzle-orm";
import { defaultPromises, promises } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { addDays, todayInPrague } from "@/lib/dates";

/**
 * docs/domain.md#default-promises: when an order enters a status, each default promise triggered by that status
 * becomes a promise of the order: created today (Prague), due today + daysToDeadline. The unique
 * index (order_id, default_promise_id) makes it once per order and template, even when the order
 * leaves and re-enters the status or two requests race: the second insert does nothing.
 * Called by the fence order service inside its transaction, after writing the status.
 * Answers the ids of the promises created now.
 */
export async function applyDefaultPromises({ ctx, input }: { ctx: Ctx; input: { orderId: number; status: string } }): Promise<number[]> {
  const templates = await ctx.db.select().from(defaultPromises).where(eq(defaultPromises.triggerOrderStatus, input.status));
  if (!templates.length) return [];
  const today = todayInPrague();
  const inserted = await ctx.db
    .insert(promises)
    .values(
      templates.map((template) => ({
        orderId: input.orderId,
        statusId: template.statusId,
        promise: template.promise,
        created: today,
        deadline: addDays(today, template.daysToDeadline),
        resolved: false,
        defaultPromiseId: template.id,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })),
    )
    .onConflictDoNothing({ target: [promises.orderId, promises.defaultPromiseId] })
    .returning({ id: promises.id });
  return inserted.map((row) => row.id);
}
