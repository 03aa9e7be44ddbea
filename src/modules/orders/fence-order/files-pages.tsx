/**
 * The fence order's Files tab (3): the fragment the order editor loads lazily, its upload and
 * delete posts, the download and the image preview. Each action answers htmx with the tab again
 * and a toast (HX-Trigger), a plain form post with a redirect to the editor's Files tab and a
 * flash toast.
 */
import { Hono } from "hono";
import { FenceOrderFilesTab } from "@views/orders/fence-order-files-tab";
import { formatCzechDateTime } from "@/lib/dates";
import { type Message, msg } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import { renderFragment } from "@/web/render";
import { tabAction } from "@/web/tab-action";
import { FILE_KINDS, MB } from "@/lib/uploads";
import { readUploadedFiles } from "@/lib/http/uploads";
import { addOrderFiles, deleteOrderFile, formatFileSize, listOrderFiles, ORDER_FILE_RULES } from "./files.service";
import { fileResponse, previewResponse } from "./files-response";


/** The order editor on its Files tab. */
const filesTabPath = (orderId: number) => `/orders/fenceOrder/${orderId}?tab=3`;

const limits = {
  maxMb: ORDER_FILE_RULES.maxBytes / MB,
  maxFiles: ORDER_FILE_RULES.maxFiles,
  accept: ORDER_FILE_RULES.kinds.map((kind) => FILE_KINDS[kind].mimeType).join(","),
};

async function filesTab(c: AppContext, orderId: number, init: { status?: number; errors?: string[] } = {}) {
  const files = await listOrderFiles({ ctx: c.get("ctx"), input: { orderId } });
  const shown = files.map((file) => ({ ...file, sizeText: formatFileSize(file.size), uploadedAtText: formatCzechDateTime(file.createdAt) }));
  return renderFragment(c, <FenceOrderFilesTab orderId={orderId} files={shown} errors={init.errors} limits={limits} />, { status: init.status });
}

/** Runs one action and answers the way the request came (htmx or a plain form). */
const fileAction = (c: AppContext, orderId: number, work: () => Promise<Message>) =>
  tabAction(c, { work, tab: (init) => filesTab(c, orderId, init), redirectTo: filesTabPath(orderId) });

export const filesPages = new Hono<AppEnv>();

filesPages.get("/orders/fenceOrder/:id{[0-9]+}/tab/3", (c) => filesTab(c, idParam(c)));

/** Multipart, field `files` (one or several). */
filesPages.post("/orders/fenceOrder/:id{[0-9]+}/files", (c) => {
  const orderId = idParam(c);
  return fileAction(c, orderId, async () => {
    const files = await readUploadedFiles(c, ORDER_FILE_RULES);
    const added = await addOrderFiles({ ctx: c.get("ctx"), input: { orderId, files } });
    return msg("fenceOrderFiles.uploaded", { count: added.length });
  });
});

filesPages.post("/orders/fenceOrder/:id{[0-9]+}/files/:fileId{[0-9]+}/delete", (c) => {
  const input = { orderId: idParam(c), fileId: idParam(c, "fileId") };
  return fileAction(c, input.orderId, async () => {
    await deleteOrderFile({ ctx: c.get("ctx"), input });
    return msg("fenceOrderFiles.deleted");
  });
});

filesPages.get("/orders/fenceOrder/:id{[0-9]+}/files/:fileId{[0-9]+}", (c) => fileResponse(c, { orderId: idParam(c), fileId: idParam(c, "fileId") }));

/** docs/domain.md#order-files: the image preview, `?load={fileId}`. */
filesPages.get("/orders/fenceOrder/upload", (c) => previewResponse(c));
