/**
 * The shipment and assembly overview (docs/domain.md#planning, docs/domain.md#planning-rules): the
 * range picker, then a table with a row per day (`EEEE dd.MM.yyyy`, a thicker line where a week
 * starts) and a column per van. Each card is one plan: the order (a link to its planning tab), its
 * colour (YELLOW delivery only, PURPLE both, BLUE assembly only, named in its title too), the
 * planned types with counts, and a "move" link: the keyboard (and no-JavaScript) way to re-plan.
 * The planning-board island adds dragging a card to another day or van.
 */
import { formatDayWithWeekday, isoWeekday } from "@/lib/dates";
import { MAX_ORDERS_PER_VAN_DAY, type PlanCard, type PlanColour, PLAN_COLOURS, type PlanningVan, PLANNING_PATH, type PlansForDateRange } from "@/modules/planning/schemas";
import { formatSpz } from "@/modules/settings/delivery-van/schemas";
import PlanningBoard from "../../islands/orders/planning-board";
import { Island } from "../../islands/Island";
import { FilterBar, FilterDate } from "../components/filter-bar";
import { Icon, type IconName, IconSprite, iconUseMarkup } from "../components/icons";
import { escapeHtml, RawHtml } from "../components/raw-html";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { FENCE_ORDER_PATH } from "../orders/fence-order-list";

export const PLANNING_GRID_ID = "planning-grid";

/** The range picker: both dates required, a plain GET form (the URL holds the range). */
export function PlanningRange({ path, typed, errors }: { path: string; typed: Record<string, string>; errors: Record<string, string> }) {
  const { t } = useView();
  return (
    <FilterBar path={path} className="planning-range">
      <FilterDate id="planning-from" name="from" label={t("planning.from")} placeholder={t("planning.from")} required value={typed.from} error={errors.from} />
      <FilterDate id="planning-to" name="to" label={t("planning.to")} placeholder={t("planning.to")} required value={typed.to} error={errors.to} />
      <p className="field-hint planning-range-hint">{t("planning.rangeHint")}</p>
    </FilterBar>
  );
}

/**
 * The cards' readiness marks as the legend explains them: each state its own shape (not only its
 * colour) and words, which are also the mark's tooltip. The material's shapes are the island's too.
 */
const READINESS_MARKS = [
  { done: "manufactured", not: "notManufactured", doneIcon: "check", notIcon: "cross" },
  { done: "depositPaid", not: "depositUnpaid", doneIcon: "moneyPaid", notIcon: "moneyUnpaid" },
  { done: "materialInStock", not: "materialShort", doneIcon: "product", notIcon: "alert" },
] as const;

/** The material mark's shape per state: a box in stock, a truck when what is on the way completes it, a warning when short, a question when it cannot be checked. */
export const MATERIAL_ICONS = { IN_STOCK: "product", ON_THE_WAY: "truck", SHORT: "alert", UNKNOWN: "question" } as const;

/** The info icon: what the colours mean. */
function ColourLegend() {
  const { t } = useView();
  return (
    <details className="planning-legend">
      <summary title={t("planning.colours")}>
        <Icon name="info" label={t("planning.colours")} />
      </summary>
      <ul>
        {PLAN_COLOURS.map((colour) => (
          <li key={colour}>
            <span className={`plan-swatch plan-${colour}`} aria-hidden="true" /> {t(`planning.colour.${colour}`)}
          </li>
        ))}
        {READINESS_MARKS.map((mark) => (
          <li key={mark.done}>
            <span className="plan-mark plan-mark-done">
              <Icon name={mark.doneIcon} />
            </span>
            <span className="plan-mark">
              <Icon name={mark.notIcon} />
            </span>{" "}
            {t(`planning.mark.${mark.done}`)} / {t(`planning.mark.${mark.not}`)}
          </li>
        ))}
        <li>
          <span className="plan-mark plan-mark-coming">
            <Icon name={MATERIAL_ICONS.ON_THE_WAY} />
          </span>{" "}
          {t("planning.mark.materialOnTheWay")}
        </li>
        <li>
          <span className="plan-mark plan-mark-unknown">
            <Icon name={MATERIAL_ICONS.UNKNOWN} />
          </span>{" "}
          {t("planning.mark.materialUnknown")}
        </li>
      </ul>
    </details>
  );
}

interface CardTexts {
  colour: Record<PlanColour, string>;
  manufactured: string;
  notManufactured: string;
  depositPaid: string;
  depositUnpaid: string;
  type: (productType: string) => string;
  move: string;
  /** "Move order {id} …": translated once, the id put in per card. */
  moveTo: string;
  overbooked: (count: number) => string;
}

/** A mark's escaped words and its icon with them. */
interface MarkText {
  title: string;
  markup: string;
}

