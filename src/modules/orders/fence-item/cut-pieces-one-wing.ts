/**
 * What a ONE_WING_GATE or a WICKET is cut into (docs/fence-geometry.md, "Cut list"): one leaf
 * between the hinge gap and the stop, inside the set's two posts; the lock stile, the stop and the
 * posts.
 */
import type { ItemCut } from "./cut-pieces";

export function cutOneWing({ add, leaf, H, L, field, slats, widths, leafHeight, between }: ItemCut) {
  const post = widths.post;
  const stop = widths.stop;
  leaf(L - 2 * post - widths.hingeWidth - stop, field, slats, "slat");
  if (widths.lock > 0) add("lockStile", between, 1);
  if (stop > 0) add("stop", leafHeight, 1);
  if (post > 0) add("post", H, 2);
}
