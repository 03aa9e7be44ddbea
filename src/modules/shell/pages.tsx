import { Hono } from "hono";
import { IndexPage, indexTiles } from "@views/shell/index-page";
import { MessagePage } from "@views/shell/message-page";
import { menuLinks } from "@views/layouts/menu";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { overdueSummary } from "@/modules/orders";
import { renderPage } from "@/web/render";

export const shellPages = new Hono<AppEnv>();

shellPages.get("/", (c) => c.redirect(c.get("user") ? "/index" : "/login", 302));
shellPages.get("/index", async (c) => renderPage(c, <IndexPage overdue={await overdueSummary({ ctx: c.get("ctx") })} />));
shellPages.get("/redirect", (c) => c.redirect("/index", 302));

/**
 * Spec routes whose module has not landed yet say so plainly instead of bouncing to /index.
 * Mounted after every module, so a real route always wins.
 */
export function placeholderPages(): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const paths = new Set([...menuLinks({ admin: true }), ...indexTiles.map((tile) => tile.href)]);
  for (const path of paths) {
    router.get(path, (c) => {
      const t = c.get("t");
      return renderPage(c, <MessagePage title={t("notBuilt")} message={t("notBuilt")} />);
    });
  }
  return router;
}

/** docs/domain.md#routes: PAGE_NOT_FOUND, then /index. */
export function notFoundPage(c: AppContext) {
  const t = c.get("t");
  return renderPage(c, <MessagePage title={t("PAGE_NOT_FOUND")} message={t("shell.notFoundHint")} redirectTo={{ path: "/index", label: t("menu.dashboard") }} kind="warning" />, {
    status: 404,
    toasts: [{ kind: "warning", text: t("PAGE_NOT_FOUND") }],
  });
}
