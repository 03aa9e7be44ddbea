/**
 * postgres.js keeps the error PostgreSQL sends a connection in the middle of a query when it shuts
 * down (57P01, "terminating connection due to administrator command") and hands it to the first
 * query that connection's next start carries: after an outage each such connection would fail one
 * request with a stale 503, whenever the pool next opens it (at the next busy moment, minutes
 * later perhaps). When a connection closes, this waits for the server to answer again and then
 * opens every connection of the pool with a `select 1` of its own, round after round until one
 * passes clean, so the stale errors go to these and not to requests (docs/decisions/069-faults.md).
 */
export interface PoolRecovery {
  /** postgres.js's `onclose`. */
  onclose(): void;
  /** Resolves when no recovery is running (at once when none is). */
  settled(): Promise<void>;
  /** Stops: the pool is closing. */
  end(): void;
}

/** How often a recovery asks whether the server answers again. */
const RETRY_MS = 100;
/** Rounds of one `select 1` per connection; each round drains what the last one found. */
const MAX_ROUNDS = 5;

export function poolRecovery(select1: () => PromiseLike<unknown>, poolSize: number): PoolRecovery {
  let running: Promise<void> | null = null;
  let ended = false;
  const answers = () =>
    Promise.resolve(select1()).then(
      () => true,
      () => false,
    );
  const run = async () => {
    // Unref'd: a recovery still waiting never keeps a process alive that has nothing else to do.
    while (!ended && !(await answers())) await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
    for (let round = 0; round < MAX_ROUNDS && !ended; round++) {
      const results = await Promise.all(Array.from({ length: poolSize }, answers));
      if (results.every(Boolean)) return;
    }
  };
  return {
    onclose() {
      if (running || ended) return;
      running = run().finally(() => {
        running = null;
      });
    },
    settled: () => running ?? Promise.resolve(),
    end() {
      ended = true;
    },
  };
}
