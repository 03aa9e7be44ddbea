/** Promise statuses, default promises (templates) and promises, through their services. */
import type { Ctx } from "@/lib/context";
import { defaultPromiseService, promiseService, promiseStatusService } from "@/modules/orders";
import type { FenceOrderStatus } from "@/modules/orders/fence-order/schemas";
import { createFenceOrder } from "./fence-order";
import { nextNumber } from "./sequence";
import { serviceFactory } from "./service-factory";

export const createPromiseStatus = serviceFactory(promiseStatusService, (n) => ({ name: `Stav příslibu ${n}` }));

/** A template: a promise `daysToDeadline` days out when an order enters `triggerOrderStatus` (a new status unless named). */
export async function createDefaultPromise(
  ctx: Ctx,
  values: { status?: number; promise?: string; daysToDeadline?: number; triggerOrderStatus?: FenceOrderStatus } = {},
): Promise<number> {
  const status = values.status ?? (await createPromiseStatus(ctx));
  return defaultPromiseService.create({
    ctx,
    input: { promise: `Výchozí příslib ${nextNumber()}`, daysToDeadline: 7, triggerOrderStatus: "ORDER_CONFIRMATION", ...values, status },
  });
}

/** A promise about `order` (a new order unless named) in `status` (a new status unless named), due `deadline`. */
export async function createPromise(
  ctx: Ctx,
  values: { order?: number; status?: number; deadline?: string; promise?: string } & Record<string, unknown> = {},
): Promise<number> {
  const order = values.order ?? (await createFenceOrder(ctx));
  const status = values.status ?? (await createPromiseStatus(ctx));
  return promiseService.create({ ctx, input: { deadline: "2030-01-31", promise: `Příslib ${nextNumber()}`, ...values, order, status } });
}
