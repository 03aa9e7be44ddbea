import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { ViewProvider, type Toast, type ViewState } from "@views/view-context";
import { RAW_HTML_MARKERS } from "@views/components/raw-html";
import type { BasketSummary } from "@/lib/context";
import type { AppContext } from "@/lib/hono-env";

const FLASH_COOKIE = "ohrada_flash";

/** Toasts queued during this request: the request's cookie does not see earlier flash() calls. */
const queued = new WeakMap<AppContext, { kind: Toast["kind"]; text: string }[]>();

/** Queues a toast for the next page this browser renders (after a redirect). Text is an i18n key or ready text. */
export function flash(c: AppContext, kind: Toast["kind"], text: string): void {
  let list = queued.get(c);
  if (!list) {
    const previous = getCookie(c, FLASH_COOKIE);
    list = previous ? safeParse(previous) : [];
    queued.set(c, list);
  }
  list.push({ kind, text });
  // The last Set-Cookie of a name wins, so it carries every toast queued so far.
  setCookie(c, FLASH_COOKIE, encodeURIComponent(JSON.stringify(list.slice(-5))), {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    maxAge: 60,
  });
}

function safeParse(value: string): { kind: Toast["kind"]; text: string }[] {
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as unknown;
    return Array.isArray(parsed) ? (parsed as { kind: Toast["kind"]; text: string }[]) : [];
  } catch {
    return [];
  }
}

/** The left column's baskets: what every module's declared loaders give for this user. */
async function loadBaskets(c: AppContext): Promise<BasketSummary[]> {
  const user = c.get("user");
  const ctx = c.get("ctx");
  if (!user) return [];
  const lists = await Promise.all(ctx.wiring.basketLoaders.map((loader) => loader({ ctx, userId: user.id })));
  return lists.flat();
}

function basketsFailed(c: AppContext, error: unknown): BasketSummary[] {
  c.get("deps").logger.warn("baskets column failed", { requestId: c.get("requestId"), error: String(error) });
  return [];
}

const preloaded = new WeakMap<AppContext, Promise<BasketSummary[]>>();

/**
 * Starts reading the left column's baskets now, for a handler about to render a page after its
 * own queries: on PostgreSQL they then run side by side (PGlite runs them in turn either way).
 */
export function preloadLayout(c: AppContext): void {
  if (c.get("user") && !preloaded.has(c)) {
    const baskets = loadBaskets(c);
    // Awaited by renderPage; until then a failure must not count as unhandled.
    baskets.catch(() => {});
    preloaded.set(c, baskets);
  }
}

async function viewState(c: AppContext, extraToasts: Toast[], consumeFlash: boolean): Promise<ViewState> {
  const t = c.get("t");
  const pending = consumeFlash ? getCookie(c, FLASH_COOKIE) : undefined;
  const flashed = pending ? safeParse(pending) : [];
  if (pending) deleteCookie(c, FLASH_COOKIE, { path: "/" });
  const user = c.get("user");
  return {
    t,
    lang: c.get("lang"),
    user,
    path: new URL(c.req.url).pathname,
    toasts: [...flashed.map((toast) => ({ kind: toast.kind, text: t(toast.text, { defaultValue: toast.text }) as string })), ...extraToasts],
    islands: new Set(),
    // The left column must not take the page (or its error page) down with it.
    baskets: user && consumeFlash ? await (preloaded.get(c) ?? loadBaskets(c)).catch((error: unknown) => basketsFailed(c, error)) : [],
  };
}

/**
 * Rendered to one string before the answer starts: nothing suspends, so the streaming renderer's
 * machinery bought nothing but cost (decision 041), and a render error still becomes an error page.
 */
function html(c: AppContext, state: ViewState, element: ReactElement, status: number): Response {
  let text: string;
  try {
    text = renderToString(<ViewProvider value={state}>{element}</ViewProvider>);
  } catch (error) {
    c.get("deps").logger.error("render failed", { requestId: c.get("requestId"), error: String(error) });
    throw error;
  }
  // One pass over the page for all markers (a page has several: the menu, each island's props).
  const raw = state.rawHtml;
  if (raw?.size) text = text.replace(RAW_HTML_MARKERS, (marker) => raw.get(marker) ?? marker);
  c.header("Content-Type", "text/html; charset=utf-8");
  // Pages show live business data: never from a cache, nor back from the history after logout.
  c.header("Cache-Control", "no-store");
  // React writes the doctype itself only when streaming; a string render leaves it to us.
  return c.body(text.startsWith("<html") ? `<!DOCTYPE html>${text}` : text, status as 200);
}

/** A whole HTML page: the element is a layout (AppLayout or PublicLayout) with its content. */
export async function renderPage(c: AppContext, element: ReactElement, init: { status?: number; toasts?: Toast[] } = {}) {
  const state = await viewState(c, init.toasts ?? [], true);
  return html(c, state, element, init.status ?? 200);
}

/** An htmx fragment: no layout, same view context. */
export async function renderFragment(c: AppContext, element: ReactElement, init: { status?: number } = {}) {
  const state = await viewState(c, [], false);
  return html(c, state, element, init.status ?? 200);
}

/** The same-origin page the request came from (path and query), or `fallback`: never another site. */
export function backPath(c: AppContext, fallback = "/index"): string {
  const referer = c.req.header("Referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    return url.origin === new URL(c.req.url).origin ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}

