import { describe, expect, test } from "bun:test";
import type { Db } from "./db";
import { heldCache } from "./held-cache";

const dbA = {} as Db;
const dbB = {} as Db;

describe("held values", () => {
  test("up to the size, the least recently used dropped first; a read counts as a use", () => {
    const held = heldCache<string>(3, () => 1);
    for (const key of ["a", "b", "c"]) held.set(dbA, key, key.toUpperCase());
    expect(held.get(dbA, "a")).toBe("A");
    held.set(dbA, "d", "D");
    // b was the least recently used: a was read after it.
    expect(["a", "b", "c", "d"].map((key) => held.get(dbA, key))).toEqual(["A", undefined, "C", "D"]);
  });

  test("by bytes: one big value drops as many old ones as it needs; replacing a key frees its old size", () => {
    const held = heldCache<string>(10, (value) => value.length);
    held.set(dbA, "one", "xxxx");
    held.set(dbA, "two", "yyyy");
    held.set(dbA, "two", "yy");
    held.set(dbA, "three", "zzzz");
    expect(["one", "two", "three"].map((key) => held.get(dbA, key))).toEqual(["xxxx", "yy", "zzzz"]);
    held.set(dbA, "big", "wwwwwwww");
    expect(["one", "two", "three", "big"].map((key) => held.get(dbA, key))).toEqual([undefined, undefined, undefined, "wwwwwwww"]);
  });

  test("each database holds its own", () => {
    const held = heldCache<number>(1, () => 1);
    held.set(dbA, "k", 1);
    held.set(dbB, "k", 2);
    expect([held.get(dbA, "k"), held.get(dbB, "k")]).toEqual([1, 2]);
  });
});
