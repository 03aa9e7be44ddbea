import type { ReactNode } from "react";
import { FENCE_ORDER_STATUSES, type FenceOrderRow } from "@/modules/orders/fence-order/schemas";
import { fenceOfferHref } from "@/modules/orders/fence-offer/schemas";
import { offerEmailHref } from "./email-log";
import type { CustomerData } from "@/modules/orders/fence-order/service";
import type { ItemsCheck } from "@/modules/orders/fence-item/service";
import type { T } from "@/lib/i18n";
import { EntityForm, FieldRow, type FormField, type FormValues } from "../components/form";
import { Icon } from "../components/icons";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { FENCE_ORDER_PATH, statusLabel } from "./fence-order-list";

/** docs/domain.md#fence-order-editor: 0 Common, 1 Items, 2 Promises, 3 Files, 4 Invoices, 5 Planning, 6 Manufacture/Painting, 7 Shipment, 8 Assembly. */
export const FENCE_ORDER_TABS = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

export const CUSTOMER_FIELDS_ID = "customer-fields";

/** The Common tab's fields, by section (names are the API's). */
export function fenceOrderSections(t: T, vatRates: number[]): Record<"personal" | "billing" | "delivery" | "payment" | "dates" | "other", FormField[]> {
  const f = (name: string, kind: FormField["kind"], extra: Partial<FormField> = {}): FormField => ({ name, label: t(`fenceOrder.${name}`), kind, ...extra });
  return {
    personal: [f("firstName", "text", { required: true }), f("lastName", "text", { required: true }), f("phone", "text", { required: true, autoComplete: "tel" }), f("email", "email", { required: true })],
    billing: [f("company", "text"), f("ico", "text", { maxLength: 10 }), f("dic", "text", { maxLength: 14 }), f("street", "text"), f("city", "text"), f("postalCode", "text", { maxLength: 6 })],
    delivery: [
      f("deliveryCompany", "text"),
      f("deliveryFirstName", "text"),
      f("deliveryLastName", "text"),
      f("deliveryStreet", "text"),
      f("deliveryCity", "text"),
      f("deliveryPostalCode", "text", { maxLength: 6 }),
    ],
    payment: [
      f("paymentRuleConfirmation", "integer", { required: true, unit: "%" }),
      f("paymentRuleDelivery", "integer", { required: true, unit: "%" }),
      f("paymentRuleCompletion", "integer", { required: true, unit: "%" }),
    ],
    dates: [f("offerDate", "date", { required: true }), f("measurementDate", "date"), f("orderDate", "date"), f("deadline", "date")],
    other: [
      f("vat", "select", { required: true, options: vatRates.map((rate) => ({ value: String(rate), label: `${String(rate).replace(".", ",")} %` })) }),
      f("delivery", "text", { required: true }),
      f("note", "textarea"),
      f("priorityOrder", "checkbox"),
    ],
  };
}

export const allFields = (sections: ReturnType<typeof fenceOrderSections>): FormField[] => [
  ...sections.personal,
  ...sections.billing,
  { name: "deliveryAddress", label: "", kind: "checkbox" },
  ...sections.delivery,
  ...sections.payment,
  ...sections.dates,
  ...sections.other,
];

function Section({ title, fields, values, errors, children }: { title: string; fields: FormField[]; values: FormValues; errors: Record<string, string>; children?: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend>{title}</legend>
      {fields.map((field) => (
        <FieldRow key={field.name} field={field} value={values[field.name]} error={errors[field.name]} />
      ))}
      {children}
    </fieldset>
  );
}

/** Personal and billing data with the customer lookup (beyond the spec); the lookup's "fill" swaps this block. */
export function CustomerFields({ sections, values, errors }: { sections: ReturnType<typeof fenceOrderSections>; values: FormValues; errors: Record<string, string> }) {
  const { t } = useView();
  return (
    <div id={CUSTOMER_FIELDS_ID} className="customer-fields">
      <Section title={t("fenceOrder.sections.personal")} fields={sections.personal} values={values} errors={errors} />
      <Section title={t("fenceOrder.sections.billing")} fields={sections.billing} values={values} errors={errors} />
      <div className="customer-lookup">
        <button
          type="button"
          className="button"
          hx-get={`${FENCE_ORDER_PATH}/lookup`}
          hx-include={["phone", "email", "ico", "lastName", "company"].map((name) => `#${CUSTOMER_FIELDS_ID} [name=${name}]`).join(", ")}
          hx-target="#customer-lookup-result"
          title={t("fenceOrder.lookupHint")}
        >
          {t("fenceOrder.lookup")}
        </button>
        <div id="customer-lookup-result" role="status" />
      </div>
    </div>
  );
}

