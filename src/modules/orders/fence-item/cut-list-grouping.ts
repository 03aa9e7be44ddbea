/**
 * The cut list's sums: pieces grouped by product, colour, part and length, the production per
 * product, each with the orders its pieces come from; in integers (hundredths of a mm, thousandths
 * of a piece), so every sum is exact. Sorted as cut-list.ts's contract says.
 */
import { fromHundredths, multiplyDivideRounded } from "./fixed-point";
import { CUT_COMPONENTS, type CutComponent, type CutLineSource, type CutLine, type CutList, type CutListGroup, type CutListProduct, type ProductionLine, type SkippedItem } from "./cut-list-types";


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

/** A line without a length (a sub-product). */
export const NO_LENGTH = -1;
/** Each part's place in CUT_COMPONENTS (built property by property: a plain object with a fixed shape, quick to read). */
const COMPONENT_INDEX = {} as Record<CutComponent, number>;
CUT_COMPONENTS.forEach((component, index) => (COMPONENT_INDEX[component] = index));
const collator = new Intl.Collator("cs", { sensitivity: "base", numeric: true });

export class Accumulator {
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
