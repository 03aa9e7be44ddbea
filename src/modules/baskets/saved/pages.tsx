/**
 * Saved basket pages (/manufacture/savedBaskets, docs/domain.md#saved-baskets; decision 028):
 * - GET  /manufacture/savedBaskets             the list (views/baskets/saved-baskets-page.tsx), its table alone for htmx;
 * - POST /manufacture/savedBaskets             the common basket page's save form (basketName, idempotencyKey):
 *   back to /warehouse/basket/common with SAVED, or with a warning per message and nothing saved;
 * - POST /manufacture/savedBaskets/:id/load    the row action: into the common basket, landing on it with a toast;
 * - POST /manufacture/savedBaskets/:id/delete  the row's delete (behind the confirm dialog), back to the list with DELETED.
 */
import { Hono } from "hono";
import { SAVED_BASKETS_TABLE_ID, SavedBasketsPage, SavedBasketsTable } from "@views/baskets/saved-baskets-page";
import type { TableState } from "@views/components/data-table";
import { listInputFromQuery } from "@/lib/crud/list-query";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { htmxTarget, isHtmx } from "@/lib/http/htmx";
import { idParam } from "@/lib/http/request";
import { translateMessage } from "@/lib/i18n";
import { flash, preloadLayout, renderFragment, renderPage } from "@/web/render";
import { COMMON_BASKET_HREF } from "../service";
import { SAVED_BASKET_FILTERS, SAVED_BASKETS_PATH } from "./schemas";
import { deleteSavedBasket, listSavedBaskets, loadSavedBasket, saveBasket } from "./service";

export const savedBasketPages = new Hono<AppEnv>();

const formValue = (value: unknown): string | undefined => {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === "string" ? last : undefined;
};

/** A refusal as warning toasts: each field's message under the field's name, else each message. */
function flashRefusal(c: AppContext, error: AppError) {
  const t = c.get("t");
  const fields = Object.entries(error.fields);
  const texts = fields.length
    ? fields.map(([name, message]) => t("field.field", { field: t(`savedBaskets.field.${name}`, { defaultValue: name }), message: translateMessage(t, message) }) as string)
    : error.messages.map((message) => translateMessage(t, message));
  for (const text of texts) flash(c, "warning", text);
}

/** Runs a form's write; a refusal (`fail`) becomes warning toasts and answers false. */
async function refusedAsToasts(c: AppContext, work: () => Promise<void>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "fail") throw error;
    flashRefusal(c, error);
    return false;
  }
}

savedBasketPages.get(SAVED_BASKETS_PATH, async (c) => {
  const input = listInputFromQuery(c.req.query(), [...SAVED_BASKET_FILTERS]);
  const wholePage = !(isHtmx(c) && htmxTarget(c) === SAVED_BASKETS_TABLE_ID);
  if (wholePage) preloadLayout(c);
  const { rows, meta } = await listSavedBaskets({ ctx: c.get("ctx"), input });
  const state: TableState = { page: input.page, size: input.size, sort: meta.sort, filters: input.filters };
  // A fresh key per row and render: a double click loads once; the page shown again gives new ones.
  const keyed = rows.map((row) => ({ ...row, loadKey: crypto.randomUUID() }));
  if (!wholePage) return renderFragment(c, <SavedBasketsTable rows={keyed} meta={meta} state={state} />);
  return renderPage(c, <SavedBasketsPage rows={keyed} meta={meta} state={state} />);
});

savedBasketPages.post(SAVED_BASKETS_PATH, async (c) => {
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const input = { basketName: formValue(body.basketName) ?? "", idempotencyKey: formValue(body.idempotencyKey) };
  const saved = await refusedAsToasts(c, async () => {
    await saveBasket({ ctx: c.get("ctx"), input });
  });
  if (saved) flash(c, "success", "SAVED");
  return c.redirect(COMMON_BASKET_HREF, 303);
});

savedBasketPages.post(`${SAVED_BASKETS_PATH}/:id{[0-9]+}/load`, async (c) => {
  const id = idParam(c);
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const t = c.get("t");
  let name = "";
  const loaded = await refusedAsToasts(c, async () => {
    ({ basketName: name } = await loadSavedBasket({ ctx: c.get("ctx"), input: { id, idempotencyKey: formValue(body.idempotencyKey) } }));
  });
  if (!loaded) return c.redirect(SAVED_BASKETS_PATH, 303);
  flash(c, "success", t("savedBaskets.loaded", { name }) as string);
  return c.redirect(COMMON_BASKET_HREF, 303);
});

savedBasketPages.post(`${SAVED_BASKETS_PATH}/:id{[0-9]+}/delete`, async (c) => {
  const id = idParam(c);
  if (await refusedAsToasts(c, () => deleteSavedBasket({ ctx: c.get("ctx"), input: { id } }))) flash(c, "success", "DELETED");
  return c.redirect(SAVED_BASKETS_PATH, 303);
});