/** What the lookup offers: the earlier customer and a button filling their data in. */
export function CustomerLookupResult({ customer, query }: { customer: CustomerData | null; query: string }) {
  const { t } = useView();
  if (!customer) return <p className="lookup-none">{t("fenceOrder.lookupNone")}</p>;
  const href = `${FENCE_ORDER_PATH}/lookup?${query}&fill=1`;
  return (
    <p className="lookup-found">
      {customer.orderId === null
        ? t("fenceOrder.lookupFoundContact", { name: [[customer.firstName, customer.lastName].filter(Boolean).join(" "), customer.company].filter(Boolean).join(", ") })
        : t("fenceOrder.lookupFound", { id: customer.orderId, name: `${customer.firstName} ${customer.lastName}${customer.company ? `, ${customer.company}` : ""}` })}{" "}
      <button type="button" className="button" hx-get={href} hx-target={`#${CUSTOMER_FIELDS_ID}`} hx-swap="outerHTML">
        {t("fenceOrder.lookupFill")}
      </button>
    </p>
  );
}

// The delivery address shows only while its checkbox is on (no script: :has()).
const EDITOR_STYLES = `
.fence-order-form form:has(#field-deliveryAddress:not(:checked)) .delivery-address-fields { display: none; }
.fence-order-form .form-section { border: 1px solid var(--line, #d9ddd6); border-radius: 6px; margin: 0 0 1rem; padding: .5rem 1rem; }
`;

export function CommonTab(props: {
  order: FenceOrderRow | null;
  sections: ReturnType<typeof fenceOrderSections>;
  values: FormValues;
  errors: Record<string, string>;
  formErrors: string[];
  /** What the order's items tab holds: how many rows, and the fence items the engine refuses (null for a new order). */
  items: ItemsCheck | null;
}) {
  const { t } = useView();
  const { order, sections, values, errors } = props;
  const action = order ? `${FENCE_ORDER_PATH}/${order.id}` : `${FENCE_ORDER_PATH}/new`;
  return (
    <div className="fence-order-common">
      <style dangerouslySetInnerHTML={{ __html: EDITOR_STYLES }} />
      {order && props.items ? <ItemsWarning orderId={order.id} items={props.items} /> : null}
      <div className="fence-order-form">
        <EntityForm action={action} fields={[]} values={{}} errors={errors} formErrors={props.formErrors} cancelHref={FENCE_ORDER_PATH}>
        <CustomerFields sections={sections} values={values} errors={errors} />
        <fieldset className="form-section">
          <legend>{t("fenceOrder.sections.delivery")}</legend>
          <FieldRow field={{ name: "deliveryAddress", label: t("fenceOrder.deliveryAddress"), kind: "checkbox" }} value={values.deliveryAddress} />
          <div className="delivery-address-fields">
            {sections.delivery.map((field) => (
              <FieldRow key={field.name} field={field} value={values[field.name]} error={errors[field.name]} />
            ))}
          </div>
        </fieldset>
        <Section title={t("fenceOrder.sections.payment")} fields={sections.payment} values={values} errors={errors} />
        <Section title={t("fenceOrder.sections.dates")} fields={sections.dates} values={values} errors={errors} />
        <Section title={t("fenceOrder.sections.other")} fields={sections.other} values={values} errors={errors} />
        </EntityForm>
      </div>
      {order ? <OfferButtons orderId={order.id} /> : null}
      {order ? <StatusForm order={order} /> : null}
    </div>
  );
}

