/**
 * What a live scale page is sent (docs/decisions/058-scale-live-updates.md): plain types and one
 * constant, no zod, so the page's small script (islands/scales/scale-live.ts) stays small.
 */

/** One scale in a live event, its texts already in the page's language. */
export interface LiveScale {
  id: number;
  /** `1 234,5 g`, empty until it has reported. */
  weight: string;
  /** `1 234,5` (under a heading that names the unit). */
  weightNumber: string;
  /** dd.mm.yyyy HH:mm of the last change of weight. */
  change: string;
  /** dd.mm.yyyy HH:mm of the last reading. */
  reading: string;
  /** "před 5 min". */
  age: string;
}

/** One warehouse item in a live event: its scale quantity (null: blank) and colour. */
export interface LiveItem {
  id: number;
  quantity: string | null;
  colour: "none" | "red" | "orange";
  /** The colour's reason (the cell's title), or null when white. */
  title: string | null;
  /** The grams on its scales, `12 600 g`. */
  grams: string;
}

/** The data of one `scales` server-sent event. */
export interface LiveEvent {
  scales: LiveScale[];
  items: LiveItem[];
}

/** The SSE event name the script listens to. */
export const LIVE_EVENT = "scales";

