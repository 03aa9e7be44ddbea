/**
 * What a TWO_WING_GATE or a TWO_WING_WICKET is cut into (docs/fence-geometry.md, "Cut list"): each
 * wing is a leaf of its part's width less its post, its hinge gap and half the gap between the
 * wings (the solid wing with its own deductions and slats, the `slatAlt` line); the active wing's
 * lock stile and the set's two posts.
 */
import { type ItemCut, sizesOf, slatsUsed } from "./cut-pieces";
import { toHundredths } from "./fixed-point";

export function cutTwoWing({ fields, geometry, add, leaf, H, field, fieldAlt, slats, widths, between }: ItemCut) {
  const post = widths.post;
  const solidSizes = sizesOf(geometry.deductions.widthAlt);
  const wicket = toHundredths(fields.wicketPartWidth as number);
  const solid = toHundredths(fields.solidPartWidth as number);
  leaf(wicket - post - widths.hingeWidth - widths.halfWingGap, field, slats, "slat");
  leaf(solid - solidSizes.post - solidSizes.hingeWidth - solidSizes.halfWingGap, fieldAlt, slatsUsed(fields.actualSlatCountAlt, geometry.slatCountAlt), "slatAlt");
  if (widths.lock > 0) add("lockStile", between, 1);
  if (post > 0) add("post", H, 2);
}
