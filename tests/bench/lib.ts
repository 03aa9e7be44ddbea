/** Small helpers shared by the benchmark sections: statistics, tables, processes, ports. */
import { createServer } from "node:net";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "../..");
export const BUN = resolve(ROOT, "node_modules/.bin/bun");

export interface Stats {
  n: number;
  min: number;
  median: number;
  p95: number;
  max: number;
  mean: number;
  /** Mean CPU time of this process per run (user + system, all threads), when measured. */
  cpu?: number;
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.reduce((sum, x) => sum + x, 0) / Math.max(1, sorted.length),
  };
}

export const median = (samples: number[]) => stats(samples).median;

/**
 * Runs every task `warmup` times unmeasured, then `runs` rounds in which each task runs once,
 * the order rotating each round, so that load from elsewhere on the machine falls on every task
 * alike and ratios between them hold. Returns milliseconds per run, and CPU time per run.
 */
export async function measureInterleaved<K extends string>(
  tasks: Record<K, () => Promise<unknown>>,
  options: { warmup: number; runs: number },
): Promise<Record<K, Stats>> {
  const names = Object.keys(tasks) as K[];
  for (let i = 0; i < options.warmup; i++) for (const name of names) await tasks[name]();
  Bun.gc(true);
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  const cpu = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
  for (let round = 0; round < options.runs; round++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(round + j) % names.length]!;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await tasks[name]();
      samples[name].push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu[name] += (used.user + used.system) / 1000;
    }
  }
  return Object.fromEntries(names.map((name) => [name, { ...stats(samples[name]), cpu: cpu[name] / options.runs }])) as Record<K, Stats>;
}

export const ms = (value: number, digits = 2) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : "n/a");
export const secs = (valueMs: number, digits = 2) => (Number.isFinite(valueMs) ? `${(valueMs / 1000).toFixed(digits)} s` : "n/a");
export const kb = (bytes: number, digits = 1) => `${(bytes / 1024).toFixed(digits)} KB`;

/** A plain-text table with a header rule; numbers (and anything else) right-aligned except the first column. */
export function table(header: string[], rows: string[][], options: { leftColumns?: number } = {}): string {
  const left = options.leftColumns ?? 1;
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < left ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].map((l) => `  ${l}`).join("\n");
}

/** How a section measured in process beside bare SQL was measured; `replayed` ends the sentence (what the bare SQL replays). */
export function inProcessMethod(rounds: { warmup: number; runs: number }, replayed: string): string {
  return (
    `  in process through app.request() as a logged-in user, body read to the end; ${rounds.warmup} warm-up then ${rounds.runs} measured rounds, lines\n` +
    "  interleaved; ÷ SQL = median over the bare SQL median, where bare SQL replays through the raw client exactly the statements the\n" +
    `  ${replayed}`
  );
}

export function heading(title: string): void {
  console.log(`\n== ${title} ${"=".repeat(Math.max(0, 76 - title.length))}`);
}

/** A free TCP port on the loopback interface (released before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** process.env without the keys given (so a child does not inherit, say, DATABASE_URL). */
export function envWithout(keys: string[], extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !keys.includes(key)) env[key] = value;
  return { ...env, ...extra };
}

/** Children we started, so that an error or Ctrl-C never leaves one running. */
const children = new Set<Bun.Subprocess>();

export function track<T extends Bun.Subprocess>(child: T): T {
  children.add(child);
  void child.exited.finally(() => children.delete(child));
  return child;
}

export function killAll(): void {
  for (const child of children) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
  children.clear();
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (or signal) once the child is gone. */
export async function stop(child: Bun.Subprocess, graceMs = 10_000): Promise<{ code: number | null; forced: boolean }> {
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, forced: false };
  child.kill("SIGTERM");
  let forced = false;
  const timer = setTimeout(() => {
    forced = true;
    child.kill("SIGKILL");
  }, graceMs);
  const code = await child.exited;
  clearTimeout(timer);
  return { code, forced };
}

/** Whether an MQTT broker answers at `url` (within 2 s); mqtt is loaded only here, for the callers that ask. */
export async function brokerAnswers(url: string): Promise<boolean> {
  const { connectAsync } = await import("mqtt");
  try {
    const client = await connectAsync(url, { reconnectPeriod: 0, connectTimeout: 2000 });
    await client.endAsync();
    return true;
  } catch {
    return false;
  }
}

export const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));
