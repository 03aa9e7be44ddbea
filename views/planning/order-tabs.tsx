/**
 * The fence order's planning tabs (docs/domain.md#planning-rules), fragments the editor loads:
 * - 5 Planning: each fence item with what is planned and what remains, a form planning amounts of
 *   them on a day with a van for delivery and/or assembly, and the order's plans (delete);
 * - 6 Manufacture/Painting: the manufacture and painting dates and the plan's lines;
 * - 7 Shipment and 8 Assembly: each planned item marked delivered or assembled with the date and
 *   the crew's note.
 * Built from the shared pieces: the facts in an info box, tables in the data table's frame, the
 * fields as the entity forms draw them (dates with the shared date input, dd.mm.yyyy). Plain forms
 * (they work without JavaScript); with htmx each answers its tab again.
 */
import { formatCzechDate } from "@/lib/dates";
import { formatDecimal } from "@/lib/money";
import { type ManufacturePlan, manufacturePlanDetailHref, type PlanColour, PLANNING_PATH, type PlanningVan } from "@/modules/planning/schemas";
import type { OrderPlanEntry, OrderPlanning, OrderPlanningItem } from "@/modules/planning/service";
import { ORDERED_MATERIAL_PATH } from "@/modules/orders/ordered-material/schemas";
import { formatSpz } from "@/modules/settings/delivery-van/schemas";
import { StaticTable, type TableColumn } from "../components/data-table";
import { browserValidation, dateInputAttributes, FieldRow } from "../components/form";
import { Icon } from "../components/icons";
import { type InfoItem, InfoBox } from "../components/info-box";
import { useView } from "../view-context";
import { ManufacturePlanLines } from "./manufacture-pages";

export const PLANNING_TAB_ID = "order-planning-tab";
export const orderPlanningAction = (orderId: number, action: string) => `/orders/fenceOrder/${orderId}/${action}`;

/** htmx: post the form and put the answer in place of the tab. */
const htmxForm = (action: string) => ({ method: "post", action, "hx-post": action, "hx-target": `#${PLANNING_TAB_ID}`, "hx-swap": "outerHTML" }) as const;

/** The tab's facts (an info box): the order's status, and what the tab adds (tab 5's readiness); a refusal's messages above. */
function TabFrame({ title, status, facts = [], errors, children }: { title: string; status: string; facts?: InfoItem[]; errors?: string[]; children: React.ReactNode }) {
  const { t } = useView();
  return (
    <section id={PLANNING_TAB_ID} className="order-planning-tab" aria-label={title}>
      {errors?.length ? (
        <div className="alert alert-warning" role="alert">
          <Icon name="alert" />{" "}
          {errors.map((text) => (
            <span key={text}>{text} </span>
          ))}
        </div>
      ) : null}
      <InfoBox
        label={title}
        items={[{ label: t("planning.tab.status"), value: <strong data-order-status={status}>{t(`fenceOrderStatus.${status}`)}</strong> }, ...facts]}
      />
      {children}
    </section>
  );
}

const pieces = (value: number, lang: "cs" | "en") => formatDecimal(value, lang, 3);

/** The plan's types in words, on its colour (the grid's card colours). */
const PlanSwatch = ({ color }: { color: PlanColour }) => {
  const { t } = useView();
  return <span className={`plan-card plan-${color}`}>{t(`planning.colour.${color}`)}</span>;
};

