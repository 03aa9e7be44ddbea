/**
 * The product editor's Images and Tools tabs over HTTP: uploads checked by content,
 * reorder, main image, delete, the image bytes, the label PDF and duplicate; pages (htmx and
 * plain forms) and the API.
 *
 * Through the real app once the products module mounts `productMediaPages` and
 * `productMediaApi`; until then through a small app with the same context, session lookup and
 * error handler (the real app's), so the same requests and answers are tested either way.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type ErrorHandler, Hono } from "hono";
import { productCategories, productImages, products } from "@db/schema";
import type { AppEnv } from "@/lib/hono-env";
import { systemCtx } from "@/lib/context";
import { tFor } from "@/lib/i18n";
import { readSessionToken } from "@/lib/http/session-cookie";
import { appTables } from "@/app";
import { uploadLimitFor } from "@/lib/http/body-limit";
import { MB } from "@/lib/uploads";
import { uploadBodyLimit } from "@/lib/http/uploads";
import { findSessionUser } from "@/modules/auth/service";
import { PRODUCT_IMAGE_RULES, type ProductImage } from "@/modules/catalogue/product/images.service";
import { productMediaApi } from "@/modules/catalogue/product/media-api";
import { productMediaPages } from "@/modules/catalogue/product/media-pages";
import { json, ORIGIN, type Session, useTestApp } from "../helpers/app";
import { createCategory, createProduct } from "../helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { bigJpeg, fileOf, JPEG, PNG, TEXT, WEBP } from "../helpers/image-fixtures";
import { flattenText, pdfText } from "../helpers/pdf-text";
import { html as htmlOf } from "./support";

const t = useTestApp();

const MEDIA_ROUTE = "/products/:id{[0-9]+}/tab/images";
const mounted = () => t.current.app.routes.some((route) => route.path === MEDIA_ROUTE);

let harness: Hono<AppEnv> | null = null;

/** The media routers behind the real app's context, session lookup and error handler. */
function mediaHarness(): Hono<AppEnv> {
  if (harness) return harness;
  const { deps } = t.current;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    const session = readSessionToken(c);
    const ctx = systemCtx(deps.database.db);
    const user = session ? await findSessionUser({ ctx, input: { token: session.token } }) : null;
    if (!user) return c.text("no session", 401);
    c.set("deps", deps);
    c.set("requestId", "test");
    c.set("user", user);
    c.set("authVia", session!.via);
    c.set("lang", user.language);
    c.set("t", tFor(user.language));
    c.set("ctx", { ...ctx, userId: user.id, lang: user.language });
    await next();
  });
  app.route("/api/products", productMediaApi);
  app.route("/", productMediaPages);
  app.onError((t.current.app as unknown as { errorHandler: ErrorHandler<AppEnv> }).errorHandler);
  harness = app;
  return app;
}

const send = (path: string, init: RequestInit = {}): Promise<Response> =>
  mounted() ? t.current.request(path, init) : Promise.resolve(mediaHarness().request(`${ORIGIN}${path}`, init));

let user: Session;
const session = async () => (user ??= await t.current.login());

/** A same-origin browser request with the session cookie; `htmx` adds the htmx headers. */
async function page(path: string, init: { method?: string; body?: BodyInit; htmx?: boolean; headers?: Record<string, string> } = {}) {
  const { cookie } = await session();
  const headers: Record<string, string> = { Cookie: cookie, ...(init.headers ?? {}) };
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  if (method !== "GET") headers.Origin = ORIGIN;
  if (init.htmx) Object.assign(headers, { "HX-Request": "true", "HX-Target": "product-images-tab" });
  return send(path, { method, headers, body: init.body, redirect: "manual" });
}

