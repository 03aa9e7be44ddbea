/** docs/domain.md#transfer-log: the paged, filtered list. Mounted at /api. */
import { Hono } from "hono";
import { listInputFromQuery } from "@/lib/crud/list-query";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { TRANSFER_LOG_FILTERS } from "./schemas";
import { listTransferLogs } from "./service";

export const transferLogApi = new Hono<AppEnv>();

transferLogApi.get("/warehouseTransferLog", async (c) => {
  const { rows, meta } = await listTransferLogs({ ctx: c.get("ctx"), input: listInputFromQuery(c.req.query(), [...TRANSFER_LOG_FILTERS]) });
  return c.json(success(rows, { ...meta }));
});
