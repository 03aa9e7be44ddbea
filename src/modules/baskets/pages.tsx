/**
 * Basket page routes (docs/domain.md#products-list; docs/domain.md#baskets; decision 027): the products list's add
 * dialog, the common basket page and a warehouse basket page with their forms. Each form posts
 * here and calls one service verb: success redirects (303) with a toast, a refusal re-renders the
 * page with 422 and the messages at the form. The basket tables' quantity and remove forms are the
 * island's fallbacks without JavaScript: back to the page with a toast.
 */
import { Hono } from "hono";
import {
  type CommonBasketForm,
  type CommonBasketView,
  CommonBasketPage,
  type FormOutcome,
  productionFields,
  stocktakingFields,
  transferFields,
  type WarehouseBasketView,
  WarehouseBasketPage,
} from "@views/baskets/basket-pages";
import { formToInput, type FormValues } from "@views/components/form";
import type { Toast } from "@views/view-context";
import { AppError, msg } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import { translateMessage } from "@/lib/i18n";
import { readFileParts } from "@/lib/http/uploads";
import { formErrorsOf, formNotValidToast, isRefusal, withFormErrors } from "@/web/form-state";
import { backPath, flash, preloadLayout, renderPage } from "@/web/render";
import { listAllWarehouses } from "@/modules/warehouse/service";
import { ITEMS_TRANSFORMED, MANUFACTURE_DATA_FIELD, MANUFACTURE_DATA_RULES, type UploadManufactureDataResult } from "@/modules/warehouse/stock/schemas";
import { produce, takeStock, transferBasket, uploadManufactureData } from "@/modules/warehouse/stock/service";
import { addCodeToBasket } from "./code.service";
import { ADD_BY_CODE_ACTION, COMMON_BASKET_PATH, UPLOAD_WAREHOUSE_FIELD } from "./page-schemas";
import { addToBasket, getWarehouseBasket, listBasketItems, listWarehouseBasketLines, removeBasketItem, setBasketItemQuantity } from "./service";

/** Basket page routes (add from the product list dialog, the basket pages and their forms). */
export const basketPages = new Hono<AppEnv>();

const formValue = (value: unknown): string | undefined => {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === "string" ? last : undefined;
};

/** Every value a form field posted (a multi-select), as texts. */
const formValues = (value: unknown): string[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is string => typeof item === "string");

/** A refusal as toasts: "Field “Amount”: …" per field error, else each message. */
function flashRefusal(c: AppContext, error: AppError): void {
  const t = c.get("t");
  const fields = Object.entries(error.fields);
  const texts = fields.length
    ? fields.map(([name, message]) => t("field.field", { field: t(`basket.field.${name}`, { defaultValue: name }), message: translateMessage(t, message) }) as string)
    : error.messages.map((message) => translateMessage(t, message));
  for (const text of texts) flash(c, "warning", text);
}

/**
 * The amount dialog of AddToBasketButton (views/baskets/add-to-basket.tsx): productId, amount
 * (decimal comma fine) and idempotencyKey; the common basket unless type/warehouseId say otherwise.
 * Back to the page it came from, with ADDED, or with a warning per message and nothing added.
 */
basketPages.post("/basket/add", async (c) => {
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const input = {
    productId: formValue(body.productId),
    amount: formValue(body.amount) ?? "",
    idempotencyKey: formValue(body.idempotencyKey),
    type: formValue(body.type),
    warehouseId: formValue(body.warehouseId),
  };
  try {
    await addToBasket({ ctx: c.get("ctx"), input });
    flash(c, "success", "ADDED");
  } catch (error) {
    if (!isRefusal(error)) throw error;
    flashRefusal(c, error);
  }
  return c.redirect(backPath(c, "/products"), 303);
});

/**
 * The id field's form without JavaScript (docs/domain.md#basket-id-field): the code, the basket and the
 * idempotency key; back to the basket page with the added product's toast, or a warning and nothing added.
 */
basketPages.post(ADD_BY_CODE_ACTION, async (c) => {
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const input = { code: formValue(body.code) ?? "", type: formValue(body.type), warehouseId: formValue(body.warehouseId), idempotencyKey: formValue(body.idempotencyKey) };
  try {
    const result = await addCodeToBasket({ ctx: c.get("ctx"), input });
    flash(c, "success", translateMessage(c.get("t"), result.message));
  } catch (error) {
    if (!isRefusal(error)) throw error;
    flashRefusal(c, error);
  }
  return c.redirect(backPath(c, COMMON_BASKET_PATH), 303);
});

// ---- the common basket --------------------------------------------------------------------------

/** A refused form's toast: FORM_NOT_VALID for field errors; a business refusal (a shortage) says itself. */
const refusalToast = (c: AppContext, outcome: FormOutcome): Toast =>
  Object.keys(outcome.errors).length || !outcome.formErrors.length ? formNotValidToast(c) : { kind: "warning", text: outcome.formErrors[0]! };