export function PlanningTab({ planning, vans, shortLines, idempotencyKey, errors }: { planning: OrderPlanning; vans: PlanningVan[]; shortLines: number; idempotencyKey: string; errors?: string[] }) {
  const { t, lang } = useView();
  const { order, items, plans } = planning;
  const open = items.filter((item) => item.deliveryRemaining > 0 || item.assemblyRemaining > 0);
  const manufactured = planning.manufactured === null ? "none" : planning.manufactured ? "done" : "pending";
  const facts: InfoItem[] = [
    {
      label: t("planning.tab.material"),
      value: (
        <span data-readiness="material" data-short={shortLines}>
          <Icon name={shortLines ? "alert" : "check"} /> <a href={`${ORDERED_MATERIAL_PATH}?orders=${order.id}`}>{shortLines ? t("planning.readiness.materialShort", { count: shortLines }) : t("planning.readiness.materialInStock")}</a>
        </span>
      ),
    },
    {
      label: t("planning.tab.manufacture"),
      value: (
        <span data-readiness="manufactured" data-state={manufactured}>
          <Icon name={manufactured === "done" ? "check" : "alert"} /> {t(`planning.readiness.manufactured.${manufactured}`)}
        </span>
      ),
    },
  ];
  const itemLabel = (item: OrderPlanningItem) => item.name ?? t(`planning.productType.${item.productType}`, { defaultValue: item.productType });
  const itemColumns: TableColumn<OrderPlanningItem>[] = [
    { key: "item", label: t("planning.tab.item"), render: itemLabel },
    { key: "amount", label: t("planning.tab.amount"), align: "end", nowrap: true, render: (item) => pieces(item.amount, lang) },
    { key: "deliveryPlanned", label: t("planning.tab.plannedDelivery"), align: "end", nowrap: true, render: (item) => pieces(item.deliveryPlanned, lang) },
    { key: "assemblyPlanned", label: t("planning.tab.plannedAssembly"), align: "end", nowrap: true, render: (item) => pieces(item.assemblyPlanned, lang) },
    {
      key: "toPlan",
      label: t("planning.tab.toPlan"),
      render: (item) => {
        const left = Math.min(item.deliveryRemaining, item.assemblyRemaining) || Math.max(item.deliveryRemaining, item.assemblyRemaining);
        return left > 0 ? (
          <input
            type="text"
            className="plan-amount"
            inputMode="decimal"
            autoComplete="off"
            name={`amount.${item.id}`}
            defaultValue={formatDecimal(left, lang, 3)}
            size={6}
            aria-label={`${t("planning.tab.toPlan")}: ${itemLabel(item)}`}
          />
        ) : (
          <Icon name="check" label={t("planning.tab.planned")} />
        );
      },
    },
  ];
  const planColumns: TableColumn<OrderPlanEntry>[] = [
    { key: "date", label: t("planning.date"), nowrap: true, render: (plan) => <a href={`${PLANNING_PATH}?from=${plan.date}&to=${plan.date}`}>{formatCzechDate(plan.date)}</a> },
    { key: "vehicle", label: t("planning.van"), render: (plan) => `${plan.vehicle.name} (${formatSpz(plan.vehicle.spz)})` },
    { key: "types", label: t("planning.tab.types"), render: (plan) => <PlanSwatch color={plan.color} /> },
    { key: "items", label: t("planning.tab.planItems"), render: (plan) => plan.items.map((line) => `${line.name ?? line.productType} ${pieces(line.amount, lang)}×`).join(", ") },
    {
      key: "delete",
      label: t("planning.tab.actions"),
      align: "end",
      render: (plan) => (
        <form {...htmxForm(orderPlanningAction(order.id, `planning/${plan.id}/delete`))} className="inline-form" hx-confirm={t("planning.tab.confirmDelete")}>
          <input type="hidden" name="version" value={plan.version} />
          <button type="submit" className="button">
            {t("planning.tab.deletePlan")}
          </button>
        </form>
      ),
    },
  ];
  return (
    <TabFrame title={t("fenceOrder.tabs.5")} status={order.status} facts={facts} errors={errors}>
      <h2 className="tab-section-title">{t("planning.tab.items")}</h2>
      {items.length === 0 ? (
        <p className="empty-row">{t("planning.tab.noItems")}</p>
      ) : (
        <form
          {...htmxForm(orderPlanningAction(order.id, "planning"))}
          className="plan-form"
          noValidate
          {...browserValidation(t)}
          hx-confirm={planning.manufactured ? undefined : t("planning.tab.confirmNotManufactured")}
        >
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <StaticTable columns={itemColumns} rows={items} rowKey={(item) => item.id} rowProps={(item) => ({ "data-item-id": item.id })} label={t("planning.tab.items")} />
          {open.length ? (
            <fieldset className="form-inline plan-form-fields">
              <legend>{t("planning.tab.newPlan")}</legend>
              <FieldRow field={{ name: "date", label: t("planning.date"), kind: "date", required: true }} value="" />
              <FieldRow
                field={{ name: "vanId", label: t("planning.van"), kind: "select", required: true, options: vans.map((van) => ({ value: String(van.id), label: `${van.name} (${formatSpz(van.spz)})` })) }}
                value=""
              />
              <FieldRow field={{ name: "delivery", label: t("planning.delivery"), kind: "checkbox" }} value={true} />
              <FieldRow field={{ name: "assembly", label: t("planning.assembly"), kind: "checkbox" }} value={false} />
              <div className="form-actions">
                <button type="submit" className="button button-primary">
                  {t("planning.tab.plan")}
                </button>
              </div>
            </fieldset>
          ) : null}
        </form>
      )}
      <h2 className="tab-section-title">{t("planning.tab.plans")}</h2>
      <StaticTable columns={planColumns} rows={plans} rowKey={(plan) => plan.id} rowProps={(plan) => ({ "data-plan-id": plan.id })} label={t("planning.tab.plans")} empty={t("planning.tab.noPlans")} />
      <p className="tab-links">
        <a href={PLANNING_PATH}>{t("planning.tab.grid")}</a>
      </p>
    </TabFrame>
  );
}

