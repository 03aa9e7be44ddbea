import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { KioskPage, KioskPairingPage } from "@views/kiosk/kiosk-page";
import { AppError } from "@/lib/errors";
import type { AppEnv } from "@/lib/hono-env";
import { translateMessage } from "@/lib/i18n";
import { publicOrigin } from "@/lib/http/origin";
import { KIOSK_DEVICE_COOKIE } from "@/lib/http/session-cookie";
import { pairKioskDevice } from "@/modules/settings/kiosk-devices/service";
import { renderPage } from "@/web/render";
import { requestDevice } from "./device";
import { KIOSK_COOKIE_MAX_AGE_SECONDS } from "./schemas";

/** The kiosk's pages (public routes, docs/domain.md#kiosk-devices): pairing and the scan screen. */
export const kioskPages = new Hono<AppEnv>();

kioskPages.get("/kiosk/pair/:secret", async (c) => {
  try {
    const { token } = await pairKioskDevice({ ctx: c.get("ctx"), input: { secret: c.req.param("secret") } });
    setCookie(c, KIOSK_DEVICE_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "Strict",
      secure: publicOrigin(c).startsWith("https:"),
      maxAge: KIOSK_COOKIE_MAX_AGE_SECONDS,
    });
    return c.redirect("/kiosk", 303);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "fail") throw error;
    const text = error.messages.map((message) => translateMessage(c.get("t"), message)).join(" ");
    return renderPage(c, <KioskPairingPage error={text} />, { status: 422 });
  }
});

kioskPages.get("/kiosk", async (c) => {
  const device = await requestDevice(c);
  if (!device) return renderPage(c, <KioskPairingPage />, { status: 401 });
  return renderPage(c, <KioskPage />);
});