const newKeys = (): Record<CommonBasketForm, string> => ({
  save: crypto.randomUUID(),
  production: crypto.randomUUID(),
  stocktaking: crypto.randomUUID(),
  upload: crypto.randomUUID(),
});

/** The selected source baskets that are the caller's, in the order posted (the picking order). */
function selectedSources(posted: string[], sources: { basketId: number | null }[]): number[] {
  const known = new Set(sources.map((source) => source.basketId));
  return [...new Set(posted.map(Number))].filter((id) => known.has(id));
}

interface CommonBasketRender {
  /** Source baskets selected (ids as posted or in the query). */
  selected?: string[];
  values?: Partial<Record<CommonBasketForm, FormValues>>;
  refused?: { form: CommonBasketForm; error: AppError; fieldNames: string[] };
  uploadResult?: UploadManufactureDataResult;
}

/**
 * The common basket page with what the caller has now. The production target defaults to the
 * first selected source's warehouse (docs/domain.md#production) unless the post chose one.
 */
async function commonBasketPage(c: AppContext, init: CommonBasketRender = {}) {
  const ctx = c.get("ctx");
  preloadLayout(c);
  const [items, sources, warehouses] = await Promise.all([
    listBasketItems({ ctx, input: { type: "COMMON" } }),
    listWarehouseBasketLines({ ctx }),
    listAllWarehouses({ ctx }),
  ]);
  const selected = selectedSources(init.selected ?? [], sources);
  const firstSource = sources.find((source) => source.basketId === selected[0]);
  const values = { ...init.values };
  if (!init.refused && firstSource) values.production = { ...values.production, targetWarehouse: String(firstSource.warehouse.id) };
  const outcomes: Partial<Record<CommonBasketForm, FormOutcome>> = {};
  let status = 200;
  const toasts: Toast[] = [];
  if (init.refused) {
    const { form, error, fieldNames } = init.refused;
    const outcome = formErrorsOf(c.get("t"), error, fieldNames);
    outcomes[form] = outcome;
    status = 422;
    toasts.push(refusalToast(c, outcome));
  }
  if (init.uploadResult) toasts.push({ kind: "success", text: c.get("t")("ADDED") as string });
  const view: CommonBasketView = {
    userId: c.get("user")!.id,
    items,
    sources,
    selected,
    warehouses: warehouses.map((warehouse) => ({ id: warehouse.id, name: warehouse.name })),
    keys: newKeys(),
    values,
    outcomes,
    uploadResult: init.uploadResult,
  };
  return renderPage(c, <CommonBasketPage view={view} />, { status, toasts });
}

/** docs/domain.md#baskets: the common basket; `?sourceBaskets=` (the no-script "Show selected") picks the previews. */
basketPages.get(COMMON_BASKET_PATH, async (c) => commonBasketPage(c, { selected: c.req.queries("sourceBaskets") ?? [] }));

/** docs/domain.md#production → produce(): ITEMS_TRANSFORMED and the emptied baskets, or 422 naming each shortage. */
basketPages.post(`${COMMON_BASKET_PATH}/production`, async (c) => {
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const fields = productionFields(c.get("t"), []);
  const sourceBaskets = formValues(body.sourceBaskets);
  const values = formToInput(fields, body);
  return withFormErrors(
    async () => {
      await produce({ ctx: c.get("ctx"), input: { ...values, sourceBaskets, idempotencyKey: formValue(body.idempotencyKey) } });
      flash(c, "success", ITEMS_TRANSFORMED);
      return c.redirect(COMMON_BASKET_PATH, 303);
    },
    (error) =>
      commonBasketPage(c, {
        selected: sourceBaskets,
        values: { production: values },
        refused: { form: "production", error, fieldNames: [...fields.map((field) => field.name), "sourceBaskets"] },
      }),
  );
});

/** docs/domain.md#stocktaking → takeStock(): In adds, Out removes the common basket's quantities. */
basketPages.post(`${COMMON_BASKET_PATH}/stocktaking`, async (c) => {
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const fields = stocktakingFields(c.get("t"), []);
  const values = formToInput(fields, body);
  return withFormErrors(
    async () => {
      await takeStock({ ctx: c.get("ctx"), input: { ...values, idempotencyKey: formValue(body.idempotencyKey) } });
      flash(c, "success", ITEMS_TRANSFORMED);
      return c.redirect(COMMON_BASKET_PATH, 303);
    },
    (error) => commonBasketPage(c, { values: { stocktaking: values }, refused: { form: "stocktaking", error, fieldNames: fields.map((field) => field.name) } }),
  );
});

/**
 * docs/domain.md#manufacture-data-upload → uploadManufactureData(): the rows go into the common basket
 * and the page shows at once the rows it could not read, by row number (a report, not a redirect:
 * a reload re-posts the same idempotency key, which answers the first result and adds nothing).
 */
