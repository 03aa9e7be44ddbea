/**
 * The Prometheus registry behind `Metrics` (src/lib/metrics.ts), loaded on first use: prom-client
 * costs about a tenth of a second to load, which the server's first answer should not wait for.
 */
import { wrapTransactionClients } from "./postgres-transactions";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "./db";
import type { JobOutcome } from "./jobs/runner";

/** The scale feed's running totals (its writer's stats), read at each scrape. */
export interface ScaleFeedTotals {
  received: number;
  rowsWritten: number;
  historyRowsWritten: number;
  failedFlushes: number;
  dropped: number;
}

/** What the app reports (src/lib/metrics.ts hands it over once this is loaded). */
export interface MetricsRegistry {
  /** One answered request: its route pattern (never the raw path: the label set stays bounded). */
  request(init: { method: string; route: string; status: number; seconds: number }): void;
  /** For the job runner's `onOutcome`. */
  jobRun(outcome: JobOutcome, seconds: number): void;
  /** The scale feed whose totals are read at each scrape (the last one given wins). */
  watchScaleFeed(totals: () => ScaleFeedTotals): void;
  /** Times every query of this database from now on (its client is wrapped in place). */
  watchDatabase(database: Pick<Database, "db" | "kind">, poolSize?: number): void;
  text(): Promise<string>;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** A counter whose value is a running total kept elsewhere, read at scrape time. */
function totalCounter(registry: Registry, name: string, help: string, read: () => number | null) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const value = read();
      this.reset();
      if (value) this.inc(value);
    },
  });
}