async function api(path: string, init: { method?: string; json?: unknown; body?: BodyInit } = {}) {
  const { token } = await session();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  return send(path, { method: init.method ?? "GET", headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
}

const formWith = (...files: File[]) => {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  return form;
};

/** The toast an htmx answer raises. */
const toastOf = (response: Response) => JSON.parse(response.headers.get("HX-Trigger") ?? "null")?.toast as { kind: string; text: string } | undefined;

function flashOf(response: Response): { kind: string; text: string }[] {
  const line = response.headers.getSetCookie().filter((entry) => entry.startsWith("ohrada_flash=")).at(-1);
  return line ? JSON.parse(decodeURIComponent(decodeURIComponent(line.split(";")[0]!.slice("ohrada_flash=".length)))) : [];
}

async function imagesOf(productId: number): Promise<ProductImage[]> {
  const response = await api(`/api/products/${productId}/images`);
  expect(response.status).toBe(200);
  return (await json(response)).data;
}

const names = async (productId: number) => (await imagesOf(productId)).map((image) => `${image.fileName}${image.isMain ? "*" : ""}`);

async function productWithImages(): Promise<{ productId: number; ids: number[] }> {
  const productId = await createProduct(t.current.database.db);
  const response = await api(`/api/products/${productId}/images`, { method: "POST", body: formWith(fileOf(JPEG, "a.jpg"), fileOf(PNG, "b.png"), fileOf(WEBP, "c.webp")) });
  expect(response.status).toBe(201);
  return { productId, ids: ((await json(response)).data as ProductImage[]).map((image) => image.id) };
}

const storedCount = async (productId: number) =>
  (await t.current.database.db.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, productId))).length;

