/**
 * Copies of generated documents this process answered lately (decision 029,
 * docs/decisions/029-offer-held-in-memory.md), per database (a test's databases never share one)
 * and key, up to a number of bytes, the least recently answered dropped first. A Map in the order
 * of use, so its first entries are the least recently answered. The offer PDF and the invoice PDF
 * hold theirs here; what a held value is valid for (a fingerprint) is the caller's to check. The
 * lists hold their built page statements here too, each counting one (src/lib/crud/service.ts).
 */
import type { Db } from "./db";

export interface HeldCache<V> {
  /** The held value of `key`, marked as the latest answered. */
  get(db: Db, key: string): V | undefined;
  /** Holds `value` under `key` (replacing the one held), dropping the oldest past the byte limit. */
  set(db: Db, key: string, value: V): void;
}

export function heldCache<V>(maxBytes: number, sizeOf: (value: V) => number): HeldCache<V> {
  const perDb = new WeakMap<Db, BoundedCache<V>>();
  return {
    get: (db, key) => perDb.get(db)?.get(key),
    set(db, key, value) {
      let held = perDb.get(db);
      if (!held) perDb.set(db, (held = boundedCache(maxBytes, sizeOf)));
      held.set(key, value);
    },
  };
}

/** The same for values that do not depend on a database (markup made from props alone). */
export interface BoundedCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

export function boundedCache<V>(maxBytes: number, sizeOf: (value: V) => number): BoundedCache<V> {
  const values = new Map<string, V>();
  let bytes = 0;
  return {
    get(key) {
      const value = values.get(key);
      if (value !== undefined) {
        values.delete(key);
        values.set(key, value);
      }
      return value;
    },
    set(key, value) {
      const before = values.get(key);
      if (before !== undefined) {
        values.delete(key);
        bytes -= sizeOf(before);
      }
      values.set(key, value);
      bytes += sizeOf(value);
      for (const [oldest, old] of values) {
        if (bytes <= maxBytes) break;
        values.delete(oldest);
        bytes -= sizeOf(old);
      }
    },
  };
}
