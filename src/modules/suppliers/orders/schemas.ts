import { z } from "zod";
import { booleanField, optionalText, refId, requiredText } from "@/lib/zod-fields";

/** The default name ("Objednávka Ferona a.s. 07.03.2026") may be longer than a typed one. */
export const ORDER_NAME_MAX = 300;

/** docs/domain.md#supplier-orders: the generic CRUD of a supplier order (name and supplier; an optional note). */
export const supplierOrderInput = z.object({
  name: requiredText(ORDER_NAME_MAX),
  supplier: refId(),
  note: optionalText(2000),
});

/**
 * "Create from basket": the chosen supplier (required), an optional name (default
 * "Objednávka <supplier> <dd.mm.yyyy>") and whether to empty the common basket afterwards.
 * The basket is kept unless asked (an API call without `clearBasket` removes nothing); the
 * page's "Vyprázdnit košík" box is ticked by default.
 */
export const orderFromBasketInput = z.object({
  supplier: refId(),
  name: optionalText(ORDER_NAME_MAX),
  clearBasket: booleanField(false),
});

export interface SupplierOrder {
  id: number;
  name: string;
  supplier: { id: number; name: string };
  note: string | null;
  lineCount: number;
  createdAt: string;
}

export interface SupplierOrderLine {
  id: number;
  product: { id: number; name: string; ean13: string | null };
  quantity: number;
}

export type SupplierOrderDetail = SupplierOrder & { lines: SupplierOrderLine[] };