describe("the lazy tabs answer fragments", () => {
  test("Images: the upload form and the empty state, no layout", async () => {
    const productId = await createProduct(t.current.database.db);
    const response = await page(`/products/${productId}/tab/images`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const body = await htmlOf(response);
    expect(body).not.toContain("<html");
    expect(body).toContain('id="product-images-tab"');
    expect(body).toContain(`action="/products/${productId}/images"`);
    expect(body.toLowerCase()).toContain('enctype="multipart/form-data"');
    expect(body).toContain('accept="image/jpeg,image/png,image/webp"');
    expect(body).toContain("každý nejvýše 10 MB");
    expect(body).toContain("Produkt zatím nemá žádné obrázky.");
  });

  test("Tools: the label link and the duplicate form behind a confirm", async () => {
    const productId = await createProduct(t.current.database.db, { name: "Branka Ťuk" });
    const body = await htmlOf(await page(`/products/${productId}/tab/tools`));
    expect(body).not.toContain("<html");
    expect(body).toContain(`href="/products/${productId}/label.pdf"`);
    expect(body).toContain(`Code 128: <strong>P${productId}</strong>`);
    expect(body).toContain(`action="/products/${productId}/duplicate"`);
    expect(body).toContain("Vytvořit kopii produktu „Branka Ťuk“?");
  });

  test("a missing product answers 404", async () => {
    expect((await page("/products/2000000000/tab/images")).status).toBe(404);
    expect((await page("/products/2000000000/tab/tools")).status).toBe(404);
    expect((await api("/api/products/2000000000/images")).status).toBe(404);
  });
});

describe("upload", () => {
  test("htmx: several files at once; the tab comes back with the thumbnails and a toast; the first is main", async () => {
    const productId = await createProduct(t.current.database.db);
    const response = await page(`/products/${productId}/images`, {
      body: formWith(fileOf(JPEG, "plot.jpg", "image/jpeg"), fileOf(PNG, "branka.png", "image/png"), fileOf(WEBP, "brana.webp", "image/webp")),
      htmx: true,
    });
    expect(response.status).toBe(200);
    expect(toastOf(response)).toEqual({ kind: "success", text: "Nahrány 3 obrázky" });
    // Header values are bytes: the Czech text travels as JSON \u escapes.
    expect(response.headers.get("HX-Trigger")).toMatch(/^[\x20-\x7e]+$/);
    const body = await htmlOf(response);
    const images = await imagesOf(productId);
    expect(images.map(({ fileName, mimeType, isMain, sortOrder }) => ({ fileName, mimeType, isMain, sortOrder }))).toEqual([
      { fileName: "plot.jpg", mimeType: "image/jpeg", isMain: true, sortOrder: 0 },
      { fileName: "branka.png", mimeType: "image/png", isMain: false, sortOrder: 1 },
      { fileName: "brana.webp", mimeType: "image/webp", isMain: false, sortOrder: 2 },
    ]);
    for (const image of images) expect(body).toContain(`src="/products/${productId}/images/${image.id}"`);
    expect(body).toContain("Hlavní obrázek");
  });

  test("a .png name with JPEG content is stored as image/jpeg", async () => {
    const productId = await createProduct(t.current.database.db);
    const response = await api(`/api/products/${productId}/images`, { method: "POST", body: formWith(fileOf(JPEG, "fotka.png", "image/png")) });
    expect(response.status).toBe(201);
    const answer = await json(response);
    expect(answer.status).toBe("success");
    expect(answer.data).toEqual([
      {
        id: expect.any(Number),
        productId,
        fileName: "fotka.png",
        size: JPEG.byteLength,
        mimeType: "image/jpeg",
        isMain: true,
        sortOrder: 0,
        url: `/products/${productId}/images/${answer.data[0].id}`,
      },
    ]);
  });

  test("a text file renamed .jpg is refused: the API names it, the tab shows it, nothing is saved", async () => {
    const productId = await createProduct(t.current.database.db);
    const message = "Soubor „obrazek.jpg“ nemá povolený typ. Povolené typy: JPEG, PNG, WebP";
    const response = await api(`/api/products/${productId}/images`, { method: "POST", body: formWith(fileOf(TEXT, "obrazek.jpg", "image/jpeg")) });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({ status: "fail", code: "VALIDATION", data: [`Pole „files“: ${message}`], fields: { files: message } });

    const tab = await page(`/products/${productId}/images`, { body: formWith(fileOf(PNG, "dobry.png"), fileOf(TEXT, "obrazek.jpg", "image/jpeg")), htmx: true });
    expect(tab.status).toBe(422);
    expect(toastOf(tab)).toEqual({ kind: "fail", text: message });
    const body = await htmlOf(tab);
    expect(body).toContain('id="product-images-tab"');
    expect(body).toContain(message);
    expect(await storedCount(productId)).toBe(0);
  });

  test("over 10 MB is refused with the MB figure; nothing is saved", async () => {
    const productId = await createProduct(t.current.database.db);
    const response = await api(`/api/products/${productId}/images`, { method: "POST", body: formWith(fileOf(bigJpeg(10 * MB + 1), "velky.jpg")) });
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ files: "Soubor „velky.jpg“ je větší než 10 MB" });
    expect(await storedCount(productId)).toBe(0);
  });

  test("at most 10 files at once", async () => {
    const productId = await createProduct(t.current.database.db);
    const files = Array.from({ length: 11 }, (_, index) => fileOf(PNG, `${index}.png`));
    const response = await api(`/api/products/${productId}/images`, { method: "POST", body: formWith(...files) });
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ files: "Najednou lze nahrát nejvýše 10 souborů" });
    expect(await storedCount(productId)).toBe(0);
  });

  test("the upload routes have their own body cap: ten files of 10 MB, not the default 1 MB", () => {
    for (const path of ["/api/products/5/images", "/products/5/images"]) {
      expect(uploadLimitFor(appTables.uploadLimits, "POST", path)?.maxBytes).toBe(uploadBodyLimit(PRODUCT_IMAGE_RULES));
    }
    expect(uploadBodyLimit(PRODUCT_IMAGE_RULES)).toBeGreaterThan(100 * MB);
    expect(uploadLimitFor(appTables.uploadLimits, "POST", "/api/products/5/images/order")).toBeUndefined();
    expect(uploadLimitFor(appTables.uploadLimits, "PUT", "/api/products/5/images")).toBeUndefined();
  });

  test("no file chosen is refused; a JSON body too", async () => {
    const productId = await createProduct(t.current.database.db);
    const empty = new FormData();
    empty.append("files", new File([], "", { type: "application/octet-stream" }));
    const response = await page(`/products/${productId}/images`, { body: empty, htmx: true });
    expect(response.status).toBe(422);
    expect(toastOf(response)?.text).toBe("Vyberte alespoň jeden soubor");
    const viaJson = await api(`/api/products/${productId}/images`, { method: "POST", json: { files: [] } });
    expect(viaJson.status).toBe(422);
    expect((await json(viaJson)).fields).toEqual({ files: "Vyberte alespoň jeden soubor" });
  });

  test("a plain form post (no JavaScript) redirects to the Images tab with a flash toast", async () => {
    const productId = await createProduct(t.current.database.db);
    const ok = await page(`/products/${productId}/images`, { body: formWith(fileOf(PNG, "a.png")) });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(`/products/${productId}?tab=images`);
    expect(flashOf(ok)).toEqual([{ kind: "success", text: "Nahrán 1 obrázek" }]);
    const refused = await page(`/products/${productId}/images`, { body: formWith(fileOf(TEXT, "b.jpg")) });
    expect(refused.status).toBe(303);
    expect(flashOf(refused)).toEqual([{ kind: "fail", text: "Soubor „b.jpg“ nemá povolený typ. Povolené typy: JPEG, PNG, WebP" }]);
    expect(await storedCount(productId)).toBe(1);
  });
});

