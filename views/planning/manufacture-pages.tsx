/**
 * The manufacture and painting overview and a manufacture plan's detail (docs/domain.md#manufacture-plans):
 * - the calendar: the range picker, then a row per day (`EEEE dd.MM.yyyy`) with the orders made and
 *   painted that day, each as "id last name" linking to the plan detail, beside a link to the order;
 * - the detail: Id, Product, Amount total, Not for painting (an icon), Manufactured (a checkbox that
 *   saves on change through htmx, or with its button without JavaScript; the row turns green) and
 *   the add-to-basket button (1 piece into the common basket, ADDED). No lines: "No data found."
 */
import { formatCzechDate, formatDayWithWeekday, isoWeekday } from "@/lib/dates";
import { formatDecimal } from "@/lib/money";
import { type ManufactureEntry, type ManufacturePlan, type ManufacturePlanLine, MANUFACTURE_PLANNING_PATH, manufacturePlanDetailHref } from "@/modules/planning/schemas";
import { Icon } from "../components/icons";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { FENCE_ORDER_PATH } from "../orders/fence-order-list";
import { PlanningRange } from "./planning-page";

export function ManufactureCalendarPage({ entries, days, typed, errors }: { entries: ManufactureEntry[] | null; days: string[]; typed: Record<string, string>; errors: Record<string, string> }) {
  const { t, lang } = useView();
  const byDay = new Map<string, { MANUFACTURE: ManufactureEntry[]; PAINTING: ManufactureEntry[] }>();
  for (const entry of entries ?? []) {
    let day = byDay.get(entry.date);
    if (!day) byDay.set(entry.date, (day = { MANUFACTURE: [], PAINTING: [] }));
    day[entry.workplace].push(entry);
  }
  const orderTitle = t("planning.openOrder");
  const list = (items: ManufactureEntry[] | undefined) => (
    <ul className="manufacture-entries">
      {items?.map((entry) => (
        <li key={entry.planId}>
          <a href={manufacturePlanDetailHref(entry.planId)}>{`${entry.order.id} ${entry.order.lastName}`}</a>{" "}
          <a href={`${FENCE_ORDER_PATH}/${entry.order.id}?tab=6`} title={orderTitle} aria-label={`${orderTitle} ${entry.order.id}`}>
            <Icon name="order" />
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <AppLayout title={t("planning.manufactureTitle")}>
      <PlanningRange path={MANUFACTURE_PLANNING_PATH} typed={typed} errors={errors} />
      {entries ? (
        <div className="table-scroll data-table">
          <table id="manufacture-calendar" className="manufacture-calendar">
            <thead>
              <tr>
                <th scope="col">{t("planning.date")}</th>
                <th scope="col">{t("planning.manufacture")}</th>
                <th scope="col">{t("planning.painting")}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day} className={isoWeekday(day) === 1 ? "week-start" : undefined} data-date={day}>
                  <th scope="row" className="nowrap">
                    {formatDayWithWeekday(day, lang)}
                  </th>
                  <td data-workplace="MANUFACTURE">{list(byDay.get(day)?.MANUFACTURE)}</td>
                  <td data-workplace="PAINTING">{list(byDay.get(day)?.PAINTING)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </AppLayout>
  );
}

/** One line's row; the checkbox's form answers this row again (htmx swaps it). */
export function ManufactureLineRow({ plan, line }: { plan: ManufacturePlan; line: ManufacturePlanLine }) {
  const { t, lang } = useView();
  const action = `${manufacturePlanDetailHref(plan.id)}/line/${line.id}`;
  return (
    <tr id={`manufacture-line-${line.id}`} className={line.manufactured ? "manufacture-line-done" : undefined} data-manufactured={String(line.manufactured)}>
      <td className="align-end">{line.id}</td>
      <td>
        <a href={`/products/${line.product.id}`}>{line.product.name}</a>
      </td>
      <td className="align-end nowrap">{formatDecimal(line.plannedAmount, lang, 3)}</td>
      <td>{line.notForPainting ? <Icon name="check" label={t("table.yes")} /> : <Icon name="cross" label={t("table.no")} />}</td>
      <td>
        <form method="post" action={action} hx-post={action} hx-trigger="change" hx-target="closest tr" hx-swap="outerHTML">
          <input type="hidden" name="manufactured" value="false" />
          <input type="checkbox" name="manufactured" value="true" defaultChecked={line.manufactured} aria-label={`${t("planning.manufacturePlan.manufactured")}: ${line.product.name}`} />
          <noscript>
            <button type="submit" className="button">
              {t("action.save")}
            </button>
          </noscript>
        </form>
      </td>
      <td>
        <form method="post" action={`${manufacturePlanDetailHref(plan.id)}/addToBasket`}>
          <input type="hidden" name="lineId" value={line.id} />
          <input type="hidden" name="idempotencyKey" value={`${line.id}-${crypto.randomUUID()}`} />
          <button type="submit" className="button" aria-label={`${t("planning.manufacturePlan.addToBasket")}: ${line.product.name}`}>
            <Icon name="basket" /> {t("planning.manufacturePlan.addToBasket")}
          </button>
        </form>
      </td>
    </tr>
  );
}

/** The plan's lines (the detail page and the order's tab 6); no lines: "No data found." */
export function ManufacturePlanLines({ plan }: { plan: ManufacturePlan }) {
  const { t } = useView();
  return (
    <div className="table-scroll data-table">
      <table className="manufacture-plan-lines">
        <thead>
          <tr>
            <th scope="col">{t("planning.manufacturePlan.id")}</th>
            <th scope="col">{t("planning.manufacturePlan.product")}</th>
            <th scope="col">{t("planning.manufacturePlan.amount")}</th>
            <th scope="col">{t("planning.manufacturePlan.notForPainting")}</th>
            <th scope="col">{t("planning.manufacturePlan.manufactured")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("planning.manufacturePlan.addToBasket")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {plan.lines.length ? (
            plan.lines.map((line) => <ManufactureLineRow key={line.id} plan={plan} line={line} />)
          ) : (
            <tr>
              <td colSpan={6} className="empty-state">
                {t("planning.manufacturePlan.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function ManufacturePlanDetailPage({ plan }: { plan: ManufacturePlan }) {
  const { t } = useView();
  return (
    <AppLayout title={t("planning.manufacturePlan.title", { id: plan.order.id, name: plan.order.lastName })}>
      <p>
        {t("planning.manufacture")}: <strong>{formatCzechDate(plan.manufactureDate)}</strong>
        {plan.paintingDate ? (
          <>
            {" · "}
            {t("planning.painting")}: <strong>{formatCzechDate(plan.paintingDate)}</strong>
          </>
        ) : null}
        {" · "}
        <a href={`${FENCE_ORDER_PATH}/${plan.order.id}?tab=6`}>{t("planning.openOrder")}</a>
      </p>
      <ManufacturePlanLines plan={plan} />
    </AppLayout>
  );
}