/**
 * A card's readiness mark: green with the done shape, or red with the other, its words as the
 * tooltip; `attribute` says which for tests and styles (`data-deposit-paid="true"`).
 */
const readinessMark = (attribute: string, done: boolean, doneText: MarkText, notText: MarkText) => {
  const text = done ? doneText : notText;
  return `<span class="${done ? "plan-mark plan-mark-done" : "plan-mark"}" ${attribute}="${done}" title="${text.title}">${text.markup}</span>`;
};

const markText = (icon: IconName, words: string): MarkText => {
  const title = escapeHtml(words);
  return { title, markup: iconUseMarkup(icon, title) };
};

/** The shapes the cards, the overbooked warning and the island's material marks refer to: the page's sprite. */
const GRID_ICONS: IconName[] = [...READINESS_MARKS.flatMap((mark) => [mark.doneIcon, mark.notIcon]), ...Object.values(MATERIAL_ICONS)];

/**
 * The grid's rows as markup (RawHtml): 3,000 cards through React cost ~80 ms of a 100 ms page;
 * built as a string with every value escaped, the same markup costs a few. What does not change
 * from card to card (a colour's opening, the four readiness marks, the move link's words, a
 * planned-types text) is built once per page, each icon's shape is the page's sprite (IconSprite),
 * the range to come back to is the grid page's, not each move link's, and `draggable` is the
 * island's to set (docs/decisions/055-planning.md#throughput).
 */
function gridRowsMarkup(days: string[], vans: PlanningVan[], cells: Map<string, PlanCard[]>, texts: CardTexts, lang: string): string {
  const out: string[] = [];
  const manufactured = markText("check", texts.manufactured);
  const notManufactured = markText("cross", texts.notManufactured);
  const depositPaid = markText("moneyPaid", texts.depositPaid);
  const depositUnpaid = markText("moneyUnpaid", texts.depositUnpaid);
  const manufacturedMarks = { true: readinessMark("data-manufactured", true, manufactured, notManufactured), false: readinessMark("data-manufactured", false, manufactured, notManufactured) };
  const depositMarks = { true: readinessMark("data-deposit-paid", true, depositPaid, depositUnpaid), false: readinessMark("data-deposit-paid", false, depositPaid, depositUnpaid) };
  const alert = iconUseMarkup("alert");
  const move = escapeHtml(texts.move);
  const moveTo = escapeHtml(texts.moveTo).split("{id}");
  // `<div class="plan-card plan-YELLOW" data-plan-id="…" data-version="…" title="Yellow…">`, then the link to the order's planning tab (`/orders/fenceOrder/…?tab=5`).
  const opening = Object.fromEntries(PLAN_COLOURS.map((colour) => [colour, `<div class="plan-card plan-${colour}" data-plan-id="`])) as Record<PlanColour, string>;
  const titled = Object.fromEntries(PLAN_COLOURS.map((colour) => [colour, `" title="${escapeHtml(texts.colour[colour])}"><a href="${FENCE_ORDER_PATH}/`])) as Record<PlanColour, string>;
  const moveHref = `<a class="plan-card-move" href="${PLANNING_PATH}/`;
  // No range: the move page takes the grid's from the page it was opened from (pages.tsx).
  const moveQuery = `/move" aria-label="`;
  const moveEnd = `">${move}</a></div>`;
  /** The planned types' escaped text by their "TYPE:count,…" key: most cards share a handful. */
  const typesTexts = new Map<string, string>();
  const typesText = (types: PlanCard["plannedTypes"]) => {
    let key = "";
    for (const type of types) key += `${type.productType}:${type.count},`;
    let text = typesTexts.get(key);
    if (text === undefined) typesTexts.set(key, (text = escapeHtml(types.map((type) => `${texts.type(type.productType)} ${type.count}×`).join(", "))));
    return text;
  };
  for (const day of days) {
    out.push(isoWeekday(day) === 1 ? '<tr class="week-start">' : "<tr>", `<th scope="row" class="nowrap">${escapeHtml(formatDayWithWeekday(day, lang))}</th>`);
    for (const van of vans) {
      const cards = cells.get(`${day}|${van.id}`);
      const orders = cards ? new Set(cards.map((card) => card.order.id)).size : 0;
      const overbooked = orders > MAX_ORDERS_PER_VAN_DAY;
      out.push(`<td class="${overbooked ? "plan-cell plan-cell-overbooked" : "plan-cell"}" data-date="${day}" data-van="${van.id}">`);
      if (overbooked) out.push(`<p class="plan-cell-warning">${alert} ${escapeHtml(texts.overbooked(orders))}</p>`);
      for (const card of cards ?? []) {
        const orderId = card.order.id;
        const mark = card.manufactured === null ? "" : manufacturedMarks[`${card.manufactured}`];
        // Filled in by the planning-board island once the material is known (an order's may first need the engine).
        const material = card.manufactured === true ? "" : `<span data-material-order="${orderId}"></span>`;
        out.push(
          `${opening[card.color]}${card.id}" data-version="${card.version}${titled[card.color]}${orderId}?tab=5">${orderId} ${escapeHtml(card.order.lastName)}</a><span class="plan-card-types">${typesText(card.plannedTypes)}</span>${mark}${depositMarks[`${card.depositPaid}`]}${material}${moveHref}${card.id}${moveQuery}${moveTo.join(String(orderId))}${moveEnd}`,
        );
      }
      out.push("</td>");
    }
    out.push("</tr>");
  }
  return out.join("");
}