describe("the image bytes", () => {
  test("served with the stored type, a private cache and an ETag", async () => {
    const { productId, ids } = await productWithImages();
    const response = await page(`/products/${productId}/images/${ids[2]}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=86400");
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(WEBP))).toBe(true);
    const etag = response.headers.get("ETag")!;
    const again = await page(`/products/${productId}/images/${ids[2]}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  test("another product's path, or an unknown id, answers 404", async () => {
    const { ids } = await productWithImages();
    const other = await createProduct(t.current.database.db);
    expect((await page(`/products/${other}/images/${ids[0]}`)).status).toBe(404);
    expect((await page(`/products/${other}/images/2000000000`)).status).toBe(404);
  });

  test("only for a logged-in user (through the real app's guard)", async () => {
    if (!mounted()) {
      console.log("product-media: productMediaPages is not mounted in the app yet; the guard check waits for it");
      return;
    }
    const { productId, ids } = await productWithImages();
    const response = await t.current.request(`/products/${productId}/images/${ids[0]}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });
});

describe("order, main and delete", () => {
  test("API: reorder with the full list of ids; a wrong list is refused and changes nothing", async () => {
    const { productId, ids } = await productWithImages();
    const response = await api(`/api/products/${productId}/images/order`, { method: "PUT", json: [ids[2], ids[0], ids[1]] });
    expect(response.status).toBe(200);
    expect(((await json(response)).data as ProductImage[]).map((image) => image.id)).toEqual([ids[2]!, ids[0]!, ids[1]!]);
    const wrong = await api(`/api/products/${productId}/images/order`, { method: "PUT", json: [ids[0], ids[1]] });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).fields).toEqual({ ids: "Pořadí musí obsahovat právě všechny obrázky produktu" });
    expect(await names(productId)).toEqual(["c.webp", "a.jpg*", "b.png"]);
  });

  test("pages: move up and down answer the tab with a toast", async () => {
    const { productId, ids } = await productWithImages();
    const up = await page(`/products/${productId}/images/${ids[2]}/up`, { method: "POST", htmx: true });
    expect(up.status).toBe(200);
    expect(toastOf(up)).toEqual({ kind: "success", text: "Pořadí obrázků uloženo" });
    const body = await htmlOf(up);
    expect(body.indexOf("c.webp")).toBeLessThan(body.indexOf("b.png"));
    await page(`/products/${productId}/images/${ids[0]}/down`, { method: "POST", htmx: true });
    expect(await names(productId)).toEqual(["c.webp", "a.jpg*", "b.png"]);
  });

  test("main switching keeps exactly one main image (API and pages)", async () => {
    const { productId, ids } = await productWithImages();
    const response = await api(`/api/products/${productId}/images/${ids[1]}/main`, { method: "PUT" });
    expect(response.status).toBe(200);
    expect(((await json(response)).data as ProductImage[]).filter((image) => image.isMain).map((image) => image.id)).toEqual([ids[1]!]);
    const viaPage = await page(`/products/${productId}/images/${ids[2]}/main`, { method: "POST", htmx: true });
    expect(toastOf(viaPage)).toEqual({ kind: "success", text: "Hlavní obrázek změněn" });
    expect(await names(productId)).toEqual(["a.jpg", "b.png", "c.webp*"]);
    const other = await productWithImages();
    expect((await api(`/api/products/${productId}/images/${other.ids[0]}/main`, { method: "PUT" })).status).toBe(404);
  });

  test("deleting the main image makes the next one main", async () => {
    const { productId, ids } = await productWithImages();
    const response = await api(`/api/products/${productId}/images/${ids[0]}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: "success", data: null });
    expect(await names(productId)).toEqual(["b.png*", "c.webp"]);
    const viaPage = await page(`/products/${productId}/images/${ids[1]}/delete`, { method: "POST", htmx: true });
    expect(toastOf(viaPage)).toEqual({ kind: "success", text: "Obrázek smazán" });
    expect(await htmlOf(viaPage)).toContain('hx-confirm="Opravdu smazat obrázek „c.webp“?"');
    expect(await names(productId)).toEqual(["c.webp*"]);
    expect((await api(`/api/products/${productId}/images/${ids[1]}`, { method: "DELETE" })).status).toBe(404);
  });

  test("a plain form delete redirects to the Images tab", async () => {
    const { productId, ids } = await productWithImages();
    const response = await page(`/products/${productId}/images/${ids[1]}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/products/${productId}?tab=images`);
    expect(flashOf(response)).toEqual([{ kind: "success", text: "Obrázek smazán" }]);
  });

  test("API: products of categories with their main image", async () => {
    const category = await createCategory(t.current.database.db, { name: "Branky" });
    const { productId, ids } = await productWithImages();
    await t.current.database.db.insert(productCategories).values({ productId, categoryId: category });
    const response = await api(`/api/products/withMainImage?categoryIds=${category};`);
    expect(response.status).toBe(200);
    const rows = (await json(response)).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: productId, categoryIds: [category], mainImage: { id: ids[0], url: `/products/${productId}/images/${ids[0]}` } });
    expect((await api("/api/products/withMainImage?categoryIds=x")).status).toBe(422);
  });
});

