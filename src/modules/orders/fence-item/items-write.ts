/**
 * The items tab's save, `editItems` (docs/domain.md#items-tab): the whole tab in one
 * transaction, all of it or nothing.
 *
 * - A list sent replaces the stored one: rows with an id are updated (only when something changed,
 *   so the audit columns say who really changed a row), rows without one are created and answered
 *   paired with their `tmpId`, stored rows left out are removed. A list or order field left out
 *   keeps what is stored.
 * - Every derived number is the server's: the engine recomputes each item with its product's
 *   category parameters; totals a client sends are not read.
 * - Every message of a refused save comes at once, each under its field (`items[2].height`,
 *   `items[0].subProducts[1].product`), and nothing is written.
 * - What is stored is read through the order's one reader (order-snapshot/service.ts), locked,
 *   before the save, and again after it for the answer: the save answers what the GET will.
 * - What was sent is parsed and checked first, in items-check.ts; this file writes it.
 */
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { fenceOrderItems, fenceOrderOtherItems, fenceOrders, fenceOrderSubProducts, products, users } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { excludedSet } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { halereToNumeric } from "@/lib/money";
import { VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/schemas";
import { dateRulesOnSave } from "../fence-order/service";
import { type OrderRow, type OrderSnapshot, readOrderSnapshot } from "../order-snapshot/service";
import { DEFAULT_DISCOUNT_DESCRIPTION, type OtherItemType, shippingPriceHalere } from "./engine";
import { itemRowValues } from "./item-row";
import { pricingAnswer } from "./items-read";
import { type EditItemsResult, type SubProductInput } from "./schemas";
import { findOrCreateVariants, variantLookupKey } from "./variants.service";
import { isRecord, type ItemPlan, type OtherPlan, type ParsedTab, type References, checkTab, flag, readReferences } from "./items-check";

export const decimal = (value: number | null | undefined): string | null => (value === null || value === undefined ? null : String(value));

/** JSON with object keys sorted, so a jsonb read back compares equal to what would be written. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, inner: unknown) =>
    isRecord(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );

/** Whether a stored row already holds these values (numbers compared as numbers: "1800.0" is 1800). */
function unchanged(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).every(([key, value]) => {
    const before = stored[key] ?? null;
    if (typeof before === "string" && typeof value === "string" && /^-?\d+(\.\d+)?$/.test(before) && /^-?\d+(\.\d+)?$/.test(value)) return Number(before) === Number(value);
    return canonical(before) === canonical(value ?? null);
  });
}

/** The row of a sub-product line of a fence item, `index` its place on the item. */
export function subProductRowValues(line: SubProductInput, itemId: number, index: number) {
  return {
    itemId,
    productCategoryId: line.productCategory ?? null,
    productId: line.product ?? null,
    itemType: line.itemType ?? null,
    amount: decimal(line.amount) ?? "1",
    unitPrice: decimal(line.unitPrice),
    invoiceName: line.invoiceName ?? null,
    sortOrder: index,
  };
}

/** The row of an other or assembly item (the virtual custom product keeps its own name, link and storable flag instead of a product). */
export function otherRowValues({ line, itemType, index }: OtherPlan, orderId: number) {
  const custom = line.product === VIRTUAL_CUSTOM_PRODUCT_ID;
  return {
    orderId,
    itemType,
    productId: custom ? null : line.product,
    amount: decimal(line.amount)!,
    unitPrice: decimal(line.unitPrice)!,
    invoiceName: line.invoiceName ?? null,
    url: custom ? (line.url ?? null) : null,
    storable: custom ? line.storable : null,
    sortOrder: index,
  };
}

type Table = typeof fenceOrderItems | typeof fenceOrderSubProducts | typeof fenceOrderOtherItems;

/** Updates the changed rows (one upsert by id) and inserts the new ones; answers the new ids in order. */
export async function saveRows<T extends Table>(
  ctx: Ctx,
  table: T,
  rows: { id: number | null; stored: Record<string, unknown> | null; values: Record<string, unknown> }[],
): Promise<number[]> {
  const audit = { updatedBy: ctx.userId };
  const changed = rows.filter((row) => row.id !== null && !unchanged(row.stored ?? {}, row.values));
  if (changed.length) {
    const keys = [...Object.keys(changed[0]!.values), "updatedBy"] as (keyof T["$inferInsert"] & string)[];
    await ctx.db
      .insert(table)
      .values(changed.map((row) => ({ ...row.values, ...audit, id: row.id })) as never)
      .onConflictDoUpdate({ target: table.id, set: { ...excludedSet(table, keys), updatedAt: sql`now()` } });
  }
  const fresh = rows.filter((row) => row.id === null);
  if (!fresh.length) return [];
  const inserted = await ctx.db
    .insert(table)
    .values(fresh.map((row) => ({ ...row.values, ...audit, createdBy: ctx.userId })) as never)
    .returning({ id: table.id });
  return inserted.map((row) => row.id);
}

