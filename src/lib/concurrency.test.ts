import { describe, expect, test } from "bun:test";
import { concurrencyLimit } from "./concurrency";

/** A piece of work that finishes when told to, recording how many ran at once. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("concurrencyLimit", () => {
  test("at most 2 of 5 run at once, in arrival order; a failure frees its slot", async () => {
    const limited = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = [0, 1, 2, 3, 4].map(() => gate());
    const results = gates.map((g, index) =>
      limited(async () => {
        started.push(index);
        most = Math.max(most, ++running);
        await g.opened;
        running--;
        if (index === 1) throw new Error("refused");
        return index * 10;
      }),
    );
    const settled = Promise.allSettled(results);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await results[1]!.catch(() => {});
    // The failed one's slot went to the next in line.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    const outcome = await settled;
    expect(outcome.map((o) => (o.status === "fulfilled" ? o.value : "refused"))).toEqual([0, "refused", 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  test("a limit that is not a positive integer is refused", () => {
    expect(() => concurrencyLimit(0)).toThrow();
    expect(() => concurrencyLimit(1.5)).toThrow();
  });
});
