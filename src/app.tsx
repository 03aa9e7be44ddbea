import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import { secureHeaders } from "hono/secure-headers";
import { type Lang, systemCtx } from "./lib/context";
import { AppError } from "./lib/errors";
import type { AppContext, AppDeps, AppEnv } from "./lib/hono-env";
import { pickLanguage, tFor, translateMessage } from "./lib/i18n";
import { flash, htmxToast, renderPage } from "./lib/render";
import { clearSessionCookie, readSessionToken } from "./lib/session-cookie";
import { staticFiles } from "./lib/static";
import { MAX_BODY_BYTES, uploadLimitFor } from "./lib/upload-limits";
import { MessagePage } from "@views/shell/message-page";
import { authApi } from "./modules/auth/api";
import { authPages, LANGUAGE_COOKIE } from "./modules/auth/pages";
import { findSessionUser, logout } from "./modules/auth/service";
import { barcodeApi } from "./modules/barcode/api";
import { basketApi } from "./modules/baskets/api";
import { basketPages } from "./modules/baskets/pages";
import { categoryApi } from "./modules/catalogue/category/api";
import { categoryPages } from "./modules/catalogue/category/pages";
import { categoryParameterApi } from "./modules/catalogue/category-parameter/api";
import { categoryParameterPages } from "./modules/catalogue/category-parameter/pages";
import { productApi } from "./modules/catalogue/product/api";
import { productPages } from "./modules/catalogue/product/pages";
import { barcodePages } from "./modules/barcode/pages";
import { vatApi } from "./modules/catalogue/vat/api";
import { vatPages } from "./modules/catalogue/vat/pages";
import { eshopApi } from "./modules/settings/eshop/api";
import { eshopPages } from "./modules/settings/eshop/pages";
import { shippingApi } from "./modules/settings/shipping/api";
import { shippingPages } from "./modules/settings/shipping/pages";
import { notFoundPage, placeholderPages, shellPages } from "./modules/shell/pages";
import { settingsApi, settingsPages } from "./modules/settings/routes";
import { suppliersApi, suppliersPages } from "./modules/suppliers/routes";
import { timesheetsApi, timesheetsPages } from "./modules/timesheets/routes";
import { warehouseApi, warehousePages } from "./modules/warehouse/routes";
import { ordersSetupApi, ordersSetupPages } from "./modules/orders/routes";
import { fenceOrderApi, fenceOrderPages } from "./modules/orders/fence-order/routes";
import { fenceOrderFilesApi, fenceOrderFilesPages } from "./modules/orders/fence-order/files-routes";
import { promiseApi, promisePages } from "./modules/orders/promise/routes";
import { adminApi, adminPages } from "./modules/settings/admin-routes";

/** Paths that answer without a session (DESIGN.md §9). Everything else needs one. */
export const PUBLIC_PATHS: { method: string; pattern: RegExp }[] = [
  { method: "GET", pattern: /^\/login$/ },
  { method: "POST", pattern: /^\/login$/ },
  { method: "POST", pattern: /^\/api\/login$/ },
  { method: "GET", pattern: /^\/logout$/ },
  { method: "POST", pattern: /^\/logout$/ },
  { method: "GET", pattern: /^\/healthz$/ },
  { method: "GET", pattern: /^\/static\/[\w.-]+$/ },
  { method: "GET", pattern: /^\/build\/[\w.-]+$/ },
  { method: "GET", pattern: /^\/favicon\.ico$/ },
];

const isPublic = (method: string, path: string) =>
  PUBLIC_PATHS.some((entry) => (entry.method === method || (method === "HEAD" && entry.method === "GET")) && entry.pattern.test(path));

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

let requestCounter = 0;

