/**
 * How the sliding gates are drawn (docs/fence-geometry.md, "GATE" and "RAIL_GATE"), seen from the
 * street with the closing edge on the left: the catch post, the stop, the lock stile, the leaf's
 * fields and the drive mount; then a cantilever GATE's counterweight tail and carriages, or a
 * RAIL_GATE's rail and wheels, and the opening under it.
 */
import { type DrawingFrame, positive } from "./drawing-frame";

/** A carriage's width, mm (drawn only: the cut list has no carriage). */
const CARRIAGE = 220;

export function drawSlidingGate({ model, item, type, outerPost, L, H, g0, wheel, stop, lockWidth, leafBottom, leafTop, bottomMember, bodyHeight, mountY, mountSize, box, leaf, lock }: DrawingFrame) {
  box("post", -outerPost, 0, outerPost, Math.max(H, leafTop));
  box("stop", 0, leafBottom, stop, bodyHeight);
  leaf("leaf", stop, L, "start", lockWidth);
  lock(stop, lockWidth, 1, false);
  box("drive-mount", stop + lockWidth, mountY, L - stop - lockWidth, mountSize);
  model.minX = -outerPost;
  model.maxX = L;
  model.dims.push({ side: "top", tier: 0, from: 0, to: L, caption: { mm: L } });
  const opening = positive(item.openingSize);
  if (type === "GATE") {
    const total = Math.max(L, positive(item.totalGateLength) ?? L);
    if (total > L) {
      // The counterweight tail: the C profile runs on, braced up to the leaf's top.
      const cTop = leafBottom + bottomMember;
      const middle = L + (total - L) / 2;
      model.lines.push({ kind: "counterweight", points: [[L, leafTop], [total, cTop], [L, cTop]] });
      model.lines.push({ kind: "brace", points: [[L, leafTop], [total, cTop]] });
      model.lines.push({ kind: "brace", points: [[middle, cTop], [middle, (leafTop + cTop) / 2]] });
      box("frame", L, leafBottom, total - L, bottomMember);
      model.dims.push({ side: "top", tier: 0, from: L, to: total, caption: { part: "counterweight", mm: total - L } });
      model.dims.push({ side: "top", tier: 1, from: 0, to: total, caption: { mm: total } });
    }
    // The carriages stand on their footing, under the C profile's part that stays behind the opening.
    const carriages = total - L > 2 * CARRIAGE ? [L + 0.08 * (total - L), total - 0.08 * (total - L) - CARRIAGE] : [0.55 * L, 0.85 * L - CARRIAGE];
    for (const x of carriages) box("carriage", x, 0, CARRIAGE, leafBottom + bottomMember * 0.5);
    model.maxX = total;
    if (opening) model.dims.push({ side: "bottom", tier: 1, from: 0, to: opening, caption: { part: "opening", mm: opening } });
  } else {
    // A rail on the ground (the ground gap is its height) and the wheels on it.
    box("rail", -outerPost, 0, L + outerPost * 2, Math.max(g0, 25));
    if (wheel > 0) for (const x of [0.14 * L, 0.86 * L]) model.wheels.push({ x, y: g0 + wheel / 2, r: wheel / 2 });
    model.maxX = L + outerPost;
    if (opening) {
      model.dims.push({ side: "bottom", tier: 1, from: 0, to: Math.min(opening, L), caption: { part: "opening", mm: opening } });
      if (L > opening) model.dims.push({ side: "bottom", tier: 1, from: opening, to: L, caption: { part: "overhang", mm: L - opening } });
    }
  }
}
