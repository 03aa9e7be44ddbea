/**
 * The manufacture list of a fence order (issue 11 §3; spec 02 §2, §7): the cut list of its fence
 * items (fence-item/cut-list.ts), and "add all to the common basket".
 * - `cutListItemsOf(ctx, orderIds)`: the items of one or many orders as the cut list reads them
 *   (fields, base product's engine parameters, manufactured variant, sub-products), in 3 statements;
 * - `getManufactureList`: one order's list, each line named in the caller's language;
 * - `addManufactureListToBasket`: the products to produce and the sub-products into the caller's
 *   common basket, in one transaction, at most once per idempotency key.
 */
import { aliasedTable, asc, eq, inArray, isNotNull, and } from "drizzle-orm";
import { fenceOrderItems, fenceOrders, fenceOrderSubProducts, products } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError, msg } from "@/lib/errors";
import { type T, tFor } from "@/lib/i18n";
import { withIdempotency } from "@/lib/idempotency";
import { parseInput } from "@/lib/validation";
import { addLinesToBasket } from "@/modules/baskets/service";
import { COMMON_WAREHOUSE_ID } from "@/modules/baskets/schemas";
import { parametersOfProducts } from "@/modules/catalogue/product/parameters";
import { parameterRoles } from "@/modules/catalogue/category-parameter/roles";
import { buildCutList, type CutLine, type CutListItemInput, type CutListSubProduct } from "../fence-item/cut-list";
import type { FenceParameters } from "../fence-item/engine";
import { engineParametersOf, itemFieldsOf } from "../fence-item/items-read";
import { SUB_PRODUCT_TO_CHOOSE } from "../fence-item/constants";
import {
  addManufactureListToBasketInput,
  type ManufactureList,
  type ManufactureListAdded,
  type ManufactureListLine,
  type ManufactureListOrder,
  manufactureListInput,
} from "./schemas";

const manufactured = aliasedTable(products, "manufactured");

/**
 * The fence items of these orders as the cut list reads them, in order (order id, then the tab's
 * order); each carries its `orderId`. Three statements side by side: items with their product and
 * variant names, their sub-products, and the base products' parameters.
 */
export async function cutListItemsOf(ctx: Ctx, orderIds: readonly number[]): Promise<CutListItemInput[]> {
  if (!orderIds.length) return [];
  const ofOrders = inArray(fenceOrderItems.orderId, [...orderIds]);
  const [items, subProducts, parameters, roles] = await Promise.all([
    ctx.db
      .select({ item: fenceOrderItems, productName: products.name, manufacturedName: manufactured.name })
      .from(fenceOrderItems)
      .leftJoin(products, eq(products.id, fenceOrderItems.productId))
      .leftJoin(manufactured, eq(manufactured.id, fenceOrderItems.manufacturedProductId))
      .where(ofOrders)
      .orderBy(asc(fenceOrderItems.orderId), asc(fenceOrderItems.sortOrder), asc(fenceOrderItems.id)),
    ctx.db
      .select({ itemId: fenceOrderSubProducts.itemId, productId: fenceOrderSubProducts.productId, amount: fenceOrderSubProducts.amount, name: products.name })
      .from(fenceOrderSubProducts)
      .innerJoin(fenceOrderItems, eq(fenceOrderItems.id, fenceOrderSubProducts.itemId))
      .leftJoin(products, eq(products.id, fenceOrderSubProducts.productId))
      .where(ofOrders)
      .orderBy(asc(fenceOrderSubProducts.itemId), asc(fenceOrderSubProducts.sortOrder), asc(fenceOrderSubProducts.id)),
    parametersOfProducts({
      ctx,
      input: { ids: ctx.db.select({ id: fenceOrderItems.productId }).from(fenceOrderItems).where(and(ofOrders, isNotNull(fenceOrderItems.productId))) },
    }),
    parameterRoles({ ctx }),
  ]);

  const subsOf = new Map<number, CutListSubProduct[]>();
  for (const row of subProducts) {
    const product = row.productId === null || row.productId === SUB_PRODUCT_TO_CHOOSE || row.name === null ? null : { id: row.productId, name: row.name };
    const sub = { product, amount: Number(row.amount) };
    const list = subsOf.get(row.itemId);
    if (list) list.push(sub);
    else subsOf.set(row.itemId, [sub]);
  }
  const engineParameters = new Map<number, FenceParameters>();
  const parametersFor = (productId: number | null): FenceParameters => {
    if (productId === null) return {};
    let found = engineParameters.get(productId);
    if (!found) engineParameters.set(productId, (found = engineParametersOf(parameters.get(productId), roles)));
    return found;
  };
  return items.map(({ item, productName, manufacturedName }) => ({
    id: item.id,
    orderId: item.orderId,
    fields: itemFieldsOf(item),
    parameters: parametersFor(item.productId),
    product: item.productId === null ? null : { id: item.productId, name: productName ?? "" },
    manufactured: item.manufacturedProductId === null ? null : { id: item.manufacturedProductId, name: manufacturedName ?? "" },
    subProducts: subsOf.get(item.id) ?? [],
  }));
}

