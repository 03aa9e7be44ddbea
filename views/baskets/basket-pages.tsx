/**
 * The basket pages (docs/domain.md#baskets; decision 027):
 * - the common basket: save-basket form, Source Warehouses with their previews and the down arrow
 *   (island basket-sources), the products to produce or count (island basket-table), the
 *   Production and Stocktaking forms, the barcode and CSV links, the upload of manufacture data;
 * - a warehouse basket: its lines (island basket-table) and the Transfer form.
 * Every form is a plain post to the page routes (src/modules/baskets/pages.tsx): a refusal
 * re-renders this page with 422 and the messages at the form that failed.
 */
import type { ReactNode } from "react";
import { Island } from "@islands/Island";
import BasketIdField from "@islands/baskets/basket-id-field";
import BasketSources, { type BasketSourcesTexts } from "@islands/baskets/basket-sources";
import BasketTable, { type BasketTableTexts } from "@islands/baskets/basket-table";
import { langOf, type T } from "@/lib/i18n";
import { type BasketItem, type BasketType, COMMON_WAREHOUSE_ID } from "@/modules/baskets/schemas";
import { basketBarcodesHref, basketCsvHref } from "@/modules/baskets/exports/schemas";
import {
  COMMON_BASKET_PATH,
  PRODUCTION_ACTION,
  SAVE_BASKET_ACTION,
  STOCKTAKING_ACTION,
  TRANSFER_ACTION,
  UPLOAD_ACTION,
  UPLOAD_WAREHOUSE_FIELD,
} from "@/modules/baskets/page-schemas";
import { BASKET_NAME_MAX } from "@/modules/baskets/saved/schemas";
import type { WarehouseBasketLines } from "@/modules/baskets/service";
import { INVENTORY_TRANSFER_TYPES, MANUFACTURE_DATA_FIELD, NEW_PRODUCT_NAME_MAX, type UploadManufactureDataResult } from "@/modules/warehouse/stock/schemas";
import { browserValidation, FieldRow, type FormField, type FormValues } from "../components/form";
import { Icon } from "../components/icons";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export const PRODUCTION_FORM_ID = "production-form";
export const TARGET_WAREHOUSE_SELECT_ID = "field-targetWarehouse";
export const COMMON_TABLE_ID = "common-basket";
export const WAREHOUSE_TABLE_ID = "warehouse-basket";
/** The upload's file input: its "No file uploaded yet." shows while it holds no file (CSS :invalid, no script needed). */
const UPLOAD_FILE_ID = "upload-data";

const PAGE_STYLES = `
.basket-page { display: grid; gap: 1.25rem; max-width: 960px; }
.basket-panel { background: var(--white, #fff); border: 1px solid var(--line, #d0d5dd); border-radius: var(--radius, 6px); padding: 1rem 1.25rem; display: grid; gap: .8rem; align-content: start; }
.basket-panel h2 { margin: 0; font-size: 1.1rem; }
.basket-panel h3 { margin: .4rem 0 0; font-size: 1rem; }
.basket-sources-panel .field label { font-size: 1.1rem; }
.basket-forms { display: grid; gap: 1.25rem; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); }
.basket-table td.basket-actions, .basket-table th.basket-actions { width: 1%; white-space: nowrap; text-align: right; }
.basket-table .basket-quantity { width: 8rem; text-align: right; padding: .3rem .4rem; border: 1px solid #b9c0bb; border-radius: 4px; font: inherit; }
.basket-table .basket-quantity[aria-invalid=true] { border-color: var(--red, #b42318); border-top-width: 3px; }
.basket-table .basket-quantity[data-state=saved] { border-color: var(--green, #2e7d32); }
.basket-table form { margin: 0; }
.basket-product-note { display: block; font-weight: 400; color: var(--muted, #667085); }
.basket-arrow { text-align: center; font-size: 2rem; line-height: 1; color: var(--muted, #667085); }
.basket-links { display: flex; flex-wrap: wrap; gap: .6rem; }
.basket-id-field { display: grid; gap: .3rem; margin: 0; }
.basket-id-field label { font-weight: 600; }
.basket-id-row { display: flex; gap: .5rem; flex-wrap: wrap; }
.basket-id-row input { flex: 1 1 14rem; max-width: 22rem; padding: .4rem .5rem; font: inherit; font-size: 1.1rem; }
.upload-no-file { color: var(--muted, #667085); }
#${UPLOAD_FILE_ID}:valid ~ .upload-no-file { display: none; }
.basket-upload-result ul, .basket-form-alert ul { margin: .3rem 0 0; padding-left: 1.2rem; }
`;

