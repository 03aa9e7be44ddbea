/**
 * The load benchmark's company: `orders` fence orders and `products` catalogue products, with what
 * the busy pages read at that scale (customers, invoices, the VAT list, a warehouse's stock, vans
 * and plans around today, an order with a full items tab) and a user to log in with. Built once and
 * kept: a PostgreSQL database `ohrada_load` beside the given URL's, or PGlite in DATA_DIR/pglite of
 * the given directory (where the app started with that DATA_DIR finds it). A marker table
 * (`bench_load_meta`) holds the scale and the answer; a second call with the same scale reads it
 * and returns; another scale drops the data and builds it again.
 *
 * One row of each kind is made through the real services (the user as `npm run user:add` makes it,
 * an order with its items through the items tab's service, an invoice, vans, warehouses); the bulk
 * is cloned from them in SQL with generate_series (the same SQL on PGlite and PostgreSQL). Each
 * table's ids start far from every other's, as in the test databases (tests/helpers/db.ts), with
 * the gap widened to hold this many rows.
 */
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createDeliveryVan, createFenceCategory, createFenceOrderWithItems, createFenceProduct, createProduct, createWarehouse, defaultVatId, FENCE_1_PARAMETERS, validFenceItem } from "@db/seed/factories";
import { seedReference } from "@db/seed/reference";
import { systemCtx } from "@/lib/context";
import { lockDataDir } from "@/lib/data-dir-lock";
import { addDays, mondayOf, todayInPrague } from "@/lib/dates";
import { type Database, migrate, openPglite, openPostgres } from "@/lib/db";
import { copyTemplateInto } from "@/lib/pglite-template";
import { createUser, productionPasswordCost } from "@/modules/auth/service";
import { createInvoice } from "@/modules/orders/invoice/service";
import { createInvoiceOrder, setUpInvoicing } from "../helpers/invoices";
import { idSequences } from "../helpers/db";
import { addCategories, addProducts } from "./catalogue-data";
import { addOrderProducts, CITIES, FIRST, LAST, sqlArray, STATUSES } from "./fence-orders-data";
import { type SqlClient, sqlClient } from "./sql-capture";

export type LoadTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
export interface LoadScale {
  orders: number;
  products: number;
}
export interface LoadData {
  kind: "postgres" | "pglite";
  /** Where the app finds it: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite). */
  location: string;
  scale: LoadScale;
  ids: {
    /** The warehouse with the big stock (GET /warehouse/:id). */
    warehouseId: number;
    smallWarehouseId: number;
    /** The order with 30 fence items and 20 other items (GET /orders/fenceOrder/:id?tab=1). */
    itemsOrderId: number;
    /** The order and the invoice the bulk was cloned from. */
    templateOrderId: number;
    templateInvoiceId: number;
    userId: number;
    vanIds: number[];
    /** The Monday of the planning grid's first week (12 weeks, today in the 5th). */
    planningFrom: string;
  };
  user: { email: string; password: string };
  counts: Record<string, number>;
  builtAt: string;
  buildSeconds: number;
}

export const LOAD_DATABASE = "ohrada_load";
const MARKER = "bench_load_meta";
const VANS = 10;
const PLANS = 3_000;
const PLAN_WEEKS = 12;
const VAT_ROWS = 1_000;
const STOCK_ROWS = 20_000;
const SMALL_STOCK_ROWS = 2_000;
const ORDER_PRODUCTS = 1_000;
/** Offer dates spread over eight years; the newest orders have the highest ids, as in use. */
const SPAN_DAYS = 8 * 365;
/** Younger than this an order may be in any status; older ones are closed or canceled. */
const OPEN_DAYS = 200;
/** Rows per generating statement: PGlite keeps a statement's work in memory. */
const BATCH = 100_000;

const locationOf = (target: LoadTarget) => (target.kind === "postgres" ? loadUrl(target.url) : target.dataDir);