/** docs/domain.md#fence-order-editor: the Common tab warns while the order has no items, or has items the engine's validation refuses. */
function ItemsWarning({ orderId, items }: { orderId: number; items: ItemsCheck }) {
  const { t } = useView();
  if (items.count === 0) {
    return (
      <div className="alert alert-warning items-warning" role="note">
        <Icon name="alert" /> {t("fenceOrder.noItemsWarning")}
      </div>
    );
  }
  if (!items.invalid.length) return null;
  const fieldLabel = (field: string) => t(`fenceItem.field.${field}`, { defaultValue: field }) as string;
  return (
    <div className="alert alert-warning items-warning invalid-items" role="note">
      <Icon name="alert" /> {t("fenceItem.invalidItems", { count: items.invalid.length })}{" "}
      <a href={`${FENCE_ORDER_PATH}/${orderId}?tab=1`}>{t("fenceItem.openItemsTab")}</a>
      <ul>
        {items.invalid.map((item) => (
          <li key={item.id} data-item-id={item.id}>
            {t("fenceItem.invalidItem", {
              position: item.position,
              type: item.productType ? t(`fenceItem.productType.${item.productType}`) : "",
              fields: [...new Set(item.errors.map((error) => error.field))].map(fieldLabel).join(", "),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** docs/domain.md#offer-pdf: the offer PDF, shown from the cache or built anew, in a new tab. */
function OfferButtons({ orderId }: { orderId: number }) {
  const { t } = useView();
  return (
    <div className="offer-buttons form-actions">
      <a className="button" href={fenceOfferHref(orderId)} target="_blank" rel="noopener" title={t("fenceOffer.showHint")} data-offer="show">
        {t("fenceOffer.show")}
      </a>{" "}
      <a className="button" href={fenceOfferHref(orderId, { regenerate: true })} target="_blank" rel="noopener" title={t("fenceOffer.regenerateHint")} data-offer="regenerate">
        {t("fenceOffer.regenerate")}
      </a>{" "}
      <a className="button send-email-button" href={offerEmailHref(orderId)} data-offer="email">
        {t("emailSending.sendOffer")}
      </a>
    </div>
  );
}

function StatusForm({ order }: { order: FenceOrderRow }) {
  const { t } = useView();
  return (
    <form method="post" action={`${FENCE_ORDER_PATH}/${order.id}/status`} className="entity-form status-form">
      <fieldset className="form-section">
        <legend>{t("fenceOrder.sections.status")}</legend>
        <p>
          {t("fenceOrder.status")}: <strong className="current-status">{statusLabel(t, order.status)}</strong>
          {order.statusSetManually ? <em> ({t("fenceOrder.statusManual")})</em> : null}
        </p>
        <div className="field field-select">
          <label htmlFor="field-status">{t("fenceOrder.status")}</label>
          <select id="field-status" name="status" defaultValue={order.statusSetManually ? order.status : "AUTO"}>
            <option value="AUTO">{t("fenceOrder.statusAuto")}</option>
            {FENCE_ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(t, status)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t("fenceOrder.changeStatus")}
        </button>
      </fieldset>
    </form>
  );
}

/** The tabbed editor: tabs are `?tab=` links; tab 1 (`panel`, the items editor) comes with the page, tabs 2–8 load their fragment from `/tab/<index>`. */
export function FenceOrderEditorPage(props: { order: FenceOrderRow | null; tab: number; common: ReactNode; panel?: ReactNode }) {
  const { t } = useView();
  const { order, tab } = props;
  const base = order ? `${FENCE_ORDER_PATH}/${order.id}` : `${FENCE_ORDER_PATH}/new`;
  return (
    <AppLayout title={order ? t("fenceOrder.editTitle", { id: order.id }) : t("fenceOrder.newTitle")}>
      <nav
        role="tablist"
        className="product-tablist fence-order-tablist"
        aria-label={t("fenceOrder.entity")}
        // docs/domain.md#fence-order-editor: on a small screen an order opens on Items (tab 1); public/app.js follows this link there.
        data-narrow-default={order ? `${base}?tab=1` : undefined}
      >
        {FENCE_ORDER_TABS.map((index) =>
          order || index === 0 ? (
            <a key={index} role="tab" href={index === 0 ? base : `${base}?tab=${index}`} aria-selected={index === tab ? "true" : "false"}>
              {t(`fenceOrder.tabs.${index}`)}
            </a>
          ) : (
            <span key={index} role="tab" aria-selected="false" aria-disabled="true">
              {t(`fenceOrder.tabs.${index}`)}
            </span>
          ),
        )}
      </nav>
      <section role="tabpanel" id={`fence-order-panel-${tab}`}>
        {tab === 0 || !order ? (
          props.common
        ) : props.panel ? (
          props.panel
        ) : (
          <div hx-get={`${base}/tab/${tab}`} hx-trigger="load" hx-swap="outerHTML">
            <p className="tab-skeleton" aria-busy="true">
              {t("table.loading")}
            </p>
          </div>
        )}
      </section>
    </AppLayout>
  );
}

