import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { KioskPage, KioskPairConfirmPage, KioskPairingPage } from "@views/kiosk/kiosk-page";
import { recordFailedGuess, refuseGuessing } from "@/modules/auth/service";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { translateMessage } from "@/lib/i18n";
import { publicOrigin } from "@/lib/http/origin";
import { clientIp, KIOSK_DEVICE_COOKIE } from "@/lib/http/session-cookie";
import { pairKioskDevice } from "@/modules/settings/kiosk-devices/service";
import { EntityForm, type FormField, type FormValues, formToInput } from "@views/components/form";
import { AppLayout } from "@views/layouts/app-layout";
import { formState, withFormErrors } from "@/web/form-state";
import { flash, renderPage } from "@/web/render";
import { saveShiftEnd, shiftEndSetting, scanMaxAgeDaysSetting } from "./shift-end";
import { requestDevice } from "./device";
import { KIOSK_COOKIE_MAX_AGE_SECONDS } from "./schemas";

/** The kiosk's pages (public routes, docs/domain.md#kiosk-devices): pairing and the scan screen. */
export const kioskPages = new Hono<AppEnv>();

/** The key failed pairings are counted under, per address, with the login limits (docs/domain.md#kiosk-devices). */
const PAIRING_ATTEMPTS_KEY = "kiosk:pairing";

/**
 * The pairing link only asks: a chat's or a mail's link preview fetches it with a GET, which must not use up
 * the one-time pairing. The button posts to the same address, which pairs.
 */
kioskPages.get("/kiosk/pair/:secret", (c) => renderPage(c, <KioskPairConfirmPage action={c.req.path} />));

kioskPages.post("/kiosk/pair/:secret", async (c) => {
  const ctx = c.get("ctx");
  const ip = clientIp(c);
  await refuseGuessing({ ctx, input: { key: PAIRING_ATTEMPTS_KEY, ip } });
  try {
    const { token } = await pairKioskDevice({ ctx, input: { secret: c.req.param("secret") } });
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
    await recordFailedGuess({ ctx, input: { key: PAIRING_ATTEMPTS_KEY, ip } });
    const text = error.messages.map((message) => translateMessage(c.get("t"), message)).join(" ");
    return renderPage(c, <KioskPairingPage error={text} />, { status: 422 });
  }
});

kioskPages.get("/kiosk", async (c) => {
  const device = await requestDevice(c);
  if (!device) return renderPage(c, <KioskPairingPage />, { status: 401 });
  return renderPage(c, <KioskPage />);
});

/** The timesheet settings (docs/domain.md#kiosk-forgotten-clock-out): the shift end. */
export const TIMESHEET_SETTINGS_PATH = "/timesheets/settings";

const settingsFields = (c: AppContext): FormField[] => {
  const t = c.get("t");
  return [
    { name: "shiftEnd", label: t("kiosk.settings.shiftEnd"), kind: "text", required: true, autoFocus: true, maxLength: 5, hint: t("kiosk.settings.shiftEndHint") },
    { name: "scanMaxAgeDays", label: t("kiosk.settings.scanMaxAgeDays"), kind: "integer", required: true, hint: t("kiosk.settings.scanMaxAgeDaysHint") },
  ];
};

const settingsView = (c: AppContext, values: FormValues, error?: AppError) => {
  const fields = settingsFields(c);
  const { errors, formErrors, answer } = formState(c, error, fields.map((field) => field.name));
  const page = (
    <AppLayout title={c.get("t")("kiosk.settings.title")}>
      <EntityForm action={TIMESHEET_SETTINGS_PATH} fields={fields} values={values} errors={errors} formErrors={formErrors} />
    </AppLayout>
  );
  return renderPage(c, page, answer);
};

kioskPages.get(TIMESHEET_SETTINGS_PATH, async (c) =>
  settingsView(c, { shiftEnd: await shiftEndSetting({ ctx: c.get("ctx") }), scanMaxAgeDays: String(await scanMaxAgeDaysSetting({ ctx: c.get("ctx") })) }),
);

kioskPages.post(TIMESHEET_SETTINGS_PATH, async (c) => {
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const input = formToInput(settingsFields(c), body);
  return withFormErrors(
    async () => {
      await saveShiftEnd({ ctx: c.get("ctx"), input });
      flash(c, "success", "SAVED");
      return c.redirect(TIMESHEET_SETTINGS_PATH, 303);
    },
    (error) => settingsView(c, input, error),
  );
});
