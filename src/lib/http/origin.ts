import type { AppContext } from "../hono-env";

/** The origin the browser sees; behind a TLS-terminating proxy (TRUST_PROXY) the forwarded one. */
export function publicOrigin(c: AppContext): string {
  const url = new URL(c.req.url);
  if (!c.get("deps").trustProxy) return url.origin;
  const proto = c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim();
  const host = c.req.header("X-Forwarded-Host")?.split(",")[0]?.trim();
  return `${proto === "https" || proto === "http" ? proto : url.protocol.slice(0, -1)}://${host || url.host}`;
}
