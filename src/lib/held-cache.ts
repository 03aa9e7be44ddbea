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
  const perDb = new WeakMap<Db, { bytes: number; values: Map<string, V> }>();
  const of = (db: Db) => {
    let held = perDb.get(db);
    if (!held) perDb.set(db, (held = { bytes: 0, values: new Map() }));
    return held;
  };
  return {
    get(db, key) {
      const held = perDb.get(db);
      const value = held?.values.get(key);
      if (held && value !== undefined) {
        held.values.delete(key);
        held.values.set(key, value);
      }
      return value;
    },
    set(db, key, value) {
      const held = of(db);
      const before = held.values.get(key);
      if (before !== undefined) {
        held.values.delete(key);
        held.bytes -= sizeOf(before);
      }
      held.values.set(key, value);
      held.bytes += sizeOf(value);
      for (const [oldest, old] of held.values) {
        if (held.bytes <= maxBytes) break;
        held.values.delete(oldest);
        held.bytes -= sizeOf(old);
      }
    },
  };
}
