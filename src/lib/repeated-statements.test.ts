import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { usingPostgres } from "../../tests/helpers/db";
import { type Database, openPostgres, selectRows } from "./db";
import { MAX_PREPARED_TEXTS, PREPARED_TEXTS_PERIOD_MS, RepeatedStatements } from "./repeated-statements";

describe("which statements are prepared", () => {
  test("a text from its second use on, and from then on always", () => {
    const repeated = new RepeatedStatements();
    const text = 'select "id" from "products" where "products"."id" = $1';
    expect([repeated.shouldPrepare(text), repeated.shouldPrepare(text), repeated.shouldPrepare(text)]).toEqual([false, true, true]);
    expect(repeated.preparedTexts).toBe(1);
  });

  test("only reads and writes of rows: select, with, insert, update, delete (any case, after spaces)", () => {
    const repeated = new RepeatedStatements();
    const twice = (text: string) => [repeated.shouldPrepare(text), repeated.shouldPrepare(text)][1];
    expect(twice("  SELECT 1")).toBe(true);
    expect(twice("with x as (select 1) select * from x")).toBe(true);
    expect(twice('insert into "t" values ($1)')).toBe(true);
    expect(twice('update "t" set a = $1')).toBe(true);
    expect(twice('delete from "t"')).toBe(true);
    expect(twice("set local lock_timeout = '1s'")).toBe(false);
    expect(twice("create index i on t (a)")).toBe(false);
    expect(twice("selection")).toBe(false);
    expect(repeated.preparedTexts).toBe(5);
  });

  test("at most the cap of texts: the next repeated text goes unnamed, those admitted stay prepared", () => {
    const repeated = new RepeatedStatements(3);
    for (const n of [1, 2, 3, 4]) {
      repeated.shouldPrepare(`select ${n}`);
      repeated.shouldPrepare(`select ${n}`);
    }
    expect(repeated.preparedTexts).toBe(3);
    expect(repeated.shouldPrepare("select 4")).toBe(false);
    expect(repeated.shouldPrepare("select 1")).toBe(true);
    expect(MAX_PREPARED_TEXTS).toBe(500);
  });

  test("an hour on, the texts are counted afresh: a statement that became hot late gets its room", () => {
    let now = 0;
    const repeated = new RepeatedStatements(2, () => now);
    for (const text of ["select 1", "select 1", "select 2", "select 2"]) repeated.shouldPrepare(text);
    expect([repeated.shouldPrepare("select 3"), repeated.shouldPrepare("select 3")]).toEqual([false, false]);
    now = PREPARED_TEXTS_PERIOD_MS - 1;
    expect(repeated.shouldPrepare("select 1")).toBe(true);
    now = PREPARED_TEXTS_PERIOD_MS;
    expect([repeated.shouldPrepare("select 3"), repeated.shouldPrepare("select 3"), repeated.shouldPrepare("select 1")]).toEqual([false, true, false]);
    expect(repeated.preparedTexts).toBe(1);
    expect(PREPARED_TEXTS_PERIOD_MS).toBe(3_600_000);
  });
});

describe.skipIf(!usingPostgres)("prepared on the PostgreSQL connection", () => {
  // One connection, so every statement below meets the same session's prepared statements.
  let database: Database;
  const table = `repeated_statements_${process.pid}`;
  const prepared = async (like: string) =>
    (await selectRows<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements where statement like ${like}`)).map((row) => row.statement);

  beforeAll(async () => {
    database = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
  });
  afterAll(async () => {
    await database.db.execute(sql.raw(`drop table if exists ${table}`));
    await database.close();
  });

  test("a statement sent twice is a named statement of the connection; one sent once is not, nor one without parameters (the simple protocol); each planned for its own values", async () => {
    const twice = sql`select ${7}::int + 35 as answer_twice`;
    expect(await selectRows(database.db, twice)).toEqual([{ answer_twice: 42 }]);
    expect(await selectRows(database.db, twice)).toEqual([{ answer_twice: 42 }]);
    expect(await selectRows(database.db, sql`select ${1}::int as answer_once`)).toEqual([{ answer_once: 1 }]);
    expect(await prepared("%answer_twice%")).toEqual(["select $1::int + 35 as answer_twice"]);
    expect(await prepared("%answer_once%")).toEqual([]);
    for (let run = 0; run < 3; run++) await selectRows(database.db, sql`select 5 as answer_plain`);
    expect(await prepared("%answer_plain%")).toEqual([]);
    expect(await selectRows(database.db, sql`select current_setting('plan_cache_mode') as mode`)).toEqual([{ mode: "force_custom_plan" }]);
  });

  test("inside a transaction too; a table made anew with other columns (a restore) is read as it now is", async () => {
    await database.db.execute(sql.raw(`create table ${table} (a int)`));
    await database.db.execute(sql.raw(`insert into ${table} values (1)`));
    const read = sql`select * from ${sql.raw(table)} where a > ${0}`;
    await database.db.transaction(async (tx) => {
      expect(await selectRows(tx, read)).toEqual([{ a: 1 }]);
      expect(await selectRows(tx, read)).toEqual([{ a: 1 }]);
    });
    expect(await prepared(`select * from ${table}%`)).toEqual([`select * from ${table} where a > $1`]);
    await database.db.execute(sql.raw(`drop table ${table}`));
    await database.db.execute(sql.raw(`create table ${table} (a int, b text)`));
    await database.db.execute(sql.raw(`insert into ${table} values (2, 'nová')`));
    expect(await selectRows(database.db, read)).toEqual([{ a: 2, b: "nová" }]);
  });
});