/** The origin the browser sees; behind a TLS-terminating proxy (TRUST_PROXY) the forwarded one. */
export function publicOrigin(c: AppContext): string {
  const url = new URL(c.req.url);
  if (!c.get("deps").trustProxy) return url.origin;
  const proto = c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim();
  const host = c.req.header("X-Forwarded-Host")?.split(",")[0]?.trim();
  return `${proto === "https" || proto === "http" ? proto : url.protocol.slice(0, -1)}://${host || url.host}`;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("requestId", c.req.header("X-Request-Id")?.slice(0, 64) ?? `${Date.now().toString(36)}-${(++requestCounter).toString(36)}`);
    c.set("user", null);
    c.set("authVia", null);
    await next();
    c.header("X-Request-Id", c.get("requestId"));
  });

  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // htmx injects its indicator style; React writes style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
      referrerPolicy: "same-origin",
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.route("/", staticFiles());

  app.use("*", async (c, next) => {
    const upload = uploadLimitFor(c.req.method, c.req.path);
    return bodyLimit({
      maxSize: upload?.maxBytes ?? MAX_BODY_BYTES,
      onError: () => {
        throw AppError.error("PAYLOAD_TOO_LARGE");
      },
    })(c, next);
  });

  // Session, language and the service context.
  app.use("*", async (c, next) => {
    const session = readSessionToken(c);
    const baseCtx = systemCtx(deps.database.db);
    const user = session ? await findSessionUser({ ctx: baseCtx, input: { token: session.token } }) : null;
    if (session && !user && session.via === "cookie") clearSessionCookie(c);
    const lang: Lang = user?.language ?? pickLanguage(getCookie(c, LANGUAGE_COOKIE)) ?? "cs";
    c.set("user", user);
    c.set("authVia", user ? session!.via : null);
    c.set("lang", lang);
    c.set("t", tFor(lang));
    c.set("ctx", { db: deps.database.db, userId: user?.id ?? null, lang });
    await next();
  });

  // CSRF: a write that rides on the cookie must come from our own origin.
  app.use("*", async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.get("authVia") === "bearer") return next();
    const own = publicOrigin(c as AppContext);
    const origin = c.req.header("Origin");
    const referer = c.req.header("Referer");
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const fromElsewhere =
      (origin !== undefined && origin !== own) ||
      (origin === undefined && referer !== undefined && !referer.startsWith(`${own}/`)) ||
      (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none");
    const unprovable = origin === undefined && referer === undefined && fetchSite === undefined && c.get("authVia") === "cookie";
    if (fromElsewhere || unprovable) throw AppError.error("CSRF");
    return next();
  });

  // The guard.
  app.use("*", async (c, next) => {
    if (c.get("user") || isPublic(c.req.method, c.req.path)) return next();
    if (isApi(c.req.path)) throw AppError.error("UNAUTHORIZED");
    if (c.req.header("HX-Request") === "true") {
      c.header("HX-Redirect", "/login");
      return c.body(null, 401);
    }
    return c.redirect("/login", 302);
  });

  app.get("/healthz", async (c) => {
    const db = await deps.database.ping();
    const mqtt = deps.mqttStatus();
    const healthy = db;
    return c.json(
      { status: healthy ? "success" : "error", data: { db: db ? "up" : "down", mqtt }, ...(healthy ? {} : { code: "INTERNAL" }) },
      healthy ? 200 : 503,
    );
  });

  const api = new Hono<AppEnv>();
  api.route("/", authApi);
  api.route("/barcode", barcodeApi);
  api.route("/vat", vatApi);
  api.route("/category", categoryApi);
  api.route("/products/category/parameters", categoryParameterApi);
  api.route("/products", productApi);
  api.route("/basket", basketApi);
  api.route("/", settingsApi);
  api.route("/", suppliersApi);
  api.route("/", timesheetsApi);
  api.route("/", warehouseApi);
  api.route("/", ordersSetupApi);
  api.route("/", fenceOrderApi);
  api.route("/", fenceOrderFilesApi);
  api.route("/", promiseApi);
  api.route("/", adminApi);
  api.route("/settings/eshop", eshopApi);
  api.route("/settings/shipping", shippingApi);
  api.all("*", () => {
    throw AppError.notFound();
  });
  app.route("/api", api);

  app.route("/", authPages);
  app.route("/", shellPages);
  app.route("/", barcodePages);
  app.route("/", vatPages);
  app.route("/", categoryParameterPages);
  app.route("/", categoryPages);
  app.route("/", productPages);
  app.route("/", basketPages);
  app.route("/", settingsPages);
  app.route("/", suppliersPages);
  app.route("/", timesheetsPages);
  app.route("/", warehousePages);
  app.route("/", ordersSetupPages);
  app.route("/", fenceOrderPages);
  app.route("/", fenceOrderFilesPages);
  app.route("/", promisePages);
  app.route("/", adminPages);
  app.route("/", eshopPages);
  app.route("/", shippingPages);
  app.route("/", placeholderPages());

  app.notFound((c) => {
    if (isApi(c.req.path)) return c.json({ status: "error", code: "NOT_FOUND" }, 404);
    return notFoundPage(c as AppContext);
  });

  app.onError((error, c) => handleError(error, c as AppContext));

  return app;
}

