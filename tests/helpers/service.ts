/**
 * Service tests: a fresh database per test file, and the AppError a refused call throws.
 * `const t = useTestDatabase();` at the top of the file, then `t.ctx`, `t.db` or `t.database` inside tests.
 */
import { afterAll, beforeAll } from "bun:test";
import { type Ctx, systemCtx } from "@/lib/context";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { createTestDatabase, type TestDatabase } from "./db";

/** Upper bound for the database hooks (bun gives hooks 5 s otherwise); never a timing assertion. */
export const HOOK_TIMEOUT_MS = 120_000;

export interface TestDatabaseHolder {
  readonly database: TestDatabase;
  readonly db: Db;
  /** A system ctx (no user, Czech) over the test database. */
  readonly ctx: Ctx;
}

/** beforeAll/afterAll wiring of a fresh, migrated and reference-seeded database for this test file. */
export function useTestDatabase(): TestDatabaseHolder {
  let current: { database: TestDatabase; ctx: Ctx } | null = null;
  beforeAll(async () => {
    const database = await createTestDatabase();
    current = { database, ctx: systemCtx(database.db) };
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await current?.database.destroy();
  }, HOOK_TIMEOUT_MS);
  const ready = () => {
    if (!current) throw new Error("test database not ready: use it inside tests or hooks, after useTestDatabase()'s beforeAll has run");
    return current;
  };
  return {
    get database() {
      return ready().database;
    },
    get db() {
      return ready().database.db;
    },
    get ctx() {
      return ready().ctx;
    },
  };
}

/** The AppError a call throws; fails the test when it succeeds or throws anything else. */
export async function failureOf(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

/** The message key of each field error. */
export const fieldKeys = (error: AppError): Record<string, string> =>
  Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, message.key]));
