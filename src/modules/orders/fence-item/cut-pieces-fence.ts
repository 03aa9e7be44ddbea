/**
 * What a FENCE field is cut into (docs/fence-geometry.md, "Cut list"): its slats, the bars from
 * post to post and the two U profiles. Its posts are outside its length: sub-products.
 */
import type { ItemCut } from "./cut-pieces";

export function cutFence({ add, L, F, field, slats, heights, widths }: ItemCut) {
  add("slat", field, slats);
  if (heights.topBar > 0) add("topBar", L, 1);
  if (heights.bottomBar > 0) add("bottomBar", L, 1);
  if (widths.uProfile > 0) add("uProfile", F, 2);
}