async function orderHead(ctx: Ctx, id: number): Promise<ManufactureListOrder> {
  const [order] = await ctx.db
    .select({ id: fenceOrders.id, status: fenceOrders.status, firstName: fenceOrders.firstName, lastName: fenceOrders.lastName, company: fenceOrders.company })
    .from(fenceOrders)
    .where(eq(fenceOrders.id, id));
  if (!order) throw AppError.notFound();
  return order;
}

/** A line's name: a sub-product is its product; a part is its product and the part ("Plot Lamela RAL 7016 – lamela"). */
export const cutLineName = (t: T, line: Pick<CutLine, "product" | "component">): string =>
  line.component === "subProduct" ? line.product.name : (t("manufactureList.lineName", { product: line.product.name, component: t(`manufactureList.component.${line.component}`) }) as string);

/** One order's manufacture list; 404 without the order. */
async function readManufactureList(ctx: Ctx, id: number): Promise<ManufactureList> {
  const [order, items] = await Promise.all([orderHead(ctx, id), cutListItemsOf(ctx, [id])]);
  const list = buildCutList(items);
  const t = tFor(ctx.lang);
  return {
    ...list,
    order,
    groups: list.groups.map((group) => ({ ...group, lines: group.lines.map((line): ManufactureListLine => ({ ...line, name: cutLineName(t, line) })) })),
  };
}

/** `POST /api/orders/manufactureList/all` {id}: the order's manufacture list (spec 02 §2 columns, grouped, with totals). */
export async function getManufactureList({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ManufactureList> {
  const { id } = parseInput(manufactureListInput, input);
  return readManufactureList(ctx, id);
}

/**
 * "Add all to the common basket" (issue 11 §3): the order's products to produce (each item's
 * manufactured variant, else its product, with the items' amounts summed) and its sub-products
 * with their amounts, into the caller's common basket in one transaction. With an idempotency key
 * a retried click answers the first result and adds nothing (DESIGN.md §8.4); a failure adds
 * nothing. An order with nothing to produce is refused (422).
 */
export async function addManufactureListToBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ManufactureListAdded> {
  const { id, idempotencyKey } = parseInput(addManufactureListToBasketInput, input);
  return withIdempotency({ ctx, key: idempotencyKey, operation: `manufactureList.addToBasket:${id}` }, async (tx) => {
    const [, items] = await Promise.all([orderHead(tx, id), cutListItemsOf(tx, [id])]);
    const { production } = buildCutList(items);
    if (!production.length) throw AppError.fail(msg("manufactureList.nothingToAdd"));
    const { basketId } = await addLinesToBasket({
      ctx: tx,
      input: { type: "COMMON", warehouseId: COMMON_WAREHOUSE_ID, lines: production.map((line) => ({ productId: line.product.id, amount: line.amount })) },
    });
    return { orderId: id, basketId, added: production.map((line) => ({ product: line.product, kind: line.kind, amount: line.amount })) };
  });
}
