/**
 * Pages and JSON answers gzip-compressed for a client that accepts it (docs/decisions/085-compressed-answers.md):
 * the same bytes once inflated, `Vary: Accept-Encoding` either way, a weak ETag when compressed;
 * small answers, HEAD, a client that refuses gzip and the static files (gzip of their own) as they were.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { acceptsGzip, MIN_COMPRESS_BYTES } from "@/lib/http/compress";
import { type Session, useTestApp } from "../helpers/app";
import "./support";

const t = useTestApp();
let admin: Session;
const GZIP = { "Accept-Encoding": "gzip, deflate, br, zstd" };

beforeAll(async () => {
  admin = await t.current.login({ admin: true });
  // Enough VAT rates that their list is over the size worth compressing.
  for (let rate = 1; rate <= 30; rate++) expect((await admin.api("/api/vat", { method: "POST", json: { rate: rate + 0.5, active: true } })).status).toBe(201);
  // And categories enough that the tree is too.
  for (let n = 1; n <= 40; n++) expect((await admin.api("/api/category", { method: "POST", json: { name: `Pletivo poplastované ${n}` } })).status).toBe(201);
});

const inflate = async (response: Response) => new TextDecoder().decode(gunzipSync(new Uint8Array(await response.arrayBuffer())));

describe("Accept-Encoding", () => {
  test.each([
    ["gzip, deflate, br, zstd", true],
    ["gzip", true],
    ["GZIP;q=0.5", true],
    ["*", true],
    ["deflate, br", false],
    ["gzip;q=0", false],
    ["gzip; q=0, br", false],
    ["", false],
  ] as const)("%p accepts gzip: %p", (header, accepted) => expect(acceptsGzip(header)).toBe(accepted));
  test("no header: no gzip", () => expect(acceptsGzip(undefined)).toBe(false));
});

test("a JSON list: gzip when asked, the same JSON once inflated; Vary either way", async () => {
  const plain = await admin.api("/api/vat?size=50");
  expect(plain.headers.get("Content-Encoding")).toBeNull();
  expect(plain.headers.get("Vary")).toContain("Accept-Encoding");
  const text = await plain.text();
  expect(text.length).toBeGreaterThan(MIN_COMPRESS_BYTES);

  const compressed = await admin.api("/api/vat?size=50", { headers: GZIP });
  expect(compressed.status).toBe(200);
  expect(compressed.headers.get("Content-Encoding")).toBe("gzip");
  expect(compressed.headers.get("Vary")).toContain("Accept-Encoding");
  expect(compressed.headers.get("Content-Type")).toStartWith("application/json");
  expect(compressed.headers.get("Cache-Control")).toBe("no-store");
  const inflated = await inflate(compressed);
  expect(JSON.parse(inflated)).toEqual(JSON.parse(text));
  expect((JSON.parse(inflated) as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(30);
});

test("a page: gzip when asked, the page once inflated, its security headers kept", async () => {
  const compressed = await admin.page("/products/dph", { headers: GZIP });
  expect(compressed.status).toBe(200);
  expect(compressed.headers.get("Content-Encoding")).toBe("gzip");
  expect(compressed.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  expect(compressed.headers.get("X-Request-Id")).toBeTruthy();
  const html = await inflate(compressed);
  expect(html).toStartWith("<!DOCTYPE html>");
  expect(html).toContain("10,5");
  expect(html).toContain("</html>");
});

test("a refusal (422) is compressed too when it is large enough, else left as it is", async () => {
  const refused = await admin.api("/api/vat", { method: "POST", json: { rate: "x" }, headers: GZIP });
  expect(refused.status).toBe(422);
  const body = refused.headers.get("Content-Encoding") === "gzip" ? await inflate(refused) : await refused.text();
  expect(JSON.parse(body)).toMatchObject({ status: "fail" });
});

test("left as they are: a small answer, HEAD, and a client that refuses gzip", async () => {
  const small = await admin.api("/api/me", { headers: GZIP });
  expect(small.status).toBe(200);
  expect(small.headers.get("Content-Encoding")).toBeNull();
  expect(JSON.parse(await small.text())).toMatchObject({ status: "success" });

  const head = await admin.page("/products/dph", { method: "HEAD", headers: GZIP });
  expect(head.headers.get("Content-Encoding")).toBeNull();

  const refusing = await admin.api("/api/vat?size=50", { headers: { "Accept-Encoding": "gzip;q=0, br" } });
  expect(refusing.headers.get("Content-Encoding")).toBeNull();
  expect(JSON.parse(await refusing.text())).toMatchObject({ status: "success" });
});

test("the category tree's ETag becomes weak when compressed and still answers 304", async () => {
  const plain = await admin.api("/api/category/tree");
  const strong = plain.headers.get("ETag");
  expect(strong).toStartWith('"');
  expect((await plain.text()).length).toBeGreaterThan(MIN_COMPRESS_BYTES);
  const compressed = await admin.api("/api/category/tree", { headers: GZIP });
  expect(compressed.headers.get("Content-Encoding")).toBe("gzip");
  expect(compressed.headers.get("ETag")).toBe(`W/${strong}`);
  const again = await admin.api("/api/category/tree", { headers: { ...GZIP, "If-None-Match": compressed.headers.get("ETag")! } });
  expect(again.status).toBe(304);
});

test("a static file keeps its own gzip, compressed once", async () => {
  const response = await t.current.request("/static/app.css", { headers: GZIP });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Encoding")).toBe("gzip");
  expect(await inflate(response)).toBe(readFileSync(join(import.meta.dir, "../../public/app.css"), "utf8"));
});
