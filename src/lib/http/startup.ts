import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../hono-env";
import { readSessionToken } from "./session-cookie";

/**
 * The login page of a visitor without a session needs no database, so it answers while PGlite is
 * still opening (about 2 s on a 2-core machine); every other request waits for the start-up to
 * finish (docs/decisions/017-start-up.md). Static files are served before this middleware.
 */
const answersBeforeDatabase = (c: AppContext): boolean =>
  (c.req.method === "GET" || c.req.method === "HEAD") && c.req.path === "/login" && readSessionToken(c) === null;

/** Holds back what needs the database until `starting` resolves; `starting` undefined means ready. */
export function awaitStartup(starting: Promise<void> | undefined): MiddlewareHandler<AppEnv> {
  let ready = starting === undefined;
  starting?.then(
    () => {
      ready = true;
    },
    () => {},
  );
  return async (c, next) => {
    if (!ready && !answersBeforeDatabase(c)) await starting;
    await next();
  };
}
