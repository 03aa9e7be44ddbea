import { Hono } from "hono";
import { AppError } from "@/lib/errors";
import type { AppEnv } from "@/lib/hono-env";
import { translateMessage } from "@/lib/i18n";
import { backPath, flash } from "@/web/render";
import { scanBarcode } from "./service";

export const barcodePages = new Hono<AppEnv>();

/**
 * The menu's barcode box on pages that ship no React: the scanner's Enter submits the form.
 * Same rules and answers as the island (POST /api/barcode/scan), as a redirect with a toast.
 */
barcodePages.post("/barcode", async (c) => {
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const code = typeof body.code === "string" ? body.code.trim() : "";
  const back = backPath(c);
  // An empty box (Enter on nothing) changes nothing; a too-short code is told by the service.
  if (code.length === 0) return c.redirect(back, 303);
  const t = c.get("t");
  try {
    const result = await scanBarcode({ ctx: c.get("ctx"), input: { code } });
    if (result.action === "open") return c.redirect(result.url, 303);
    flash(c, "success", translateMessage(t, result.message));
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "fail") throw error;
    for (const message of error.messages) flash(c, "warning", translateMessage(t, message));
  }
  return c.redirect(back, 303);
});
