/** Fence order helpers shared by the fence order HTTP tests (not a test file itself). */
import type { Session } from "../helpers/app";
import { createdId, okJson } from "./support";

/** A valid order header for the API (spec 02 §5, §9 defaults). */
export const validFenceOrder = {
  firstName: "Jan",
  lastName: "Novák",
  phone: "+420 777 123 456",
  email: "jan.novak@example.cz",
  paymentRuleConfirmation: 10,
  paymentRuleDelivery: 55,
  paymentRuleCompletion: 35,
  delivery: "výroba 1–14 týdnů, montáž 1–7 dní",
  vat: 21,
  offerDate: "2026-03-01",
};

/** The same order as a browser posts the Common tab (dd.mm.yyyy dates). */
export const validFenceOrderForm: Record<string, string> = {
  ...Object.fromEntries(Object.entries(validFenceOrder).map(([key, value]) => [key, String(value)])),
  offerDate: "01.03.2026",
};

/** Order API calls of one session: create (→ id), get, put, status. */
export function fenceOrderApi(session: () => Promise<Session>) {
  const path = "/api/orders/fenceOrder";
  return {
    create: async (body: Record<string, unknown> = {}) => createdId(await (await session()).api(path, { method: "POST", json: { ...validFenceOrder, ...body } })),
    get: async (id: number) => (await okJson(await (await session()).api(`${path}/${id}`))).data,
    put: async (id: number, body: Record<string, unknown>) => (await session()).api(`${path}/${id}`, { method: "PUT", json: body }),
    setStatus: async (id: number, status: string) => okJson(await (await session()).api(`${path}/${id}/status`, { method: "PUT", json: { status } })),
  };
}
