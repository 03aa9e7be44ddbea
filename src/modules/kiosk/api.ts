import { Hono } from "hono";
import { success } from "@/lib/envelope";
import { AppError } from "@/lib/errors";
import type { AppEnv } from "@/lib/hono-env";
import { translateMessage } from "@/lib/i18n";
import { requestDevice } from "./device";
import { scanAtKiosk } from "./service";

/** `POST /api/kiosk/scan {code, scanId, scannedAt}`: a paired device's scan; answers what the screen shows. */
export const kioskApi = new Hono<AppEnv>();

kioskApi.post("/kiosk/scan", async (c) => {
  const device = await requestDevice(c);
  if (!device) throw AppError.error("UNAUTHORIZED");
  const body = await c.req.json().catch(() => null);
  const receivedAt = c.get("deps").clock?.() ?? new Date();
  const answer = await scanAtKiosk({ ctx: c.get("ctx"), input: { deviceId: device.id, scan: body, receivedAt } });
  const text = translateMessage(c.get("t"), { key: answer.key, values: answer.values });
  return c.json(success({ status: answer.status, tone: answer.tone, text }));
});
