import type { Handler } from "hono";
import type { Ctx } from "@/lib/context";
import { isRowId } from "@/lib/crud/service";
import { AppError } from "@/lib/errors";
import type { AppEnv } from "@/lib/hono-env";

/**
 * `GET …/barcode?id={id}` (docs/domain.md#barcodes): the PNG of a row's printed code, drawn by
 * `render`. An id that is no number is a 400, one no row can have a 404; the code of an id never
 * changes, so the image may be kept an hour (a deleted row's image may linger that long).
 */
export const barcodePngRoute =
  (render: (args: { ctx: Ctx; input: { id: number } }) => Promise<Uint8Array>): Handler<AppEnv> =>
  async (c) => {
    const raw = c.req.query("id")?.trim() ?? "";
    if (!/^\d+$/.test(raw)) throw AppError.error("BAD_REQUEST");
    const id = Number(raw);
    if (!isRowId(id)) throw AppError.notFound();
    const png = await render({ ctx: c.get("ctx"), input: { id } });
    c.header("Content-Type", "image/png");
    c.header("Content-Length", String(png.byteLength));
    c.header("Cache-Control", "private, max-age=3600");
    return c.body(png as Uint8Array<ArrayBuffer>, 200);
  };
