import { getCookie } from "hono/cookie";
import type { AppContext } from "@/lib/hono-env";
import { KIOSK_DEVICE_COOKIE } from "@/lib/http/session-cookie";
import type { KioskDevice } from "@/modules/settings/kiosk-devices/schemas";
import { findKioskDevice } from "@/modules/settings/kiosk-devices/service";

/** The paired, unrevoked device behind this browser's device cookie, or null. */
export async function requestDevice(c: AppContext): Promise<KioskDevice | null> {
  const token = getCookie(c, KIOSK_DEVICE_COOKIE);
  return token ? findKioskDevice({ ctx: c.get("ctx"), input: { token } }) : null;
}
