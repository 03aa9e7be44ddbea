/**
 * How a ONE_WING_GATE and a WICKET are drawn (docs/fence-geometry.md, "ONE_WING_GATE and WICKET"):
 * one leaf on hinges between its own two posts, the stop and the lock stile at the closing edge,
 * the opening triangle; built with the hinges on the left and mirrored when they are on the right.
 */
import { type DrawingFrame, hingesRight, mirror, NOMINAL_POST, toStreet } from "./drawing-frame";

export function drawOneWing({ model, item, L, H, post, hinge, stop, lockWidth, leafBottom, bodyHeight, box, leaf, hinges, lock, swing }: DrawingFrame) {
  // A post the product gives no width for is drawn nominal, outside the item's length (which then holds only the leaf).
  const p = post || NOMINAL_POST;
  const outside = post > 0 ? 0 : p;
  box("post", -outside, 0, p, H);
  box("post", L - p + outside, 0, p, H);
  const from = post + hinge;
  const to = L - post - stop;
  box("stop", to, leafBottom, stop, bodyHeight);
  leaf("leaf", from, to, "end", lockWidth);
  hinges(post, hinge);
  lock(to - lockWidth, lockWidth, -1, item.gateOpeningType !== "DRIVE");
  swing(from, to, toStreet(item.openingType));
  model.minX = -outside;
  model.maxX = L + outside;
  model.dims.push({ side: "top", tier: 0, from: 0, to: L, caption: { mm: L } });
  if (hingesRight(item)) mirror(model, L);
}
