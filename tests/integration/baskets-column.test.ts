/**
 * The layout's baskets column (docs/domain.md#baskets-column): the common basket is always listed,
 * empty or not, and highlighted only while it holds at least one item; warehouse baskets follow.
 */
import { describe, expect, test } from "bun:test";
import { warehouses } from "@db/schema";
import { type Session, useTestApp } from "../helpers/app";
import { createProduct } from "../helpers/factories/catalogue";
import { html as htmlOf } from "./support";

const t = useTestApp();

/** The column's markup, so a link elsewhere on the page cannot satisfy a check. */
async function column(session: Session, path = "/index"): Promise<string> {
  const response = await session.page(path);
  expect(response.status).toBe(200);
  const html = await htmlOf(response);
  const start = html.indexOf('<aside class="baskets-column"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</aside>", start));
}

const commonLink = (html: string) => html.match(/<a href="\/warehouse\/basket\/common"[^>]*>[\s\S]*?<\/a>/)?.[0];

async function add(session: Session, body: Record<string, unknown>) {
  const response = await session.api("/api/basket/add", { method: "POST", json: body });
  expect(response.status).toBe(200);
}

describe("the baskets column", () => {
  test("a fresh user's page lists the empty common basket, not highlighted; after adding an item it is highlighted", async () => {
    const session = await t.current.login();
    const before = await column(session);
    expect(commonLink(before)).toBe('<a href="/warehouse/basket/common" class="basket-link" data-common="true"><span>Společný košík</span><span class="basket-count">0</span></a>');
    expect(before).not.toContain("basket-highlight");
    expect(before).not.toContain("Žádné košíky");

    await add(session, { type: "COMMON", warehouseId: 0, productId: await createProduct(t.current.database.db), amount: 1 });
    const after = await column(session, "/products/dph");
    expect(commonLink(after)).toBe('<a href="/warehouse/basket/common" class="basket-link basket-highlight" data-common="true"><span>Společný košík</span><span class="basket-count">1</span></a>');
  });

  test("with only a warehouse basket the empty common basket still comes first; the warehouse basket is listed as before", async () => {
    const session = await t.current.login();
    const [warehouse] = await t.current.database.db.insert(warehouses).values({ name: `Hala Zlín ${Date.now()}` }).returning();
    await add(session, { type: "WAREHOUSE", warehouseId: warehouse!.id, productId: await createProduct(t.current.database.db), amount: 2 });
    const html = await column(session);
    const common = commonLink(html)!;
    expect(common).toContain('<span class="basket-count">0</span>');
    expect(common).not.toContain("basket-highlight");
    const warehouseLink = `<a href="/warehouse/basket/warehouse/${warehouse!.id}" class="basket-link"><span>${warehouse!.name}</span><span class="basket-count">1</span></a>`;
    expect(html).toContain(warehouseLink);
    expect(html.indexOf(common)).toBeLessThan(html.indexOf(warehouseLink));
  });

  test("in English the common basket is named in English", async () => {
    const session = await t.current.login();
    await session.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    expect(commonLink(await column(session))).toContain("<span>Common basket</span>");
  });
});
