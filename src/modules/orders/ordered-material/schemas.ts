/**
 * Ordered material (docs/domain.md#ordered-material): the summed cut list of the
 * orders whose material is being ordered. Browser-safe: zod, constants and types only.
 */
import { z } from "zod";
import { booleanField, idempotencyKeyField, optionalText, refId, refIdList } from "@/lib/zod-fields";
import { ORDER_NAME_MAX } from "@/modules/suppliers/orders/schemas";
import type { CutComponent, CutListProduct } from "../fence-item/cut-list";

export const ORDERED_MATERIAL_PATH = "/orders/fenceOrder/orderedMaterial";
export const ORDERED_MATERIAL_XLSX_PATH = `${ORDERED_MATERIAL_PATH}/export.xlsx`;
/** "Create a supplier order" from the short lines (docs/domain.md#ordered-material): the page's form posts here, the API is the same path under /api. */
export const ORDERED_MATERIAL_SUPPLIER_ORDER_PATH = `${ORDERED_MATERIAL_PATH}/supplierOrder`;

/** Sent by the page's order checkboxes: with no `orders` beside it, every box was unticked (not "every order"). */
export const ORDERS_FORM_SENT = "picked";

/** The statuses whose orders' material is ordered now (docs/domain.md#ordered-material). */
export const ORDERED_MATERIAL_STATUSES = ["ORDER_CONFIRMATION", "MATERIAL_ORDER"] as const;

/** The orders to sum (ids, a comma list or repeated); none means every order in those statuses. */
const chosenOrders = () => z.preprocess((value) => (typeof value === "string" ? value.split(",").filter((id) => id.trim() !== "") : value), refIdList());

/**
 * `orders`: the orders to sum; `short`: only the lines the stock does not cover (docs/domain.md#ordered-material);
 * `sources`: each line's orders too (the page and the xlsx ask; the API answers them on `?sources=1`, decision 024).
 */
export const orderedMaterialInput = z.object({
  orders: chosenOrders(),
  short: booleanField(false),
  sources: booleanField(false),
});

/**
 * "Create a supplier order" from the short lines of the chosen orders (the page's choice, `orders`
 * as above): the supplier (required), an optional name (default "Objednávka <supplier>
 * <dd.mm.yyyy>", as from the basket) and the submit's idempotency key.
 */
export const orderedMaterialSupplierOrderInput = z.object({
  orders: chosenOrders(),
  supplier: refId(),
  name: optionalText(ORDER_NAME_MAX),
  idempotencyKey: idempotencyKeyField(),
});

export interface OrderedMaterialOrder {
  id: number;
  status: string;
  firstName: string;
  lastName: string;
  company: string | null;
  orderDate: string | null;
  deadline: string | null;
  /** Whether its material is in the sum. */
  selected: boolean;
}

/** A cut-list part of a base product, a sub-product, or an other item (an accessory bought in). */
export type MaterialComponent = CutComponent | "otherItem";

/**
 * An order a line comes from and its pieces, as a pair: a line of ordered material may come from
 * thousands of orders, and pairs keep the answer half the size of objects (decision 024).
 */
export type OrderSource = [orderId: number, amount: number];

/** One line: a product (null for a custom other item, named by its invoice name), its part and colour; the pieces and running metres summed over every length. */
export interface OrderedMaterialLine {
  product: CutListProduct | null;
  component: MaterialComponent;
  name: string;
  color: string | null;
  /** Pieces (at most 3 decimals). */
  amount: number;
  /** Σ pieces × length in m (to the mm); null for lines without a length. */
  runningMeters: number | null;
  /** Which orders the pieces come from, and how many of each, orders ascending; empty unless asked (`withSources`). */
  sources: OrderSource[];
  /**
   * Against stock (decision 024): what all warehouses hold of the line's product and
   * have on the way (0 when it has no warehouse item), and what is short. A product's stock counts
   * once: when it has several lines, it covers them in the list's order. All three are null for a
   * custom other item (no product, nothing in stock to compare).
   */
  inStock: number | null;
  onTheWay: number | null;
  short: number | null;
}

export interface OrderedMaterialSkipped {
  orderId: number;
  itemId: number | null;
  productName: string | null;
}

export interface OrderedMaterial {
  orders: OrderedMaterialOrder[];
  /** The ids asked for (`orders`), as asked; none means every order in the statuses. */
  chosen: number[];
  /** Whether the lines carry their `sources` (asked by `sources`). */
  withSources: boolean;
  lines: OrderedMaterialLine[];
  /** Items the cut list had to leave out (a value it needs is empty): the office sees which. */
  skipped: OrderedMaterialSkipped[];
  totals: { amount: number; runningMeters: number };
  /** Whether the lines are only the short ones (`short`). */
  onlyShort: boolean;
  /** How many lines are short (of all the lines, also when only those are shown). */
  shortLines: number;
}

/** The supplier order made from the short lines: its id, and each product with the quantity ordered. */
export interface OrderedMaterialSupplierOrder {
  id: number;
  lines: { productId: number; quantity: number }[];
}

/** A product an order lacks: what it needs of it and what is left for it after the orders before it. */
export interface MaterialShortage {
  productId: number;
  name: string;
  required: number;
  available: number;
}

/** Whether stock covers an order's material (docs/domain.md#planning-rules). */
export interface MaterialReadiness {
  /**
   * IN_STOCK: the warehouses hold all of it; ON_THE_WAY: only with what is on the way; SHORT: not
   * even then; UNKNOWN: nothing known is short, but items the engine could not work out have
   * material no one can check.
   */
  state: "IN_STOCK" | "ON_THE_WAY" | "SHORT" | "UNKNOWN";
  /** The products stock alone does not cover, by name. */
  short: MaterialShortage[];
  /** Fence items whose material the engine could not work out (the ordered material's skipped items). */
  skipped: number;
}

