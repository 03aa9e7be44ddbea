/** An order's files over the API (docs/domain.md#order-files); mounted at /api. */
import { Hono } from "hono";
import { success } from "@/lib/envelope";
import { AppError, msg } from "@/lib/errors";
import type { AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import { readUploadedFiles } from "@/lib/http/uploads";
import { addOrderFiles, deleteOrderFile, listOrderFiles, ORDER_FILE_RULES } from "./files.service";
import { previewResponse } from "./files-response";


export const filesApi = new Hono<AppEnv>();

filesApi.get("/orders/fenceOrder/:id{[0-9]+}/files", async (c) => c.json(success(await listOrderFiles({ ctx: c.get("ctx"), input: { orderId: idParam(c) } }))));

/** `?load={fileId}`: the file's bytes inline (the image preview). */
filesApi.get("/orders/fenceOrder/upload", (c) => previewResponse(c));

/** `?orderId=`; multipart, field `files` (one or several). Answers 201 with the added files. */
filesApi.post("/orders/fenceOrder/upload", async (c) => {
  const raw = c.req.query("orderId") ?? "";
  if (!raw) throw AppError.invalid({ orderId: msg("validation.required") });
  if (!/^[0-9]{1,10}$/.test(raw)) throw AppError.notFound();
  const orderId = Number(raw);
  const files = await readUploadedFiles(c, ORDER_FILE_RULES);
  return c.json(success(await addOrderFiles({ ctx: c.get("ctx"), input: { orderId, files } })), 201);
});

filesApi.delete("/orders/fenceOrder/upload/:fileId{[0-9]+}", async (c) => {
  await deleteOrderFile({ ctx: c.get("ctx"), input: { fileId: idParam(c, "fileId") } });
  return c.json(success(null));
});
