/** docs/decisions/069-faults.md: which errors mean "the database is out of reach" (a 503), and which do not. */
import { expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { freePort } from "../../tests/bench/lib";
import { isDatabaseUnavailable, openPglite, openPostgres } from "./db";
import { inServicesRun } from "../../tests/helpers/db";

test.skipIf(inServicesRun)("a query to a PostgreSQL that refuses connections fails at once, as unavailable, through drizzle's wrapping", async () => {
  const database = await openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/nothing`, { max: 2 });
  try {
    const started = performance.now();
    const error = await database.db.execute(sql`select 1`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Not the driver's growing wait between attempts (up to 20 s): far below it.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await database.ping()).toBe(false);
  } finally {
    await database.close();
  }
});

test.skipIf(inServicesRun)("a wrong statement, a broken rule or a plain bug is not an outage", async () => {
  const database = await openPglite();
  try {
    const error = await database.db.execute(sql`select * from no_such_table`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(false);
  } finally {
    await database.close();
  }
  expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error("connection failure"), { code: "08006" }))).toBe(true);
  expect(isDatabaseUnavailable(null)).toBe(false);
});
