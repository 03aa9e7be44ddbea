/**
 * The cut list (docs/domain.md#manufacture-list): every slat, bar, profile, stile, post
 * and rod that fence items need, derived from the items' fields, the engine's geometry and the
 * products' category parameters, grouped by product, component, colour and length, with totals;
 * plus the items' sub-products (posts, caps, footings: catalogue products chosen per item) and the
 * products to produce. Pure and browser-safe: imports nothing but its own folder, no DB.
 * What each product type is cut into, and why: docs/fence-geometry.md, "Cut list"; decision 023.
 *
 * ## Contract
 *
 * `buildCutList(items, options?) → CutList`: one order's items, or many orders' items at once.
 * - Each `CutListItemInput` is one fence item: its entered `fields` (FenceItemFields), its base
 *   product's engine `parameters`, `product` {id, name} (the base product), `manufactured`
 *   {id, name} (its manufactured variant, when it has one), its `subProducts` [{product, amount}],
 *   and optionally its `id`, `orderId` (kept on every line it gives, see `sources`) and an already
 *   computed `geometry` (computeGeometry(fields, parameters); computed when left out).
 * - A line's product is the item's manufactured variant, else its product (`options.product:
 *   "base"` uses the base product for every item instead); the catalogue has no product for a
 *   slat or a bar, so the line's `component` says which part it is. A sub-product is a line of its
 *   own product, component "subProduct", no colour and no length, its amount as entered
 *   (docs/domain.md#sub-products: not multiplied by the item's amount).
 * - Lines are grouped by (product, component, colour, length); a group's `amount` is the summed
 *   pieces (at most 3 decimals: an item's amount may be 2.5 fields), `runningMeters` the pieces ×
 *   length in metres (to the millimetre), `sources` which orders the pieces come from and how
 *   many of each (orders ascending; empty when the items had no orderId).
 * - `groups` are per product (by name, Czech collation, then id), each with its lines (in
 *   CUT_COMPONENTS order, then colour, then length, longest first) and its subtotal; `totals` sum
 *   every line (pieces of every kind, running metres of the lines with a length).
 * - `production`: the products to produce for "add all to the common basket": each included item's
 *   line product with the summed item amounts (kind "item"), and each sub-product with its summed
 *   amounts (kind "subProduct"), with their `sources`.
 * - `skipped`: the items left out, each with `problems` [{field, reason}]: "missing" (a value the
 *   cut list needs is empty: productType, product, color, height, length or the two part widths,
 *   amount > 0, spacerHeight, totalGateLength on GATE, gateDropRodLength when gateDropRod),
 *   "missingParameter" (the product has no `pieceHeight`), or "notPositive" (a computed length,
 *   e.g. realFillingHeight, is 0 or below). A skipped item gives no lines, no production and none
 *   of its sub-products.
 *
 * `mergeCutLists(lists) → CutList`: sums lists (for instance one per order) the same way, keeping
 * each line's `sources`; `buildCutList` over all the items at once gives the same answer.
 *
 * `cutPiecesOf(item) → {pieces, problems}`: one item's own parts before grouping (no
 * sub-products), each {component, length (mm), count (pieces, item amount included)}.
 *
 * Lengths are mm with at most 2 decimals; internally integer hundredths of a mm and thousandths of
 * a piece, so every sum is exact. 10,000 items take about 15–30 ms (cut-list.test.ts, tests/bench/manufacture-list.ts).
 *
 * The way there, one file each: the shapes (cut-list-types.ts); what every item needs and the
 * parts of a leaf (cut-pieces.ts); what each product type is cut into (cut-pieces-fence.ts,
 * cut-pieces-sliding-gate.ts, cut-pieces-one-wing.ts, cut-pieces-two-wing.ts); the sums
 * (cut-list-grouping.ts). This file puts them together and is what the callers import.
 */
import type { ProductType } from "./constants";
import { Accumulator, NO_LENGTH } from "./cut-list-grouping";
import type { CutList, CutListItemInput, CutListOptions, CutPiece, CutProblem } from "./cut-list-types";
import { type ItemCut, itemCutOf, missingOf, type RawPiece } from "./cut-pieces";
import { cutFence } from "./cut-pieces-fence";
import { cutOneWing } from "./cut-pieces-one-wing";
import { cutSlidingGate } from "./cut-pieces-sliding-gate";
import { cutTwoWing } from "./cut-pieces-two-wing";
import { amountToThousandths, finiteOrNull, fromHundredths, toHundredths } from "./fixed-point";
import { computeGeometry, type FenceGeometry } from "./geometry";
import type { FenceParameters } from "./parameters";
import type { FenceItemFields } from "./types";

export * from "./cut-list-types";

/** What each product type is cut into (a CUSTOM item is cut as itself). */
const CUTTERS: Record<Exclude<ProductType, "CUSTOM">, (cut: ItemCut) => void> = {
  FENCE: cutFence,
  GATE: cutSlidingGate,
  RAIL_GATE: cutSlidingGate,
  ONE_WING_GATE: cutOneWing,
  WICKET: cutOneWing,
  TWO_WING_GATE: cutTwoWing,
  TWO_WING_WICKET: cutTwoWing,
};

// ---- one item -----------------------------------------------------------------------------------

