import { count } from "drizzle-orm";
import { defaultPromises, promiseStatuses } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import type { FenceOrderStatus } from "@/modules/orders/fence-order/schemas";
import { createDefaultPromise } from "../factories";

/** What a fence company promises at each step of an order (docs/domain.md#default-promises), by the promise status's name. */
const TEMPLATES: { status: string; promise: string; daysToDeadline: number; triggerOrderStatus: FenceOrderStatus }[] = [
  { status: "Zavolat zákazníkovi", promise: "Domluvit termín zaměření", daysToDeadline: 3, triggerOrderStatus: "PRICE_OFFER" },
  { status: "Zavolat zákazníkovi", promise: "Poslat cenovou nabídku podle zaměření", daysToDeadline: 5, triggerOrderStatus: "MEASURED" },
  { status: "Zavolat zákazníkovi", promise: "Ověřit přijetí zálohy a potvrdit termín výroby", daysToDeadline: 7, triggerOrderStatus: "ORDER_CONFIRMATION" },
  { status: "Doplnit materiál", promise: "Objednat chybějící materiál u dodavatele", daysToDeadline: 2, triggerOrderStatus: "MATERIAL_ORDER" },
  { status: "Zavolat zákazníkovi", promise: "Oznámit zákazníkovi termín montáže", daysToDeadline: 2, triggerOrderStatus: "PLANNED" },
  { status: "Zavolat zákazníkovi", promise: "Zeptat se na spokojenost s plotem", daysToDeadline: 30, triggerOrderStatus: "CLOSED" },
];

/** Default promise templates over the demo promise statuses. Idempotent: only into an empty table, after seedDemoOrders (the statuses). */
export async function seedDemoPromises(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [existing] = await tx.db.select({ n: count() }).from(defaultPromises);
    if ((existing?.n ?? 0) > 0) return;
    const statuses = await tx.db.select({ id: promiseStatuses.id, name: promiseStatuses.name }).from(promiseStatuses).orderBy(promiseStatuses.id);
    if (!statuses.length) return;
    const byName = new Map(statuses.map((status) => [status.name, status.id]));
    for (const { status, ...template } of TEMPLATES) await createDefaultPromise(tx, { ...template, status: byName.get(status) ?? statuses[0]!.id });
  });
}
