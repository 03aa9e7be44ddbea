/**
 * The cut list (issue 11 §3, spec 02 §2 manufacture list): every slat, bar, profile, stile, post
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
 *   own product, component "subProduct", no colour and no length, its amount as entered (spec 02
 *   §9: not multiplied by the item's amount).
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
 */
import { isTwoWing, type ProductType } from "./constants";
import { finiteOrNull, fromHundredths, multiplyDivideRounded, toHundredths, amountToThousandths } from "./fixed-point";
import { computeGeometry, type FenceGeometry } from "./geometry";
import { parameterOrDefault, type FenceParameters } from "./parameters";
import type { Deduction, FenceItemFields } from "./types";

/** The parts a cut list names, in the order a product's lines are listed. */
export const CUT_COMPONENTS = [
  "slat",
  "slatAlt",
  "topBar",
  "bottomBar",
  "cProfile",
  "uProfile",
  "fieldDivider",
  "lockStile",
  "stop",
  "driveMount",
  "post",
  "dropRod",
  "custom",
  "subProduct",
] as const;
export type CutComponent = (typeof CUT_COMPONENTS)[number];

export interface CutListProduct {
  id: number;
  name: string;
}

export interface CutListSubProduct {
  /** null while the office has not chosen one (the item is then still listed, the sub-product not). */
  product: CutListProduct | null;
  amount: number | null;
}

export interface CutListItemInput {
  /** The item's id; names it in `skipped`. */
  id?: number | null;
  /** The item's order; kept on every line it gives (`sources`). */
  orderId?: number | null;
  fields: FenceItemFields;
  /** The base product's engine parameters (engineParametersOf). */
  parameters: FenceParameters;
  /** The chosen base product. */
  product: CutListProduct | null;
  /** Its manufactured variant for the item's creation values, when it has one. */
  manufactured?: CutListProduct | null;
  subProducts?: readonly CutListSubProduct[];
  /** computeGeometry(fields, parameters), when the caller has it already. */
  geometry?: FenceGeometry;
}

export interface CutLineSource {
  orderId: number;
  /** Pieces of the line from that order. */
  amount: number;
}

export interface CutLine {
  product: CutListProduct;
  component: CutComponent;
  /** The item's colour; null on sub-products. */
  color: string | null;
  /** mm (at most 2 decimals); null on sub-products and other lines without a length. */
  length: number | null;
  /** Pieces (at most 3 decimals). */
  amount: number;
  /** amount × length in m, to the mm; null without a length. */
  runningMeters: number | null;
  sources: CutLineSource[];
}

export interface CutListGroup {
  product: CutListProduct;
  lines: CutLine[];
  /** Pieces of every line of the product. */
  amount: number;
  /** Running metres of the product's lines with a length. */
  runningMeters: number;
}

export interface ProductionLine {
  product: CutListProduct;
  kind: "item" | "subProduct";
  amount: number;
  sources: CutLineSource[];
}

export type CutProblemReason = "missing" | "missingParameter" | "notPositive";

export interface CutProblem {
  /** An item field (FenceItemFields name), a parameter key (pieceHeight) or a derived value (realFillingHeight, fieldFillingWidth…). */
  field: string;
  reason: CutProblemReason;
}

export interface SkippedItem {
  itemId: number | null;
  orderId: number | null;
  /** The item's position in the input (0-based). */
  index: number;
  productType: ProductType | null;
  product: CutListProduct | null;
  problems: CutProblem[];
}

export interface CutList {
  groups: CutListGroup[];
  production: ProductionLine[];
  totals: { amount: number; runningMeters: number };
  skipped: SkippedItem[];
}

export interface CutPiece {
  component: Exclude<CutComponent, "subProduct">;
  /** mm. */
  length: number;
  /** Pieces, the item's amount included (at most 3 decimals). */
  count: number;
}

export interface CutListOptions {
  /** Whose product a line of an item's parts is: the manufactured variant (default) or the base product. */
  product?: "variant" | "base";
}

// ---- one item -----------------------------------------------------------------------------------

/** A piece in integers: hundredths of a mm, thousandths of a piece. */
interface RawPiece {
  component: Exclude<CutComponent, "subProduct">;
  length: number;
  count: number;
}

/** The deductions a cut list reads, one of each (a deduction's `size`), in hundredths; a fixed shape, filled in one pass. */
interface Sizes {
  distanceFromGround: number;
  distanceFromTop: number;
  topBar: number;
  bottomBar: number;
  cProfile: number;
  wheel: number;
  driveMountPosition: number;
  driveMountSize: number;
  uProfile: number;
  fieldDivider: number;
  post: number;
  hingeWidth: number;
  stop: number;
  lock: number;
  halfWingGap: number;
}