/** What one form of the page shows after a refused post: field errors and the messages of the form. */
export interface FormOutcome {
  errors: Record<string, string>;
  formErrors: string[];
}

const noOutcome: FormOutcome = { errors: {}, formErrors: [] };

export function basketTableTexts(t: T, caption: string, options: { consumed?: boolean } = {}): BasketTableTexts {
  return {
    lang: langOf(t),
    caption,
    id: t("basket.table.id"),
    product: t("basket.table.product"),
    productNote: options.consumed ? t("basket.table.consumedNote") : undefined,
    quantity: t("basket.table.quantity"),
    actions: t("basket.table.actions"),
    empty: t("basket.table.empty"),
    quantityOf: t("basket.table.quantityOf", { name: "{{name}}" }),
    removeOf: t("basket.table.removeOf", { name: "{{name}}" }),
    saved: t("basket.table.saved", { name: "{{name}}" }),
    removed: t("basket.table.removed", { name: "{{name}}" }),
    gone: t("basket.table.gone"),
    genericError: t("GENERIC_ERROR"),
  };
}

const warehouseOptions = (warehouses: { id: number; name: string }[]) => warehouses.map((warehouse) => ({ value: String(warehouse.id), label: warehouse.name }));

/** The messages of a refused form that belong to no field (a shortage names each product here). */
function FormAlert({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div className="alert alert-warning basket-form-alert" role="alert">
      <Icon name="alert" />{" "}
      {messages.length === 1 ? (
        <strong>{messages[0]}</strong>
      ) : (
        <>
          <strong>{messages[0]}</strong>
          <ul>
            {messages.slice(1).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** One of the page's forms: a panel with its title, refusal, fields and submit button. */
function BasketForm(props: {
  id: string;
  title: string;
  action: string;
  idempotencyKey: string;
  submitLabel: string;
  outcome: FormOutcome;
  fields: FormField[];
  values: FormValues;
  multipart?: boolean;
  children?: ReactNode;
}) {
  const { t } = useView();
  return (
    <section className="basket-panel" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      <FormAlert messages={props.outcome.formErrors} />
      <form
        id={props.id}
        method="post"
        action={props.action}
        encType={props.multipart ? "multipart/form-data" : undefined}
        className="basket-form"
        noValidate
        {...browserValidation(t)}
      >
        <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
        {props.fields.map((field) => (
          <FieldRow key={field.name} field={field} value={props.values[field.name]} error={props.outcome.errors[field.name]} />
        ))}
        {props.children}
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            {props.submitLabel}
          </button>
        </div>
      </form>
    </section>
  );
}

export type CommonBasketForm = "save" | "production" | "stocktaking" | "upload";

export interface CommonBasketView {
  userId: number;
  items: BasketItem[];
  sources: WarehouseBasketLines[];
  /** Source basket ids selected, in picking order. */
  selected: number[];
  warehouses: { id: number; name: string }[];
  /** A fresh idempotency key per form and render. */
  keys: Record<CommonBasketForm, string>;
  values: Partial<Record<CommonBasketForm, FormValues>>;
  outcomes: Partial<Record<CommonBasketForm, FormOutcome>>;
  uploadResult?: UploadManufactureDataResult;
}

export function productionFields(t: T, warehouses: { id: number; name: string }[]): FormField[] {
  return [
    { name: "targetWarehouse", label: t("basket.production.targetWarehouse"), kind: "select", required: true, emptyOption: t("warehouse.choose"), options: warehouseOptions(warehouses) },
    { name: "newProductName", label: t("basket.production.newProductName"), kind: "text", maxLength: NEW_PRODUCT_NAME_MAX, hint: t("basket.production.newProductHint") },
  ];
}

export function stocktakingFields(t: T, warehouses: { id: number; name: string }[]): FormField[] {
  return [
    {
      name: "transferType",
      label: t("basket.stocktaking.transferType"),
      kind: "select",
      required: true,
      emptyOption: t("warehouse.choose"),
      options: INVENTORY_TRANSFER_TYPES.map((type) => ({ value: type, label: t(type === "INVENTORY_IN" ? "basket.stocktaking.in" : "basket.stocktaking.out") })),
    },
    { name: "warehouseId", label: t("basket.stocktaking.warehouseId"), kind: "select", required: true, emptyOption: t("warehouse.choose"), options: warehouseOptions(warehouses) },
  ];
}

function UploadFileField({ error }: { error?: string }) {
  const { t } = useView();
  return (
    <div className={`field field-custom field-required${error ? " field-invalid" : ""}`}>
      <label htmlFor={UPLOAD_FILE_ID}>
        {t("basket.upload.file")}
        <span className="required-mark" title={t("form.requiredMark")} aria-hidden="true">
          *
        </span>
      </label>
      <input id={UPLOAD_FILE_ID} type="file" name={MANUFACTURE_DATA_FIELD} accept=".xlsx" required aria-describedby={`${UPLOAD_FILE_ID}-hint ${UPLOAD_FILE_ID}-error`} />
      <small className="upload-no-file" data-no-file="">
        {t("basket.upload.noFile")}
      </small>
      <small id={`${UPLOAD_FILE_ID}-hint`} className="field-hint">
        {t("basket.upload.hint")}
      </small>
      <small id={`${UPLOAD_FILE_ID}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </small>
    </div>
  );
}

function UploadResult({ result }: { result: UploadManufactureDataResult }) {
  const { t } = useView();
  return (
    <div className={`alert ${result.unread.length ? "alert-warning" : "alert-info"} basket-upload-result`} role="status">
      <p>{t("basket.upload.read", { warehouse: result.warehouse.name, count: result.lines.length })}</p>
      {result.unread.length ? (
        <>
          <p>{t("basket.upload.unreadTitle")}</p>
          <ul>
            {result.unread.map((row) => (
              <li key={row.row} data-row={row.row}>
                {t("warehouseStock.upload.row", { row: row.row, reason: row.reason })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * docs/domain.md#basket-id-field: the id field above a basket's table. Its form's own key serves the post
 * without JavaScript (one render, one add); the island makes a key per act.
 */
function IdField({ type, warehouseId, tableId }: { type: BasketType; warehouseId: number; tableId: string }) {
  const { t } = useView();
  return (
    <Island
      name="basket-id-field"
      component={BasketIdField}
      props={{
        type,
        warehouseId,
        tableId,
        idempotencyKey: crypto.randomUUID(),
        texts: {
          label: t("basket.idField.label"),
          placeholder: t("basket.idField.placeholder"),
          hint: t("basket.idField.hint"),
          submit: t("basket.idField.submit"),
          genericError: t("basket.idField.genericError"),
        },
      }}
    />
  );
}

/** docs/domain.md#baskets: the common basket page. */
export function CommonBasketPage({ view }: { view: CommonBasketView }) {
  const { t } = useView();
  const outcome = (form: CommonBasketForm) => view.outcomes[form] ?? noOutcome;
  /** What each of the page's forms carries of its own state: its retry key, its last outcome, the values it sent. */
  const stateOf = (form: CommonBasketForm) => ({ idempotencyKey: view.keys[form], outcome: outcome(form), values: view.values[form] ?? {} });
  const sourceTexts: BasketSourcesTexts = {
    label: t("basket.sources.label"),
    hint: t("basket.sources.hint"),
    option: t("basket.sources.option", { name: "{{name}}", count: "{{count}}" }),
    none: t("basket.sources.none"),
    show: t("basket.sources.show"),
    previewTitle: t("basket.sources.previewTitle", { name: "{{name}}" }),
    table: basketTableTexts(t, "", { consumed: true }),
  };
  const saveFields: FormField[] = [{ name: "basketName", label: t("basket.save.basketName"), kind: "text", required: true, maxLength: BASKET_NAME_MAX }];
  const uploadFields: FormField[] = [
    { name: UPLOAD_WAREHOUSE_FIELD, label: t("basket.upload.warehouseId"), kind: "select", required: true, emptyOption: t("warehouse.choose"), options: warehouseOptions(view.warehouses) },
  ];
  return (
    <AppLayout title={t("basket.commonTitle")}>
      <style dangerouslySetInnerHTML={{ __html: PAGE_STYLES }} />
      <div className="basket-page">
        <BasketForm
          id="save-basket-form"
          title={t("basket.save.title")}
          action={SAVE_BASKET_ACTION}
          submitLabel={t("basket.save.submit")}
          fields={saveFields}
          {...stateOf("save")}
        />

        {/* The select's own label heads this panel. */}
        <section className="basket-panel basket-sources-panel" aria-label={t("basket.sources.label")}>
          <Island
            name="basket-sources"
            component={BasketSources}
            props={{
              baskets: view.sources.map((source) => ({ basketId: source.basketId!, warehouse: source.warehouse, items: source.items })),
              selected: view.selected,
              formId: PRODUCTION_FORM_ID,
              targetSelectId: TARGET_WAREHOUSE_SELECT_ID,
              pagePath: COMMON_BASKET_PATH,
              error: outcome("production").errors.sourceBaskets,
              texts: sourceTexts,
            }}
          />
        </section>

        <section className="basket-panel" aria-labelledby="common-basket-title">
          <h2 id="common-basket-title">{t("basket.table.commonCaption")}</h2>
          <IdField type="COMMON" warehouseId={COMMON_WAREHOUSE_ID} tableId={COMMON_TABLE_ID} />
          <Island
            name="basket-table"
            component={BasketTable}
            props={{ tableId: COMMON_TABLE_ID, rows: view.items, editable: true, texts: basketTableTexts(t, t("basket.table.commonCaption")) }}
          />
        </section>

        <div className="basket-forms">
          <BasketForm
            id={PRODUCTION_FORM_ID}
            title={t("basket.production.title")}
            action={PRODUCTION_ACTION}
            submitLabel={t("basket.production.submit")}
            fields={productionFields(t, view.warehouses)}
            {...stateOf("production")}
          />
          <BasketForm
            id="stocktaking-form"
            title={t("basket.stocktaking.title")}
            action={STOCKTAKING_ACTION}
            submitLabel={t("basket.stocktaking.submit")}
            fields={stocktakingFields(t, view.warehouses)}
            {...stateOf("stocktaking")}
          />
        </div>

        <div className="basket-links">
          <a className="button" href={basketBarcodesHref(view.userId)} target="_blank" rel="noopener" data-link="barcodes">
            {t("basket.links.barcodes")} <span className="visually-hidden">{t("basket.links.newTab")}</span>
          </a>
          <a className="button" href={basketCsvHref(view.userId)} target="_blank" rel="noopener" data-link="csv">
            {t("basket.links.csv")} <span className="visually-hidden">{t("basket.links.newTab")}</span>
          </a>
        </div>

        {view.uploadResult ? <UploadResult result={view.uploadResult} /> : null}
        <BasketForm
          id="upload-form"
          title={t("basket.upload.title")}
          action={UPLOAD_ACTION}
          submitLabel={t("basket.upload.submit")}
          fields={uploadFields}
          {...stateOf("upload")}
          multipart
        >
          <UploadFileField error={outcome("upload").errors[MANUFACTURE_DATA_FIELD]} />
        </BasketForm>
      </div>
    </AppLayout>
  );
}

export interface WarehouseBasketView {
  basket: WarehouseBasketLines;
  /** The transfer's possible targets: every warehouse but the basket's own. */
  targets: { id: number; name: string }[];
  idempotencyKey: string;
  values: FormValues;
  outcome?: FormOutcome;
}

export function transferFields(t: T, targets: { id: number; name: string }[]): FormField[] {
  return [{ name: "targetWarehouseId", label: t("basket.transfer.targetWarehouseId"), kind: "select", required: true, emptyOption: t("warehouse.choose"), options: warehouseOptions(targets) }];
}

/** docs/domain.md#warehouse-basket. */
export function WarehouseBasketPage({ view }: { view: WarehouseBasketView }) {
  const { t } = useView();
  const { warehouse } = view.basket;
  const caption = t("basket.table.warehouseCaption", { name: warehouse.name });
  return (
    <AppLayout title={t("basket.warehouseTitle", { name: warehouse.name })}>
      <style dangerouslySetInnerHTML={{ __html: PAGE_STYLES }} />
      <div className="basket-page">
        <section className="basket-panel" aria-label={caption}>
          <IdField type="WAREHOUSE" warehouseId={warehouse.id} tableId={WAREHOUSE_TABLE_ID} />
          <Island name="basket-table" component={BasketTable} props={{ tableId: WAREHOUSE_TABLE_ID, rows: view.basket.items, editable: true, texts: basketTableTexts(t, caption) }} />
        </section>
        <BasketForm
          id="transfer-form"
          title={t("basket.transfer.title")}
          action={TRANSFER_ACTION(warehouse.id)}
          idempotencyKey={view.idempotencyKey}
          submitLabel={t("basket.transfer.submit")}
          outcome={view.outcome ?? noOutcome}
          fields={transferFields(t, view.targets)}
          values={view.values}
        >
          <p className="field-hint">{t("basket.transfer.hint", { name: warehouse.name })}</p>
        </BasketForm>
      </div>
    </AppLayout>
  );
}
