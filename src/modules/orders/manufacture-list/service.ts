/**
 * The manufacture list of a fence order (docs/domain.md#manufacture-list): the cut list of its fence
 * items (fence-item/cut-list.ts), and "add all to the common basket".
 * - `cutListItemsOf(snapshots)`: the items of one or many orders' snapshots (order-snapshot/service.ts,
 *   the one reader of orders) as the cut list reads them: fields, base product's engine parameters
 *   and the engine's geometry, manufactured variant, sub-products;
 * - `getManufactureList`: one order's list, each line named in the caller's language;
 * - `addManufactureListToBasket`: the products to produce and the sub-products into the caller's
 *   common basket, in one transaction, at most once per idempotency key.
 */
import type { Ctx } from "@/lib/context";
import { AppError, msg } from "@/lib/errors";
import { type T, tFor } from "@/lib/i18n";
import { withIdempotency } from "@/lib/idempotency";
import { parseInput } from "@/lib/validation";
import { addLinesToBasket } from "@/modules/baskets/service";
import { COMMON_WAREHOUSE_ID } from "@/modules/baskets/schemas";
import { buildCutList, type CutLine, type CutListItemInput } from "../fence-item/cut-list";
import { type OrderSnapshot, readOrderSnapshot } from "../order-snapshot/service";
import {
  addManufactureListToBasketInput,
  type ManufactureList,
  type ManufactureListAdded,
  type ManufactureListLine,
  type ManufactureListOrder,
  manufactureListInput,
} from "./schemas";

/** The fence items of these orders' snapshots as the cut list reads them, in the snapshots' order and each order's tab order; each carries its `orderId`. */
export function cutListItemsOf(snapshots: Iterable<OrderSnapshot>): CutListItemInput[] {
  const items: CutListItemInput[] = [];
  for (const snapshot of snapshots) {
    for (const item of snapshot.items) {
      items.push({
        id: item.row.id,
        orderId: item.row.orderId,
        fields: item.fields,
        parameters: item.engineParameters,
        geometry: item.computed,
        product: item.product,
        manufactured: item.manufactured,
        subProducts: item.subProducts.map((line) => ({ product: line.product, amount: line.amount })),
      });
    }
  }
  return items;
}

/** The order as the list's head shows it. */
const headOf = ({ order }: OrderSnapshot): ManufactureListOrder => ({ id: order.id, status: order.status, firstName: order.firstName, lastName: order.lastName, company: order.company });

/** A line's name: a sub-product is its product; a part is its product and the part ("Plot Lamela RAL 7016 – lamela"). */
export const cutLineName = (t: T, line: Pick<CutLine, "product" | "component">): string =>
  line.component === "subProduct" ? line.product.name : (t("manufactureList.lineName", { product: line.product.name, component: t(`manufactureList.component.${line.component}`) }) as string);

/** One order's manufacture list; 404 without the order. */
async function readManufactureList(ctx: Ctx, id: number): Promise<ManufactureList> {
  const snapshot = await readOrderSnapshot(ctx, id);
  const order = headOf(snapshot);
  const list = buildCutList(cutListItemsOf([snapshot]));
  const t = tFor(ctx.lang);
  return {
    ...list,
    order,
    groups: list.groups.map((group) => ({ ...group, lines: group.lines.map((line): ManufactureListLine => ({ ...line, name: cutLineName(t, line) })) })),
  };
}

/** `POST /api/orders/manufactureList/all` {id}: the order's manufacture list (the columns of docs/domain.md#manufacture-list, grouped, with totals). */
export async function getManufactureList({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ManufactureList> {
  const { id } = parseInput(manufactureListInput, input);
  return readManufactureList(ctx, id);
}

/**
 * "Add all to the common basket" (docs/domain.md#manufacture-list): the order's products to produce (each item's
 * manufactured variant, else its product, with the items' amounts summed) and its sub-products
 * with their amounts, into the caller's common basket in one transaction. With an idempotency key
 * a retried click answers the first result and adds nothing (docs/architecture.md#idempotency); a
 * failure adds nothing. An order with nothing to produce is refused (422).
 */
export async function addManufactureListToBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ManufactureListAdded> {
  const { id, idempotencyKey } = parseInput(addManufactureListToBasketInput, input);
  return withIdempotency({ ctx, key: idempotencyKey, operation: `manufactureList.addToBasket:${id}` }, async (tx) => {
    const { production } = buildCutList(cutListItemsOf([await readOrderSnapshot(tx, id)]));
    if (!production.length) throw AppError.fail(msg("manufactureList.nothingToAdd"));
    const { basketId } = await addLinesToBasket({
      ctx: tx,
      input: { type: "COMMON", warehouseId: COMMON_WAREHOUSE_ID, lines: production.map((line) => ({ productId: line.product.id, amount: line.amount })) },
    });
    return { orderId: id, basketId, added: production.map((line) => ({ product: line.product, kind: line.kind, amount: line.amount })) };
  });
}
