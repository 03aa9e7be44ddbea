/**
 * The scale feed's batching writer (docs/domain.md#scale-feed, docs/decisions/057-scale-feed-ingestion.md).
 *
 * Readings are gathered in memory, per scale: the newest reading (which the stored `lastWeight`
 * follows), whether the weight left the noise band (which moves `lastWeightChange`), and the
 * current minute's last reading (the history). A flush every `flushEveryMs` writes every scale
 * that reported since the last one in one `update … from json_to_recordset(…)`, the minutes that
 * ended in one upsert, and the unknown external ids in another: a scale at 10 Hz is one row in one
 * statement every quarter of a second, not ten updates a second.
 *
 * - The noise band's base is the weight at the scale's last change, kept here per scale and seeded
 *   from the stored `lastWeight` when the scale is first seen (after a start that is within one
 *   band of the real base, see the decision).
 * - The external id → scale map is read at the first flush, again every `mapEveryMs`, and sooner
 *   (at most every `mapOnMissEveryMs`) when a reading came from an id it lacks: a scale registered
 *   in the office is fed within a few seconds. A reading whose id is still unknown after that is
 *   counted into `rack_scale_unknown_reports`, never made a scale.
 * - A stored row is changed only by a reading at least as new as the one it holds, so two app
 *   instances splitting the feed (or a late reading) never move `lastWeight` back.
 */
import { sql } from "drizzle-orm";
import { type Database, type Db, selectRows } from "@/lib/db";
import type { Logger } from "@/lib/logger";
import { DEFAULT_NOISE_BAND_GRAMS, movesBeyondNoiseBand } from "./noise-band";

export interface ScaleFeedWriterOptions {
  logger: Logger;
  /** Milliseconds since the epoch; tests may move it. */
  clock?: () => number;
  /** How often gathered readings are written (≤ 500 ms keeps the stored weight within 1 s). */
  flushEveryMs?: number;
  /** How often the noise band is read again from `rack_scale_settings`. */
  settingsEveryMs?: number;
  /** How often the external id map is read again. */
  mapEveryMs?: number;
  /** At most this often when a reading came from an id the map lacks. */
  mapOnMissEveryMs?: number;
  /** A minute's history row is written this long after the minute ends (late readings still count). */
  minuteGraceMs?: number;
  /** Called with how many readings an unregistered external id sent since the last flush. */
  onUnknownScale?: (extId: number, readings: number) => void;
}

/** A scale's stored weight after a flush, for whoever shows weights live. */
export interface ScaleWeightWritten {
  scaleId: number;
  weight: number;
  readingAt: Date;
  /** Set when this flush moved `lastWeightChange`. */
  changedAt: Date | null;
}

export interface ScaleFeedWriterStats {
  /** Valid readings taken since the start (the metrics' readings received). */
  received: number;
  /** Scales with readings not yet written. */
  pendingScales: number;
  /** External ids waiting for the map to be read again, or to be written as unknown. */
  unresolvedIds: number;
  flushes: number;
  failedFlushes: number;
  rowsWritten: number;
  historyRowsWritten: number;
  /** Readings dropped because too many unknown ids reported at once. */
  dropped: number;
}

export interface ScaleFeedWriter {
  /** Takes a valid reading of external id `extId` (grams, at `at` ms); never touches the database. */
  record(extId: number, weight: number, at: number): void;
  /** Starts writing to the database (readings taken before are kept until then). */
  start(database: Pick<Database, "db">): void;
  /** Writes what is gathered now (tests, shutdown); resolves after the write. */
  flush(options?: { closeMinutes?: boolean }): Promise<void>;
  /** Called after each write with the scales it changed. */
  onWritten(listener: (written: ScaleWeightWritten[]) => void): () => void;
  stats(): ScaleFeedWriterStats;
  /** Stops the timer and writes everything, the current minutes' history included. */
  close(): Promise<void>;
}

interface Reading {
  weight: number;
  at: number;
}

interface Minute {
  start: number;
  weight: number;
  at: number;
}

interface ScaleState {
  id: number;
  /** The weight at the last change; null before the scale's first reading. */
  base: number | null;
  latest: Reading | null;
  /** When the weight last left the band, since the last flush. */
  changeAt: number | null;
  minute: Minute | null;
}