export function ManufactureTab({ orderId, status, plan, errors }: { orderId: number; status: string; plan: ManufacturePlan | null; errors?: string[] }) {
  const { t } = useView();
  return (
    <TabFrame title={t("fenceOrder.tabs.6")} status={status} errors={errors}>
      {plan ? null : <p className="empty-row">{t("planning.tab.noManufacturePlan")}</p>}
      <form {...htmxForm(orderPlanningAction(orderId, "manufacturePlan"))} className="plan-form" noValidate {...browserValidation(t)}>
        <div className="form-inline plan-form-fields">
          <FieldRow field={{ name: "manufactureDate", label: t("planning.manufacture"), kind: "date", required: true }} value={plan?.manufactureDate} />
          <FieldRow field={{ name: "paintingDate", label: t("planning.painting"), kind: "date" }} value={plan?.paintingDate} />
          <div className="form-actions">
            <button type="submit" className="button button-primary">
              {t("action.save")}
            </button>
          </div>
        </div>
      </form>
      {plan ? (
        <>
          <ManufacturePlanLines plan={plan} />
          <p className="tab-links">
            <a href={manufacturePlanDetailHref(plan.id)}>{t("planning.tab.detail")}</a>
          </p>
        </>
      ) : null}
    </TabFrame>
  );
}

/** Tabs 7 (delivered) and 8 (assembled): a row per planned item of the plans of that kind. */
export function MarksTab({ planning, kind, errors }: { planning: OrderPlanning; kind: "delivered" | "assembled"; errors?: string[] }) {
  const { t, lang } = useView();
  const plans = planning.plans.filter((plan) => (kind === "delivered" ? plan.delivery : plan.assembly));
  const action = orderPlanningAction(planning.order.id, `marks/${kind}`);
  return (
    <TabFrame title={t(`fenceOrder.tabs.${kind === "delivered" ? 7 : 8}`)} status={planning.order.status} errors={errors}>
      {plans.length === 0 ? <p className="empty-row">{t("planning.tab.nothingToMark")}</p> : null}
      {plans.map((plan) => (
        <div key={plan.id} className="plan-marks" data-plan-id={plan.id}>
          <h3 className="tab-section-title">{`${formatCzechDate(plan.date)} · ${plan.vehicle.name} (${formatSpz(plan.vehicle.spz)})`}</h3>
          <div className="data-table">
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t("planning.tab.item")}</th>
                    <th scope="col">{t("planning.tab.amount")}</th>
                    <th scope="col">{t(`planning.tab.${kind}`)}</th>
                    <th scope="col">{t("planning.tab.note")}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t("planning.tab.save")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {plan.items.map((line) => {
                    const formId = `mark-${kind}-${line.id}`;
                    const name = line.name ?? line.productType;
                    const done = kind === "delivered" ? line.deliveredOn : line.assembledOn;
                    return (
                      <tr key={line.id} data-plan-item-id={line.id} className={done ? "manufacture-line-done" : undefined}>
                        <td>{name}</td>
                        <td className="align-end nowrap">{pieces(line.amount, lang)}</td>
                        <td>
                          <input form={formId} {...dateInputAttributes(t)} className="plan-date" name="date" size={10} defaultValue={formatCzechDate(done)} aria-label={`${t(`planning.tab.${kind}`)}: ${name}`} />
                        </td>
                        <td>
                          <input form={formId} type="text" className="plan-note" name="note" maxLength={2000} defaultValue={(kind === "delivered" ? line.deliveredNote : line.assembledNote) ?? ""} aria-label={`${t("planning.tab.note")}: ${name}`} />
                        </td>
                        <td>
                          <form id={formId} {...htmxForm(action)}>
                            <input type="hidden" name="planItemId" value={line.id} />
                            <button type="submit" className="button" aria-label={`${t("planning.tab.save")}: ${name}`}>
                              {t("planning.tab.save")}
                            </button>
                          </form>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
        </div>
      ))}
    </TabFrame>
  );
}
