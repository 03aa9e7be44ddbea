/**
 * Demo stock (docs/decisions/045-demo-stock-history.md): a company that has been running for about four months. An opening
 * stocktaking in each warehouse, then every week a production (materials from "Výroba –
 * polotovary" made into goods in "Hlavní sklad Brno"), a transfer from Brno to the Prague
 * expedition, and now and then goods received or a counted loss. Every move goes through the stock
 * services (takeStock, produce, transferBasket, decision 025) as the demo admin, so the transfer log
 * is the real one and balances with warehouse_items; only then are the log's dates spread back over
 * the months (the services stamp "now"). The rack scales lie under small parts of the Brno
 * warehouse, some weighing what the books say and some not (the page's colours, decision 026),
 * with three days of hourly readings behind their last weight.
 *
 * Deterministic (db/seed/demo/random.ts) and idempotent: the stock is made only while the transfer
 * log and warehouse_items are empty, the scales only while no item lies on one and no reading exists.
 * Why it is played through the services and dated back: docs/decisions/045-demo-stock-history.md.
 */
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { products, rackScaleReadings, users, warehouseItemRackScales, warehouseItems, warehouseRackScales, warehouses, warehouseTransferLogs } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { addLinesToBasket, clearBasket } from "@/modules/baskets/service";
import { produce, takeStock, numericTextToThousandths, transferBasket } from "@/modules/warehouse/stock/service";
import { seededRandom } from "./random";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The demo's history starts this many days back. */
const HISTORY_DAYS = 120;
/** Who keeps the demo's books (db/seed/demo/users.ts). */
const KEEPER_EMAIL = "jana.dvorakova@ploty-ohrada.cz";
const WAREHOUSE_NAMES = { main: "Hlavní sklad Brno", production: "Výroba – polotovary", expedition: "Sklad Praha – expedice" };

/**
 * Which product lies on which rack scale (ext ids of db/seed/demo/warehouse.ts, whose rack names
 * say the same), and how its last weight compares with the book stock: `match` weighs exactly the
 * booked pieces, `missing` some pieces fewer (red), `extra` some more (orange).
 */
const RACKS: [extId: number, productName: string, state: "match" | "missing" | "extra"][] = [
  [101, "Příchytka panelu 3D na jekl 60×40 mm, antracit", "match"],
  [102, "Příchytka panelu 3D na jekl 60×40 mm, zelená", "missing"],
  [103, "Krytka sloupku 60×40 mm, plast černá", "match"],
  [104, "Pant přivařovací nastavitelný M16", "extra"],
  [105, "Zámek zadlabací pro branky 30/92 mm", "match"],
  [106, "Kování klika–koule černé", "missing"],
  [107, "Napínák drátu pozinkovaný č. 2", "match"],
  [108, "Objímka na vzpěru 48/38 mm, zelená", "extra"],
  [109, "Patka k přišroubování pro sloupek 60×40 mm", "match"],
  [110, "Kolečko s drážkou 80 mm pro posuvnou bránu", "missing"],
  [111, "Koncový doraz samonosné brány", "match"],
];

interface StoredProduct {
  id: number;
  name: string;
  grams: number;
}

type Stock = Map<number, number>;