interface Unresolved {
  count: number;
  firstAt: number;
  lastAt: number;
  lastWeight: number;
  /** The last few readings, replayed if the id turns out registered. */
  readings: Reading[];
}

const MINUTE_MS = 60_000;
/** Readings of an id not yet in the map that are kept to be replayed once it is. */
const KEPT_UNRESOLVED_READINGS = 20;
/** Distinct unknown ids held between flushes; past that, readings are dropped (and counted). */
const MAX_UNRESOLVED_IDS = 10_000;
/** History rows held while the database fails; past that, the oldest are dropped. */
const MAX_PENDING_HISTORY = 100_000;
const INT4_MAX = 2_147_483_647;

const iso = (ms: number) => new Date(ms).toISOString();

export function createScaleFeedWriter(options: ScaleFeedWriterOptions): ScaleFeedWriter {
  const { logger } = options;
  const clock = options.clock ?? Date.now;
  const flushEveryMs = options.flushEveryMs ?? 250;
  const settingsEveryMs = options.settingsEveryMs ?? 30_000;
  const mapEveryMs = options.mapEveryMs ?? 30_000;
  const mapOnMissEveryMs = options.mapOnMissEveryMs ?? 2_000;
  const minuteGraceMs = options.minuteGraceMs ?? 2_000;

  let db: Db | null = null;
  let bandGrams = DEFAULT_NOISE_BAND_GRAMS;
  let settingsReadAt = Number.NEGATIVE_INFINITY;
  /** extId → scale id and the weight stored when the map was read (the base of a scale first seen). */
  let scaleIds: Map<number, { id: number; lastWeight: number | null }> | null = null;
  let mapReadAt = Number.NEGATIVE_INFINITY;
  const states = new Map<number, ScaleState>();
  const dirty = new Set<ScaleState>();
  const unresolved = new Map<number, Unresolved>();
  /** Finished minutes waiting to be written, by `scaleId:start` (one row each). */
  const history = new Map<string, { scaleId: number; start: number; weight: number }>();
  const listeners = new Set<(written: ScaleWeightWritten[]) => void>();
  const counters = { received: 0, flushes: 0, failedFlushes: 0, rowsWritten: 0, historyRowsWritten: 0, dropped: 0 };

  let timer: ReturnType<typeof setTimeout> | null = null;
  let tail: Promise<void> = Promise.resolve();
  let closed = false;
  let lastErrorLogAt = Number.NEGATIVE_INFINITY;

  const keepHistory = (scaleId: number, start: number, weight: number) => {
    history.set(`${scaleId}:${start}`, { scaleId, start, weight });
    if (history.size > MAX_PENDING_HISTORY) history.delete(history.keys().next().value!);
  };

  function apply(state: ScaleState, weight: number, at: number): void {
    if (!state.latest || at >= state.latest.at) {
      state.latest = { weight, at };
      if (movesBeyondNoiseBand(state.base, weight, bandGrams)) {
        state.base = weight;
        state.changeAt = at;
      }
      dirty.add(state);
    }
    const start = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    const minute = state.minute;
    if (!minute) state.minute = { start, weight, at };
    else if (start === minute.start) {
      if (at >= minute.at) state.minute = { start, weight, at };
    } else if (start > minute.start) {
      keepHistory(state.id, minute.start, minute.weight);
      state.minute = { start, weight, at };
    } else {
      // A late reading of a minute already closed: its row is written again with it.
      keepHistory(state.id, start, weight);
    }
  }

  function stateOf(extId: number): ScaleState | null {
    const scale = scaleIds?.get(extId);
    if (!scale) return null;
    let state = states.get(scale.id);
    if (!state) {
      state = { id: scale.id, base: scale.lastWeight, latest: null, changeAt: null, minute: null };
      states.set(scale.id, state);
    }
    return state;
  }

  function record(extId: number, weight: number, at: number): void {
    counters.received += 1;
    const state = stateOf(extId);
    if (state) return apply(state, weight, at);
    let entry = unresolved.get(extId);
    if (!entry) {
      if (unresolved.size >= MAX_UNRESOLVED_IDS) {
        counters.dropped += 1;
        return;
      }
      entry = { count: 0, firstAt: at, lastAt: at, lastWeight: weight, readings: [] };
      unresolved.set(extId, entry);
    }
    entry.count += 1;
    entry.firstAt = Math.min(entry.firstAt, at);
    if (at >= entry.lastAt) {
      entry.lastAt = at;
      entry.lastWeight = weight;
    }
    entry.readings.push({ weight, at });
    if (entry.readings.length > KEPT_UNRESOLVED_READINGS) entry.readings.shift();
  }

  async function readSettings(database: Db, now: number): Promise<void> {
    const rows = await selectRows<{ noise_band_grams: number }>(database, sql`select noise_band_grams from rack_scale_settings where id = 1`);
    bandGrams = rows[0] ? Number(rows[0].noise_band_grams) : DEFAULT_NOISE_BAND_GRAMS;
    settingsReadAt = now;
  }

  async function readMap(database: Db, now: number): Promise<void> {
    const rows = await selectRows<{ id: number; ext_id: number; last_weight: string | null }>(
      database,
      sql`select id, ext_id, last_weight from warehouse_rack_scales`,
    );
    const next = new Map<number, { id: number; lastWeight: number | null }>();
    for (const row of rows) next.set(Number(row.ext_id), { id: Number(row.id), lastWeight: row.last_weight === null ? null : Number(row.last_weight) });
    const added = !scaleIds || [...next.keys()].some((extId) => !scaleIds!.has(extId));
    // Scales deleted since are forgotten (their rows and history went with them).
    const ids = new Set([...next.values()].map((scale) => scale.id));
    for (const [id, state] of states) {
      if (!ids.has(id)) {
        states.delete(id);
        dirty.delete(state);
      }
    }
    scaleIds = next;
    mapReadAt = now;
    // A registered id is no longer "reporting, not registered".
    if (added) await database.execute(sql`delete from rack_scale_unknown_reports r where exists (select 1 from warehouse_rack_scales s where s.ext_id = r.ext_id)`);
  }

  async function write(database: Db, closeMinutes: boolean): Promise<void> {
    const now = clock();
    if (now - settingsReadAt >= settingsEveryMs) await readSettings(database, now);
    const mapDue = now - mapReadAt >= mapEveryMs || (unresolved.size > 0 && now - mapReadAt >= mapOnMissEveryMs);
    let unknown: [number, Unresolved][] = [];
    if (mapDue) {
      await readMap(database, now);
      const waiting = [...unresolved];
      unresolved.clear();
      for (const [extId, entry] of waiting) {
        const state = stateOf(extId);
        if (state) for (const reading of entry.readings) apply(state, reading.weight, reading.at);
        else unknown.push([extId, entry]);
      }
    }

    const rows = [...dirty].map((state) => ({ state, weight: state.latest!.weight, readingAt: state.latest!.at, changeAt: state.changeAt }));
    dirty.clear();
    for (const row of rows) row.state.changeAt = null;
    for (const state of states.values()) {
      if (state.minute && (closeMinutes || now >= state.minute.start + MINUTE_MS + minuteGraceMs)) {
        keepHistory(state.id, state.minute.start, state.minute.weight);
        state.minute = null;
      }
    }
    const minutes = [...history.values()];
    history.clear();

    try {
      let written: ScaleWeightWritten[] = [];
      if (rows.length) {
        const json = JSON.stringify(rows.map((row) => ({ id: row.state.id, weight: row.weight, reading_at: iso(row.readingAt), change_at: row.changeAt === null ? null : iso(row.changeAt) })));
        const changed = await selectRows<{ id: number }>(
          database,
          sql`update warehouse_rack_scales as s
              set last_weight = v.weight, last_reading_at = v.reading_at, last_weight_change = coalesce(v.change_at, s.last_weight_change)
              from json_to_recordset(${json}::json) as v(id integer, weight numeric, reading_at timestamptz, change_at timestamptz)
              where s.id = v.id and (s.last_reading_at is null or s.last_reading_at <= v.reading_at)
              returning s.id`,
        );
        const applied = new Set(changed.map((row) => Number(row.id)));
        written = rows
          .filter((row) => applied.has(row.state.id))
          .map((row) => ({ scaleId: row.state.id, weight: row.weight, readingAt: new Date(row.readingAt), changedAt: row.changeAt === null ? null : new Date(row.changeAt) }));
        counters.rowsWritten += changed.length;
      }
      if (minutes.length) {
        const json = JSON.stringify(minutes.map((minute) => ({ scale_id: minute.scaleId, weight: minute.weight, at: iso(minute.start) })));
        await database.execute(
          sql`insert into rack_scale_readings (scale_id, weight, at)
              select v.scale_id, v.weight, v.at from json_to_recordset(${json}::json) as v(scale_id integer, weight numeric, at timestamptz)
              where exists (select 1 from warehouse_rack_scales s where s.id = v.scale_id)
              on conflict (scale_id, at) do update set weight = excluded.weight`,
        );
        counters.historyRowsWritten += minutes.length;
      }
      if (unknown.length) {
        const json = JSON.stringify(
          unknown.map(([extId, entry]) => ({ ext_id: extId, first_at: iso(entry.firstAt), last_at: iso(entry.lastAt), readings: Math.min(entry.count, INT4_MAX), last_weight: entry.lastWeight })),
        );
        await database.execute(
          sql`insert into rack_scale_unknown_reports as r (ext_id, first_at, last_at, readings, last_weight)
              select v.ext_id, v.first_at, v.last_at, v.readings, v.last_weight
              from json_to_recordset(${json}::json) as v(ext_id integer, first_at timestamptz, last_at timestamptz, readings integer, last_weight numeric)
              on conflict (ext_id) do update set
                first_at = least(r.first_at, excluded.first_at),
                last_at = greatest(r.last_at, excluded.last_at),
                readings = least(r.readings::bigint + excluded.readings, ${INT4_MAX})::integer,
                last_weight = case when excluded.last_at >= r.last_at then excluded.last_weight else r.last_weight end`,
        );
        for (const [extId, entry] of unknown) options.onUnknownScale?.(extId, entry.count);
        unknown = [];
      }
      counters.flushes += 1;
      if (written.length) {
        for (const listener of listeners) {
          try {
            listener(written);
          } catch (error) {
            logger.error("scale feed listener failed", { error: error instanceof Error ? error.message : String(error) });
          }
        }
      }
    } catch (error) {
      // Nothing is lost: the scales are written again at the next flush, the rest is put back.
      counters.failedFlushes += 1;
      for (const row of rows) {
        if (row.state.changeAt === null) row.state.changeAt = row.changeAt;
        if (states.get(row.state.id) === row.state) dirty.add(row.state);
      }
      for (const minute of minutes) if (!history.has(`${minute.scaleId}:${minute.start}`)) keepHistory(minute.scaleId, minute.start, minute.weight);
      for (const [extId, entry] of unknown) if (!unresolved.has(extId)) unresolved.set(extId, entry);
      throw error;
    }
  }

  /** Flushes run one after another; `tail` settles when the last one queued has (it never rejects). */
  function flush(flushOptions: { closeMinutes?: boolean } = {}): Promise<void> {
    const next = tail.then(() => (db ? write(db, flushOptions.closeMinutes ?? false) : undefined));
    tail = next.catch(() => {});
    return next;
  }

  function schedule(): void {
    if (closed) return;
    timer = setTimeout(() => {
      timer = null;
      flush()
        .catch((error) => {
          const now = clock();
          if (now - lastErrorLogAt >= MINUTE_MS) {
            lastErrorLogAt = now;
            logger.error("scale feed: writing readings failed, retrying", { error: error instanceof Error ? error.message : String(error) });
          }
        })
        .finally(schedule);
    }, flushEveryMs);
  }

  return {
    record,
    start(database) {
      if (db || closed) return;
      db = database.db;
      schedule();
    },
    flush,
    onWritten(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stats: () => ({ pendingScales: dirty.size, unresolvedIds: unresolved.size, ...counters }),
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await tail;
      if (db) await flush({ closeMinutes: true }).catch((error) => logger.error("scale feed: the last write failed", { error: error instanceof Error ? error.message : String(error) }));
    },
  };
}
