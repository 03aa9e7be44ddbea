/**
 * The app's metrics in Prometheus's text format (docs/decisions/072-logs-and-metrics.md): one
 * registry per app instance, so tests never share counters. The HTTP middleware, the job runner,
 * the scale feed and the database report into it; `/metrics` prints it. The registry
 * (prom-client) loads at the first request, job run or scrape, not before the server listens;
 * what is watched before then is handed over when it is there.
 */
import type { MetricsRegistry, ScaleFeedTotals } from "./metrics-registry";

export type { ScaleFeedTotals };

/** The registry's calls (src/lib/metrics-registry.ts), usable before it is loaded. */
export interface Metrics extends MetricsRegistry {
  contentType: string;
}

/** Prometheus's text format, version 0.0.4. */
export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
/** Observations made while the registry loads, at most (a burst at start-up). */
const MAX_WAITING = 10_000;

export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  let registry: MetricsRegistry | null = null;
  let loading: Promise<MetricsRegistry> | null = null;
  const waiting: ((registry: MetricsRegistry) => void)[] = [];
  const watched: ((registry: MetricsRegistry) => void)[] = [];
  const load = () =>
    (loading ??= import("./metrics-registry").then(({ createMetricsRegistry }) => {
      const made = createMetricsRegistry(options);
      for (const watch of watched) watch(made);
      for (const observe of waiting.splice(0)) observe(made);
      registry = made;
      return made;
    }));
  const observe = (use: (registry: MetricsRegistry) => void) => {
    if (registry) return use(registry);
    if (waiting.length < MAX_WAITING) waiting.push(use);
    void load();
  };
  const watch = (use: (registry: MetricsRegistry) => void) => {
    if (registry) return use(registry);
    watched.push(use);
  };
  return {
    request: (init) => observe((made) => made.request(init)),
    jobRun: (outcome, seconds) => observe((made) => made.jobRun(outcome, seconds)),
    watchScaleFeed: (totals) => watch((made) => made.watchScaleFeed(totals)),
    watchDatabase: (database, poolSize) => watch((made) => made.watchDatabase(database, poolSize)),
    text: async () => (await load()).text(),
    contentType: METRICS_CONTENT_TYPE,
  };
}