export function loadUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${LOAD_DATABASE}`;
  return parsed.toString();
}

type Opened = { database: Database; client: SqlClient; close(): Promise<void> };

/** Opens the load database, creating it empty when `fresh` (dropping what was there). */
async function open(target: LoadTarget, fresh: boolean): Promise<Opened> {
  if (target.kind === "postgres") {
    const admin = await openPostgres(target.url, { max: 1 });
    try {
      const run = (text: string) => sqlClient(admin).exec(text);
      if (fresh) await run(`drop database if exists "${LOAD_DATABASE}" with (force)`);
      const exists = (await run(`select 1 from pg_database where datname = '${LOAD_DATABASE}'`)).length > 0;
      if (!exists) await run(`create database "${LOAD_DATABASE}"`);
    } finally {
      await admin.close();
    }
    const database = await openPostgres(loadUrl(target.url), { max: 2 });
    return { database, client: sqlClient(database), close: () => database.close() };
  }
  // The app's own path: DATA_DIR/pglite, locked while open, first filled from the migrated template.
  const dataDir = join(target.dataDir, "pglite");
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  const unlock = lockDataDir(target.dataDir);
  if (!existsSync(join(dataDir, "PG_VERSION"))) copyTemplateInto(dataDir);
  const database = await openPglite({ dataDir });
  return {
    database,
    client: sqlClient(database),
    async close() {
      await database.close();
      unlock();
    },
  };
}

async function readMarker(client: SqlClient): Promise<LoadData | null> {
  const table = (await client.exec(`select to_regclass('public.${MARKER}') as t`)) as { t: string | null }[];
  if (!table[0]?.t) return null;
  const rows = (await client.exec(`select data from ${MARKER} where id = 1`)) as { data: LoadData | string }[];
  const data = rows[0]?.data;
  return data === undefined ? null : typeof data === "string" ? (JSON.parse(data) as LoadData) : data;
}

export async function ensureLoadData(target: LoadTarget, scale: LoadScale, log: (s: string) => void): Promise<LoadData> {
  {
    const opened = await open(target, false);
    try {
      const marker = await readMarker(opened.client);
      if (marker && marker.scale.orders === scale.orders && marker.scale.products === scale.products) {
        log(`${target.kind}: found ${scale.orders} orders / ${scale.products} products built ${marker.builtAt}`);
        return marker;
      }
      log(marker ? `${target.kind}: the data holds ${marker.scale.orders} / ${marker.scale.products}; rebuilding` : `${target.kind}: no load data yet; building`);
    } finally {
      await opened.close();
    }
  }
  const opened = await open(target, true);
  try {
    const data = await build(opened, target, scale, log);
    await opened.client.exec(`create table ${MARKER} (id integer primary key, data jsonb not null)`);
    await opened.client.exec(`insert into ${MARKER} (id, data) values (1, '${JSON.stringify(data).replace(/'/g, "''")}'::jsonb)`);
    return data;
  } finally {
    await opened.close();
  }
}

/**
 * Each table's sequence at its own far-apart start, as `spreadIdSequences` does for the tests, with
 * a gap wide enough for this scale (its 1,000,000 would let the order items run into the next table).
 */
async function spreadIds(database: Database, client: SqlClient, largestTable: number): Promise<number> {
  const owned = await idSequences(database);
  const spacing = Math.floor((2 ** 31 - 1) / (owned.length + 1) / 1_000_000) * 1_000_000;
  if (spacing < largestTable) throw new Error(`${owned.length} sequences leave ${spacing} ids each, fewer than the ${largestTable} rows of the largest table`);
  for (const [index, { sequence }] of owned.entries()) await client.exec(`alter sequence public."${sequence}" restart with ${(index + 1) * spacing + 1}`);
  return spacing;
}

/** A table's columns but `except`, quoted and comma-separated: what a clone copies. */
async function columnsOf(client: SqlClient, table: string, except: string[]): Promise<string> {
  const rows = (await client.exec(`select column_name as c from information_schema.columns
    where table_schema = 'public' and table_name = '${table}' and is_generated = 'NEVER' order by ordinal_position`)) as { c: string }[];
  return rows.map((row) => row.c).filter((c) => !except.includes(c)).map((c) => `"${c}"`).join(", ");
}

