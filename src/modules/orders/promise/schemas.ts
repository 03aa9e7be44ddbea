import { z } from "zod";
import { booleanField, dateField, integerField, optionalText, refId, requiredText } from "@/lib/zod-fields";
import { FENCE_ORDER_STATUSES, type FenceOrderStatus } from "../fence-order/schemas";

export { FENCE_ORDER_STATUSES, type FenceOrderStatus };

/** docs/domain.md#default-promises: a template (status, text, days to deadline, the order status that triggers it). */
export const defaultPromiseInput = z.object({
  status: refId(),
  promise: requiredText(2000),
  daysToDeadline: integerField({ min: 0, max: 3650 }),
  triggerOrderStatus: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(FENCE_ORDER_STATUSES, { error: (issue) => (issue.input === undefined ? "validation.required" : "validation.invalid") }),
  ),
});
export type DefaultPromiseInput = z.infer<typeof defaultPromiseInput>;

export interface NamedRef {
  id: number;
  name: string;
}

export interface DefaultPromise {
  id: number;
  status: NamedRef;
  promise: string;
  daysToDeadline: number;
  triggerOrderStatus: FenceOrderStatus;
}

/** docs/domain.md#promise: order, status, deadline and promise are required; created defaults to today. */
export const promiseInput = z.object({
  order: refId(),
  status: refId(),
  created: dateField().optional(),
  deadline: dateField(),
  solved: z.preprocess((value) => (value === "" ? undefined : value), dateField().optional().nullable()),
  resolved: booleanField(false),
  promise: requiredText(2000),
  note: optionalText(2000),
  issues: optionalText(2000),
  resolution: optionalText(2000),
});
export type PromiseInput = z.infer<typeof promiseInput>;

/** A promise as the API answers it (docs/domain.md#promise) with the order's customer and phone. */
export interface OrderPromise {
  id: number;
  order: { id: number; name: string };
  status: NamedRef;
  customer: string;
  phone: string;
  created: string;
  deadline: string;
  solved: string | null;
  resolved: boolean;
  promise: string;
  note: string | null;
  issues: string | null;
  resolution: string | null;
  defaultPromiseId: number | null;
}