/** The one place an error becomes an answer: envelope for the API, a toast for htmx, a page otherwise. */
function handleError(error: Error, c: AppContext): Response | Promise<Response> {
  const t = c.get("t") ?? tFor("cs");
  const deps = c.get("deps");
  const appError =
    error instanceof AppError
      ? error
      : (() => {
          deps?.logger.error("unhandled error", { requestId: c.get("requestId"), path: c.req.path, error: error.stack ?? String(error) });
          return AppError.error("INTERNAL");
        })();
  const path = c.req.path;
  if (isApi(path)) {
    if (appError.kind === "fail") {
      const fields = Object.fromEntries(Object.entries(appError.fields).map(([name, message]) => [name, translateMessage(t, message)]));
      const fieldTexts = new Set(Object.values(appError.fields));
      const data = [
        ...Object.entries(appError.fields).map(([name, message]) => t("field.field", { field: name, message: translateMessage(t, message) }) as string),
        ...appError.messages.filter((m) => !fieldTexts.has(m)).map((m) => translateMessage(t, m)),
      ];
      return c.json({ status: "fail", code: "VALIDATION", data, fields }, 422);
    }
    return c.json({ status: "error", code: appError.code }, appError.status as 400);
  }
  const text =
    appError.kind === "fail"
      ? appError.messages.map((m) => translateMessage(t, m)).join(" ")
      : (t(`API_ERROR_${appError.code}`, { defaultValue: t("GENERIC_ERROR") }) as string);
  if (c.req.header("HX-Request") === "true") {
    htmxToast(c, { kind: appError.kind === "fail" ? "fail" : "error", text });
    if (appError.code === "UNAUTHORIZED" || appError.code === "FORBIDDEN") c.header("HX-Redirect", "/logout?expired=1");
    return c.body(null, appError.status as 400);
  }
  if (appError.code === "NOT_FOUND") return notFoundPage(c);
  if (appError.code === "UNAUTHORIZED") return c.redirect("/login", 302);
  // Spec 01 §6: any 403 logs the user out; the login page says why.
  if (appError.code === "FORBIDDEN" && c.get("user")) return endSessionForbidden(c);
  if (!c.get("ctx")) return c.text(text, appError.status as 400);
  return renderPage(c, <MessagePage title={text} message={text} kind="error" />, { status: appError.status });
}

async function endSessionForbidden(c: AppContext): Promise<Response> {
  const session = readSessionToken(c);
  if (session) await logout({ ctx: c.get("ctx"), input: { token: session.token } });
  clearSessionCookie(c);
  flash(c, "warning", "API_ERROR_FORBIDDEN");
  return c.redirect("/login", 303);
}
