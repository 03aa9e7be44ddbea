/**
 * A fingerprint of what tables hold (each table's row count and an md5 of its rows), so a test can
 * prove a refused request wrote nothing: the fingerprint before equals the one after.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";

type Rows<T> = { rows?: T[] } & T[];

/** The given tables, or every table of the public schema but the sessions (any authenticated call touches its own). */
export async function tableSnapshot(ctx: Ctx, tables?: readonly string[]): Promise<string> {
  const names =
    tables ??
    (((rows: Rows<{ name: string }>) => rows.rows ?? rows)(
      (await ctx.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by table_name`,
      )) as unknown as Rows<{ name: string }>,
    ).map((row) => row.name));
  const parts = names.map((name) => sql`select ${name} as name, count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`);
  const result = (await ctx.db.execute(sql.join(parts, sql` union all `))) as unknown as Rows<unknown>;
  return JSON.stringify(result.rows ?? result);
}
