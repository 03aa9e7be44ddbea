/**
 * The fence order's planning tabs (docs/domain.md#planning-rules), fragments the editor loads:
 * - 5 Planning: each fence item with what is planned and what remains, a form planning amounts of
 *   them on a day with a van for delivery and/or assembly, and the order's plans (delete);
 * - 6 Manufacture/Painting: the manufacture and painting dates and the plan's lines;
 * - 7 Shipment and 8 Assembly: each planned item marked delivered or assembled with the date and
 *   the crew's note.
 * Plain forms (they work without JavaScript); with htmx each answers its tab again.
 */
import { formatCzechDate } from "@/lib/dates";
import { formatDecimal } from "@/lib/money";
import { type ManufacturePlan, manufacturePlanDetailHref, PLANNING_PATH, type PlanningVan } from "@/modules/planning/schemas";
import type { OrderPlanning } from "@/modules/planning/service";
import { ORDERED_MATERIAL_PATH } from "@/modules/orders/ordered-material/schemas";
import { formatSpz } from "@/modules/settings/delivery-van/schemas";
import { Icon } from "../components/icons";
import { useView } from "../view-context";
import { ManufacturePlanLines } from "./manufacture-pages";

export const PLANNING_TAB_ID = "order-planning-tab";
export const orderPlanningAction = (orderId: number, action: string) => `/orders/fenceOrder/${orderId}/${action}`;

/** htmx: post the form and put the answer in place of the tab. */
const htmxForm = (action: string) => ({ method: "post", action, "hx-post": action, "hx-target": `#${PLANNING_TAB_ID}`, "hx-swap": "outerHTML" }) as const;

function TabFrame({ title, status, errors, children }: { title: string; status: string; errors?: string[]; children: React.ReactNode }) {
  const { t } = useView();
  return (
    <section id={PLANNING_TAB_ID} className="order-planning-tab" aria-label={title}>
      <p>
        {t("planning.tab.status")}: <strong data-order-status={status}>{t(`fenceOrderStatus.${status}`)}</strong>
      </p>
      {errors?.length ? (
        <div className="alert alert-warning" role="alert">
          <Icon name="alert" />{" "}
          {errors.map((text) => (
            <span key={text}>{text} </span>
          ))}
        </div>
      ) : null}
      {children}
    </section>
  );
}

const pieces = (value: number, lang: "cs" | "en") => formatDecimal(value, lang, 3);

