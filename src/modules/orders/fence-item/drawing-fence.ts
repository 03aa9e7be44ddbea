/**
 * How a FENCE field and a CUSTOM item are drawn (docs/fence-geometry.md, "FENCE" and "CUSTOM"):
 * a fence's one leaf of slats between its two posts; a custom item as a dashed box of its size,
 * its construction being unknown.
 */
import type { DrawingFrame } from "./drawing-frame";

export function drawFence({ model, outerPost, L, H, box, leaf }: DrawingFrame) {
  box("post", -outerPost, 0, outerPost, H);
  box("post", L, 0, outerPost, H);
  leaf("leaf", 0, L, null, 0);
  model.minX = -outerPost;
  model.maxX = L + outerPost;
  model.dims.push({ side: "top", tier: 0, from: 0, to: L, caption: { mm: L } });
}

export function drawCustom({ model, L, H, g0, dt, realFillingWidth, box }: DrawingFrame) {
  box("custom", 0, g0, L, H - g0 - dt);
  model.wings.push({ wing: "leaf", x: 0, w: L, slats: 0 });
  model.dims.push({ side: "bottom", tier: 0, from: 0, to: L, caption: { mm: realFillingWidth ?? L }, fill: true });
  model.minX = 0;
  model.maxX = L;
  model.dims.push({ side: "top", tier: 0, from: 0, to: L, caption: { mm: L } });
}
