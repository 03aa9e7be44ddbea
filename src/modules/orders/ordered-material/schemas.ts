/**
 * Ordered material (issue 11 §4; spec 02 §1 routes "orderedMaterial"): the summed cut list of the
 * orders whose material is being ordered. Browser-safe: zod, constants and types only.
 */
import { z } from "zod";
import { refIdList } from "@/lib/zod-fields";
import type { CutComponent, CutListProduct } from "../fence-item/cut-list";

export const ORDERED_MATERIAL_PATH = "/orders/fenceOrder/orderedMaterial";
export const ORDERED_MATERIAL_XLSX_PATH = `${ORDERED_MATERIAL_PATH}/export.xlsx`;

/** The statuses whose orders' material is ordered now (issue 11 §4). */
export const ORDERED_MATERIAL_STATUSES = ["ORDER_CONFIRMATION", "MATERIAL_ORDER"] as const;

/** `orders`: the orders to sum (ids, a comma list or repeated); none means every order in those statuses. */
export const orderedMaterialInput = z.object({
  orders: z.preprocess((value) => (typeof value === "string" ? value.split(",").filter((id) => id.trim() !== "") : value), refIdList()),
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
  /** Which orders the pieces come from, and how many of each, orders ascending. */
  sources: OrderSource[];
}

export interface OrderedMaterialSkipped {
  orderId: number;
  itemId: number | null;
  productName: string | null;
}

export interface OrderedMaterial {
  orders: OrderedMaterialOrder[];
  lines: OrderedMaterialLine[];
  /** Items the cut list had to leave out (a value it needs is empty): the office sees which. */
  skipped: OrderedMaterialSkipped[];
  totals: { amount: number; runningMeters: number };
}
