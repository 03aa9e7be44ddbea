/** Fence order helpers shared by the fence order HTTP tests (not a test file itself). */
import type { Session } from "../helpers/app";
import { validFenceOrder } from "../helpers/factories/fence-order";
import { createdId, okJson } from "./support";

export { validFenceOrder };

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
