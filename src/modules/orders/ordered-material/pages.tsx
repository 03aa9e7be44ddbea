/** The ordered material page and its xlsx (issue 11 §4). */
import { Hono } from "hono";
import { OrderedMaterialPage } from "@views/orders/ordered-material-page";
import type { AppEnv } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { XLSX_MIME } from "@/lib/xlsx/sheet";
import { renderPage } from "@/web/render";
import { orderedMaterialQueryInput } from "./api";
import { exportOrderedMaterialXlsx } from "./export";
import { ORDERED_MATERIAL_PATH, ORDERED_MATERIAL_XLSX_PATH } from "./schemas";
import { getOrderedMaterial } from "./service";

export const orderedMaterialPages = new Hono<AppEnv>();

orderedMaterialPages.get(ORDERED_MATERIAL_PATH, async (c) =>
  renderPage(c, <OrderedMaterialPage material={await getOrderedMaterial({ ctx: c.get("ctx"), input: orderedMaterialQueryInput(c) })} />),
);

orderedMaterialPages.get(ORDERED_MATERIAL_XLSX_PATH, async (c) => {
  const file = await exportOrderedMaterialXlsx({ ctx: c.get("ctx"), input: orderedMaterialQueryInput(c) });
  return sendFile(c, { bytes: file.bytes, contentType: XLSX_MIME, fileName: file.fileName, disposition: "attachment" });
});
