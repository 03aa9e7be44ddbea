import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../hono-env";

const root = resolve(import.meta.dir, "../../..");

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".map": "application/json",
  ".ttf": "font/ttf",
};

interface Asset {
  body: Uint8Array;
  gzip: Uint8Array | null;
  type: string;
  mtime: number;
}

const cache = new Map<string, Asset>();

function load(file: string): Asset | null {
  if (!existsSync(file)) return null;
  const stat = statSync(file);
  if (!stat.isFile()) return null;
  const cached = cache.get(file);
  if (cached && cached.mtime === stat.mtimeMs) return cached;
  const body = new Uint8Array(readFileSync(file));
  const type = types[extname(file)] ?? "application/octet-stream";
  const compressible = type.startsWith("text/") || type.includes("svg") || type.includes("json");
  const asset = { body, gzip: compressible && body.length > 512 ? new Uint8Array(gzipSync(body, { level: 9 })) : null, type, mtime: stat.mtimeMs };
  cache.set(file, asset);
  return asset;
}

/** Files from public/, htmx from node_modules, island bundles from public/build (gzip when asked). */
export function staticFiles(): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const serve = (file: string, immutable: boolean) => (c: Context<AppEnv>) => {
    const asset = load(file);
    if (!asset) return c.notFound();
    const gzip = asset.gzip && (c.req.header("Accept-Encoding") ?? "").includes("gzip");
    c.header("Content-Type", asset.type);
    c.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
    c.header("Vary", "Accept-Encoding");
    if (gzip) c.header("Content-Encoding", "gzip");
    return c.body((gzip ? asset.gzip! : asset.body) as Uint8Array<ArrayBuffer>);
  };
  router.get("/static/htmx.min.js", serve(join(root, "node_modules/htmx.org/dist/htmx.min.js"), false));
  router.get("/static/:file{[\\w.-]+}", (c) => serve(join(root, "public", c.req.param("file")), false)(c));
  // Chunks carry a content hash; the entry does not, so it is revalidated.
  router.get("/build/:file{[\\w.-]+}", (c) => {
    const file = c.req.param("file");
    return serve(join(root, "public/build", file), file !== "client.js")(c);
  });
  router.get("/favicon.ico", serve(join(root, "public/logo.svg"), false));
  return router;
}
