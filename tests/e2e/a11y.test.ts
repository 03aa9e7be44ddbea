/**
 * Accessibility (docs/architecture.md#tests): axe-core over the main pages in Chromium — every list of the top menu (as an
 * admin, so the admin-only ones too), a product form, an order with each of its tabs, a warehouse
 * page with one of its items, the baskets, and an invoice's editor and detail. No critical and no serious violation may remain.
 */
import { afterAll, expect, test } from "bun:test";
import { resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { createInvoice } from "@/modules/orders/invoice/service";
import { createInvoiceOrder, setUpInvoicing } from "../helpers/invoices";
import { menuLinks } from "@views/layouts/menu";
import { FENCE_ORDER_TABS } from "@views/orders/fence-order-editor";
import { createFenceOrderWithItems, createProduct, createWarehouse, createWarehouseItem } from "../helpers/factories";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const AXE_SCRIPT = resolve(import.meta.dir, "../../node_modules/axe-core/axe.min.js");

/** What a page may not have: the impacts axe calls critical or serious. */
const BLOCKING = ["critical", "serious"];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

describeBrowser("accessibility (axe-core)", () => {
  const e2e = useE2E();

  // One signed-in admin context for every page (a context and a sign-in per page cost more than
  // the check): axe is put into each page as it loads.
  let shared: { context: BrowserContext; page: Page } | null = null;
  async function adminPage(): Promise<Page> {
    if (shared) return shared.page;
    // The app's CSP (script-src 'self') refuses the injected axe script; the check needs it, the pages do not change.
    const context = await e2e.browser.newContext({ baseURL: e2e.server.baseUrl, locale: "cs-CZ", viewport: { width: 1280, height: 800 }, bypassCSP: true });
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(15_000);
    await e2e.server.signIn(context, { admin: true });
    await context.addInitScript({ path: AXE_SCRIPT });
    shared = { context, page: await context.newPage() };
    return shared.page;
  }
  afterAll(async () => {
    await shared?.context.close().catch(() => {});
  });

  /**
   * Opens `path` as an admin, waits for the htmx fragments the page loads on its own (an order's
   * tab) and returns the blocking violations, one readable line each (rule, impact, where).
   */
  async function blockingViolations(path: string): Promise<string[]> {
    const page = await adminPage();
    const response = await page.goto(path);
    expect({ path, status: response?.status() }).toEqual({ path, status: 200 });
    await settled(page);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target })) }));
    });
    return violations
      .filter((violation) => BLOCKING.includes(violation.impact ?? ""))
      .map((violation) => `${path}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  }

  /**
   * Waits until no element still waits for its `hx-trigger="load"` fragment (an order's tab) and
   * the category tree no longer shows its loading skeleton, so axe checks the page a person reads
   * and not whichever moment the island happened to be in.
   */
  async function settled(page: Page): Promise<void> {
    await page.waitForFunction(() => document.querySelectorAll('[hx-trigger="load"], .htmx-request, .tree-loading').length === 0);
  }

  // One test per page, so a slow page never times out the rest and a failure names its page.
  for (const path of menuLinks({ admin: true })) {
    test(`top menu page ${path}`, async () => {
      expect(await blockingViolations(path)).toEqual([]);
    });
  }

  test("a product form, new and saved", async () => {
    const product = await createProduct(e2e.server.testApp.ctx.db, { name: "Sloupek 60×40 e2e" });
    expect([...(await blockingViolations("/products/new")), ...(await blockingViolations(`/products/${product}`))]).toEqual([]);
  });

  for (const tab of FENCE_ORDER_TABS) {
    test(`an order with items, tab ${tab}`, async () => {
      const { id } = await createFenceOrderWithItems(e2e.server.testApp.ctx);
      expect(await blockingViolations(tab === 0 ? `/orders/fenceOrder/${id}` : `/orders/fenceOrder/${id}?tab=${tab}`)).toEqual([]);
    });
  }

  test("an invoice: the lines editor and a proforma's detail", async () => {
    const { ctx } = e2e.server.testApp;
    await setUpInvoicing(ctx);
    const order = await createInvoiceOrder(ctx);
    const proforma = await createInvoice({ ctx, input: { orderId: order.id, proforma: true } });
    expect([...(await blockingViolations(`/orders/invoices/new?orderId=${order.id}&proforma=false`)), ...(await blockingViolations(`/orders/invoices/${proforma}`))]).toEqual([]);
  });

  test("a new order's form", async () => {
    expect(await blockingViolations("/orders/fenceOrder/new")).toEqual([]);
  });

  test("a warehouse page and one of its items", async () => {
    const { ctx } = e2e.server.testApp;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Beroun e2e" });
    const item = await createWarehouseItem(ctx, { warehouseId: warehouse, quantity: 4 });
    expect([...(await blockingViolations(`/warehouse/${warehouse}`)), ...(await blockingViolations(`/warehouse/warehouseItem/${item}`))]).toEqual([]);
  });

  test("the baskets: the common basket and a warehouse's basket", async () => {
    const warehouse = await createWarehouse(e2e.server.testApp.ctx, { name: "Sklad Kladno e2e" });
    expect([...(await blockingViolations("/warehouse/basket/common")), ...(await blockingViolations(`/warehouse/basket/warehouse/${warehouse}`))]).toEqual([]);
  });
});
