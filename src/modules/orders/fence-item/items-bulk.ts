/**
 * The items tabs of many orders at once, each still empty: what loading the demo company does with
 * its 200 orders (docs/decisions/065-demo-loads-in-bulk.md). Every tab is checked by the
 * rules of the items save (`checkTab`, docs/domain.md#fence-item-validation: the engine's
 * validation, the product's type, creation values, sub-product categories) and priced by the
 * engine; the first refused tab refuses them all and nothing is written. Then everything is
 * written in a few statements: the variants of all tabs in one `findOrCreateVariants`, one insert
 * per table of rows, one update of the orders (shipping, discount, the tab's version).
 *
 * An order whose tab holds anything already is refused: this is no replacement for `editItems`,
 * which merges a tab into what is stored.
 */
import { sql } from "drizzle-orm";
import { fenceOrderItems, fenceOrderOtherItems, fenceOrders, fenceOrderSubProducts } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { halereToNumeric } from "@/lib/money";
import { dateRulesOnSave } from "../fence-order/service";
import { readOrderSnapshots } from "../order-snapshot/service";
import { itemRowValues } from "./item-row";
import { checkTab, type ItemPlan, parseTab, readTabsReferences, type References } from "./items-check";
import { decimal, orderFieldsOf, otherRowValues, saveRows, subProductRowValues } from "./items-write";
import { findOrCreateVariants, variantLookupKey } from "./variants.service";

export interface EmptyTabFill {
  orderId: number;
  /** What `editItems` takes (docs/domain.md#items-tab): items, other and assembly items, shipping, discount. */
  values: unknown;
}

/** Fills the empty items tabs of these orders in the caller's transaction (the orders' rows are locked first); answers how many fence items were written. */
export async function fillEmptyItemsTabs(ctx: Ctx, tabs: readonly EmptyTabFill[]): Promise<{ items: number }> {
  if (!tabs.length) return { items: 0 };
  const stored = await readOrderSnapshots(
    ctx,
    tabs.map((tab) => tab.orderId),
    { lock: true },
  );
  const parsed = tabs.map((tab) => {
    const snapshot = stored.get(tab.orderId);
    if (!snapshot) throw AppError.notFound();
    if (snapshot.items.length || snapshot.otherItems.length || snapshot.assemblyItems.length) throw new Error(`order ${tab.orderId}: its items tab is not empty`);
    return { tab, snapshot, parsed: parseTab(tab.values) };
  });

  // What all tabs refer to, read once.
  const { shippingTypes, ...shared } = await readTabsReferences(
    ctx,
    parsed.map((one) => one.parsed),
    parsed.flatMap((one) => (one.parsed.header.shippingType ? [one.parsed.header.shippingType] : [])),
  );

  // Every tab checked and priced before anything is written.
  const checked = parsed.map(({ tab, snapshot, parsed: one }) => {
    const refs: References = { ...shared, shippingType: one.header.shippingType ? (shippingTypes.get(one.header.shippingType) ?? null) : null };
    const plans = checkTab(one, snapshot, refs);
    if (Object.keys(plans.fields).length) throw AppError.invalid(plans.fields);
    return { tab, snapshot, parsed: one, refs, ...plans };
  });

  const variants = await findOrCreateVariants(
    ctx,
    checked.flatMap(({ items }) => items.flatMap((plan) => (plan.variant ? [plan.variant] : []))),
  );

  const itemPlans = checked.flatMap(({ tab, items }) => items.map((plan) => ({ orderId: tab.orderId, plan })));
  const itemIds = await saveRows(
    ctx,
    fenceOrderItems,
    itemPlans.map(({ orderId, plan }) => ({
      id: null,
      stored: null,
      values: itemRowValues(plan.item, {
        orderId,
        sortOrder: plan.index,
        manufacturedProductId: plan.variant ? variants.get(variantLookupKey(plan.variant.base.id, plan.variant.values))! : null,
        unitPriceHalere: plan.computed.unitPriceHalere,
      }),
    })),
  );
  const idOf = new Map<ItemPlan, number>(itemPlans.map(({ plan }, index) => [plan, itemIds[index]!]));
  await saveRows(
    ctx,
    fenceOrderSubProducts,
    itemPlans.flatMap(({ plan }) => (plan.subProducts ?? []).map((line, index) => ({ id: null, stored: null, values: subProductRowValues(line, idOf.get(plan)!, index) }))),
  );
  await saveRows(
    ctx,
    fenceOrderOtherItems,
    checked.flatMap(({ tab, others }) => others.map((plan) => ({ id: null, stored: null, values: otherRowValues(plan, tab.orderId) }))),
  );

  // The orders: shipping, discount, note, measurement date and the status they prove (the save's rules), and the tab's next version.
  const heads = [];
  for (const { tab, snapshot, parsed: one, refs } of checked) {
    const header = orderFieldsOf(one, snapshot, refs.shippingType);
    const { order } = snapshot;
    const { status, deadline } = await dateRulesOnSave(ctx, order, { offerDate: order.offerDate, measurementDate: header.measurementDate, orderDate: order.orderDate, deadline: order.deadline });
    heads.push(
      sql`(${tab.orderId}::int, ${header.shippingTypeId}::int, ${decimal(header.distance)}::numeric, ${decimal(header.unitPrice)}::numeric,
        ${header.shippingPrice === null ? null : halereToNumeric(header.shippingPrice)}::numeric, ${header.discountDescription}::text, ${decimal(header.discountAmount)}::numeric,
        ${header.note}::text, ${header.measurementDate}::date, ${status}::text, ${deadline}::date)`,
    );
  }
  await ctx.db.execute(sql`
    update ${fenceOrders} set
      shipping_type_id = v.shipping_type_id, shipping_distance = v.shipping_distance, shipping_unit_price = v.shipping_unit_price,
      shipping_price = v.shipping_price, discount_description = v.discount_description, discount_amount = v.discount_amount,
      note = v.note, measurement_date = v.measurement_date, status = v.status, deadline = v.deadline,
      items_version = ${fenceOrders.itemsVersion} + 1, items_updated_at = now(), items_updated_by = ${ctx.userId ?? null}::int,
      updated_by = ${ctx.userId ?? null}::int, updated_at = now()
    from (values ${sql.join(heads, sql`, `)}) as v(id, shipping_type_id, shipping_distance, shipping_unit_price, shipping_price, discount_description, discount_amount, note, measurement_date, status, deadline)
    where ${fenceOrders.id} = v.id`);
  return { items: itemIds.length };
}
