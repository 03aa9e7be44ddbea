/**
 * The soak (docs/decisions/073-soak.md): the app as a real process on a fresh database with the
 * demo company, driven for a fixed time by the open-loop streams of a busy office × 20 over
 * loopback — list pages, item saves, stock operations, kiosk scans, and rack scale readings over
 * MQTT — while the app's resident memory and CPU are read from /proc. Returns the figures;
 * run.ts prints them, soak.test.ts checks the errors.
 */
import { median, sleep } from "../bench/lib";
import { appClient, type AppProcess, cpuMs, loadAverage, rssKb, startApp } from "./app-process";
import { createSoakDatabase, type DatabaseKind, defaultPostgresUrl, type SoakFixtures, seedSoak } from "./fixtures";
import { Gate, type KindFigures, Recorder, runStreams } from "./load";
import { LIST_PAGES } from "./office";
import { scaleReadings } from "./scale-readings";
import { officeStreams, takeOrders } from "./streams";

export { KINDS } from "./streams";

export interface SoakOptions {
  seconds: number;
  database: DatabaseKind;
  /** The PostgreSQL server the throwaway database is made on. */
  postgresUrl?: string;
  /** An MQTT broker to use (the app's embedded one when it does not answer); null: the embedded one. */
  mqttUrl?: string | null;
  log?: (text: string) => void;
}

export interface SoakResult {
  database: DatabaseKind;
  databaseWhere: string;
  broker: string;
  seconds: number;
  warmupSeconds: number;
  /** Set-up: the database, the demo company, the actors, the app's start, the logins. */
  setupSeconds: number;
  figures: KindFigures[];
  /** The list pages' figure page by page. */
  pages: KindFigures[];
  warmup: Record<string, { count: number; errors: number }>;
  errors: number;
  errorSamples: string[];
  /**
   * The app's VmRSS: the median of the samples in the first window after the warm-up and in the
   * last window of the run (`windowSeconds` each: the garbage collector moves a single sample by
   * a fifth), the growth between the two; and the single samples at those two moments.
   */
  rss: {
    windowSeconds: number;
    warmupEndKb: number;
    endKb: number;
    growthPercent: number;
    atWarmupEndKb: number;
    atEndKb: number;
    minKb: number;
    maxKb: number;
    samples: { atSeconds: number; kb: number }[];
  };
  /** CPU the app and this driver used after the warm-up, in cores; the machine's load average at the end. */
  cpu: { appCores: number; driverCores: number; loadAverage: number };
  /** Scale readings published, and how many the app had stored (or a newer one of their scale) by the end. */
  readings: { published: number; stored: number };
  /** How the app's process ended after SIGTERM. */
  exit: { code: number | null; forced: boolean };
}

/** The warm-up: a fifth of the run, at least 10 s and at most 60 s. */
export const warmupSecondsOf = (seconds: number) => Math.min(60, Math.max(10, Math.round(seconds / 5)));

const RSS_EVERY_MS = 2_000;

/** Each of the two windows the memory growth compares: 30 s, or a fifth of the measured part when shorter. */
export const rssWindowSecondsOf = (seconds: number, warmupSeconds: number) => Math.max(RSS_EVERY_MS / 1000, Math.min(30, Math.round((seconds - warmupSeconds) / 5)));