basketPages.post(`${COMMON_BASKET_PATH}/upload`, async (c) => {
  let warehouseId: string | undefined;
  return withFormErrors(
    async () => {
      const files = await readFileParts(c, MANUFACTURE_DATA_RULES);
      const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
      warehouseId = formValue(body[UPLOAD_WAREHOUSE_FIELD]);
      const result = await uploadManufactureData({ ctx: c.get("ctx"), input: { files, warehouseId, idempotencyKey: formValue(body.idempotencyKey) } });
      return await commonBasketPage(c, { values: { upload: { [UPLOAD_WAREHOUSE_FIELD]: warehouseId } }, uploadResult: result });
    },
    (error) => {
      // The service names the warehouse `warehouseId`; on this page the upload's field has its own name.
      const fields = Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name === "warehouseId" ? UPLOAD_WAREHOUSE_FIELD : name, message]));
      const named = AppError.fail(error.messages, fields);
      return commonBasketPage(c, {
        values: { upload: { [UPLOAD_WAREHOUSE_FIELD]: warehouseId } },
        refused: { form: "upload", error: named, fieldNames: [UPLOAD_WAREHOUSE_FIELD, MANUFACTURE_DATA_FIELD] },
      });
    },
  );
});

// ---- a warehouse basket -------------------------------------------------------------------------

async function warehouseBasketPage(c: AppContext, warehouseId: number, init: { values?: FormValues; error?: AppError } = {}) {
  const ctx = c.get("ctx");
  preloadLayout(c);
  const [basket, warehouses] = await Promise.all([getWarehouseBasket({ ctx, input: { warehouseId } }), listAllWarehouses({ ctx })]);
  const t = c.get("t");
  const fieldNames = transferFields(t, []).map((field) => field.name);
  const outcome = init.error ? formErrorsOf(t, init.error, fieldNames) : undefined;
  const view: WarehouseBasketView = {
    basket,
    targets: warehouses.filter((warehouse) => warehouse.id !== basket.warehouse.id).map((warehouse) => ({ id: warehouse.id, name: warehouse.name })),
    idempotencyKey: crypto.randomUUID(),
    values: init.values ?? {},
    outcome,
  };
  const toasts = outcome ? [refusalToast(c, outcome)] : [];
  return renderPage(c, <WarehouseBasketPage view={view} />, { status: outcome ? 422 : 200, toasts });
}

/** docs/domain.md#warehouse-basket; an unknown warehouse is 404. */
basketPages.get("/warehouse/basket/warehouse/:id{[0-9]+}", async (c) => warehouseBasketPage(c, idParam(c)));

/** docs/domain.md#warehouse-transfer: Transfer → transferBasket(); on success the user lands on the target warehouse's page. */
basketPages.post("/warehouse/basket/warehouse/:id{[0-9]+}/transfer", async (c) => {
  const warehouseId = idParam(c);
  const ctx = c.get("ctx");
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const values = formToInput(transferFields(c.get("t"), []), body);
  // An unknown warehouse is 404 before anything is read from the form.
  const basket = await getWarehouseBasket({ ctx, input: { warehouseId } });
  return withFormErrors(
    async () => {
      // No basket yet (nothing was ever added): the service's own "empty basket" refusal.
      if (basket.basketId === null) throw AppError.fail(msg("warehouseStock.basketEmpty", { warehouse: basket.warehouse.name }));
      const result = await transferBasket({ ctx, input: { sourceBasketId: basket.basketId, targetWarehouseId: values.targetWarehouseId, idempotencyKey: formValue(body.idempotencyKey) } });
      flash(c, "success", ITEMS_TRANSFORMED);
      return c.redirect(`/warehouse/${result.moves[0]!.targetWarehouseId!}`, 303);
    },
    (error) => warehouseBasketPage(c, warehouseId, { values, error }),
  );
});

// ---- a basket line without JavaScript -----------------------------------------------------------

/** The basket table's quantity form (Enter in the field): the line's new quantity, back with UPDATED or the refusal. */
basketPages.post("/warehouse/basket/items/:id{[0-9]+}/quantity", async (c) => {
  const id = idParam(c);
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  try {
    await setBasketItemQuantity({ ctx: c.get("ctx"), input: { id, quantity: formValue(body.quantity) } });
    flash(c, "success", "UPDATED");
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") flash(c, "warning", c.get("t")("basket.table.itemGone", { id }) as string);
    else if (isRefusal(error)) flashRefusal(c, error);
    else throw error;
  }
  return c.redirect(backPath(c, COMMON_BASKET_PATH), 303);
});

/** The basket table's remove button: back with DELETED; a line already gone says so. */
basketPages.post("/warehouse/basket/items/:id{[0-9]+}/remove", async (c) => {
  const id = idParam(c);
  try {
    await removeBasketItem({ ctx: c.get("ctx"), input: { id } });
    flash(c, "success", "DELETED");
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "NOT_FOUND") throw error;
    flash(c, "warning", c.get("t")("basket.table.itemGone", { id }) as string);
  }
  return c.redirect(backPath(c, COMMON_BASKET_PATH), 303);
});
