import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../hono-env";

/**
 * Every answer the app makes up (API JSON, pages, errors, logins) holds live or private data: no
 * cache, shared or the browser's own, may keep it (decision 032). A route that chose its own caching
 * on purpose (a stored file with an ETag, the category tree revalidated by ETag, a work type's
 * barcode image) set Cache-Control itself and keeps it. Static assets are served before this runs.
 */
export const noStoreUnlessSet: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
};
