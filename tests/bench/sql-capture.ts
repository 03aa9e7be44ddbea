/**
 * The bare SQL of a request: records the statements a piece of work sends through the database
 * client (text, parameters, and which ones were in flight together), then replays exactly those
 * through the raw client with no drizzle, Hono or rendering on top. Also EXPLAIN ANALYZE.
 * Works on PGlite (`client.query`) and on postgres.js (`client.unsafe`).
 */
import type { Database } from "@/lib/db";

export interface Statement {
  sql: string;
  params: unknown[];
  /** Statements sent before the previous ones answered (Promise.all) share a group. */
  group: number;
}

type PgliteClient = {
  query(q: string, params?: unknown[], options?: { rowMode?: "array" | "object" }): Promise<{ rows: unknown[] }>;
  transaction<T>(work: (tx: PgliteClient) => Promise<T>): Promise<T>;
};
type PostgresClient = {
  unsafe(q: string, params?: unknown[], options?: { prepare?: boolean }): Promise<unknown[]> & { values(): Promise<unknown[][]> };
  begin<T>(work: (tx: PostgresClient) => Promise<T>): Promise<T>;
};

export interface SqlClient {
  kind: Database["kind"];
  serverVersion(): Promise<string>;
  /** Runs `work` and returns the statements it sent, those inside its transactions too (without BEGIN and COMMIT). */
  capture(work: () => Promise<unknown>): Promise<{ statements: Statement[]; result: unknown }>;
  /** One statement through the bare client. */
  run(statement: Pick<Statement, "sql" | "params">): Promise<unknown>;
  /** The statements again, group after group, each group's statements in parallel (as the app sent them). */
  replay(statements: Statement[]): Promise<void>;
  /** The same inside one transaction (BEGIN … COMMIT), as a service's write sends them. */
  replayInTransaction(statements: Statement[]): Promise<void>;
  /**
   * One statement under a planner setting such as `random_page_cost = 1.1` (a what-if): on
   * PostgreSQL inside a transaction with SET LOCAL, since the pool's other connections must not
   * see it (two more round trips); on PGlite SET and RESET around it.
   */
  runWithSetting(setting: string, statement: Pick<Statement, "sql" | "params">): Promise<unknown>;
  /** Plain SQL with no parameters (the generator, ANALYZE). */
  exec(sql: string): Promise<unknown[]>;
  explainAnalyze(statement: Pick<Statement, "sql" | "params">): Promise<string>;
}

export function sqlClient(database: Database): SqlClient {
  const kind = database.kind;
  const client = (database.db as unknown as { $client: PgliteClient & PostgresClient }).$client;
  const key = kind === "pglite" ? "query" : "unsafe";
  const begin = kind === "pglite" ? "transaction" : "begin";
  const target = client as unknown as Record<string, (...args: unknown[]) => unknown>;

  const runOn = (on: PgliteClient & PostgresClient, s: Pick<Statement, "sql" | "params">): Promise<unknown> =>
    kind === "pglite" ? on.query(s.sql, s.params, { rowMode: "array" }) : on.unsafe(s.sql, s.params as never[], { prepare: false }).values();
  const run = (s: Pick<Statement, "sql" | "params">): Promise<unknown> => runOn(client, s);

  /** Group after group, each group's statements in parallel. */
  const replayOn = async (on: PgliteClient & PostgresClient, statements: Statement[]) => {
    let i = 0;
    while (i < statements.length) {
      const group = statements[i]!.group;
      const batch: Statement[] = [];
      while (i < statements.length && statements[i]!.group === group) batch.push(statements[i++]!);
      await (batch.length === 1 ? runOn(on, batch[0]!) : Promise.all(batch.map((statement) => runOn(on, statement))));
    }
  };

  const exec = async (text: string): Promise<unknown[]> =>
    kind === "pglite" ? (await client.query(text)).rows : ((await client.unsafe(text)) as unknown[]);

  return {
    kind,
    async serverVersion() {
      const rows = (await exec("select version() as v")) as { v?: string }[];
      return String(rows[0]?.v ?? "?").replace(/^(\S+ \S+).*$/s, "$1");
    },
    async capture(work) {
      const statements: Statement[] = [];
      const original = target[key]!;
      const originalBegin = target[begin]!;
      // A statement sent within the same macrotask as the previous one was sent alongside it.
      let group = -1;
      let open = false;
      const recording = (send: (...args: unknown[]) => unknown) =>
        function (this: unknown, ...args: unknown[]) {
          if (!open) {
            group++;
            open = true;
            setImmediate(() => {
              open = false;
            });
          }
          statements.push({ sql: String(args[0]), params: (args[1] as unknown[] | undefined) ?? [], group });
          return send.apply(this, args);
        };
      target[key] = recording(original);
      // Inside a transaction the driver hands the work its own client: record that one's statements too.
      target[begin] = function (this: unknown, ...args: unknown[]) {
        const work = args.pop() as (tx: object) => unknown;
        const wrapped = (tx: object) => {
          const send = (tx as Record<string, (...inner: unknown[]) => unknown>)[key]!;
          const recorder = recording(send);
          // postgres.js hands a callable (a Proxy keeps it one); PGlite an object whose `query` is fixed (a child object shadows it).
          return work(
            typeof tx === "function"
              ? new Proxy(tx, { get: (inner, prop, receiver) => (prop === key ? recorder : Reflect.get(inner, prop, receiver)) })
              : Object.create(tx, { [key]: { value: recorder } }),
          );
        };
        return originalBegin.apply(this, [...args, wrapped]);
      };
      try {
        const result = await work();
        return { statements, result };
      } finally {
        target[key] = original;
        target[begin] = originalBegin;
      }
    },
    run,
    async runWithSetting(setting, s) {
      if (kind === "postgres") {
        return client.begin(async (tx) => {
          await tx.unsafe(`set local ${setting}`);
          return tx.unsafe(s.sql, s.params as never[], { prepare: false }).values();
        });
      }
      await client.query(`set ${setting}`);
      try {
        return await run(s);
      } finally {
        await client.query(`reset ${setting.split("=")[0]!.trim()}`);
      }
    },
    replay: (statements) => replayOn(client, statements),
    async replayInTransaction(statements) {
      const transact = (kind === "pglite" ? client.transaction : client.begin).bind(client) as (work: (tx: PgliteClient & PostgresClient) => Promise<void>) => Promise<void>;
      await transact((tx) => replayOn(tx, statements));
    },
    exec,
    async explainAnalyze(s) {
      const text = `explain (analyze, buffers) ${s.sql}`;
      const rows =
        kind === "pglite"
          ? ((await client.query(text, s.params)).rows as Record<string, unknown>[])
          : ((await client.unsafe(text, s.params as never[], { prepare: false })) as unknown as Record<string, unknown>[]);
      return rows.map((row) => String(Object.values(row)[0])).join("\n");
    },
  };
}

/** A statement shortened for a table cell. */
export const brief = (sql: string, length = 100) => {
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
};

/**
 * What a statement reads or writes, in a few words: "select <table>" by its first FROM, "insert
 * <table>"…; the products' parameters (one recursive statement) and the offer cache's check (the
 * fingerprint beside the stored PDF) by name.
 */
export function statementSubject(text: string): string {
  if (text.startsWith("with recursive")) return "product parameters";
  if (text.startsWith("select") && text.includes('"fence_offer_pdfs"')) return "fingerprint + cache row";
  const table = /^(?:select .*? from|insert into|update|delete from) "(\w+)"/s.exec(text)?.[1];
  return table ? `${text.split(" ")[0]} ${table}` : text.slice(0, 30);
}
