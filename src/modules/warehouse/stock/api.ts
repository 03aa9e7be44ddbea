/**
 * The stock operations over the API (docs/domain.md#stock-operations), mounted at /api by the warehouse
 * module. Each operation answers ITEMS_TRANSFORMED with what it moved (the upload ADDED); a retried submit with the same
 * idempotency key (body `idempotencyKey`, form field or the Idempotency-Key header) applies once.
 * - POST /transformation/transform {targetWarehouse, sourceBaskets, newProductName?} (production);
 * - POST /warehouseTransfer/inventoryTransfer {transferType, warehouseId} (stocktaking);
 * - POST /warehouseTransfer/warehouseTransfer {sourceBasketId, targetWarehouseId};
 * - POST /basket/uploadManufactureData, multipart: data (the .xlsx), warehouseId.
 */
import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { bodyWithIdempotencyKey } from "@/lib/http/request";
import { readFileParts } from "@/lib/http/uploads";
import { ITEMS_TRANSFORMED, MANUFACTURE_DATA_RULES } from "./schemas";
import { produce, takeStock, transferBasket, uploadManufactureData } from "./service";

export const stockApi = new Hono<AppEnv>();

stockApi.post("/transformation/transform", async (c) =>
  c.json({ ...success(await produce({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) })), code: ITEMS_TRANSFORMED }),
);

stockApi.post("/warehouseTransfer/inventoryTransfer", async (c) =>
  c.json({ ...success(await takeStock({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) })), code: ITEMS_TRANSFORMED }),
);

stockApi.post("/warehouseTransfer/warehouseTransfer", async (c) =>
  c.json({ ...success(await transferBasket({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) })), code: ITEMS_TRANSFORMED }),
);

/** A form field's single text value (the last one when sent twice); a file or nothing is undefined. */
const formText = (value: unknown): string | undefined => {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === "string" ? last : undefined;
};

stockApi.post("/basket/uploadManufactureData", async (c) => {
  const files = await readFileParts(c, MANUFACTURE_DATA_RULES);
  const form = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const input = {
    files,
    warehouseId: formText(form.warehouseId),
    idempotencyKey: formText(form.idempotencyKey) ?? c.req.header(IDEMPOTENCY_HEADER),
  };
  // The rows go into the common basket: ADDED, as a basket add answers.
  return c.json({ ...success(await uploadManufactureData({ ctx: c.get("ctx"), input })), code: "ADDED" });
});
