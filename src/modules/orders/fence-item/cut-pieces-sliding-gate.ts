/**
 * What a sliding gate (GATE, RAIL_GATE) is cut into (docs/fence-geometry.md, "Cut list"): the stop
 * closes the leaf's closing edge and the bars run from it to the leaf's far end; a cantilever GATE's
 * C profile runs on to the end of its counterweight tail; the lock stile, the stop and the drive
 * mount. The catch post is outside its length: a sub-product.
 */
import type { ItemCut } from "./cut-pieces";
import { toHundredths } from "./fixed-point";

export function cutSlidingGate({ fields, type, add, leaf, L, field, slats, heights, widths, leafHeight, between }: ItemCut) {
  const stop = widths.stop;
  const lockWidth = widths.lock;
  leaf(L - stop, field, slats, "slat");
  if (type === "GATE") add("cProfile", Math.max(L, toHundredths(fields.totalGateLength as number)) - stop, heights.cProfile > 0 ? 1 : 0);
  if (lockWidth > 0) add("lockStile", between, 1);
  if (stop > 0) add("stop", leafHeight, 1);
  if (heights.driveMountSize > 0) add("driveMount", L - stop - lockWidth, 1);
}
