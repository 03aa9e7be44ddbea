/**
 * The kiosk's scan flow as one pure state function (docs/domain.md#kiosk-scan-flow, decision 056).
 * It knows nothing of the database or the clock: the service reads the facts (who owns the card,
 * whether the work type or order exists, the worker's open log) and the device's state after its
 * previous scan, and this function says what the scan does. Time comes only from the scans' own
 * `scannedAt`, so a scan replayed from the offline queue behaves as it did at the terminal; the
 * server's receipt time serves only to refuse a scan from the future.
 * Browser-safe: no imports beyond the code parser.
 */
import type { ParsedCode } from "@/modules/barcode/schemas";

/** A work-type or order code must follow the worker's card within this window (inclusive). */
export const CARD_WINDOW_MS = 30_000;
/** A scan whose time is more than this ahead of the server is refused. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** What the device remembers between scans: the card scanned last, while its window is open. */
export interface ScanState {
  card: { userId: number; scannedAt: Date } | null;
}

export const EMPTY_STATE: ScanState = { card: null };

/** What the service looked up for this scan. */
export interface ScanFacts {
  code: ParsedCode;
  scannedAt: Date;
  /** The server's time when the scan arrived: only for the "from the future" refusal. */
  receivedAt: Date;
  /** For a card: its worker, if any card of that code exists. */
  worker?: { id: number; active: boolean } | null;
  /** For a WT code: whether the work type exists. */
  workTypeExists?: boolean;
  /** For an O code: whether the fence order exists. */
  orderExists?: boolean;
}

export type RefusalReason = "future" | "unknownCode" | "unknownCard" | "inactiveWorker" | "unknownWorkType" | "unknownOrder" | "cardFirst";

export type ScanEffect =
  /** A card: greet the worker; their window opens. */
  | { kind: "greet"; userId: number }
  /** The same card twice within the window: end the open log; the window closes. */
  | { kind: "clockOut"; userId: number }
  /** A work type within the window: end the open log and start one on this type. */
  | { kind: "switch"; userId: number; workTypeId: number }
  /** An order within the window: tie the worker's current log to this order. */
  | { kind: "tieOrder"; userId: number; orderId: number }
  /** Nothing changes; the screen says why. */
  | { kind: "refused"; reason: RefusalReason };

const withinWindow = (state: ScanState, at: Date): state is { card: { userId: number; scannedAt: Date } } => {
  if (!state.card) return false;
  const elapsed = at.getTime() - state.card.scannedAt.getTime();
  return elapsed >= 0 && elapsed <= CARD_WINDOW_MS;
};

/** One scan: the effect and the state after it. A refused scan leaves the state as it was. */
export function scanStep(state: ScanState, facts: ScanFacts): { state: ScanState; effect: ScanEffect } {
  const refuse = (reason: RefusalReason) => ({ state, effect: { kind: "refused", reason } as ScanEffect });
  if (facts.scannedAt.getTime() - facts.receivedAt.getTime() > FUTURE_TOLERANCE_MS) return refuse("future");
  const { code, scannedAt } = facts;
  switch (code.kind) {
    case "card": {
      const worker = facts.worker;
      if (!worker) return refuse("unknownCard");
      if (!worker.active) return refuse("inactiveWorker");
      if (withinWindow(state, scannedAt) && state.card.userId === worker.id) {
        return { state: { card: null }, effect: { kind: "clockOut", userId: worker.id } };
      }
      return { state: { card: { userId: worker.id, scannedAt } }, effect: { kind: "greet", userId: worker.id } };
    }
    case "workType":
      if (!withinWindow(state, scannedAt)) return refuse("cardFirst");
      if (!facts.workTypeExists) return refuse("unknownWorkType");
      return { state, effect: { kind: "switch", userId: state.card.userId, workTypeId: code.id } };
    case "order":
      if (!withinWindow(state, scannedAt)) return refuse("cardFirst");
      if (!facts.orderExists) return refuse("unknownOrder");
      return { state, effect: { kind: "tieOrder", userId: state.card.userId, orderId: code.id } };
    default:
      return refuse("unknownCode");
  }
}