export function createMetricsRegistry(options: { processMetrics?: boolean } = {}): MetricsRegistry {
  const registry = new Registry();
  // The process's own figures (memory, CPU, event loop lag, handles): only the running app asks
  // for them, each of them starts a monitor.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: "ohrada_http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status class",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: "ohrada_job_runs_total",
    help: "Background job runs by job name and outcome",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: "ohrada_job_run_duration_seconds",
    help: "Background job run length by job name",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 300, 1800],
    registers: [registry],
  });

  let scaleFeed: (() => ScaleFeedTotals) | null = null;
  const fromFeed = (key: keyof ScaleFeedTotals) => () => scaleFeed?.()[key] ?? null;
  totalCounter(registry, "ohrada_scale_readings_received_total", "Valid scale readings taken from MQTT", fromFeed("received"));
  totalCounter(registry, "ohrada_scale_rows_written_total", "Scale weights written (readings gathered per scale between writes)", fromFeed("rowsWritten"));
  totalCounter(registry, "ohrada_scale_history_rows_written_total", "Minute history rows written", fromFeed("historyRowsWritten"));
  totalCounter(registry, "ohrada_scale_failed_writes_total", "Scale feed writes that failed (retried)", fromFeed("failedFlushes"));
  totalCounter(registry, "ohrada_scale_readings_dropped_total", "Readings dropped because too many unknown scales reported", fromFeed("dropped"));

  const queriesInFlight = new Gauge({
    name: "ohrada_db_queries_in_flight",
    help: "Database queries started and not yet answered (waiting for a connection included)",
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: "ohrada_db_query_duration_seconds",
    help: "Database query time, waiting for a pool connection included",
    labelNames: ["outcome"] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const poolSize = new Gauge({ name: "ohrada_db_pool_size", help: "Connections the database pool may open (PGlite: 1)", registers: [registry] });

  const timed = () => {
    queriesInFlight.inc();
    const end = queryDuration.startTimer();
    let ended = false;
    return (outcome: "ok" | "error") => {
      if (ended) return;
      ended = true;
      queriesInFlight.dec();
      end({ outcome });
    };
  };

  return {
    request: ({ method, route, status, seconds }) => httpDuration.observe({ method, route, status: statusClass(status) }, seconds),
    jobRun: (outcome, seconds) => {
      jobRuns.inc({ job: outcome.name, outcome: outcome.outcome });
      jobDuration.observe({ job: outcome.name }, seconds);
    },
    watchScaleFeed: (totals) => {
      scaleFeed = totals;
    },
    watchDatabase: (database, size) => {
      const client = (database.db as unknown as { $client?: unknown }).$client;
      if (!client) return;
      if (database.kind === "postgres") {
        instrumentPostgres(client as PostgresClient, timed);
        poolSize.set(size ?? (client as { options?: { max?: number } }).options?.max ?? 0);
      } else {
        instrumentPglite(client as PgliteClient, timed);
        poolSize.set(1);
      }
    },
    text: () => registry.metrics(),
  };
}

type Timer = () => (outcome: "ok" | "error") => void;
const INSTRUMENTED = Symbol("ohrada.metrics");

/**
 * postgres.js: a query runs once something awaits it (its `handle`), and ends by its own
 * `resolve`/`reject`; those three are wrapped on each query `unsafe` (drizzle's only call) makes,
 * and in each transaction's and savepoint's client.
 */
interface PostgresQuery {
  executed: boolean;
  handle(): unknown;
  resolve(value: unknown): unknown;
  reject(error: unknown): unknown;
}
interface PostgresClient {
  unsafe(...args: unknown[]): PostgresQuery;
  begin?(...args: unknown[]): Promise<unknown>;
  savepoint?(...args: unknown[]): Promise<unknown>;
  [INSTRUMENTED]?: { timed: Timer };
}

/**
 * A client is wrapped once; a later registry takes the wrapped client over (the last one watching
 * counts). Null: already wrapped, now for `timedBy`; otherwise the timer the wrappers call.
 */
function takeOver(client: { [INSTRUMENTED]?: { timed: Timer } }, timedBy: Timer): Timer | null {
  if (client[INSTRUMENTED]) {
    client[INSTRUMENTED].timed = timedBy;
    return null;
  }
  const state = { timed: timedBy };
  client[INSTRUMENTED] = state;
  return () => state.timed();
}

function instrumentPostgres(client: PostgresClient, timedBy: Timer): void {
  const timed = takeOver(client, timedBy);
  if (!timed) return;
  const unsafe = client.unsafe.bind(client);
  client.unsafe = (...args) => {
    const query = unsafe(...args);
    let done: ((outcome: "ok" | "error") => void) | null = null;
    const { handle, resolve, reject } = query;
    query.handle = function (this: PostgresQuery) {
      if (!this.executed && !done) done = timed();
      return handle.call(this);
    };
    query.resolve = (value) => {
      done?.("ok");
      return resolve(value);
    };
    query.reject = (error) => {
      done?.("error");
      return reject(error);
    };
    return query;
  };
  wrapTransactionClients(client, (inner) => instrumentPostgres(inner, timed));
}

interface PgliteLike {
  query(...args: unknown[]): Promise<unknown>;
  exec?(...args: unknown[]): Promise<unknown>;
  transaction?(work: (tx: PgliteLike) => Promise<unknown>): Promise<unknown>;
  [INSTRUMENTED]?: { timed: Timer };
}
type PgliteClient = PgliteLike;

const timedCall = async <T>(timed: Timer, call: () => Promise<T>): Promise<T> => {
  const done = timed();
  try {
    const result = await call();
    done("ok");
    return result;
  } catch (error) {
    done("error");
    throw error;
  }
};

/** PGlite: one connection, its queries wait in line; every query and exec is timed, in a transaction too. */
function instrumentPglite(client: PgliteClient, timedBy: Timer): void {
  const timed = takeOver(client, timedBy);
  if (!timed) return;
  const query = client.query.bind(client);
  client.query = (...args) => timedCall(timed, () => query(...args));
  if (client.exec) {
    const exec = client.exec.bind(client);
    client.exec = (...args) => timedCall(timed, () => exec(...args));
  }
  if (client.transaction) {
    const transaction = client.transaction.bind(client);
    client.transaction = (work) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        return work(Object.create(tx, { query: { value: (...args: unknown[]) => timedCall(timed, () => txQuery(...args)) } }) as PgliteLike);
      });
  }
}
