/**
 * The cut list's shapes (cut-list.ts has the contract): what goes in (one fence item with its
 * product, variant and sub-products), what comes out (lines grouped per product, the production,
 * the skipped items) and the parts it names.
 */
import type { ProductType } from "./constants";
import type { FenceGeometry } from "./geometry";
import type { FenceParameters } from "./parameters";
import type { FenceItemFields } from "./types";

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
