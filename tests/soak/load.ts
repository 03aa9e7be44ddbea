/**
 * The soak's open-loop driver: streams that fire at fixed times, a cap on requests in flight, and
 * a recorder of each request's latency by kind. A request's latency runs from when it was due,
 * not from when it was sent, so a server that falls behind shows in the figures instead of
 * slowing the schedule down (no "coordinated omission"). Requests of one actor that depend on
 * each other (a save needs the version the last one answered; a kiosk's scans follow each other)
 * run in order on the actor's chain; a late one still counts from its due time.
 */
import { quantile } from "../bench/lib";
import { MAX_IN_FLIGHT } from "./office";

export interface KindFigures {
  kind: string;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Requests sent more than 100 ms after they were due (the cap or the actor's previous request held them). */
  late: number;
}

interface KindSamples {
  latencies: number[];
  errors: number;
  late: number;
  warmupCount: number;
  warmupErrors: number;
}

/** Per-kind latencies and errors, split at the end of the warm-up (by due time). */
export class Recorder {
  private readonly kinds = new Map<string, KindSamples>();
  /** The first few error messages, for the report. */
  readonly errorSamples: string[] = [];
  warmupEndsAt = Number.POSITIVE_INFINITY;

  private samples(kind: string): KindSamples {
    let found = this.kinds.get(kind);
    if (!found) this.kinds.set(kind, (found = { latencies: [], errors: 0, late: 0, warmupCount: 0, warmupErrors: 0 }));
    return found;
  }

  /** Makes the kind known (so a kind that never answered still shows, with count 0). */
  declare(kind: string): void {
    this.samples(kind);
  }

  ok(kind: string, dueAt: number, sentAt: number, endAt: number): void {
    const samples = this.samples(kind);
    if (dueAt < this.warmupEndsAt) {
      samples.warmupCount++;
      return;
    }
    samples.latencies.push(endAt - dueAt);
    if (sentAt - dueAt > 100) samples.late++;
  }

  /** `count` errors of one cause (e.g. readings never stored). */
  error(kind: string, dueAt: number, message: string, count = 1): void {
    const samples = this.samples(kind);
    if (dueAt < this.warmupEndsAt) samples.warmupErrors += count;
    else samples.errors += count;
    if (this.errorSamples.length < 20) this.errorSamples.push(`${kind}: ${message}`);
  }

  /** Errors over the whole run, the warm-up's too (an error is an error whenever it happens). */
  totalErrors(): number {
    let total = 0;
    for (const samples of this.kinds.values()) total += samples.errors + samples.warmupErrors;
    return total;
  }

  warmupCounts(): Record<string, { count: number; errors: number }> {
    return Object.fromEntries([...this.kinds].map(([kind, s]) => [kind, { count: s.warmupCount, errors: s.warmupErrors }]));
  }

  figures(): KindFigures[] {
    return [...this.kinds].map(([kind, s]) => {
      const sorted = [...s.latencies].sort((a, b) => a - b);
      return {
        kind,
        count: sorted.length,
        errors: s.errors,
        p50: quantile(sorted, 0.5),
        p95: quantile(sorted, 0.95),
        p99: quantile(sorted, 0.99),
        max: sorted[sorted.length - 1] ?? Number.NaN,
        late: s.late,
      };
    });
  }
}

/** At most `limit` holders at once; the rest wait in order. */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit = MAX_IN_FLIGHT) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  get inFlight(): number {
    return this.active;
  }
}

/** What one due request does: resolves when it is answered and checked, throws with a reason otherwise. */
export type Job = (dueAt: number) => Promise<void>;

export interface Stream {
  kind: string;
  periodMs: number;
  /** The first request is due this long after the start (spreads the actors over their period). */
  offsetMs: number;
  job: Job;
  /** Run each request after the actor's previous one (requests that depend on each other). */
  chained: boolean;
}

/**
 * Runs the streams from `startAt` until `endAt` (performance.now() times): every stream's
 * requests are due at startAt + offset + k × period. Resolves when the last due request is
 * answered (or has failed).
 */
export async function runStreams(streams: Stream[], options: { startAt: number; endAt: number; recorder: Recorder; gate: Gate }): Promise<void> {
  const { startAt, endAt, recorder, gate } = options;
  const pending = new Set<Promise<void>>();
  const loops = streams.map(async (stream) => {
    recorder.declare(stream.kind);
    let chain: Promise<void> = Promise.resolve();
    for (let k = 0; ; k++) {
      const dueAt = startAt + stream.offsetMs + k * stream.periodMs;
      if (dueAt >= endAt) break;
      const wait = dueAt - performance.now();
      if (wait > 0) await Bun.sleep(wait);
      const execute = async () => {
        await gate.run(async () => {
          const sentAt = performance.now();
          try {
            await stream.job(dueAt);
            recorder.ok(stream.kind, dueAt, sentAt, performance.now());
          } catch (error) {
            recorder.error(stream.kind, dueAt, error instanceof Error ? error.message : String(error));
          }
        });
      };
      const request = stream.chained ? (chain = chain.then(execute)) : execute();
      pending.add(request);
      void request.finally(() => pending.delete(request));
    }
  });
  await Promise.all(loops);
  await Promise.all([...pending]);
}
