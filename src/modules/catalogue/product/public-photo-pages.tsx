/**
 * The public product photos (docs/domain.md#public-photos, decision 059): `GET /fot/{imageId}` answers an
 * active product's image to anyone, e-shops embedding it included, with a year's immutable cache and an
 * ETag. Every other path under /fot is 404: there is no listing and nothing else is served from here.
 */
import { Hono } from "hono";
import { AppError } from "@/lib/errors";
import type { AppEnv } from "@/lib/hono-env";
import { publicProductPhoto } from "./images.service";

/** Public: the whole /fot tree answers without a session (src/modules/catalogue/module.ts), and only this route serves bytes. */
export const PUBLIC_PHOTO_PATTERN = /^\/fot(\/.*)?$/;

/** An image id's bytes never change (decision 059), so any cache, shared ones included, may keep them a year. */
const PUBLIC_PHOTO_CACHE = "public, max-age=31536000, immutable";

export const publicPhotoPages = new Hono<AppEnv>();

publicPhotoPages.get("/fot/:imageId{[0-9]{1,10}}", async (c) => {
  const imageId = Number(c.req.param("imageId"));
  const photo = await publicProductPhoto({ ctx: c.get("ctx"), input: { imageId, ifNoneMatch: c.req.header("If-None-Match") } });
  c.header("ETag", photo.etag);
  c.header("Cache-Control", PUBLIC_PHOTO_CACHE);
  if (photo.notModified) return c.body(null, 304);
  c.header("Content-Type", photo.file.mimeType);
  c.header("Content-Length", String(photo.file.size));
  c.header("X-Content-Type-Options", "nosniff");
  // Shown in place; e-shops embed it from another origin.
  c.header("Content-Disposition", "inline");
  c.header("Cross-Origin-Resource-Policy", "cross-origin");
  return c.body(photo.file.data as Uint8Array<ArrayBuffer>, 200);
});

/** No listing and no other file: `/fot`, `/fot/`, `/fot/x`, `/fot/1/2` are the not-found page. */
publicPhotoPages.get("/fot", () => {
  throw AppError.notFound();
});
publicPhotoPages.get("/fot/*", () => {
  throw AppError.notFound();
});
