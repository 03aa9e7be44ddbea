/**
 * How a TWO_WING_GATE and a TWO_WING_WICKET are drawn (docs/fence-geometry.md, "TWO_WING_GATE and
 * TWO_WING_WICKET"): the active (wicket) wing with the lock and the solid wing, each on its hinges,
 * the gap between them, each wing's opening triangle and the drop rod; built with the active wing
 * on the left and mirrored when the opening type puts it right.
 */
import { type DrawingFrame, hingesRight, mirror, NOMINAL_POST, positive, toStreet } from "./drawing-frame";

export function drawTwoWing({ model, item, type, L, H, post, hinge, halfWingGap: half, lockWidth, leafBottom, bottomMember, box, leaf, hinges, lock, swing }: DrawingFrame) {
  const W = positive(item.wicketPartWidth) ?? L - positive(item.solidPartWidth)!;
  const S = positive(item.solidPartWidth) ?? L - W;
  const p = post || NOMINAL_POST;
  const outside = post > 0 ? 0 : p;
  box("post", -outside, 0, p, H);
  box("post", W + S - p + outside, 0, p, H);
  const activeFrom = post + hinge;
  const solidTo = W + S - post - hinge;
  leaf("active", activeFrom, W - half, "end", lockWidth);
  leaf("solid", W + half, solidTo, null, 0);
  hinges(post, hinge);
  hinges(solidTo, hinge);
  lock(W - half - lockWidth, lockWidth, -1, item.gateOpeningType !== "DRIVE");
  const right = hingesRight(item);
  let activeStreet: boolean;
  let solidStreet: boolean;
  if (type === "TWO_WING_GATE" && item.gateOpeningType === "DRIVE") {
    const opening = item.driveOpening ?? "YARD";
    const leftStreet = opening === "STREET" || opening === "L_TO_STREET_R_TO_YARD";
    const rightStreet = opening === "STREET" || opening === "R_TO_STREET_L_TO_YARD";
    activeStreet = right ? rightStreet : leftStreet;
    solidStreet = right ? leftStreet : rightStreet;
  } else {
    activeStreet = toStreet(item.openingType);
    solidStreet = item.wingRelation === "CROSS" ? !activeStreet : activeStreet;
  }
  swing(activeFrom, W - half, activeStreet);
  swing(solidTo, W + half, solidStreet);
  if (item.gateDropRod) {
    const x = W + half + Math.min(120, (solidTo - W - half) / 4);
    model.lines.push({ kind: "drop-rod", points: [[x, leafBottom + bottomMember + 60], [x, -Math.min(positive(item.gateDropRodLength) ?? 200, 200) / 2]] });
  }
  model.minX = -outside;
  model.maxX = W + S + outside;
  model.dims.push({ side: "top", tier: 0, from: 0, to: W, caption: { part: "wicketPart", mm: W } });
  model.dims.push({ side: "top", tier: 0, from: W, to: W + S, caption: { part: "solidPart", mm: S } });
  model.dims.push({ side: "top", tier: 1, from: 0, to: W + S, caption: { mm: L || W + S } });
  if (right) mirror(model, W + S);
}