/** The app's memory every 2 s and its CPU from the warm-up's end, read from /proc while the soak runs. */
function watchProcess(pid: number, startAt: number, warmupEndsAt: number, windowSeconds: number) {
  const samples: { atSeconds: number; kb: number }[] = [];
  let atWarmupEnd: { kb: number; at: number; appCpu: number; driverCpu: NodeJS.CpuUsage } | null = null;
  let running = true;
  const loop = (async () => {
    while (running) {
      const now = performance.now();
      try {
        const kb = rssKb(pid);
        samples.push({ atSeconds: Math.round((now - startAt) / 1000), kb });
        if (!atWarmupEnd && now >= warmupEndsAt) atWarmupEnd = { kb, at: now, appCpu: cpuMs(pid), driverCpu: process.cpuUsage() };
      } catch {
        return; // the app is gone: its requests fail and say so
      }
      await sleep(RSS_EVERY_MS);
    }
  })();
  return {
    latestKb: () => samples.at(-1)?.kb,
    async finish(): Promise<Pick<SoakResult, "rss" | "cpu">> {
      running = false;
      await loop;
      const atEndKb = rssKb(pid);
      samples.push({ atSeconds: Math.round((performance.now() - startAt) / 1000), kb: atEndKb });
      const mark = atWarmupEnd ?? { kb: samples[0]!.kb, at: startAt, appCpu: Number.NaN, driverCpu: process.cpuUsage() };
      const elapsed = performance.now() - mark.at;
      const driver = process.cpuUsage(mark.driverCpu);
      const warmupEndSeconds = (warmupEndsAt - startAt) / 1000;
      const lastSeconds = samples.at(-1)!.atSeconds;
      const medianOf = (from: number, to: number) => median(samples.filter((s) => s.atSeconds >= from && s.atSeconds <= to).map((s) => s.kb));
      const warmupEndKb = medianOf(warmupEndSeconds, warmupEndSeconds + windowSeconds);
      const endKb = medianOf(lastSeconds - windowSeconds, lastSeconds);
      const kbs = samples.filter((s) => s.atSeconds >= warmupEndSeconds).map((s) => s.kb);
      return {
        rss: {
          windowSeconds,
          warmupEndKb,
          endKb,
          growthPercent: ((endKb - warmupEndKb) / warmupEndKb) * 100,
          atWarmupEndKb: mark.kb,
          atEndKb,
          minKb: Math.min(...kbs),
          maxKb: Math.max(...kbs),
          samples,
        },
        cpu: { appCores: (cpuMs(pid) - mark.appCpu) / elapsed, driverCores: (driver.user + driver.system) / 1000 / elapsed, loadAverage: loadAverage() },
      };
    },
  };
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? (() => {});
  const setupStarted = performance.now();
  const soakDb = await createSoakDatabase(options.database, options.postgresUrl ?? defaultPostgresUrl());
  let app: AppProcess | null = null;
  let readings: Awaited<ReturnType<typeof scaleReadings>> | null = null;
  try {
    // 1. The data, made before the app starts (PGlite allows one process at a time).
    log(`database: ${options.database} (${soakDb.where})`);
    const database = await soakDb.open();
    let fixtures: SoakFixtures;
    try {
      fixtures = await seedSoak(database, log);
    } finally {
      await database.close();
    }

    // 2. The app, its sessions, the savers' orders.
    const mqttUrl = options.mqttUrl === null ? null : (options.mqttUrl ?? (process.env.TEST_MQTT_URL || process.env.MQTT_URL || "mqtt://127.0.0.1:1883"));
    app = await startApp({ databaseEnv: soakDb.env, mqttUrl });
    log(`app pid ${app.pid} on ${app.base}, broker ${app.broker}`);
    const client = appClient(app.base);
    const pageSessions = await Promise.all(fixtures.pageUsers.map(client.login));
    const saverSessions = await Promise.all(fixtures.savers.map(client.login));
    const clerkSessions = await Promise.all(fixtures.clerks.map(client.login));
    const savers = await takeOrders(client, saverSessions, fixtures.candidateOrders);
    for (const path of LIST_PAGES) {
      const answer = await client.request(pageSessions[0]!, path);
      if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} before the soak started`);
    }

    // 3. The streams, the scales and the watch on the process, from one start.
    const recorder = new Recorder();
    const byPage = new Recorder();
    const gate = new Gate();
    const streams = officeStreams({ client, fixtures, pageSessions, savers, clerkSessions, byPage });
    readings = await scaleReadings({ brokerUrl: app.brokerUrl, topicPrefix: app.topicPrefix, scales: fixtures.scales.length, client, session: pageSessions[0]!, recorder });
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    log(`set-up done in ${setupSeconds.toFixed(1)} s; soak ${options.seconds} s`);

    const warmupSeconds = warmupSecondsOf(options.seconds);
    const startAt = performance.now() + 200;
    const endAt = startAt + options.seconds * 1000;
    recorder.warmupEndsAt = byPage.warmupEndsAt = startAt + warmupSeconds * 1000;
    const watch = watchProcess(app.pid, startAt, recorder.warmupEndsAt, rssWindowSecondsOf(options.seconds, warmupSeconds));
    const progress = setInterval(() => {
      const at = Math.round((performance.now() - startAt) / 1000);
      log(`${at}/${options.seconds} s: ${gate.inFlight} in flight, ${recorder.totalErrors()} errors, app RSS ${watch.latestKb() ?? "?"} KB`);
    }, 30_000);
    const [, scaleFigures] = await Promise.all([runStreams(streams, { startAt, endAt, recorder, gate }), readings.run({ startAt, endAt })]);
    clearInterval(progress);
    const { rss, cpu } = await watch.finish();
    await readings.close();

    const broker = app.broker;
    const exit = await app.stop();
    app = null;
    return {
      database: options.database,
      databaseWhere: soakDb.where,
      broker,
      seconds: options.seconds,
      warmupSeconds,
      setupSeconds,
      figures: recorder.figures(),
      pages: byPage.figures(),
      warmup: recorder.warmupCounts(),
      errors: recorder.totalErrors(),
      errorSamples: recorder.errorSamples,
      rss,
      cpu,
      readings: scaleFigures,
      exit,
    };
  } catch (error) {
    const tail = app?.output().slice(-3000);
    throw new Error(`${(error as Error).message}${tail ? `\n--- the app's last output ---\n${tail}` : ""}`, { cause: error });
  } finally {
    await readings?.close();
    if (app) await app.stop(5_000).catch(() => {});
    await soakDb.drop().catch((error) => log(`could not drop ${soakDb.where}: ${(error as Error).message}`));
  }
}
