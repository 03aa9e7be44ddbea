/**
 * The manufacture list page of a fence order (docs/domain.md#manufacture-list):
 * - GET  /orders/fenceOrder/manufacture/:orderId              the page (views/orders/manufacture-list-page.tsx);
 * - GET  /orders/fenceOrder/manufacture/:orderId/export.xlsx  the same list as an xlsx download;
 * - POST /orders/fenceOrder/manufacture/:orderId/addToBasket  "add all to the common basket" from the
 *   page's form (idempotencyKey), back to the page with a toast: its baskets column then shows the
 *   common basket highlighted with its new count.
 */
import { Hono } from "hono";
import { ManufactureListPage } from "@views/orders/manufacture-list-page";
import { AppError } from "@/lib/errors";
import type { AppEnv } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { idParam } from "@/lib/http/request";
import { translateMessage } from "@/lib/i18n";
import { XLSX_MIME } from "@/lib/xlsx/sheet";
import { flash, preloadLayout, renderPage } from "@/web/render";
import { exportManufactureListXlsx } from "./export";
import { MANUFACTURE_LIST_PATH, manufactureListHref } from "./schemas";
import { addManufactureListToBasket, getManufactureList } from "./service";

export const manufactureListPages = new Hono<AppEnv>();
const P = `${MANUFACTURE_LIST_PATH}/:orderId{[0-9]+}`;

manufactureListPages.get(P, async (c) => {
  const id = idParam(c, "orderId");
  preloadLayout(c);
  const list = await getManufactureList({ ctx: c.get("ctx"), input: { id } });
  // A fresh key per render: a double click (or a resubmitted form) adds once; reloading the page gives a new one.
  return renderPage(c, <ManufactureListPage list={list} idempotencyKey={crypto.randomUUID()} />);
});

manufactureListPages.get(`${P}/export.xlsx`, async (c) => {
  const file = await exportManufactureListXlsx({ ctx: c.get("ctx"), input: { id: idParam(c, "orderId") } });
  return sendFile(c, { bytes: file.bytes, contentType: XLSX_MIME, fileName: file.fileName, disposition: "attachment" });
});

manufactureListPages.post(`${P}/addToBasket`, async (c) => {
  const id = idParam(c, "orderId");
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const t = c.get("t");
  try {
    const idempotencyKey = typeof body.idempotencyKey === "string" ? body.idempotencyKey : undefined;
    const { added } = await addManufactureListToBasket({ ctx: c.get("ctx"), input: { id, idempotencyKey } });
    flash(c, "success", t("manufactureList.added", { count: added.length }) as string);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "fail") throw error;
    for (const message of error.messages) flash(c, "warning", translateMessage(t, message));
  }
  return c.redirect(manufactureListHref(id), 303);
});
