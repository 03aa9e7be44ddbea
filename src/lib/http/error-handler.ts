import type { ErrorHandler } from "hono";
import { databaseUnavailableReason } from "../db";
import { AppError } from "../errors";
import type { AppContext, AppEnv } from "../hono-env";
import { tFor, translateMessage } from "../i18n";
import { isApiPath } from "./guard";
import { htmxToast, isHtmx } from "./htmx";
import { routePattern } from "./observe";

export interface ErrorPages {
  /** A whole page saying `text` (the layout when there is a user). */
  message: (c: AppContext, init: { text: string; status: number }) => Response | Promise<Response>;
  notFound: (c: AppContext) => Response | Promise<Response>;
  /** The same without the user's layout, for a request whose session could not be read. */
  bare: (c: AppContext, init: { text: string; status: number }) => Response | Promise<Response>;
}

/** The envelope of a `fail`: every message translated, field messages also under `fields`. */
function failEnvelope(c: AppContext, error: AppError) {
  const t = c.get("t") ?? tFor("cs");
  const fields = Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, translateMessage(t, message)]));
  const fieldTexts = new Set(Object.values(error.fields));
  const data = [
    ...Object.entries(error.fields).map(([name, message]) => t("field.field", { field: name, message: translateMessage(t, message) }) as string),
    ...error.messages.filter((m) => !fieldTexts.has(m)).map((m) => translateMessage(t, m)),
  ];
  return { status: "fail", code: error.code, data, fields };
}

/**
 * The one place an error becomes an answer (docs/architecture.md#errors): the envelope for the API, a toast for
 * htmx, a page otherwise. Only a missing, expired or revoked session (401) ends in /login; a role
 * refusal (403) says "no access" and keeps the session (decision 016).
 */
export function errorHandler(pages: ErrorPages): ErrorHandler<AppEnv> {
  return (raw, c) => {
    const appError =
      raw instanceof AppError
        ? raw
        : databaseUnavailableReason(raw) !== null
          ? (() => {
              // An outage is not a bug: a warning per request, and a 503 the client may retry (decision 069).
              c.get("deps")?.logger.warn("database unavailable", { requestId: c.get("requestId"), route: routePattern(c), reason: databaseUnavailableReason(raw) });
              return AppError.unavailable();
            })()
          : (() => {
              // The route pattern, not the path: a path may carry a secret (the kiosk's pairing link).
              c.get("deps")?.logger.error("unhandled error", { requestId: c.get("requestId"), route: routePattern(c), error: raw.stack ?? String(raw) });
              return AppError.error("INTERNAL");
            })();
    const retryAfter = appError.retryAfterSeconds;
    if (retryAfter !== undefined) c.header("Retry-After", String(Math.max(1, Math.ceil(retryAfter))));
    if (isApiPath(c.req.path)) {
      if (appError.kind === "fail") return c.json(failEnvelope(c, appError), appError.status as 422);
      return c.json({ status: "error", code: appError.code }, appError.status as 400);
    }
    const t = c.get("t") ?? tFor("cs");
    const text =
      appError.kind === "fail"
        ? appError.messages.map((m) => translateMessage(t, m)).join(" ")
        : (t(`API_ERROR_${appError.code}`, { defaultValue: t("GENERIC_ERROR") }) as string);
    if (isHtmx(c)) {
      htmxToast(c, { kind: appError.kind === "fail" ? "fail" : "error", text });
      if (appError.code === "UNAUTHORIZED") c.header("HX-Redirect", "/logout?expired=1");
      return c.body(null, appError.status as 400);
    }
    if (appError.code === "NOT_FOUND") return pages.notFound(c);
    if (appError.code === "UNAUTHORIZED") return c.redirect("/login", 302);
    // The session could not be read (the database is away): a page without the user's layout.
    if (!c.get("ctx")) return appError.code === "UNAVAILABLE" && c.get("t") ? pages.bare(c, { text, status: appError.status }) : c.text(text, appError.status as 400);
    return pages.message(c, { text, status: appError.status });
  };
}
