/**
 * docs/decisions/069-faults.md: after PostgreSQL ends sessions in the middle of their queries (a
 * fast shutdown) and comes back, no later query gets the error those sessions were sent. Runs
 * with the real services (TEST_DATABASE_URL set) on a PostgreSQL cluster of its own.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { type OwnPostgres, startOwnPostgres } from "../../tests/helpers/own-postgres";
import { type Database, openPostgres, selectRows } from "./db";

const POOL = 4;
let pg: OwnPostgres;
let database: Database;

describe.skipIf(!process.env.TEST_DATABASE_URL)("the pool after a fast shutdown", () => {
  beforeAll(async () => {
    pg = await startOwnPostgres();
    database = await openPostgres(pg.url, { max: POOL });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    pg?.destroy();
  }, 60_000);

  test("the queries cut off fail, and once the ping says up every later query succeeds (none gets the 57P01 left from before)", async () => {
    // Every connection of the pool busy when the server goes down.
    const busy = Array.from({ length: POOL }, () => selectRows(database.db, sql`select pg_sleep(30)`).then(() => "done", (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code));
    const monitor = await openPostgres(pg.url, { max: 1 });
    try {
      const sleeping = () => selectRows<{ n: number }>(monitor.db, sql`select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep%' and state = 'active'`);
      while ((await sleeping())[0]!.n < POOL) await Bun.sleep(20);
    } finally {
      await monitor.close();
    }
    pg.stop("fast");
    // The driver answers them "closed" and keeps PostgreSQL's 57P01 for each connection's next start.
    expect(await Promise.all(busy)).toEqual(Array(POOL).fill("CONNECTION_CLOSED"));
    pg.start();
    while (!(await database.ping())) await Bun.sleep(20);
    const after = await Promise.all(Array.from({ length: POOL * 2 }, () => selectRows<{ one: number }>(database.db, sql`select 1 as one`).then(() => "ok", (error: { cause?: { code?: string } }) => error.cause?.code ?? String(error))));
    expect(after).toEqual(Array(POOL * 2).fill("ok"));
  }, 60_000);
});
