/**
 * The soak's database: a throwaway PostgreSQL database (or a PGlite data directory), migrated,
 * with the demo company and what the soak's actors need besides (office users, stock clerks,
 * kiosk devices with their workers, rack scales, a pair of warehouses with stock). All of it is
 * made here, through the app's services and factories, before the app starts; the app then runs
 * on it as a real process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc } from "drizzle-orm";
import { fenceOrders, warehouseRackScales } from "@db/schema";
import { createPairedKioskDevice, createProduct, createUser, createUserWithCard, createWarehouse, createWarehouseItem, createWorkplace, createWorkType } from "@db/seed/factories";
import { seedDemo } from "@db/seed/demo";
import { seedReference } from "@db/seed/reference";
import { systemCtx } from "@/lib/context";
import { type Database, migrate, openDatabase, openPostgres } from "@/lib/db";
import { copyTemplateInto } from "@/lib/pglite-template";
import { throwawayPostgres } from "../helpers/throwaway-postgres";
import { testPasswordCost } from "@/modules/auth/service";
import { SOAK_PLAN } from "./office";

export const SOAK_PASSWORD = "soak-heslo-2026";
/** The soak's scales' external ids start here (far from the demo's 101…112). */
export const SCALE_EXT_ID_BASE = 700_000;
/** How many demo orders a saver may try before the soak gives up finding editable ones. */
const CANDIDATE_ORDERS = 80;

export type DatabaseKind = "pglite" | "postgres";

export interface SoakDatabase {
  kind: DatabaseKind;
  /** What the app's process gets: DATABASE_URL, or DATA_DIR. */
  env: Record<string, string>;
  /** Where it is, for the report (no password). */
  where: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export const defaultPostgresUrl = () => process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

/** A fresh database for one soak: on PostgreSQL a new database beside `baseUrl`'s, dropped after; on PGlite a temp data directory. */
export async function createSoakDatabase(kind: DatabaseKind, baseUrl = defaultPostgresUrl()): Promise<SoakDatabase> {
  if (kind === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "ohrada-soak-"));
    return {
      kind,
      env: { DATA_DIR: dataDir },
      where: dataDir,
      open: () => openDatabase({ DATA_DIR: dataDir }, { fillEmptyDataDir: (dir) => copyTemplateInto(dir) }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await throwawayPostgres("soak", baseUrl);
  await database.close();
  const url = new URL(database.url);
  return {
    kind,
    env: { DATABASE_URL: database.url },
    where: `${url.host}/${database.name}`,
    open: () => openPostgres(database.url, { max: 5 }),
    drop: () => database.destroy(),
  };
}

export interface Account {
  email: string;
  password: string;
}

export interface SoakFixtures {
  pageUsers: Account[];
  savers: Account[];
  clerks: Account[];
  kiosks: { token: string; card: string }[];
  workTypes: [number, number];
  scales: { extId: number }[];
  stock: { warehouses: [number, number]; products: number[] };
  /** Demo orders, oldest first, that savers may take (the soak keeps those whose items tab saves). */
  candidateOrders: number[];
}

const account = async (ctx: ReturnType<typeof systemCtx>, prefix: string, i: number): Promise<Account> => {
  const email = `${prefix}${i + 1}@soak.ohrada.test`;
  await createUser(ctx, { email, firstName: "Soak", lastName: `${prefix} ${i + 1}`, password: SOAK_PASSWORD }, testPasswordCost);
  return { email, password: SOAK_PASSWORD };
};

/** Migrates, seeds the reference data and the demo company, and makes the soak's actors. */
export async function seedSoak(database: Database, log: (text: string) => void): Promise<SoakFixtures> {
  const ctx = systemCtx(database.db);
  await migrate(database);
  await seedReference(ctx);
  let started = performance.now();
  await seedDemo(ctx, { passwordCost: testPasswordCost });
  log(`demo company loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();

  const pageUsers: Account[] = [];
  const savers: Account[] = [];
  const clerks: Account[] = [];
  for (let i = 0; i < SOAK_PLAN.pageSessions; i++) pageUsers.push(await account(ctx, "office", i));
  for (let i = 0; i < SOAK_PLAN.savers; i++) savers.push(await account(ctx, "saver", i));
  for (let i = 0; i < SOAK_PLAN.clerks; i++) clerks.push(await account(ctx, "clerk", i));

  const workplace = await createWorkplace(ctx, { name: "Soak dílna" });
  const workTypes: [number, number] = [await createWorkType(ctx, { name: "Soak svařování", workplace }), await createWorkType(ctx, { name: "Soak broušení", workplace })];
  const kiosks: SoakFixtures["kiosks"] = [];
  for (let i = 0; i < SOAK_PLAN.kiosks; i++) {
    const worker = await createUserWithCard(ctx, { email: `worker${i + 1}@soak.ohrada.test`, kioskCardCode: `SOAK-${i + 1}` }, testPasswordCost);
    const device = await createPairedKioskDevice(ctx, { name: `Soak kiosk ${i + 1}` });
    kiosks.push({ token: device.token, card: `U${worker.kioskCardCode}` });
  }

  // The scales in one insert (hundreds through the form's service would take long and prove nothing here).
  const scaleRows = Array.from({ length: SOAK_PLAN.rackScales }, (_, i) => ({ name: `Soak váha ${i + 1}`, extId: SCALE_EXT_ID_BASE + i }));
  await database.db.insert(warehouseRackScales).values(scaleRows);

  // Two warehouses, each holding plenty of every clerk's product: a clerk moves one piece back and forth.
  const a = await createWarehouse(ctx, { name: "Soak sklad A" });
  const b = await createWarehouse(ctx, { name: "Soak sklad B" });
  const products: number[] = [];
  for (let i = 0; i < SOAK_PLAN.clerks; i++) {
    const productId = await createProduct(database.db, { name: `Soak materiál ${i + 1}` });
    for (const warehouseId of [a, b]) await createWarehouseItem(ctx, { warehouseId, productId, quantity: 1_000_000 });
    products.push(productId);
  }

  const orders = await database.db.select({ id: fenceOrders.id }).from(fenceOrders).orderBy(asc(fenceOrders.id)).limit(CANDIDATE_ORDERS);
  log(`soak actors made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return {
    pageUsers,
    savers,
    clerks,
    kiosks,
    workTypes,
    scales: scaleRows.map(({ extId }) => ({ extId })),
    stock: { warehouses: [a, b], products },
    candidateOrders: orders.map((order) => order.id),
  };
}
