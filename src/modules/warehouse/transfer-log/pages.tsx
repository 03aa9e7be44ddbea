/** docs/domain.md#transfer-log: the transfer log page (`?logGroup=` shows one operation). */
import { Hono } from "hono";
import { TRANSFER_LOG_TABLE_ID, TransferLogPage, TransferLogTable } from "@views/warehouse/transfer-log-page";
import type { TableState } from "@views/components/data-table";
import { listInputFromQuery } from "@/lib/crud/list-query";
import type { AppEnv } from "@/lib/hono-env";
import { isHtmx } from "@/lib/http/htmx";
import { translateMessage } from "@/lib/i18n";
import { preloadLayout, renderFragment, renderPage } from "@/web/render";
import { listAllWarehouses } from "../service";
import { TRANSFER_LOG_FILTERS, TRANSFER_LOG_PATH } from "./schemas";
import { listTransferLogs, splitTransferLogFilters, transferLogUserChoices } from "./service";

export const transferLogPages = new Hono<AppEnv>();

transferLogPages.get(TRANSFER_LOG_PATH, async (c) => {
  const ctx = c.get("ctx");
  const asked = listInputFromQuery(c.req.query(), [...TRANSFER_LOG_FILTERS]);
  const { usable, errors } = splitTransferLogFilters(asked.filters);
  const input = { ...asked, filters: usable };
  // As a refused form (docs/architecture.md#forms): the page again with the field errors, answered 422.
  const status = Object.keys(errors).length ? 422 : 200;
  const wholePage = !(isHtmx(c) && c.req.header("HX-Target") === TRANSFER_LOG_TABLE_ID);
  if (wholePage) preloadLayout(c);
  // The order is fixed (newest first): no sort in the links.
  const state: TableState = { page: input.page, size: input.size, filters: input.filters };
  if (!wholePage) {
    const { rows, meta } = await listTransferLogs({ ctx, input });
    return renderFragment(c, <TransferLogTable rows={rows} meta={meta} state={state} />, { status });
  }
  // The filter's choices are read beside the page, not after it.
  const [{ rows, meta }, warehouses, users] = await Promise.all([listTransferLogs({ ctx, input }), listAllWarehouses({ ctx }), transferLogUserChoices({ ctx })]);
  const t = c.get("t");
  const filterErrors = Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, translateMessage(t, message)]));
  return renderPage(c, <TransferLogPage rows={rows} meta={meta} state={state} typed={asked.filters} filterErrors={filterErrors} choices={{ warehouses, users }} />, { status });
});
