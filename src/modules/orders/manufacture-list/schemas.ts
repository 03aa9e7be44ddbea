/**
 * The manufacture list of a fence order (docs/domain.md#manufacture-list). Browser-safe: zod, constants and types only.
 */
import { z } from "zod";
import { idempotencyKeyField, refId } from "@/lib/zod-fields";
import type { CutLine, CutList, CutListGroup, CutListProduct, ProductionLine } from "../fence-item/cut-list";

/** The page of one order's manufacture list (the items tab links here). */
export const MANUFACTURE_LIST_PATH = "/orders/fenceOrder/manufacture";
export const manufactureListHref = (orderId: number) => `${MANUFACTURE_LIST_PATH}/${orderId}`;
export const manufactureListXlsxHref = (orderId: number) => `${MANUFACTURE_LIST_PATH}/${orderId}/export.xlsx`;
export const manufactureListAddHref = (orderId: number) => `${MANUFACTURE_LIST_PATH}/${orderId}/addToBasket`;

/** `POST /api/orders/manufactureList/all`: the order's id. */
export const manufactureListInput = z.object({ id: refId() });

/** "Add all to the common basket": the order's id and the click's idempotency key (docs/architecture.md#idempotency). */
export const addManufactureListToBasketInput = z.object({ id: refId(), idempotencyKey: idempotencyKeyField() });

export interface ManufactureListOrder {
  id: number;
  status: string;
  firstName: string;
  lastName: string;
  company: string | null;
}

/** A line as the API answers it: the cut list's line with its name in the caller's language ("Plot Lamela RAL 7016 – lamela"). */
export type ManufactureListLine = CutLine & { name: string };

export interface ManufactureListGroup extends Omit<CutListGroup, "lines"> {
  lines: ManufactureListLine[];
}

/** `POST /api/orders/manufactureList/all`'s answer. */
export interface ManufactureList extends Omit<CutList, "groups"> {
  order: ManufactureListOrder;
  groups: ManufactureListGroup[];
}

/** What "add all to the common basket" put there. */
export interface ManufactureListAdded {
  orderId: number;
  basketId: number;
  /** Each product and how much of it was added (the order's products to produce and its sub-products). */
  added: { product: CutListProduct; kind: ProductionLine["kind"]; amount: number }[];
}