describe("label PDF", () => {
  const NAME = "Plotový dílec Řetízek – zelený, ťuk ňuk ůl";

  test("without EAN-13: inline PDF named by the id, Code 128 P<id> and the Czech name", async () => {
    const productId = await createProduct(t.current.database.db, { name: NAME });
    const response = await page(`/products/${productId}/label.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="stitek-produktu-${productId}.pdf"`);
    const text = flattenText(pdfText(new Uint8Array(await response.arrayBuffer())));
    expect(text).toContain(NAME);
    expect(text).toContain(`P${productId}`);
  });

  test("with EAN-13 through the API: the EAN digits", async () => {
    const code = ean13("859777000001");
    const productId = await createProduct(t.current.database.db, { name: NAME, ean13: code });
    const response = await api(`/api/products/${productId}/label`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const text = flattenText(pdfText(new Uint8Array(await response.arrayBuffer())));
    expect(text).toContain(code);
    expect(text).toContain(NAME);
    expect(text).not.toContain(`P${productId}`);
  });

  test("a missing product answers 404", async () => {
    expect((await page("/products/2000000000/label.pdf")).status).toBe(404);
    expect((await api("/api/products/2000000000/label")).status).toBe(404);
  });
});

describe("duplicate", () => {
  async function source() {
    const db = t.current.database.db;
    const category = await createCategory(db);
    const productId = await createProduct(db, { name: "Brána Řetízek", ean13: ean13(`8595${String(Date.now()).slice(-8)}`), categoryIds: [category] });
    await api(`/api/products/${productId}/images`, { method: "POST", body: formWith(fileOf(PNG, "a.png")) });
    return { productId, category };
  }

  test("page: the copy opens in the editor with CREATED; everything but the EAN-13 is copied", async () => {
    const { productId, category } = await source();
    const response = await page(`/products/${productId}/duplicate`, { method: "POST" });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/products\/\d+$/);
    expect(flashOf(response)).toEqual([{ kind: "success", text: "CREATED" }]);
    const copy = Number(location.split("/").pop());
    expect(copy).not.toBe(productId);
    const db = t.current.database.db;
    const [row] = await db.select({ name: products.name, ean13: products.ean13 }).from(products).where(eq(products.id, copy));
    expect(row).toEqual({ name: "Brána Řetízek (kopie)", ean13: null });
    expect((await db.select().from(productCategories).where(eq(productCategories.productId, copy))).map((link) => link.categoryId)).toEqual([category]);
    expect(await names(copy)).toEqual(["a.png*"]);
  });

  test("API: answers 201 with the new id", async () => {
    const { productId } = await source();
    const response = await api(`/api/products/${productId}/duplicate`, { method: "POST" });
    expect(response.status).toBe(201);
    const answer = await json(response);
    expect(answer.status).toBe("success");
    expect(typeof answer.data).toBe("number");
    expect(answer.data).not.toBe(productId);
    expect((await api(`/api/products/2000000000/duplicate`, { method: "POST" })).status).toBe(404);
  });
});
