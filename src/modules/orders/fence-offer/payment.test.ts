/** The payment rules as amounts (docs/domain.md#payment-rules): rounded to the haléř, summing to the total exactly. */
import { describe, expect, test } from "bun:test";
import { paymentStages } from "./payment";

const DEFAULT = { confirmation: 10, delivery: 55, completion: 35 };
const amounts = (total: number, percents = DEFAULT) => paymentStages(total, percents).map((stage) => stage.halere);

describe("payment stages", () => {
  test("10 / 55 / 35 % of 80 041,50 Kč: 8 004,15 + 44 022,83 + 28 014,52", () => {
    expect(paymentStages(8_004_150, DEFAULT)).toEqual([
      { stage: "confirmation", percent: 10, halere: 800_415 },
      { stage: "delivery", percent: 55, halere: 4_402_283 },
      { stage: "completion", percent: 35, halere: 2_801_452 },
    ]);
  });

  test("every total from 0 to 100 000 haléřů splits into stages that sum to it exactly, none negative", () => {
    for (const percents of [DEFAULT, { confirmation: 33, delivery: 33, completion: 34 }, { confirmation: 50, delivery: 50, completion: 0 }, { confirmation: 0, delivery: 0, completion: 100 }]) {
      for (let total = 0; total <= 100_000; total += 7) {
        const split = amounts(total, percents);
        expect(split.reduce((sum, value) => sum + value, 0)).toBe(total);
        for (const value of split) expect(value).toBeGreaterThanOrEqual(0);
      }
    }
  });

  test("each stage is its share rounded half up to the haléř; a 0 % stage is exactly 0", () => {
    // 1,01 Kč: 10 % is 0,101 → 0,10; 65 % is 0,6565 → 0,66, so delivery 0,56; completion the rest 0,35.
    expect(amounts(101)).toEqual([10, 56, 35]);
    // 50 / 50 / 0 of 1,01 Kč: 0,505 → 0,51, the rest 0,50, and nothing on completion.
    expect(amounts(101, { confirmation: 50, delivery: 50, completion: 0 })).toEqual([51, 50, 0]);
    expect(amounts(0)).toEqual([0, 0, 0]);
  });

  test("a negative total (a discount above the price) splits the same way", () => {
    expect(amounts(-101).reduce((sum, value) => sum + value, 0)).toBe(-101);
    expect(amounts(-1000)).toEqual([-100, -550, -350]);
  });
});