export function PlanningTab({ planning, vans, shortLines, idempotencyKey, errors }: { planning: OrderPlanning; vans: PlanningVan[]; shortLines: number; idempotencyKey: string; errors?: string[] }) {
  const { t, lang } = useView();
  const { order, items, plans } = planning;
  const open = items.filter((item) => item.deliveryRemaining > 0 || item.assemblyRemaining > 0);
  const manufactured = planning.manufactured === null ? "none" : planning.manufactured ? "done" : "pending";
  return (
    <TabFrame title={t("fenceOrder.tabs.5")} status={order.status} errors={errors}>
      <ul className="plan-readiness">
        <li data-readiness="material" data-short={shortLines}>
          <Icon name={shortLines ? "alert" : "check"} /> <a href={`${ORDERED_MATERIAL_PATH}?orders=${order.id}`}>{shortLines ? t("planning.readiness.materialShort", { count: shortLines }) : t("planning.readiness.materialInStock")}</a>
        </li>
        <li data-readiness="manufactured" data-state={manufactured}>
          <Icon name={manufactured === "done" ? "check" : "alert"} /> {t(`planning.readiness.manufactured.${manufactured}`)}
        </li>
      </ul>
      <h2 style={{ fontSize: "1.1rem" }}>{t("planning.tab.items")}</h2>
      {items.length === 0 ? (
        <p className="empty-row">{t("planning.tab.noItems")}</p>
      ) : (
        <form {...htmxForm(orderPlanningAction(order.id, "planning"))} className="plan-form" hx-confirm={planning.manufactured ? undefined : t("planning.tab.confirmNotManufactured")}>
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t("planning.tab.item")}</th>
                  <th scope="col">{t("planning.tab.amount")}</th>
                  <th scope="col">{t("planning.tab.plannedDelivery")}</th>
                  <th scope="col">{t("planning.tab.plannedAssembly")}</th>
                  <th scope="col">{t("planning.tab.toPlan")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => {
                  const left = Math.min(item.deliveryRemaining, item.assemblyRemaining) || Math.max(item.deliveryRemaining, item.assemblyRemaining);
                  const label = `${item.name ?? t(`planning.productType.${item.productType}`, { defaultValue: item.productType })}`;
                  return (
                    <tr key={item.id} data-item-id={item.id}>
                      <td>{label}</td>
                      <td className="align-end">{pieces(item.amount, lang)}</td>
                      <td className="align-end">{pieces(item.deliveryPlanned, lang)}</td>
                      <td className="align-end">{pieces(item.assemblyPlanned, lang)}</td>
                      <td>
                        {left > 0 ? (
                          <input type="text" inputMode="decimal" name={`amount.${item.id}`} defaultValue={formatDecimal(left, lang, 3)} size={6} aria-label={`${t("planning.tab.toPlan")}: ${label}`} />
                        ) : (
                          <Icon name="check" label={t("planning.tab.planned")} />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {open.length ? (
            <fieldset className="plan-form-fields">
              <legend>{t("planning.tab.newPlan")}</legend>
              <label>
                {t("planning.date")} <input type="text" name="date" inputMode="numeric" placeholder={t("form.datePlaceholder")} size={10} required />
              </label>{" "}
              <label>
                {t("planning.van")}{" "}
                <select name="vanId" required>
                  {vans.map((van) => (
                    <option key={van.id} value={van.id}>{`${van.name} (${formatSpz(van.spz)})`}</option>
                  ))}
                </select>
              </label>{" "}
              <label>
                <input type="checkbox" name="delivery" value="true" defaultChecked /> {t("planning.delivery")}
              </label>{" "}
              <label>
                <input type="checkbox" name="assembly" value="true" /> {t("planning.assembly")}
              </label>{" "}
              <button type="submit" className="button button-primary">
                {t("planning.tab.plan")}
              </button>
            </fieldset>
          ) : null}
        </form>
      )}
      <h2 style={{ fontSize: "1.1rem" }}>{t("planning.tab.plans")}</h2>
      {plans.length === 0 ? (
        <p className="empty-row">{t("planning.tab.noPlans")}</p>
      ) : (
        <ul className="order-plans">
          {plans.map((plan) => (
            <li key={plan.id} data-plan-id={plan.id}>
              <span className={`plan-card plan-${plan.colour}`} title={t(`planning.colour.${plan.colour}`)}>
                <a href={`${PLANNING_PATH}?from=${plan.date}&to=${plan.date}`}>{formatCzechDate(plan.date)}</a> {`${plan.van.name} (${formatSpz(plan.van.spz)})`} ·{" "}
                {plan.items.map((line) => `${line.name ?? line.productType} ${pieces(line.amount, lang)}×`).join(", ")}
              </span>{" "}
              <form {...htmxForm(orderPlanningAction(order.id, `planning/${plan.id}/delete`))} style={{ display: "inline" }} hx-confirm={t("planning.tab.confirmDelete")}>
                <input type="hidden" name="version" value={plan.version} />
                <button type="submit" className="link-button">
                  {t("planning.tab.deletePlan")}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <p>
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
      <form {...htmxForm(orderPlanningAction(orderId, "manufacturePlan"))} className="plan-form">
        <label>
          {t("planning.manufacture")}{" "}
          <input type="text" name="manufactureDate" inputMode="numeric" placeholder={t("form.datePlaceholder")} size={10} required defaultValue={formatCzechDate(plan?.manufactureDate)} />
        </label>{" "}
        <label>
          {t("planning.painting")}{" "}
          <input type="text" name="paintingDate" inputMode="numeric" placeholder={t("form.datePlaceholder")} size={10} defaultValue={formatCzechDate(plan?.paintingDate)} />
        </label>{" "}
        <button type="submit" className="button button-primary">
          {t("action.save")}
        </button>
      </form>
      {plan ? (
        <>
          <ManufacturePlanLines plan={plan} />
          <p>
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
        <div key={plan.id} className="table-scroll" data-plan-id={plan.id}>
          <h3 style={{ fontSize: "1rem" }}>{`${formatCzechDate(plan.date)} · ${plan.van.name} (${formatSpz(plan.van.spz)})`}</h3>
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
                    <td className="align-end">{pieces(line.amount, lang)}</td>
                    <td>
                      <input form={formId} type="text" name="date" inputMode="numeric" placeholder={t("form.datePlaceholder")} size={10} defaultValue={formatCzechDate(done)} aria-label={`${t(`planning.tab.${kind}`)}: ${name}`} />
                    </td>
                    <td>
                      <input form={formId} type="text" name="note" maxLength={2000} defaultValue={(kind === "delivered" ? line.deliveredNote : line.assembledNote) ?? ""} aria-label={`${t("planning.tab.note")}: ${name}`} />
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
      ))}
    </TabFrame>
  );
}
