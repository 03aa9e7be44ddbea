/**
 * Bench-only data for the catalogue figures, written with a few `insert … select … from
 * generate_series` statements (the same SQL on PGlite and PostgreSQL), never through the services.
 *
 * - `addCategories(prefix, roots, midsPerRoot, leaves)`: a three-level tree (roots → mids →
 *   leaves, leaves spread evenly over the mids), named like a fence catalogue.
 * - `addProducts(n, leafIds)`: n products, each in one leaf (every fifth in a second one), with
 *   realistic names: one in ten is a "Panel 3D …", so a name filter `panel` matches 10 %.
 */
import type { SqlClient } from "./sql-capture";

const ROOT_NAMES = ["Ploty", "Brány", "Branky", "Příslušenství", "Montáž", "Pletiva", "Panely", "Sloupky", "Kování", "Pohony"];
const MID_NAMES = ["zelené", "antracit", "pozink", "hnědé", "bílé", "černé", "šedé", "dřevo", "beton", "nerez"];
const PRODUCT_NAMES = ["Panel 3D", "Sloupek kulatý", "Pletivo poplastované", "Brána křídlová", "Branka", "Plotovka", "Lamela hliníková", "Vzpěra", "Napínací drát", "Patka kotevní"];
const COLOURS = ["RAL 6005 zelená", "RAL 7016 antracit", "pozink", "RAL 8017 hnědá"];

const sqlArray = (items: string[]) => `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(", ")}]`;

export interface Tree {
  roots: number[];
  mids: number[];
  leaves: number[];
}

async function ids(client: SqlClient, where: string): Promise<number[]> {
  const rows = (await client.exec(`select id from categories where ${where} order by id`)) as { id: number }[];
  return rows.map((row) => Number(row.id));
}

/** A tree of `roots + roots × midsPerRoot + leaves` categories whose names start with `prefix`. */
export async function addCategories(client: SqlClient, options: { prefix: string; roots: number; midsPerRoot: number; leaves: number }): Promise<Tree> {
  const { prefix, roots, midsPerRoot, leaves } = options;
  const tag = prefix.replace(/'/g, "''");
  await client.exec(`
    insert into categories (name, parent_id, sort_order)
    select '${tag}' || (${sqlArray(ROOT_NAMES)})[1 + (g - 1) % ${ROOT_NAMES.length}] || ' ' || g, null, g
    from generate_series(1, ${roots}) g`);
  const rootIds = await ids(client, `parent_id is null and name like '${tag}%'`);
  await client.exec(`
    insert into categories (name, parent_id, sort_order)
    select r.name || ' – ' || (${sqlArray(MID_NAMES)})[1 + (g - 1) % ${MID_NAMES.length}] || ' ' || g, r.id, g
    from categories r cross join generate_series(1, ${midsPerRoot}) g
    where r.id in (${rootIds.join(", ")})`);
  const midIds = await ids(client, `parent_id in (${rootIds.join(", ")})`);
  // Leaves spread over the mids: the first (leaves mod mids) get one more.
  const per = Math.floor(leaves / midIds.length);
  const extra = leaves % midIds.length;
  await client.exec(`
    insert into categories (name, parent_id, sort_order)
    select m.name || ', výška ' || (500 + g * 250) || ' mm', m.id, g
    from (select id, name, row_number() over (order by id) as rn from categories where id in (${midIds.join(", ")})) m
    cross join lateral generate_series(1, ${per} + case when m.rn <= ${extra} then 1 else 0 end) g`);
  const leafIds = await ids(client, `parent_id in (${midIds.join(", ")})`);
  return { roots: rootIds, mids: midIds, leaves: leafIds };
}

/** `n` products spread over `leafIds`; returns how many products the whole table now holds. */
export async function addProducts(client: SqlClient, options: { n: number; leafIds: number[]; vatId: number }): Promise<void> {
  const { n, leafIds, vatId } = options;
  await client.exec(`
    insert into products (name, invoice_name, vat_id, storable, ean13, weight, unit_price, m2_price)
    select
      (${sqlArray(PRODUCT_NAMES)})[1 + g % ${PRODUCT_NAMES.length}] || ' ' || (500 + (g * 37) % 2000) || ' mm, '
        || (${sqlArray(COLOURS)})[1 + (g / ${PRODUCT_NAMES.length}) % ${COLOURS.length}] || ' č. ' || g,
      'Výrobek č. ' || g,
      ${vatId},
      g % 7 <> 0,
      case when g % 3 = 0 then null else '29' || lpad(g::text, 11, '0') end,
      (g * 131) % 40000,
      ((g::bigint * 7919) % 120000) / 100.0 + 50,
      case when g % 10 = 0 then ((g * 13) % 900) + 100 else null end
    from generate_series(1, ${n}) g`);
  const leaves = `(select id, row_number() over (order by id) - 1 as rn from categories where id in (${leafIds.join(", ")}))`;
  const bench = `(select id from products where invoice_name like 'Výrobek č. %')`;
  await client.exec(`
    insert into product_categories (product_id, category_id)
    select p.id, l.id from ${bench} p join ${leaves} l on l.rn = (p.id::bigint * 7919) % ${leafIds.length}`);
  await client.exec(`
    insert into product_categories (product_id, category_id)
    select p.id, l.id from ${bench} p join ${leaves} l on l.rn = (p.id::bigint * 104729 + 17) % ${leafIds.length}
    where p.id % 5 = 0
    on conflict do nothing`);
}

export async function analyze(client: SqlClient): Promise<void> {
  // The app keeps tables vacuumed (autovacuum on PostgreSQL, scheduled VACUUM ANALYZE on PGlite).
  await client.exec("vacuum analyze categories");
  await client.exec("vacuum analyze products");
  await client.exec("vacuum analyze product_categories");
}