async function build(opened: Opened, target: LoadTarget, scale: LoadScale, log: (s: string) => void): Promise<LoadData> {
  const { database, client } = opened;
  const started = performance.now();
  let stepStarted = started;
  const step = (text: string) => {
    const now = performance.now();
    log(`  ${((now - stepStarted) / 1000).toFixed(1)} s  ${text}`);
    stepStarted = now;
  };
  const one = async (text: string) => Number(((await client.exec(text)) as { n: number | string }[])[0]!.n);

  await migrate(database);
  const spacing = await spreadIds(database, client, Math.ceil(scale.orders * 2.5));
  const ctx0 = systemCtx(database.db);
  await seedReference(ctx0);
  step(`migrated, seeded, ids ${spacing.toLocaleString("en")} apart`);

  // The user, as `npm run user:add` makes it (argon2id at the production cost).
  const email = "zatez@ohrada.bench";
  const password = randomBytes(12).toString("base64url");
  const userId = await createUser({ ctx: ctx0, input: { email, firstName: "Zátěžový", lastName: "Test", password, isAdmin: true }, cost: productionPasswordCost });
  const ctx = { ...ctx0, userId };
  const db = database.db;

  // Templates through the services: the invoicing settings, an order with items and an invoice of it.
  await setUpInvoicing(ctx);
  const templateOrder = await createInvoiceOrder(ctx);
  const today = todayInPrague();
  const templateInvoiceId = await createInvoice({ ctx, input: { orderId: templateOrder.id, proforma: false }, options: { today } });
  const vanIds: number[] = [];
  for (let i = 0; i < VANS; i++) vanIds.push(await createDeliveryVan(ctx, { name: `Dodávka ${String(i + 1).padStart(2, "0")}` }));
  const warehouseId = await createWarehouse(ctx, { name: "Centrální sklad" });
  const smallWarehouseId = await createWarehouse(ctx, { name: "Pobočka Brno" });
  step("templates through the services");

  // The VAT list as the list-page bench has it: 1,000 rows in all (tests/bench/list-page.ts).
  await client.exec(`insert into vat_rates (rate, active)
    select (((i * 7919) % 10000) / 100.0)::numeric(5, 2), i % 3 <> 0
    from generate_series(1, greatest(0, ${VAT_ROWS} - (select count(*) from vat_rates))::int) i`);

  // The catalogue: a three-level tree and the products, one order product in ten a "Branka".
  const vatId = await defaultVatId(db);
  const tree = await addCategories(client, { prefix: "", roots: 10, midsPerRoot: 10, leaves: 1_000 });
  const orderProducts = await addOrderProducts(client, ORDER_PRODUCTS);
  const existing = await one("select count(*) as n from products");
  const catalogue = Math.max(0, scale.products - existing);
  if (catalogue > 0) await addProducts(client, { n: catalogue, leafIds: tree.leaves, vatId });
  step(`${await one("select count(*) as n from products")} products`);

  const catalogueFirst = await one("select min(id) as n from products where invoice_name like 'Výrobek č. %'");
  const catalogueCount = await one("select count(*) as n from products where invoice_name like 'Výrobek č. %'");
  if ((await one("select max(id) - min(id) + 1 as n from products where invoice_name like 'Výrobek č. %'")) !== catalogueCount) throw new Error("catalogue ids are not consecutive");

  // Customers: one contact per twenty orders (beside the templates' own), three in ten a company with its IČO.
  const customers = Math.max(100, Math.round(scale.orders / 20));
  await client.exec(`
    insert into customers (first_name, last_name, phone, email, company, ico, street, city, postal_code, language, created_by, updated_by)
    select (${sqlArray(FIRST)})[1 + g % 10], (${sqlArray(LAST)})[1 + (g / 10) % 10] || case when g % 3 = 0 then 'ová' else '' end,
      '+420 7' || lpad((g % 100000000)::text, 8, '0'), 'kontakt' || g || '@example.cz',
      case when g % 10 < 3 then 'Zahrady ' || (${sqlArray(LAST)})[1 + (g / 7) % 10] || ' s.r.o. ' || g end,
      case when g % 10 < 3 then lpad((10000000 + g)::text, 8, '0') end,
      'Zahradní ' || (1 + g % 300), (${sqlArray(CITIES)})[1 + (g / 100) % 10], lpad((10000 + (g * 37) % 89999)::text, 5, '0'),
      case when g % 50 = 0 then 'en' else 'cs' end, ${userId}, ${userId}
    from generate_series(1, ${customers}) g`);
  const firstCustomer = await one(`select min(id) as n from customers where email like 'kontakt%@example.cz'`);
  if ((await one(`select max(id) - min(id) + 1 as n from customers where email like 'kontakt%@example.cz'`)) !== customers) throw new Error("customer ids are not consecutive");
  step(`${customers} customers`);

  // Orders, cloned from the template's rules and terms, each a customer's; the material triggers
  // are off while the items go in (they only clear material_at, which new orders hold null).
  await client.exec("alter table fence_order_items disable trigger fence_order_items_material");
  await client.exec("alter table fence_order_other_items disable trigger fence_order_other_items_material");
  const n = scale.orders;
  const productArray = `array[${orderProducts.join(",")}]`;
  for (let from = 1; from <= n; from += BATCH) {
    const to = Math.min(n, from + BATCH - 1);
    const before = await one("select max(id) as n from fence_orders");
    await client.exec(`
      insert into fence_orders (status, first_name, last_name, phone, email, customer_id, company, ico, street, city, postal_code,
        payment_rule_confirmation, payment_rule_delivery, payment_rule_completion, delivery, vat, offer_date, measurement_date, order_date, deadline,
        note, priority_order, shipping_distance, shipping_unit_price, shipping_price, created_at, updated_at, created_by, updated_by)
      select (${sqlArray(STATUSES)})[1 + s.k], c.first_name, c.last_name, c.phone, c.email, c.id, c.company, c.ico, c.street, c.city, c.postal_code,
        t.payment_rule_confirmation, t.payment_rule_delivery, t.payment_rule_completion, t.delivery, case when g % 10 = 0 then 12 else 21 end, s.offer,
        case when s.k between 1 and 5 then least(s.offer + 5, current_date) end,
        case when s.k between 2 and 5 then least(s.offer + 14, current_date) end,
        case when s.k between 2 and 5 then least(s.offer + 14, current_date) + 77 end,
        case when g % 5 = 0 then 'Poznámka k zakázce ' || g end, g % 50 = 0, 10 + g % 90, 18, (10 + g % 90) * 18,
        s.offer::timestamptz, s.offer::timestamptz, ${userId}, ${userId}
      from generate_series(${from}, ${to}) g
      cross join lateral (select current_date - ((${n}::bigint - g) * ${SPAN_DAYS} / ${n})::int as offer) d
      cross join lateral (select d.offer,
        case when d.offer >= current_date - ${OPEN_DAYS} then g % 7 when g % 8 = 0 then 6 else 5 end as k) s
      join customers c on c.id = ${firstCustomer} + (g::bigint * 7919) % ${customers}
      cross join (select * from fence_orders where id = ${templateOrder.id}) t
      order by g`);
    const range = `o.id > ${before}`;
    // 1–3 fence items each, the template's (measures, engine details) over the order products.
    await client.exec(`
      insert into fence_order_items (order_id, product_type, product_id, color, height, length, amount, m2_price, unit_price, invoice_name, details, sort_order, created_by, updated_by)
      select o.id, i.product_type, (${productArray})[1 + ((o.id::bigint * 7919 + j * 104729) % ${orderProducts.length})],
        (array['RAL 7016', 'RAL 6005', 'RAL 8017', 'pozink'])[1 + (o.id + j) % 4], i.height, i.length, i.amount, i.m2_price, i.unit_price, i.invoice_name, i.details, j, ${userId}, ${userId}
      from fence_orders o cross join generate_series(1, 3) j
      cross join (select * from fence_order_items where id = ${templateOrder.itemId}) i
      where ${range} and j <= 1 + o.id % 3`);
    // Every fourth order also an other item, the template's line over a catalogue product (all on
    // one product, the planner once walked every product for an order's other items: the
    // statistics said no other item names a product past the first few).
    await client.exec(`
      insert into fence_order_other_items (order_id, item_type, product_id, amount, unit_price, invoice_name, storable, sort_order, created_by, updated_by)
      select o.id, i.item_type, ${catalogueFirst} + (o.id::bigint * 104729) % ${catalogueCount}, i.amount, i.unit_price, i.invoice_name, i.storable, 0, ${userId}, ${userId}
      from fence_orders o cross join (select * from fence_order_other_items where id = ${templateOrder.otherItemId}) i
      where ${range} and o.id % 4 = 0`);
    log(`    orders ${to.toLocaleString("en")} / ${n.toLocaleString("en")}`);
  }
  await client.exec("alter table fence_order_items enable trigger fence_order_items_material");
  await client.exec("alter table fence_order_other_items enable trigger fence_order_other_items_material");
  step(`${await one("select count(*) as n from fence_orders")} orders, ${await one("select count(*) as n from fence_order_items")} items`);

  // Invoices: one order in ten of those confirmed, cloned from the template (its snapshot and
  // totals); a final invoice or, one in four, a proforma, numbered per year and kind as issued.
  // Closed once paid; the last two months' and one in fifty older ones still open (overdue).
  const confirmed = await one(`select count(*) as n from fence_orders where order_date is not null and id <> ${templateOrder.id}`);
  const every = Math.max(1, Math.floor(confirmed / Math.max(1, Math.round(n / 10))));
  await client.exec(`
    insert into invoices (kind, number, year, counter, uuid, order_id, status, issue_date, due_date, taxable_supply_date, snapshot, total, payable, created_by, updated_by)
    select s.kind, s.year::text || case s.kind when 'FINAL' then '1' else '2' end || lpad(s.counter::text, 5, '0'), s.year, s.counter, gen_random_uuid(), s.order_id,
      case when s.issue > current_date - 60 or s.order_id % 50 = 0 then 'OPEN' else 'CLOSED' end, s.issue, s.issue + 14,
      case s.kind when 'FINAL' then s.issue end, t.snapshot, t.total, t.payable, ${userId}, ${userId}
    from (
      select p.*, extract(year from p.issue)::int as year,
        row_number() over (partition by extract(year from p.issue), p.kind order by p.issue, p.order_id)::int
          + coalesce((select max(counter) from invoices) , 0) as counter
      from (
        select o.id as order_id, least(o.order_date + 3, current_date) as issue, case when o.id % 4 = 0 then 'PROFORMA' else 'FINAL' end as kind
        from (select id, order_date, row_number() over (order by id) as rn from fence_orders where order_date is not null and id <> ${templateOrder.id}) o
        where o.rn % ${every} = 0
      ) p
    ) s cross join (select * from invoices where id = ${templateInvoiceId}) t`);
  await client.exec(`
    insert into invoice_number_series (year, kind, last_counter)
    select year, kind, max(counter) from invoices group by year, kind
    on conflict (year, kind) do update set last_counter = greatest(invoice_number_series.last_counter, excluded.last_counter)`);
  const lineColumns = await columnsOf(client, "invoice_lines", ["id", "invoice_id"]);
  await client.exec(`insert into invoice_lines (invoice_id, ${lineColumns})
    select i.id, ${lineColumns.split(", ").map((c) => `l.${c}`).join(", ")} from invoices i cross join invoice_lines l
    where l.invoice_id = ${templateInvoiceId} and i.id <> ${templateInvoiceId}`);
  await client.exec(`insert into invoice_payments (invoice_id, amount, paid_on, created_by)
    select id, payable, issue_date + 10, ${userId} from invoices where status = 'CLOSED'`);
  step(`${await one("select count(*) as n from invoices")} invoices`);

  // Plans in the weeks around today: the newest planned (then material-ordered) orders, on a
  // day of the 12 weeks and a van of the ten, with all their items; a manufacture plan each.
  const planningFrom = addDays(mondayOf(today), -28);
  const days = PLAN_WEEKS * 7;
  await client.exec(`
    with chosen as (
      select id, row_number() over (order by status = 'PLANNED' desc, id desc) - 1 as n from fence_orders
      where status in ('PLANNED', 'MATERIAL_ORDER') order by status = 'PLANNED' desc, id desc limit ${PLANS}
    ), made as (
      insert into order_plans (order_id, date, van_id, delivery, assembly, created_by, updated_by)
      select id, '${planningFrom}'::date + (n % ${days})::int, (array[${vanIds.join(",")}])[1 + (n / ${days})::int % ${VANS}], n % 3 <> 2, n % 3 <> 0, ${userId}, ${userId} from chosen
      returning id, order_id
    )
    insert into order_plan_items (plan_id, item_id, amount)
    select made.id, i.id, i.amount from made join fence_order_items i on i.order_id = made.order_id`);
  await client.exec(`
    insert into manufacture_plans (order_id, manufacture_date, painting_date)
    select order_id, date - 7, date - 5 from order_plans`);
  step(`${await one("select count(*) as n from order_plans")} plans`);

  // Stock: the first catalogue products in the big warehouse, fewer in the branch.
  for (const [id, rows, half] of [[warehouseId, STOCK_ROWS, 0], [smallWarehouseId, SMALL_STOCK_ROWS, 0.5]] as const) {
    await client.exec(`
      insert into warehouse_items (warehouse_id, product_id, quantity, on_the_way, required_stock_level, created_by, updated_by)
      select ${id}, p.id, (p.id % 97)::numeric + ${half}, (p.id % 7)::numeric, (p.id % 120)::numeric, ${userId}, ${userId}
      from (select id from products where invoice_name like 'Výrobek č. %' order by id limit ${rows}) p`);
  }

  // The items tab: 30 fence items over three fence products, 20 other items, as fence-items.ts.
  const category = await createFenceCategory(db);
  const fenceProducts: number[] = [];
  for (let i = 0; i < 3; i++) fenceProducts.push(await createFenceProduct(db, category, FENCE_1_PARAMETERS));
  const accessories: number[] = [];
  for (let i = 0; i < 20; i++) accessories.push(await createProduct(db, { name: `Příslušenství zátěž ${i + 1}`, unitPrice: "289.90" }));
  const itemsOrder = await createFenceOrderWithItems(ctx, {
    order: { firstName: "Jana", lastName: "Položková", phone: "+420 777 000 030", email: "polozky@example.cz" },
    items: Array.from({ length: 30 }, (_, i) => ({ ...validFenceItem, product: fenceProducts[i % 3], height: 1800, length: 2000 + (i % 10) * 50, distanceFromGround: 50, amount: 1 + (i % 3), m2price: 2450, color: ["RAL 7016", "RAL 6005"][i % 2] })),
    otherItems: Array.from({ length: 20 }, (_, i) => ({ product: accessories[i], amount: 1 + i, unitPrice: 289.9 })),
  });
  step("stock and the items order");

  // As autovacuum would leave them: statistics and the visibility map (index-only scans).
  await client.exec("vacuum analyze");
  step("vacuum analyze");

  const counts: Record<string, number> = {};
  for (const table of ["fence_orders", "fence_order_items", "fence_order_other_items", "products", "categories", "customers", "invoices", "invoice_lines", "invoice_payments", "vat_rates", "warehouse_items", "order_plans", "order_plan_items", "manufacture_plans", "delivery_vans"]) {
    counts[table] = await one(`select count(*) as n from ${table}`);
  }
  return {
    kind: target.kind,
    location: locationOf(target),
    scale,
    ids: { warehouseId, smallWarehouseId, itemsOrderId: itemsOrder.id, templateOrderId: templateOrder.id, templateInvoiceId, userId, vanIds, planningFrom },
    user: { email, password },
    counts,
    builtAt: new Date().toISOString(),
    buildSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
