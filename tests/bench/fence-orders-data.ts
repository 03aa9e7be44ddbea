/**
 * Bench-only data for the order list figures, written with `insert … select … from generate_series`
 * (the same SQL on PGlite and PostgreSQL), never through the services:
 *
 * - `addOrderProducts(n)`: n products named like a fence catalogue; one in ten is a "Branka …",
 *   so the contained-product filter `branka` matches 10 % of them.
 * - `addFenceOrders(n, productIds)`: n orders spread evenly over the seven statuses (in the
 *   FENCE_ORDER_STATUSES order), offer dates over the last 200 days; from ORDER_CONFIRMATION on an
 *   order date over the last 120 days and its deadline 77 days later; 1–3 fence items each over
 *   the given products.
 */
import type { SqlClient } from "./sql-capture";

export const FIRST = ["Jan", "Petr", "Jana", "Eva", "Pavel", "Martin", "Lucie", "Tomáš", "Hana", "Josef"];
export const LAST = ["Novák", "Svoboda", "Dvořák", "Černý", "Procházka", "Kučera", "Veselý", "Horák", "Němec", "Král"];
export const CITIES = ["Praha", "Brno", "Kolín", "Benešov", "Beroun", "Tábor", "Plzeň", "Liberec", "Jihlava", "Kladno"];
const PRODUCTS = ["Panel 3D", "Sloupek kulatý", "Pletivo poplastované", "Brána křídlová", "Branka", "Plotovka", "Lamela hliníková", "Brána posuvná", "Plotový dílec WPC", "Betonová deska"];
const COLOURS = ["RAL 6005", "RAL 7016", "pozink", "RAL 8017"];
export const STATUSES = ["PRICE_OFFER", "MEASURED", "ORDER_CONFIRMATION", "MATERIAL_ORDER", "PLANNED", "CLOSED", "CANCELED"];

/** A text[] literal of `items` (the generators' name lists). */
export const sqlArray = (items: string[]) => `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(", ")}]`;

/** `n` products; returns their ids. */
export async function addOrderProducts(client: SqlClient, n: number): Promise<number[]> {
  await client.exec(`
    insert into products (name, invoice_name, storable, unit_price, m2_price)
    select (${sqlArray(PRODUCTS)})[1 + g % ${PRODUCTS.length}] || ' ' || (800 + (g * 37) % 1600) || ' mm, ' || (${sqlArray(COLOURS)})[1 + (g / ${PRODUCTS.length}) % ${COLOURS.length}] || ' (zak. ' || g || ')',
      'Zakázkový výrobek ' || g, true, 100 + (g * 7919) % 9000, case when g % 10 < 3 then 300 + (g * 13) % 900 else null end
    from generate_series(1, ${n}) g`);
  const rows = (await client.exec("select id from products where invoice_name like 'Zakázkový výrobek %' order by id")) as { id: number }[];
  return rows.map((row) => Number(row.id));
}

/** `n` orders with 1–3 items each over `productIds`. */
export async function addFenceOrders(client: SqlClient, options: { n: number; productIds: number[] }): Promise<void> {
  const { n, productIds } = options;
  await client.exec(`
    insert into fence_orders (status, first_name, last_name, phone, email, city, payment_rule_confirmation, payment_rule_delivery, payment_rule_completion,
      delivery, vat, offer_date, measurement_date, order_date, deadline, note, priority_order)
    select s.status, (${sqlArray(FIRST)})[1 + g % 10], (${sqlArray(LAST)})[1 + (g / 10) % 10], '+420 6' || lpad((g % 100000000)::text, 8, '0'),
      'zakaznik' || g || '@example.cz', (${sqlArray(CITIES)})[1 + (g / 100) % 10], 10, 55, 35, 'výroba 1–14 týdnů, montáž 1–7 dní', 21,
      current_date - (g % 200), case when s.k >= 2 then current_date - (g % 120) - 7 end,
      case when s.k >= 3 and s.k <> 7 then current_date - (g % 120) end, case when s.k >= 3 and s.k <> 7 then current_date - (g % 120) + 77 end,
      case when g % 5 = 0 then 'Poznámka k zakázce ' || g end, g % 50 = 0
    from generate_series(1, ${n}) g
    cross join lateral (select (${sqlArray(STATUSES)})[1 + g % 7] as status, 1 + g % 7 as k) s`);
  await client.exec(`
    insert into fence_order_items (order_id, product_type, product_id, color, height, length, amount, m2_price, unit_price, sort_order)
    select o.id, 'FENCE', (array[${productIds.join(",")}])[1 + ((o.id::bigint * 7919 + j * 104729) % ${productIds.length})], 'RAL 7016', 1530, 2500, 1, 450, 1721.25, j
    from fence_orders o cross join generate_series(1, 3) j
    where j <= 1 + o.id % 3`);
  // The app keeps tables vacuumed (autovacuum on PostgreSQL, scheduled VACUUM ANALYZE on PGlite).
  await client.exec("vacuum analyze products");
  await client.exec("vacuum analyze fence_orders");
  await client.exec("vacuum analyze fence_order_items");
}