function sizesOf(deductions: readonly Deduction[]): Sizes {
  const sizes: Sizes = {
    distanceFromGround: 0,
    distanceFromTop: 0,
    topBar: 0,
    bottomBar: 0,
    cProfile: 0,
    wheel: 0,
    driveMountPosition: 0,
    driveMountSize: 0,
    uProfile: 0,
    fieldDivider: 0,
    post: 0,
    hingeWidth: 0,
    stop: 0,
    lock: 0,
    halfWingGap: 0,
  };
  for (const deduction of deductions) {
    const size = toHundredths(deduction.size);
    switch (deduction.source) {
      case "wheel60":
      case "wheel80":
      case "wheel100":
        sizes.wheel += size;
        break;
      case "lock":
      case "electricLock":
        sizes.lock += size;
        break;
      case "wingGap/2":
        sizes.halfWingGap += size;
        break;
      case "distanceFromGround":
      case "distanceFromTop":
      case "topBar":
      case "bottomBar":
      case "cProfile":
      case "driveMountPosition":
      case "driveMountSize":
      case "uProfile":
      case "fieldDivider":
      case "post":
      case "hingeWidth":
      case "stop":
        sizes[deduction.source] += size;
        break;
    }
  }
  return sizes;
}

const present = (value: unknown): boolean => value !== null && value !== undefined && !(typeof value === "string" && value.trim() === "");

/** What an item of its type needs for its parts, and which of it is missing. */
function missingOf(fields: FenceItemFields, parameters: FenceParameters, product: CutListProduct | null): CutProblem[] {
  const type = fields.productType;
  const problems: CutProblem[] = [];
  const need = (field: keyof FenceItemFields, ok: boolean) => {
    if (!ok) problems.push({ field, reason: "missing" });
  };
  need("productType", !!type);
  need("product", product !== null || present(fields.product));
  need("color", present(fields.color));
  need("height", finiteOrNull(fields.height) !== null);
  const amount = finiteOrNull(fields.amount);
  need("amount", amount !== null && amount > 0);
  if (!type) return problems;
  if (isTwoWing(type)) {
    need("wicketPartWidth", finiteOrNull(fields.wicketPartWidth) !== null);
    need("solidPartWidth", finiteOrNull(fields.solidPartWidth) !== null);
  } else {
    need("length", finiteOrNull(fields.length) !== null);
  }
  if (type !== "CUSTOM") {
    need("spacerHeight", finiteOrNull(fields.spacerHeight) !== null);
    if (parameterOrDefault(parameters, "pieceHeight") === null) problems.push({ field: "pieceHeight", reason: "missingParameter" });
  }
  if (type === "GATE") need("totalGateLength", finiteOrNull(fields.totalGateLength) !== null);
  if (type !== "CUSTOM" && fields.gateDropRod === true) need("gateDropRodLength", finiteOrNull(fields.gateDropRodLength) !== null);
  return problems;
}

/** Slats used: the office's chosen count, else the count that fits. */
const slatsUsed = (chosen: unknown, fits: number | null): number => Math.max(0, Math.floor(finiteOrNull(chosen) ?? fits ?? 0));

/**
 * One item's parts in integers, or the problems that keep it out. `amount` is thousandths.
 * The lengths follow docs/fence-geometry.md "Cut list": bars span the leaf, profiles and stiles the
 * filling (or the space between the bars), the stop and posts stand the height.
 */