const isEmpty = async (ctx: Ctx, table: typeof warehouseItems | typeof warehouseTransferLogs | typeof warehouseItemRackScales | typeof rackScaleReadings) =>
  ((await ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0) === 0;

export async function seedDemoStock(ctx: Ctx, now: Date = new Date()): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [keeper] = await tx.db.select({ id: users.id }).from(users).where(eq(users.email, KEEPER_EMAIL));
    const places = await tx.db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).orderBy(asc(warehouses.id));
    const idOf = (name: string) => places.find((place) => place.name === name)?.id;
    const main = idOf(WAREHOUSE_NAMES.main);
    const production = idOf(WAREHOUSE_NAMES.production);
    const expedition = idOf(WAREHOUSE_NAMES.expedition);
    if (!keeper || main === undefined || production === undefined || expedition === undefined) return;
    const stored = await tx.db
      .select({ id: products.id, name: products.name, weight: products.weight })
      .from(products)
      .where(eq(products.storable, true))
      .orderBy(asc(products.id));
    if (stored.length < 40) return;
    const keeperCtx: Ctx = { ...tx, userId: keeper.id };
    const catalogue = stored.map((product) => ({ id: product.id, name: product.name, grams: Number(product.weight) }));
    if ((await isEmpty(tx, warehouseItems)) && (await isEmpty(tx, warehouseTransferLogs))) {
      await seedHistory(keeperCtx, catalogue, { main, production, expedition }, now);
    }
    if ((await isEmpty(tx, warehouseItemRackScales)) && (await isEmpty(tx, rackScaleReadings))) {
      await seedScales(tx, catalogue, main, now);
    }
  });
}

/** A plausible count of a product: many light parts, few heavy panels and gates. */
function piecesOf(product: StoredProduct, next: () => number): number {
  const [low, high] = product.grams <= 200 ? [300, 1200] : product.grams <= 2_000 ? [40, 250] : product.grams <= 20_000 ? [10, 80] : [2, 15];
  return low + Math.floor(next() * (high - low + 1));
}

/** `howMany` items of `from` in a seeded order, without repeats. */
function pick<T>(from: T[], howMany: number, next: () => number): T[] {
  const pool = [...from];
  const chosen: T[] = [];
  while (chosen.length < howMany && pool.length) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return chosen;
}

