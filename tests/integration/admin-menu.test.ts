/**
 * Admin menu entries: Users and Kiosk devices under Settings are offered to admins only;
 * other staff keep the rest of Settings. The flag is read per request, so a revoked admin loses
 * the entries on the next page.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "@db/schema";
import { type Session, useTestApp } from "../helpers/app";
import { html as htmlOf } from "./support";

const t = useTestApp();
const ADMIN_LINKS = ["/settings/users", "/settings/kioskDevices"];

async function menu(session: Session, path: string): Promise<string> {
  const response = await session.page(path);
  expect(response.status).toBe(200);
  const html = await htmlOf(response);
  const start = html.indexOf('<nav class="topnav"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</nav>", start));
}

describe("admin menu entries", () => {
  test("a non-admin's pages link to neither, while the rest of Settings stays", async () => {
    const session = await t.current.login();
    for (const path of ["/index", "/settings/eshop", "/products/dph"]) {
      const html = await htmlOf(await session.page(path));
      for (const href of ADMIN_LINKS) expect({ path, href, linked: html.includes(`href="${href}"`) }).toEqual({ path, href, linked: false });
      expect(html).toContain('<a href="/settings/eshop" role="menuitem"');
      expect(html).toContain('<a href="/settings/translationGroup" role="menuitem"');
    }
  });

  test("an admin's menu links to both", async () => {
    const session = await t.current.login({ admin: true });
    const html = await menu(session, "/index");
    for (const href of ADMIN_LINKS) expect(html).toContain(`<a href="${href}" role="menuitem"`);
    expect(html).toContain(">Uživatelé</a>");
  });

  test("an admin whose flag is taken away loses the entries on the next page", async () => {
    const session = await t.current.login({ admin: true });
    expect(await menu(session, "/index")).toContain('href="/settings/users"');
    await t.current.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, session.user.id));
    const html = await menu(session, "/index");
    for (const href of ADMIN_LINKS) expect(html).not.toContain(`href="${href}"`);
  });
});