function rawPieces(fields: FenceItemFields, parameters: FenceParameters, geometry: FenceGeometry, product: CutListProduct | null): { pieces: RawPiece[]; problems: CutProblem[] } {
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

  const heights = sizesOf(geometry.deductions.height);
  const widths = sizesOf(geometry.deductions.width);
  const F = geometry.realFillingHeight === null ? 0 : toHundredths(geometry.realFillingHeight);
  const field = geometry.fieldFillingWidth === null ? 0 : toHundredths(geometry.fieldFillingWidth);
  const twoWing = isTwoWing(type);
  const fieldAlt = twoWing && geometry.fieldFillingWidthAlt !== null ? toHundredths(geometry.fieldFillingWidthAlt) : 0;
  if (F <= 0) problems.push({ field: "realFillingHeight", reason: "notPositive" });
  if (field <= 0) problems.push({ field: "fieldFillingWidth", reason: "notPositive" });
  if (twoWing && fieldAlt <= 0) problems.push({ field: "fieldFillingWidthAlt", reason: "notPositive" });
  if (problems.length) return { pieces, problems };

  const n = geometry.fieldCount;
  const topBar = heights.topBar > 0;
  const bottomBar = heights.bottomBar > 0;
  const uProfile = widths.uProfile > 0;
  const divider = widths.fieldDivider > 0;
  const lockWidth = widths.lock;
  const lock = lockWidth > 0;
  const stop = widths.stop;
  // The leaf stands between the ground and top gaps, on its wheels; stiles and dividers run between its bars.
  const leafHeight = H - heights.distanceFromGround - heights.distanceFromTop - heights.wheel;
  const between = F + heights.driveMountPosition + heights.driveMountSize;
  const slats = slatsUsed(fields.actualSlatCount, geometry.slatCount);

  /** A leaf of `width` with `fields` fields: its bars, U profiles, dividers and slats. */
  const leaf = (width: number, slatLength: number, slatCount: number, slatComponent: "slat" | "slatAlt") => {
    add(slatComponent, slatLength, slatCount * n);
    if (topBar) add("topBar", width, 1);
    if (bottomBar) add("bottomBar", width, 1);
    if (uProfile) add("uProfile", F, 2 * n);
    if (divider) add("fieldDivider", between, n - 1);
  };

  if (type === "FENCE") {
    add("slat", field, slats);
    if (topBar) add("topBar", L, 1);
    if (bottomBar) add("bottomBar", L, 1);
    if (uProfile) add("uProfile", F, 2);
  } else if (type === "GATE" || type === "RAIL_GATE") {
    // The stop closes the leaf's closing edge; the bars run from it to the leaf's far end.
    leaf(L - stop, field, slats, "slat");
    if (type === "GATE") add("cProfile", Math.max(L, toHundredths(fields.totalGateLength as number)) - stop, heights.cProfile > 0 ? 1 : 0);
    if (lock) add("lockStile", between, 1);
    if (stop > 0) add("stop", leafHeight, 1);
    const mount = heights.driveMountSize;
    if (mount > 0) add("driveMount", L - stop - lockWidth, 1);
  } else if (twoWing) {
    const post = widths.post;
    const hinge = widths.hingeWidth;
    const solidSizes = sizesOf(geometry.deductions.widthAlt);
    const wicket = toHundredths(fields.wicketPartWidth as number);
    const solid = toHundredths(fields.solidPartWidth as number);
    leaf(wicket - post - hinge - widths.halfWingGap, field, slats, "slat");
    leaf(solid - solidSizes.post - solidSizes.hingeWidth - solidSizes.halfWingGap, fieldAlt, slatsUsed(fields.actualSlatCountAlt, geometry.slatCountAlt), "slatAlt");
    if (lock) add("lockStile", between, 1);
    if (post > 0) add("post", H, 2);
  } else {
    // ONE_WING_GATE and WICKET: one leaf between the hinge gap and the stop, inside the set's two posts.
    const post = widths.post;
    leaf(L - 2 * post - widths.hingeWidth - stop, field, slats, "slat");
    if (lock) add("lockStile", between, 1);
    if (stop > 0) add("stop", leafHeight, 1);
    if (post > 0) add("post", H, 2);
  }
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

/**
 * Pieces per order, in thousandths. Items mostly come order by order, so the last order is kept at
 * hand and the map is made only when a second order comes.
 */
class Sources {
  private lastOrder = -1;
  private lastIndex = -1;
  private index: Map<number, number> | null = null;
  readonly list: { orderId: number; amount: number }[] = [];

  add(orderId: number, amount: number) {
    if (orderId === this.lastOrder) {
      this.list[this.lastIndex]!.amount += amount;
      return;
    }
    let at = this.index?.get(orderId);
    if (at === undefined) {
      if (!this.index && this.list.length === 1) this.index = new Map([[this.list[0]!.orderId, 0]]);
      at = this.list.length;
      this.list.push({ orderId, amount: 0 });
      this.index?.set(orderId, at);
    }
    this.list[at]!.amount += amount;
    this.lastOrder = orderId;
    this.lastIndex = at;
  }

  result(): CutLineSource[] {
    return this.list.map((source) => ({ orderId: source.orderId, amount: source.amount / 1000 })).sort((a, b) => a.orderId - b.orderId);
  }
}

interface Group {
  product: CutListProduct;
  component: CutComponent;
  color: string | null;
  /** Hundredths of a mm; -1 for none. */
  length: number;
  /** Thousandths of a piece. */
  amount: number;
  sources: Sources;
}

interface ProductionGroup {
  product: CutListProduct;
  kind: ProductionLine["kind"];
  amount: number;
  sources: Sources;
}

/** A product's groups: by colour, then by component (its index), then by length. */
interface ProductBucket {
  product: CutListProduct;
  byColor: Map<string | null, Map<number, Group>[]>;
  groups: Group[];
}

const NO_LENGTH = -1;
/** Each part's place in CUT_COMPONENTS (built property by property: a plain object with a fixed shape, quick to read). */
const COMPONENT_INDEX = {} as Record<CutComponent, number>;
CUT_COMPONENTS.forEach((component, index) => (COMPONENT_INDEX[component] = index));
const collator = new Intl.Collator("cs", { sensitivity: "base", numeric: true });

class Accumulator {
  private readonly products = new Map<number, ProductBucket>();
  private readonly production: Map<number, ProductionGroup>[] = [new Map(), new Map()];
  readonly skipped: SkippedItem[] = [];

  /** Where a product's lines of one colour go (found once per item, used for each of its pieces). */
  slot(product: CutListProduct, color: string | null): { bucket: ProductBucket; byComponent: Map<number, Group>[] } {
    let bucket = this.products.get(product.id);
    if (!bucket) this.products.set(product.id, (bucket = { product, byColor: new Map(), groups: [] }));
    let byComponent = bucket.byColor.get(color);
    if (!byComponent) bucket.byColor.set(color, (byComponent = []));
    return { bucket, byComponent };
  }

  addPiece(slot: { bucket: ProductBucket; byComponent: Map<number, Group>[] }, component: CutComponent, color: string | null, length: number, amount: number, orderId: number | null) {
    const index = COMPONENT_INDEX[component];
    const byLength = slot.byComponent[index] ?? (slot.byComponent[index] = new Map());
    let group = byLength.get(length);
    if (!group) {
      byLength.set(length, (group = { product: slot.bucket.product, component, color, length, amount: 0, sources: new Sources() }));
      slot.bucket.groups.push(group);
    }
    group.amount += amount;
    if (orderId !== null) group.sources.add(orderId, amount);
  }

  addLine(product: CutListProduct, component: CutComponent, color: string | null, length: number, amount: number, orderId: number | null) {
    this.addPiece(this.slot(product, color), component, color, length, amount, orderId);
  }

  addProduction(product: CutListProduct, kind: ProductionLine["kind"], amount: number, orderId: number | null) {
    const byProduct = this.production[kind === "item" ? 0 : 1]!;
    let group = byProduct.get(product.id);
    if (!group) byProduct.set(product.id, (group = { product, kind, amount: 0, sources: new Sources() }));
    group.amount += amount;
    if (orderId !== null) group.sources.add(orderId, amount);
  }

  result(): CutList {
    let totalAmount = 0;
    let totalMillimetres = 0;
    const groups: CutListGroup[] = [...this.products.values()]
      .sort((a, b) => collator.compare(a.product.name, b.product.name) || a.product.id - b.product.id)
      .map(({ product, groups: members }) => {
        members.sort(
          (a, b) => COMPONENT_INDEX[a.component] - COMPONENT_INDEX[b.component] || collator.compare(a.color ?? "", b.color ?? "") || b.length - a.length,
        );
        let amount = 0;
        let millimetres = 0;
        const lines = members.map((group): CutLine => {
          amount += group.amount;
          // Thousandths of a piece × hundredths of a mm → mm, rounded half up.
          const mm = group.length === NO_LENGTH ? null : multiplyDivideRounded(group.amount, group.length, 1, 100_000);
          if (mm !== null) millimetres += mm;
          return {
            product: group.product,
            component: group.component,
            color: group.color,
            length: group.length === NO_LENGTH ? null : fromHundredths(group.length),
            amount: group.amount / 1000,
            runningMeters: mm === null ? null : mm / 1000,
            sources: group.sources.result(),
          };
        });
        totalAmount += amount;
        totalMillimetres += millimetres;
        return { product, lines, amount: amount / 1000, runningMeters: millimetres / 1000 };
      });
    const byName = (a: ProductionGroup, b: ProductionGroup) => collator.compare(a.product.name, b.product.name) || a.product.id - b.product.id;
    const production = this.production.flatMap((byProduct) =>
      [...byProduct.values()].sort(byName).map((group) => ({ product: group.product, kind: group.kind, amount: group.amount / 1000, sources: group.sources.result() })),
    );
    return { groups, production, totals: { amount: totalAmount / 1000, runningMeters: totalMillimetres / 1000 }, skipped: this.skipped };
  }
}

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

