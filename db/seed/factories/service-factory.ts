import type { Ctx } from "@/lib/context";
import { nextNumber } from "./sequence";

/** What a factory needs of a service: the generic create (docs/architecture.md#crud-calls), which validates and answers the new id. */
interface Creates {
  create(args: { ctx: Ctx; input: unknown }): Promise<number>;
}

/**
 * A factory over a service's create: sensible defaults (numbered, so names the app keeps unique
 * stay unique) with the caller's values on top, created through the service so its rules apply.
 */
export function serviceFactory<TValues extends Record<string, unknown>>(service: Creates, defaults: (n: number) => TValues) {
  return (ctx: Ctx, values: Partial<TValues> & Record<string, unknown> = {}): Promise<number> =>
    service.create({ ctx, input: { ...defaults(nextNumber()), ...values } });
}