/** The order's own fields of the tab, merged: a field left out keeps the stored value (the omission rules of docs/domain.md#offer-form applied). */
export function orderFieldsOf(parsed: ParsedTab, stored: OrderSnapshot, shippingType: References["shippingType"]) {
  const { header, sent } = parsed;
  const { order } = stored;
  const shippingTypeId = sent("shippingType") ? (header.shippingType ?? null) : order.shippingTypeId;
  const distance = sent("shippingDistance") ? (header.shippingDistance ?? null) : stored.shipping.distance;
  // An empty unit price takes the type's price.
  const unitPrice = (sent("shippingUnitPrice") ? (header.shippingUnitPrice ?? null) : stored.shipping.unitPrice) ?? (shippingType ? Number(shippingType.price) : null);
  // docs/domain.md#offer-form: an empty shipping price is omitted (no unit price, or no distance to price by).
  const shippingPrice = shippingPriceHalere({ distance, unitPrice, priceByDistance: shippingType?.priceByDistance ?? null });
  // docs/domain.md#offer-form: an empty discount amount drops the description; an amount without one is "Sleva".
  const discountAmount = sent("discountAmount") ? (header.discountAmount ?? null) : stored.discount.amount;
  const description = sent("discountDescription") ? (header.discountDescription ?? null) : order.discountDescription;
  return {
    shippingTypeId,
    distance,
    unitPrice,
    shippingPrice,
    discountAmount,
    discountDescription: discountAmount === null ? null : (description ?? DEFAULT_DISCOUNT_DESCRIPTION),
    note: sent("note") ? (header.note ?? null) : order.note,
    measurementDate: sent("measurementDate") ? (header.measurementDate ?? null) : order.measurementDate,
  };
}

/**
 * A save sent over an older version of the tab than the stored one (docs/decisions/034-items-tab-version.md):
 * who wrote the tab last and when, for the 409 the route answers.
 */
export class ItemsVersionConflict extends Error {
  constructor(
    readonly changedBy: { id: number; name: string } | null,
    readonly changedAt: Date | null,
    readonly itemsVersion: number,
  ) {
    super("CONFLICT");
  }
}

/** Refuses a save sent over another version than the stored one (read under the order's lock, so two saves of one version: one wins). */
async function checkVersion(ctx: Ctx, order: OrderRow, sent: number | undefined): Promise<void> {
  if (sent === undefined || sent === order.itemsVersion) return;
  const [writer] =
    order.itemsUpdatedBy === null
      ? []
      : await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, order.itemsUpdatedBy));
  throw new ItemsVersionConflict(writer ? { id: writer.id, name: `${writer.firstName} ${writer.lastName}` } : null, order.itemsUpdatedAt, order.itemsVersion);
}

/** The columns every write of the tab sets on its order: the next version, who and when. */
export const nextItemsVersion = (ctx: Ctx) => ({ itemsVersion: sql`${fenceOrders.itemsVersion} + 1`, itemsUpdatedAt: sql`now()`, itemsUpdatedBy: ctx.userId ?? null });

