import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import { isRowId } from "@/lib/crud/service";
import { AppError } from "@/lib/errors";
import type { AppEnv } from "@/lib/hono-env";
import { workTypeBarcodePng } from "./barcode.service";
import { workTypeService } from "./service";

export const workTypeApi = new Hono<AppEnv>();

/** docs/domain.md#work-types: `GET {path}/barcode?id={id}`, a Code 128 PNG of `WT<id>`. */
workTypeApi.get("/barcode", async (c) => {
  const raw = c.req.query("id")?.trim() ?? "";
  if (!/^\d+$/.test(raw)) throw AppError.error("BAD_REQUEST");
  const id = Number(raw);
  if (!isRowId(id)) throw AppError.notFound();
  const png = await workTypeBarcodePng({ ctx: c.get("ctx"), input: { id } });
  c.header("Content-Type", "image/png");
  c.header("Content-Length", String(png.byteLength));
  // The code of an id never changes; a deleted work type's image may linger in a cache briefly.
  c.header("Cache-Control", "private, max-age=3600");
  return c.body(png as Uint8Array<ArrayBuffer>, 200);
});

workTypeApi.route("/", crudApi(workTypeService));
