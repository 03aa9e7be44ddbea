/**
 * JSON answers once carried no Cache-Control (docs/decisions/032). Every answer the app makes up is `no-store`, as
 * the pages are (decision 032); routes that cache on purpose keep their own header.
 */
import { beforeAll, expect, test } from "bun:test";
import { createFenceOrder } from "../helpers/factories";
import { type Session, useTestApp } from "../helpers/app";
import "./support";

const t = useTestApp();
let admin: Session;
let orderId: number;

beforeAll(async () => {
  admin = await t.current.login({ admin: true });
  orderId = await createFenceOrder({ ...t.current.ctx, userId: admin.user.id });
});

test.each(["/api/vat", "/api/settings/company", "/api/me", "/api/products?size=1"])("GET %s is no-store", async (path) => {
  const response = await admin.api(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
});

test("an order's items, a refusal and a missing record are no-store too", async () => {
  const items = await admin.api(`/api/orders/fenceOrder/${orderId}/items`);
  expect(items.status).toBe(200);
  expect(items.headers.get("Cache-Control")).toBe("no-store");
  const refused = await admin.api("/api/vat", { method: "POST", json: { rate: "x" } });
  expect(refused.status).toBe(422);
  expect(refused.headers.get("Cache-Control")).toBe("no-store");
  const missing = await admin.api("/api/vat/2147483647");
  expect(missing.status).toBe(404);
  expect(missing.headers.get("Cache-Control")).toBe("no-store");
});

test("a route that caches on purpose keeps its header: the category tree revalidates by ETag", async () => {
  const tree = await admin.api("/api/category/tree");
  expect(tree.headers.get("Cache-Control")).toBe("private, no-cache");
});

test("pages stay no-store", async () => {
  const page = await admin.page("/settings/vat");
  expect(page.headers.get("Cache-Control")).toBe("no-store");
});
