/**
 * Where a page follows the scale feed live (docs/decisions/058-scale-live-updates.md): the stream's
 * address for islands/scales/scale-live.ts, a small script without React, which patches the
 * elements marked `data-live-item` (an item's scale quantity) and `data-live-scale` /
 * `data-live-field` (a scale's weight, times, age and silent mark).
 */
import { SCALE_FEED_STREAM_PATH, type LiveScope } from "@/modules/warehouse/scale-feed/schemas";

export const SCALE_LIVE_SCRIPT = "/build/scale-live.js";

/** The stream of a scope; `since` (ms) is when the page read what it shows. */
export function scaleStreamHref(scope: LiveScope, since: number): string {
  const query = new URLSearchParams(scope.kind === "scales" ? { scales: "1" } : { [scope.kind]: String(scope.id) });
  query.set("since", String(since));
  return `${SCALE_FEED_STREAM_PATH}?${query}`;
}

export function ScaleLiveFeed({ scope, since = Date.now() }: { scope: LiveScope; since?: number }) {
  return (
    <>
      <div id="scale-live" hidden data-stream={scaleStreamHref(scope, since)} />
      <script src={SCALE_LIVE_SCRIPT} defer />
    </>
  );
}