export function PlanningPage({ grid, days, typed, errors }: { grid: PlansForDateRange | null; days: string[]; typed: Record<string, string>; errors: Record<string, string> }) {
  const { t, lang } = useView();
  // Translated once per page, not once per card.
  const typeNames = new Map<string, string>();
  const texts: CardTexts = {
    colour: Object.fromEntries(PLAN_COLOURS.map((colour) => [colour, t(`planning.colour.${colour}`) as string])) as Record<PlanColour, string>,
    type: (productType) => {
      let name = typeNames.get(productType);
      if (name === undefined) typeNames.set(productType, (name = t(`planning.productType.${productType}`, { defaultValue: productType }) as string));
      return name;
    },
    manufactured: t("planning.mark.manufactured"),
    notManufactured: t("planning.mark.notManufactured"),
    depositPaid: t("planning.mark.depositPaid"),
    depositUnpaid: t("planning.mark.depositUnpaid"),
    move: t("planning.move"),
    moveTo: t("planning.moveTo", { id: "{id}", interpolation: { escapeValue: false } }),
    overbooked: (count) => t("planning.overbooked", { count, max: MAX_ORDERS_PER_VAN_DAY }),
  };
  const cells = new Map<string, PlanCard[]>();
  for (const card of grid?.plans ?? []) {
    const key = `${card.date}|${card.vehicle.id}`;
    const list = cells.get(key);
    if (list) list.push(card);
    else cells.set(key, [card]);
  }
  const range = grid ? { from: grid.from, to: grid.to } : { from: "", to: "" };
  return (
    <AppLayout title={t("planning.title")} actions={<ColourLegend />}>
      <PlanningRange path={PLANNING_PATH} typed={typed} errors={errors} />
      {grid && !grid.vans.length ? <p className="empty-state">{t("planning.noVans")}</p> : null}
      {grid && grid.vans.length ? <IconSprite names={GRID_ICONS} /> : null}
      {grid && grid.vans.length ? (
        <div className="table-scroll data-table">
          <table id={PLANNING_GRID_ID} className="planning-grid">
            <thead>
              <tr>
                <th scope="col">{t("planning.date")}</th>
                {grid.vans.map((van) => (
                  <th scope="col" key={van.id} data-van={van.id}>
                    {van.name} <small className="nowrap">{formatSpz(van.spz)}</small>
                  </th>
                ))}
              </tr>
            </thead>
            <RawHtml as="tbody" html={gridRowsMarkup(days, grid.vans, cells, texts, lang)} />
          </table>
        </div>
      ) : null}
      {grid ? (
        <Island
          name="planning-board"
          component={PlanningBoard}
          props={{
            gridId: PLANNING_GRID_ID,
            range,
            texts: {
              moved: t("planning.moved"),
              failed: t("planning.moveFailed"),
              shortList: t("planning.mark.materialShortList", { list: "{list}", interpolation: { escapeValue: false } }),
              shortLine: t("planning.mark.materialShortLine", { name: "{name}", available: "{available}", required: "{required}", interpolation: { escapeValue: false } }),
              skipped: t("planning.mark.materialSkipped", { number: "{count}", interpolation: { escapeValue: false } }),
            },
            materialMarks: {
              IN_STOCK: { title: t("planning.mark.materialInStock"), markup: iconUseMarkup(MATERIAL_ICONS.IN_STOCK, escapeHtml(t("planning.mark.materialInStock"))) },
              ON_THE_WAY: { title: t("planning.mark.materialOnTheWay"), markup: iconUseMarkup(MATERIAL_ICONS.ON_THE_WAY, escapeHtml(t("planning.mark.materialOnTheWay"))) },
              SHORT: { title: t("planning.mark.materialShort"), markup: iconUseMarkup(MATERIAL_ICONS.SHORT, escapeHtml(t("planning.mark.materialShort"))) },
              UNKNOWN: { title: t("planning.mark.materialUnknown"), markup: iconUseMarkup(MATERIAL_ICONS.UNKNOWN, escapeHtml(t("planning.mark.materialUnknown"))) },
            },
          }}
        />
      ) : null}
    </AppLayout>
  );
}
