import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { jsonBody } from "@/lib/http/request";
import { translateMessage } from "@/lib/i18n";
import { scanBarcode } from "./service";

export const barcodeApi = new Hono<AppEnv>();

/** The menu's barcode box: opens orders and warehouses, adds products to the common basket. */
barcodeApi.post("/barcode/scan", async (c) => {
  const result = await scanBarcode({ ctx: c.get("ctx"), input: await jsonBody(c) });
  const message = translateMessage(c.get("t"), result.message);
  return c.json(success(result.action === "open" ? { action: "open", url: result.url, message } : { action: "added", message }));
});