async function seedHistory(ctx: Ctx, catalogue: StoredProduct[], store: { main: number; production: number; expedition: number }, now: Date): Promise<void> {
  const next = seededRandom(20_260_801);
  const byName = new Map(catalogue.map((product) => [product.name, product]));
  const racked = RACKS.map(([, name]) => byName.get(name)).filter((product) => product !== undefined);
  const rest = catalogue.filter((product) => !racked.includes(product));
  const materials = pick(rest, 16, next);
  const goods = [...racked, ...pick(rest.filter((product) => !materials.includes(product)), 40, next)];
  const forExpedition = pick(goods, 14, next);
  const stock: Record<"main" | "production" | "expedition", Stock> = { main: new Map(), production: new Map(), expedition: new Map() };
  const dated: { logGroup: string; at: Date }[] = [];
  const start = now.getTime() - HISTORY_DAYS * DAY;
  /** A working moment of day `day` (0 = the history's first), between 6:00 and 14:00 UTC. */
  const moment = (day: number) => new Date(Math.floor(start / DAY) * DAY + day * DAY + (6 * 60 + Math.floor(next() * 8 * 60)) * 60_000);

  const fillCommon = (lines: { productId: number; amount: number }[]) => addLinesToBasket({ ctx, input: { type: "COMMON", lines } });
  const countStock = async (where: keyof typeof stock, lines: { product: StoredProduct; amount: number }[], transferType: "INVENTORY_IN" | "INVENTORY_OUT", day: number) => {
    await fillCommon(lines.map((line) => ({ productId: line.product.id, amount: line.amount })));
    const { logGroup } = await takeStock({ ctx, input: { transferType, warehouseId: store[where] } });
    await clearBasket({ ctx, input: { type: "COMMON" } });
    for (const line of lines) stock[where].set(line.product.id, (stock[where].get(line.product.id) ?? 0) + (transferType === "INVENTORY_IN" ? line.amount : -line.amount));
    dated.push({ logGroup, at: moment(day) });
  };
  /** Up to a share of what is there, at least one; null when there is nothing to take. */
  const takeFrom = (where: Stock, product: StoredProduct, share: number) => {
    const there = where.get(product.id) ?? 0;
    return there < 1 ? null : Math.max(1, Math.floor(there * share * (0.3 + next() * 0.7)));
  };

  // The opening stocktaking of each warehouse.
  await countStock("production", materials.map((product) => ({ product, amount: piecesOf(product, next) * 3 })), "INVENTORY_IN", 0);
  await countStock("main", goods.map((product) => ({ product, amount: piecesOf(product, next) })), "INVENTORY_IN", 0);
  await countStock("expedition", forExpedition.map((product) => ({ product, amount: Math.ceil(piecesOf(product, next) / 4) })), "INVENTORY_IN", 1);

  for (let week = 0; week * 7 + 4 < HISTORY_DAYS; week++) {
    const day = week * 7 + 3;
    // Production: materials out of the production warehouse's basket, goods into Brno.
    const used = pick(materials, 2 + Math.floor(next() * 3), next)
      .map((product) => ({ product, amount: takeFrom(stock.production, product, 0.2) }))
      .filter((line): line is { product: StoredProduct; amount: number } => line.amount !== null);
    const made = pick(goods, 1 + Math.floor(next() * 3), next).map((product) => ({ product, amount: Math.ceil(piecesOf(product, next) / 5) }));
    if (used.length) {
      const { basketId } = await addLinesToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: store.production, lines: used.map((line) => ({ productId: line.product.id, amount: line.amount })) } });
      await fillCommon(made.map((line) => ({ productId: line.product.id, amount: line.amount })));
      const { logGroup } = await produce({ ctx, input: { targetWarehouse: store.main, sourceBaskets: [basketId] } });
      for (const line of used) stock.production.set(line.product.id, stock.production.get(line.product.id)! - line.amount);
      for (const line of made) stock.main.set(line.product.id, (stock.main.get(line.product.id) ?? 0) + line.amount);
      dated.push({ logGroup, at: moment(day) });
    }
    // Expedition: a few goods from Brno to Prague.
    const sent = pick(goods, 2 + Math.floor(next() * 4), next)
      .map((product) => ({ product, amount: takeFrom(stock.main, product, 0.15) }))
      .filter((line): line is { product: StoredProduct; amount: number } => line.amount !== null);
    if (sent.length) {
      const { basketId } = await addLinesToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: store.main, lines: sent.map((line) => ({ productId: line.product.id, amount: line.amount })) } });
      const { logGroup } = await transferBasket({ ctx, input: { sourceBasketId: basketId, targetWarehouseId: store.expedition } });
      for (const line of sent) {
        stock.main.set(line.product.id, stock.main.get(line.product.id)! - line.amount);
        stock.expedition.set(line.product.id, (stock.expedition.get(line.product.id) ?? 0) + line.amount);
      }
      dated.push({ logGroup, at: moment(day + 1) });
    }
    // Every third week materials arrive; every fifth a count finds a loss in Prague.
    if (week % 3 === 2) {
      await countStock("production", pick(materials, 3 + Math.floor(next() * 4), next).map((product) => ({ product, amount: piecesOf(product, next) })), "INVENTORY_IN", day + 2);
    }
    if (week % 5 === 4) {
      const lost = pick(forExpedition, 1 + Math.floor(next() * 2), next)
        .map((product) => ({ product, amount: takeFrom(stock.expedition, product, 0.05) }))
        .filter((line): line is { product: StoredProduct; amount: number } => line.amount !== null);
      if (lost.length) await countStock("expedition", lost, "INVENTORY_OUT", day + 3);
    }
  }

  // The services stamped every row "now": spread the operations back over the months.
  const values = sql.join(
    dated.map((entry) => sql`(${entry.logGroup}, ${entry.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await ctx.db.execute(sql`
    update ${warehouseTransferLogs} set created_at = dated.at
    from (values ${values}) as dated(log_group, at)
    where ${warehouseTransferLogs.logGroup} = dated.log_group`);
  await ctx.db.update(warehouseItems).set({ createdAt: dated[0]!.at, updatedAt: dated.at(-1)!.at });

  // A required level on some of Brno's goods: half of them under it (the reorder marker), the first
  // of those with just enough on the way to clear it.
  const reorder = pick(goods, 8, next);
  for (const [index, product] of reorder.entries()) {
    const there = stock.main.get(product.id) ?? 0;
    const required = index % 2 === 0 ? there + 5 + Math.floor(next() * 20) : Math.max(1, Math.floor(there / 2));
    await ctx.db
      .update(warehouseItems)
      .set({ requiredStockLevel: String(required), onTheWay: index === 0 ? String(required - there) : "0" })
      .where(sql`${warehouseItems.warehouseId} = ${store.main} and ${warehouseItems.productId} = ${product.id}`);
  }
}

/**
 * Lays each rack's product (RACKS) on its scale in the main warehouse, sets the scale's last
 * weight from the booked pieces (exact, fewer or more) and writes three days of hourly readings
 * that end in it: before its last change the rack held more, as pieces were taken out.
 */
async function seedScales(ctx: Ctx, catalogue: StoredProduct[], main: number, now: Date): Promise<void> {
  const next = seededRandom(1_200_101);
  const scales = await ctx.db
    .select({ id: warehouseRackScales.id, extId: warehouseRackScales.extId, changed: warehouseRackScales.lastWeightChange, reported: warehouseRackScales.lastReadingAt })
    .from(warehouseRackScales)
    .where(inArray(warehouseRackScales.extId, RACKS.map(([extId]) => extId)));
  const byName = new Map(catalogue.map((product) => [product.name, product]));
  const items = await ctx.db
    .select({ id: warehouseItems.id, productId: warehouseItems.productId, quantity: warehouseItems.quantity })
    .from(warehouseItems)
    .where(eq(warehouseItems.warehouseId, main));
  const itemOf = new Map(items.map((item) => [item.productId, item]));
  const readings: (typeof rackScaleReadings.$inferInsert)[] = [];
  const hourNow = Math.floor(now.getTime() / HOUR) * HOUR;
  for (const [extId, name, state] of RACKS) {
    const scale = scales.find((row) => row.extId === extId);
    const product = byName.get(name);
    const item = product && itemOf.get(product.id);
    if (!scale || !product || !item || product.grams <= 0) continue;
    await ctx.db.insert(warehouseItemRackScales).values({ warehouseItemId: item.id, rackScaleId: scale.id });
    const booked = Math.floor(numericTextToThousandths(item.quantity) / 1000);
    const off = 3 + Math.floor(next() * 6);
    const pieces = state === "match" ? booked : state === "missing" ? Math.max(0, booked - off) : booked + off;
    const last = pieces * product.grams;
    // The feed's last change (db/seed/demo/warehouse.ts), at the latest the last full hour, so the readings end in it.
    const changed = scale.changed && scale.changed.getTime() <= hourNow ? scale.changed : new Date(hourNow);
    await ctx.db.update(warehouseRackScales).set({ lastWeight: last.toFixed(1), lastWeightChange: changed }).where(eq(warehouseRackScales.id, scale.id));
    // A rack that weighs other than the books has disagreed since its weight last changed (docs/domain.md#scale-discrepancies).
    if (state !== "match") await ctx.db.update(warehouseItems).set({ scaleDisagreeSince: changed }).where(eq(warehouseItems.id, item.id));
    // Backwards from now: the last weight since its change, before it more pieces now and then.
    let weight = last;
    for (let hour = 0; hour < 72; hour++) {
      const at = new Date(hourNow - hour * HOUR);
      // A silent scale's history ends with its last report.
      if (scale.reported && at > scale.reported) continue;
      if (at < changed && next() < 0.2) weight += (1 + Math.floor(next() * 10)) * product.grams;
      readings.push({ scaleId: scale.id, weight: (at < changed ? Math.max(0, weight + Math.round(next() * 10 - 5) / 10) : last).toFixed(1), at });
    }
  }
  if (readings.length) await ctx.db.insert(rackScaleReadings).values(readings);
}
