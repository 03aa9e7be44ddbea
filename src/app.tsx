import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { BareMessagePage, MessagePage } from "@views/shell/message-page";
import type { AppContext, AppDeps, AppEnv } from "./lib/hono-env";
import { bodyLimits } from "./lib/http/body-limit";
import { noStoreUnlessSet } from "./lib/http/cache-control";
import { csrfGuard } from "./lib/http/csrf";
import { errorHandler } from "./lib/http/error-handler";
import { adminGuard, BASE_PUBLIC_ROUTES, isApiPath, sessionGuard } from "./lib/http/guard";
import { moduleTables, type PublicRoute } from "./lib/http/module";
import { AppError } from "./lib/errors";
import { MatchCache } from "./lib/http/match-cache";
import { loadSession } from "./lib/http/session";
import { compressAnswers } from "./lib/http/compress";
import { METRICS_PATH, metricsRoute, observeRequests } from "./lib/http/observe";
import { createMetrics } from "./lib/metrics";
import { awaitStartup } from "./lib/http/startup";
import { staticFiles } from "./lib/http/static";
import { findSessionUser } from "./modules/auth/service";
import { modules } from "./modules";
import { notFoundPage, placeholderPages } from "./modules/shell/pages";
import { renderPage } from "./web/render";

let requestCounter = 0;
/** Tells this process's request ids from another instance's behind the same proxy (docs/architecture.md#several-instances). */
const INSTANCE_TAG = crypto.randomUUID().slice(0, 6);

/** What the modules declare, built once: upload limits, public routes, admin paths and the wiring services read. */
export const appTables = moduleTables(modules);

/** Everything that answers without a session (docs/architecture.md#public-routes). */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [...BASE_PUBLIC_ROUTES, ...appTables.publicRoutes];

/**
 * The app: cross-cutting middleware (src/lib/http), then every module mounted the same way from
 * one list (decision 016): its API under /api, its pages at /.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const tables = appTables;
  // Every request matched once per path (src/lib/http/match-cache.ts).
  const app = new Hono<AppEnv>({ router: new MatchCache() });

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("requestId", c.req.header("X-Request-Id")?.slice(0, 64) ?? `${INSTANCE_TAG}-${Date.now().toString(36)}-${(++requestCounter).toString(36)}`);
    c.set("user", null);
    c.set("authVia", null);
    await next();
    c.header("X-Request-Id", c.get("requestId"));
  });
  // Every request's log line and duration (docs/architecture.md#observability); a registry per app.
  const metrics = deps.metrics ?? createMetrics();
  app.use("*", observeRequests(metrics));
  app.use("*", compressAnswers);

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
      // A route may send a stricter header of its own (the company logo's SVG: a CSP that allows nothing).
      overwrite: false,
    }),
  );

  app.route("/", staticFiles());
  app.use("*", noStoreUnlessSet);
  app.use("*", awaitStartup(deps.starting));
  app.use("*", bodyLimits(tables.uploadLimits));
  app.use("*", loadSession({ wiring: tables.wiring, findUser: (ctx, token) => findSessionUser({ ctx, input: { token } }) }));
  app.use("*", csrfGuard);
  app.use("*", sessionGuard(PUBLIC_ROUTES));
  app.use("*", adminGuard(tables.adminPrefixes));

  app.get("/healthz", async (c) => {
    const db = await deps.database.ping();
    const mqtt = deps.mqttStatus();
    // In-memory figures of the scale feed (this instance's share of it): nothing is read for them.
    const scaleFeed = deps.scaleFeedStats?.();
    return c.json(
      { status: db ? "success" : "error", data: { db: db ? "up" : "down", mqtt, ...(scaleFeed ? { scaleFeed } : {}) }, ...(db ? {} : { code: "UNAVAILABLE" }) },
      db ? 200 : 503,
    );
  });

  app.get(METRICS_PATH, metricsRoute(metrics));

  const api = new Hono<AppEnv>();
  for (const module of modules) if (module.api) api.route("/", module.api);
  api.all("*", () => {
    throw AppError.notFound();
  });
  app.route("/api", api);

  for (const module of modules) if (module.pages) app.route("/", module.pages);
  // Spec routes whose module has not landed yet, after every module so a real route wins.
  app.route("/", placeholderPages());

  app.notFound((c) => (isApiPath(c.req.path) ? c.json({ status: "error", code: "NOT_FOUND" }, 404) : notFoundPage(c as AppContext)));
  app.onError(
    errorHandler({
      notFound: notFoundPage,
      message: (c, { text, status }) => renderPage(c, <MessagePage title={text} message={text} kind="error" />, { status }),
      bare: (c, { text, status }) => {
        const url = new URL(c.req.url);
        return renderPage(c, <BareMessagePage text={text} retryHref={`${url.pathname}${url.search}`} />, { status });
      },
    }),
  );

  return app;
}

