import { describe, expect, test } from "bun:test";
import { parseBarcode } from "@/modules/barcode/schemas";
import { EMPTY_STATE, type ScanEffect, type ScanFacts, type ScanState, scanStep } from "./scan-flow";

const T0 = new Date("2026-11-27T06:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const JANA = { id: 7, active: true };
const PETR = { id: 8, active: true };
const cardOf = (userId: number, seconds: number): ScanState => ({ card: { userId, scannedAt: at(seconds) } });

/** Facts for a scan at `seconds`, received at the same instant unless told. */
const facts = (code: string, seconds: number, extra: Partial<ScanFacts> = {}): ScanFacts => ({
  code: parseBarcode(code),
  scannedAt: at(seconds),
  receivedAt: at(seconds),
  ...extra,
});

interface Row {
  name: string;
  state: ScanState;
  facts: ScanFacts;
  effect: ScanEffect;
  after: ScanState;
}

// Every row of docs/domain.md#kiosk-scan-flow, the window's edges and the refusals.
const rows: Row[] = [
  { name: "a card of an active worker greets them and opens the window", state: EMPTY_STATE, facts: facts("U1001", 0, { worker: JANA }), effect: { kind: "greet", userId: 7 }, after: cardOf(7, 0) },
  { name: "a card read in lower case is the same card", state: EMPTY_STATE, facts: facts("u1001", 0, { worker: JANA }), effect: { kind: "greet", userId: 7 }, after: cardOf(7, 0) },
  { name: "a work type 10 s after the card switches the worker to it", state: cardOf(7, 0), facts: facts("WT3", 10, { workTypeExists: true }), effect: { kind: "switch", userId: 7, workTypeId: 3 }, after: cardOf(7, 0) },
  { name: "a work type 29.9 s after the card still counts", state: cardOf(7, 0), facts: facts("WT3", 29.9, { workTypeExists: true }), effect: { kind: "switch", userId: 7, workTypeId: 3 }, after: cardOf(7, 0) },
  { name: "a work type exactly 30 s after the card still counts", state: cardOf(7, 0), facts: facts("WT3", 30, { workTypeExists: true }), effect: { kind: "switch", userId: 7, workTypeId: 3 }, after: cardOf(7, 0) },
  { name: "a work type 30.1 s after the card: scan your card first", state: cardOf(7, 0), facts: facts("WT3", 30.1, { workTypeExists: true }), effect: { kind: "refused", reason: "cardFirst" }, after: cardOf(7, 0) },
  { name: "a work type with no card at all: scan your card first", state: EMPTY_STATE, facts: facts("WT3", 0, { workTypeExists: true }), effect: { kind: "refused", reason: "cardFirst" }, after: EMPTY_STATE },
  { name: "a work type stamped before the card (clock skew) is outside the window", state: cardOf(7, 10), facts: facts("WT3", 5, { workTypeExists: true }), effect: { kind: "refused", reason: "cardFirst" }, after: cardOf(7, 10) },
  { name: "a work type that does not exist, within the window", state: cardOf(7, 0), facts: facts("WT99", 5, { workTypeExists: false }), effect: { kind: "refused", reason: "unknownWorkType" }, after: cardOf(7, 0) },
  { name: "an order 20 s after the card ties the current log to it", state: cardOf(7, 0), facts: facts("O42", 20, { orderExists: true }), effect: { kind: "tieOrder", userId: 7, orderId: 42 }, after: cardOf(7, 0) },
  { name: "an order 29.9 s after the card still counts", state: cardOf(7, 0), facts: facts("O42", 29.9, { orderExists: true }), effect: { kind: "tieOrder", userId: 7, orderId: 42 }, after: cardOf(7, 0) },
  { name: "an order 30.1 s after the card: scan your card first", state: cardOf(7, 0), facts: facts("O42", 30.1, { orderExists: true }), effect: { kind: "refused", reason: "cardFirst" }, after: cardOf(7, 0) },
  { name: "an order with no card: scan your card first", state: EMPTY_STATE, facts: facts("O42", 0, { orderExists: true }), effect: { kind: "refused", reason: "cardFirst" }, after: EMPTY_STATE },
  { name: "an order that does not exist, within the window", state: cardOf(7, 0), facts: facts("O9999", 3, { orderExists: false }), effect: { kind: "refused", reason: "unknownOrder" }, after: cardOf(7, 0) },
  { name: "the same card twice within 30 s clocks out and closes the window", state: cardOf(7, 0), facts: facts("U1001", 5, { worker: JANA }), effect: { kind: "clockOut", userId: 7 }, after: EMPTY_STATE },
  { name: "the same card 29.9 s later clocks out", state: cardOf(7, 0), facts: facts("U1001", 29.9, { worker: JANA }), effect: { kind: "clockOut", userId: 7 }, after: EMPTY_STATE },
  { name: "the same card 30.1 s later greets again (a new window)", state: cardOf(7, 0), facts: facts("U1001", 30.1, { worker: JANA }), effect: { kind: "greet", userId: 7 }, after: cardOf(7, 30.1) },
  { name: "another worker's card within the window greets them and takes the window", state: cardOf(7, 0), facts: facts("U2002", 4, { worker: PETR }), effect: { kind: "greet", userId: 8 }, after: cardOf(8, 4) },
  { name: "a card of a deactivated worker: says so, nothing changes", state: cardOf(7, 0), facts: facts("U3003", 2, { worker: { id: 9, active: false } }), effect: { kind: "refused", reason: "inactiveWorker" }, after: cardOf(7, 0) },
  { name: "a card nobody has: unknown card", state: EMPTY_STATE, facts: facts("U4004", 0, { worker: null }), effect: { kind: "refused", reason: "unknownCard" }, after: EMPTY_STATE },
  { name: "an unknown code: says so, the window stays", state: cardOf(7, 0), facts: facts("HELLO", 3), effect: { kind: "refused", reason: "unknownCode" }, after: cardOf(7, 0) },
  { name: "a product code is not a kiosk code", state: cardOf(7, 0), facts: facts("P12", 3), effect: { kind: "refused", reason: "unknownCode" }, after: cardOf(7, 0) },
  { name: "a scan 5 min 0.1 s ahead of the server is refused", state: cardOf(7, 0), facts: facts("WT3", 300.1, { workTypeExists: true, receivedAt: at(0) }), effect: { kind: "refused", reason: "future" }, after: cardOf(7, 0) },
  { name: "a card 5 min ahead of the server at most is taken", state: EMPTY_STATE, facts: facts("U1001", 300, { worker: JANA, receivedAt: at(0) }), effect: { kind: "greet", userId: 7 }, after: cardOf(7, 300) },
  { name: "a scan from an hour ago (replayed) is judged on its own time", state: cardOf(7, 0), facts: facts("WT3", 12, { workTypeExists: true, receivedAt: at(3600) }), effect: { kind: "switch", userId: 7, workTypeId: 3 }, after: cardOf(7, 0) },
];

describe("scanStep: the table", () => {
  for (const row of rows) {
    test(row.name, () => {
      const result = scanStep(row.state, row.facts);
      expect(result.effect).toEqual(row.effect);
      expect(result.state).toEqual(row.after);
    });
  }
});

describe("scanStep: sequences", () => {
  const run = (steps: ScanFacts[]) => {
    let state = EMPTY_STATE;
    return steps.map((step) => {
      const result = scanStep(state, step);
      state = result.state;
      return result.effect.kind === "refused" ? `refused:${result.effect.reason}` : result.effect.kind;
    });
  };

  test("card, work type, order, then the card twice: greet, switch, tie, greet (new window after 30 s), clock out", () => {
    expect(
      run([
        facts("U1001", 0, { worker: JANA }),
        facts("WT3", 4, { workTypeExists: true }),
        facts("O42", 8, { orderExists: true }),
        facts("U1001", 3600, { worker: JANA }),
        facts("U1001", 3602, { worker: JANA }),
      ]),
    ).toEqual(["greet", "switch", "tieOrder", "greet", "clockOut"]);
  });

  test("after a clock-out a work type needs the card again; one bad scan does not block the next", () => {
    expect(
      run([
        facts("U1001", 0, { worker: JANA }),
        facts("U1001", 2, { worker: JANA }),
        facts("WT3", 4, { workTypeExists: true }),
        facts("???", 5),
        facts("U1001", 6, { worker: JANA }),
        facts("WT3", 7, { workTypeExists: true }),
      ]),
    ).toEqual(["greet", "clockOut", "refused:cardFirst", "refused:unknownCode", "greet", "switch"]);
  });

  test("the same card three times: greet, clock out, greet", () => {
    expect(run([facts("U1001", 0, { worker: JANA }), facts("U1001", 1, { worker: JANA }), facts("U1001", 2, { worker: JANA })])).toEqual(["greet", "clockOut", "greet"]);
  });
});