/** One item's parts in integers (thousandths of a piece, the item's amount included), or the problems that keep it out. */
function rawPieces(fields: FenceItemFields, parameters: FenceParameters, geometry: FenceGeometry, product: CutListItemInput["product"]): { pieces: RawPiece[]; problems: CutProblem[] } {
  const problems = missingOf(fields, parameters, product);
  if (problems.length) return { pieces: [], problems };
  const type = fields.productType as ProductType;
  const amount = amountToThousandths(fields.amount as number);
  const pieces: RawPiece[] = [];
  const add = (component: RawPiece["component"], length: number, count: number) => {
    if (count > 0) pieces.push({ component, length, count: count * amount });
  };

  const H = toHundredths(fields.height as number);
  const L = toHundredths(finiteOrNull(fields.length) ?? 0);
  if (type === "CUSTOM") {
    // Its construction is unknown: the workshop gets the item itself, as measured.
    if (L <= 0) return { pieces, problems: [{ field: "length", reason: "notPositive" }] };
    add("custom", L, 1);
    return { pieces, problems };
  }
  const cut = itemCutOf(fields, geometry, type, add, H, L);
  if (Array.isArray(cut)) return { pieces, problems: cut };
  CUTTERS[type]?.(cut);
  const dropRod = fields.gateDropRod === true ? toHundredths(fields.gateDropRodLength as number) : 0;
  if (dropRod > 0) add("dropRod", dropRod, 1);
  for (const piece of pieces) if (piece.length <= 0) problems.push({ field: piece.component, reason: "notPositive" });
  return problems.length ? { pieces: [], problems } : { pieces, problems };
}

/** One item's own parts (no sub-products), or the problems that keep it out of the list. */
export function cutPiecesOf(item: Pick<CutListItemInput, "fields" | "parameters" | "product" | "geometry">): { pieces: CutPiece[]; problems: CutProblem[] } {
  const geometry = item.geometry ?? computeGeometry(item.fields, item.parameters);
  const { pieces, problems } = rawPieces(item.fields, item.parameters, geometry, item.product);
  return { pieces: pieces.map((piece) => ({ component: piece.component, length: fromHundredths(piece.length), count: piece.count / 1000 })), problems };
}

// ---- grouping -----------------------------------------------------------------------------------

const colorOf = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The cut list of these items (one order's, or many orders'): see the contract above. */
export function buildCutList(items: readonly CutListItemInput[], options: CutListOptions = {}): CutList {
  const sum = new Accumulator();
  items.forEach((item, index) => {
    const orderId = item.orderId ?? null;
    const geometry = item.geometry ?? computeGeometry(item.fields, item.parameters);
    const { pieces, problems } = rawPieces(item.fields, item.parameters, geometry, item.product);
    const lineProduct = options.product === "base" ? item.product : (item.manufactured ?? item.product);
    if (problems.length || !lineProduct) {
      sum.skipped.push({
        itemId: item.id ?? null,
        orderId,
        index,
        productType: item.fields.productType ?? null,
        product: item.product,
        problems: problems.length ? problems : [{ field: "product", reason: "missing" }],
      });
      return;
    }
    const color = colorOf(item.fields.color);
    const slot = sum.slot(lineProduct, color);
    for (const piece of pieces) sum.addPiece(slot, piece.component, color, piece.length, piece.count, orderId);
    sum.addProduction(item.manufactured ?? item.product ?? lineProduct, "item", amountToThousandths(item.fields.amount as number), orderId);
    for (const sub of item.subProducts ?? []) {
      const amount = finiteOrNull(sub.amount);
      if (!sub.product || amount === null || amount <= 0) continue;
      const thousandths = amountToThousandths(amount);
      sum.addLine(sub.product, "subProduct", null, NO_LENGTH, thousandths, orderId);
      sum.addProduction(sub.product, "subProduct", thousandths, orderId);
    }
  });
  return sum.result();
}

/** Sums cut lists (for instance one per order) as one, each line keeping the orders it comes from. */
export function mergeCutLists(lists: readonly CutList[]): CutList {
  const sum = new Accumulator();
  for (const list of lists) {
    for (const group of list.groups) {
      for (const line of group.lines) {
        const length = line.length === null ? NO_LENGTH : toHundredths(line.length);
        const amount = amountToThousandths(line.amount);
        if (!line.sources.length) sum.addLine(line.product, line.component, line.color, length, amount, null);
        else {
          // Pieces from orders keep their order; what is left came from items without one.
          let rest = amount;
          for (const source of line.sources) {
            const part = amountToThousandths(source.amount);
            rest -= part;
            sum.addLine(line.product, line.component, line.color, length, part, source.orderId);
          }
          if (rest !== 0) sum.addLine(line.product, line.component, line.color, length, rest, null);
        }
      }
    }
    for (const line of list.production) {
      let rest = amountToThousandths(line.amount);
      for (const source of line.sources) {
        const part = amountToThousandths(source.amount);
        rest -= part;
        sum.addProduction(line.product, line.kind, part, source.orderId);
      }
      if (rest !== 0) sum.addProduction(line.product, line.kind, rest, null);
    }
    sum.skipped.push(...list.skipped);
  }
  return sum.result();
}
