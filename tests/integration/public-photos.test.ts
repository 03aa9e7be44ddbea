/**
 * The public product photos (docs/domain.md#public-photos, decision 059): `GET /fot/{imageId}` without a session
 * answers an active product's image with its bytes, a year's immutable cache and an ETag (304 on
 * If-None-Match); an inactive product's image, an order file's id, anything outside the images and the
 * bare /fot are 404, and nothing lists.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { products } from "@db/schema";
import { addProductImages } from "@/modules/catalogue/product/images.service";
import { addOrderFiles } from "@/modules/orders/fence-order/files.service";
import { useTestApp } from "../helpers/app";
import { createProduct, insertFenceOrderRow } from "../helpers/factories";
import { JPEG, PDF, PNG } from "../helpers/image-fixtures";

const t = useTestApp();
const ids = { activeJpeg: 0, activePng: 0, inactive: 0, orderFile: 0 };

beforeAll(async () => {
  const { ctx } = t.current;
  const active = await createProduct(ctx.db, { name: "Plotový panel Žďár – veřejná fotka", active: true });
  const [jpeg, png] = await addProductImages({ ctx, input: { productId: active, files: [{ fileName: "panel-žďár.jpg", data: JPEG }, { fileName: "detail.png", data: PNG }] } });
  const hidden = await createProduct(ctx.db, { name: "Vyřazený sloupek", active: true });
  const [inactive] = await addProductImages({ ctx, input: { productId: hidden, files: [{ fileName: "sloupek.png", data: PNG }] } });
  await ctx.db.update(products).set({ active: false }).where(eq(products.id, hidden));
  const imageIds = [jpeg!.id, png!.id, inactive!.id];
  // Order files count from their own sequence: take one whose id is no product image's.
  const orderId = await insertFenceOrderRow(ctx.db);
  const files = await addOrderFiles({ ctx, input: { orderId, files: [1, 2, 3, 4].map((n) => ({ fileName: `smlouva-${n}.pdf`, data: PDF })) } });
  Object.assign(ids, { activeJpeg: jpeg!.id, activePng: png!.id, inactive: inactive!.id, orderFile: files.find((file) => !imageIds.includes(file.id))!.id });
});

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("GET /fot/{imageId} without a session", () => {
  test("an active product's image: its bytes and type, a year's immutable public cache and an ETag", async () => {
    for (const [id, bytes, type] of [[ids.activeJpeg, JPEG, "image/jpeg"], [ids.activePng, PNG, "image/png"]] as const) {
      const response = await t.current.request(`/fot/${id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
      expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("ETag")).toBe(`"fot-${id}-${bytes.byteLength}"`);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      // E-shops embed it from their own origin.
      expect(response.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
      expect(Buffer.from(await bytesOf(response)).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  test("If-None-Match with the ETag answers 304 without a body; another tag the image again", async () => {
    const etag = `"fot-${ids.activeJpeg}-${JPEG.byteLength}"`;
    for (const header of [etag, `W/${etag}`, `"x", ${etag}`]) {
      const response = await t.current.request(`/fot/${ids.activeJpeg}`, { headers: { "If-None-Match": header } });
      expect(response.status).toBe(304);
      expect(response.headers.get("ETag")).toBe(etag);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect((await bytesOf(response)).byteLength).toBe(0);
    }
    const other = await t.current.request(`/fot/${ids.activeJpeg}`, { headers: { "If-None-Match": `"fot-${ids.activePng}-${PNG.byteLength}"` } });
    expect(other.status).toBe(200);
    expect((await bytesOf(other)).byteLength).toBe(JPEG.byteLength);
  });

  test("HEAD answers the headers too", async () => {
    const response = await t.current.request(`/fot/${ids.activePng}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).toBe(`"fot-${ids.activePng}-${PNG.byteLength}"`);
  });

  test("an inactive product's image, an order file's id, no such id: 404, no bytes, nothing cached", async () => {
    for (const id of [ids.inactive, ids.orderFile, 999_999, 2_147_483_647, 9_999_999_999]) {
      const response = await t.current.request(`/fot/${id}`, { redirect: "manual" });
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toStartWith("text/html");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const body = await bytesOf(response);
      expect(Buffer.from(body).includes(Buffer.from(PDF.subarray(0, 8)))).toBe(false);
      expect(Buffer.from(body).includes(Buffer.from(PNG.subarray(0, 8)))).toBe(false);
    }
  });

  test("no listing and nothing outside the images: /fot, /fot/, other paths under /fot are 404", async () => {
    for (const path of ["/fot", "/fot/", "/fot/..%2Fx", "/fot/%2e%2e%2findex", `/fot/${ids.activeJpeg}/x`, `/fot/${ids.activeJpeg}.jpg`, "/fot/abc", "/fot/-1", "/fot/0"]) {
      const response = await t.current.request(path, { redirect: "manual" });
      expect(`${path} ${response.status}`).toBe(`${path} 404`);
      await response.body?.cancel();
    }
  });

  test("a dot-dot path is resolved by the URL before routing and never reaches an image or a private page", async () => {
    for (const path of ["/fot/../x", "/fot/../index", `/fot/../products/1/images/${ids.activeJpeg}`]) {
      const response = await t.current.request(path, { redirect: "manual" });
      // /x, /index, /products/…: the login redirect, as for any private path.
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
    }
  });

  test("writes are not public", async () => {
    const response = await t.current.request(`/fot/${ids.activeJpeg}`, { method: "POST", redirect: "manual" });
    expect([302, 403, 404]).toContain(response.status);
    expect(response.status).not.toBe(200);
  });
});