/** editItems: checks everything, then writes everything, in the caller's transaction (the order's row is locked first). */
export async function saveItemsTab(ctx: Ctx, orderId: number, parsed: ParsedTab): Promise<EditItemsResult> {
  const stored = await readOrderSnapshot(ctx, orderId, { lock: true });
  await checkVersion(ctx, stored.order, parsed.header.itemsVersion);
  const refs = await readReferences(ctx, parsed, stored);
  const { items, others, fields } = checkTab(parsed, stored, refs);
  if (Object.keys(fields).length) throw AppError.invalid(fields);

  const variants = await findOrCreateVariants(
    ctx,
    items.flatMap((plan) => (plan.variant ? [plan.variant] : [])),
  );
  const ids: EditItemsResult["ids"] = [];
  const pair = (tmpIds: (string | undefined)[], newIds: number[]) => {
    newIds.forEach((id, index) => {
      const tmpId = tmpIds[index];
      if (tmpId !== undefined) ids.push({ tmpId, id });
    });
  };

  // Fence items.
  const itemIds = new Map<ItemPlan, number>();
  if (parsed.items) {
    const kept = items.flatMap((plan) => (plan.existing ? [plan.existing.id] : []));
    await ctx.db.delete(fenceOrderItems).where(and(eq(fenceOrderItems.orderId, orderId), kept.length ? notInArray(fenceOrderItems.id, kept) : undefined));
    const rows = items.map((plan) => {
      const { item, computed } = plan;
      return {
        id: plan.existing?.id ?? null,
        stored: plan.existing,
        values: itemRowValues(item, {
          orderId,
          sortOrder: plan.index,
          manufacturedProductId: plan.variant ? variants.get(variantLookupKey(plan.variant.base.id, plan.variant.values))! : null,
          unitPriceHalere: computed.unitPriceHalere,
        }),
      };
    });
    const created = await saveRows(ctx, fenceOrderItems, rows);
    const fresh = items.filter((plan) => !plan.existing);
    fresh.forEach((plan, index) => itemIds.set(plan, created[index]!));
    for (const plan of items) if (plan.existing) itemIds.set(plan, plan.existing.id);
    pair(
      fresh.map((plan) => plan.item.tmpId),
      created,
    );
  }

  // Sub-products of the items that sent theirs.
  const withLines = items.filter((plan) => plan.subProducts !== undefined);
  if (withLines.length) {
    const storedLines = new Map(stored.items.flatMap((stored) => stored.subProducts.map((line) => [line.row.id, line.row] as const)));
    const kept = withLines.flatMap((plan) => plan.subProducts!.flatMap((line) => (line.id ? [line.id] : [])));
    const existingItems = withLines.flatMap((plan) => (plan.existing ? [plan.existing.id] : []));
    if (existingItems.length) {
      await ctx.db
        .delete(fenceOrderSubProducts)
        .where(and(inArray(fenceOrderSubProducts.itemId, existingItems), kept.length ? notInArray(fenceOrderSubProducts.id, kept) : undefined));
    }
    const lines = withLines.flatMap((plan) => plan.subProducts!.map((line, index) => ({ plan, line, index })));
    const rows = lines.map(({ plan, line, index }) => ({
      id: line.id ?? null,
      stored: line.id ? (storedLines.get(line.id) ?? null) : null,
      values: subProductRowValues(line, itemIds.get(plan)!, index),
    }));
    pair(
      lines.filter(({ line }) => !line.id).map(({ line }) => line.tmpId),
      await saveRows(ctx, fenceOrderSubProducts, rows),
    );
  }

  // Other and assembly items.
  const sentTypes = [parsed.otherItems ? "OTHER" : null, parsed.assemblyItems ? "ASSEMBLY" : null].filter((type): type is OtherItemType => type !== null);
  if (sentTypes.length) {
    const storedOthers = new Map([...stored.otherItems, ...stored.assemblyItems].map((line) => [line.row.id, line.row]));
    const kept = others.flatMap((plan) => (plan.line.id ? [plan.line.id] : []));
    await ctx.db
      .delete(fenceOrderOtherItems)
      .where(and(eq(fenceOrderOtherItems.orderId, orderId), inArray(fenceOrderOtherItems.itemType, sentTypes), kept.length ? notInArray(fenceOrderOtherItems.id, kept) : undefined));
    const rows = others.map((plan) => ({
      id: plan.line.id ?? null,
      stored: plan.line.id ? (storedOthers.get(plan.line.id) ?? null) : null,
      values: otherRowValues(plan, orderId),
    }));
    pair(
      others.filter(({ line }) => !line.id).map(({ line }) => line.tmpId),
      await saveRows(ctx, fenceOrderOtherItems, rows),
    );
  }

  // The order: shipping, discount, note, measurement date (and the status it proves, decision 013).
  const { order } = stored;
  const header = orderFieldsOf(parsed, stored, refs.shippingType);
  const { status, deadline } = await dateRulesOnSave(ctx, order, { offerDate: order.offerDate, measurementDate: header.measurementDate, orderDate: order.orderDate, deadline: order.deadline });
  await ctx.db
    .update(fenceOrders)
    .set({
      shippingTypeId: header.shippingTypeId,
      shippingDistance: decimal(header.distance),
      shippingUnitPrice: decimal(header.unitPrice),
      shippingPrice: header.shippingPrice === null ? null : halereToNumeric(header.shippingPrice),
      discountDescription: header.discountDescription,
      discountAmount: decimal(header.discountAmount),
      note: header.note,
      measurementDate: header.measurementDate,
      status,
      deadline,
      ...nextItemsVersion(ctx),
      updatedBy: ctx.userId,
      updatedAt: new Date(),
    })
    .where(eq(fenceOrders.id, orderId));

  // The answer is what is now stored, read back as every reader reads it (the parameters are in hand).
  const saved = await readOrderSnapshot(ctx, orderId, { parameters: refs.parameters });
  return { ids, status: saved.order.status, itemsVersion: saved.order.itemsVersion, ...pricingAnswer(saved.totals) };
}
