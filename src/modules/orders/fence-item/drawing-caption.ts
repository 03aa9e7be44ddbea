/**
 * What a fence item's drawing says in words, under the picture and as its accessible name: what the
 * item is, its colour, the filling, the slats of each wing, the opening and the lock.
 */
import { isHinged, isTwoWing, type ProductType } from "./constants";
import { type Model, num, positive, type Wing } from "./drawing-frame";
import type { SceneCaption } from "./drawing-scene";
import { type FenceDrawingT, formatMm } from "./drawing-texts";
import type { FenceGeometry } from "./geometry";
import { type FenceParameters, parameterOrDefault } from "./parameters";
import type { FenceItemFields } from "./types";

export function captionOf(item: FenceItemFields, geometry: FenceGeometry, parameters: FenceParameters, model: Model, t: FenceDrawingT): SceneCaption {
  const type = item.productType as ProductType;
  const twoWing = isTwoWing(type);
  const mm = (value: number | null | undefined) => formatMm(value ?? 0);
  const typeLabel = t(`fenceItem.productType.${type}`);
  const slatLine = (wing: Wing): string => {
    const solid = wing === "solid";
    const count = num(solid ? item.actualSlatCountAlt : item.actualSlatCount) ?? (solid ? geometry.slatCountAlt : geometry.slatCount);
    const spacer = num(solid ? (item.spacerHeightAlt ?? item.spacerHeight) : item.spacerHeight);
    const slat = parameterOrDefault(parameters, "pieceHeight");
    const text =
      count === null || slat === null || spacer === null
        ? t("fenceItem.drawing.noSlats")
        : t("fenceItem.drawing.slats", { count, slat: formatMm(slat), spacer: formatMm(spacer), tail: mm(solid ? geometry.tailAlt : geometry.tail) });
    return twoWing ? `${t(`fenceItem.drawing.${solid ? "solidPart" : "wicketPart"}`)}: ${text}` : text;
  };
  const slatLines = type === "CUSTOM" ? [] : twoWing ? [slatLine("active"), slatLine("solid")] : [slatLine("leaf")];
  const fillingLine =
    geometry.realFillingWidth !== null && geometry.realFillingHeight !== null
      ? t("fenceItem.drawing.filling", { width: mm(geometry.realFillingWidth), height: mm(geometry.realFillingHeight) })
      : null;
  const facts: string[] = [];
  if (isHinged(type) && !(type === "TWO_WING_GATE" && item.gateOpeningType === "DRIVE") && item.openingType)
    facts.push(`${t("fenceItem.field.openingType")}: ${t(`fenceItem.openingType.${item.openingType}`)}`);
  if (type === "TWO_WING_GATE" && item.gateOpeningType === "DRIVE" && item.driveOpening)
    facts.push(`${t("fenceItem.field.driveOpening")}: ${t(`fenceItem.driveOpening.${item.driveOpening}`)}`);
  if (type === "RAIL_GATE" && item.wheelsType) facts.push(`${t("fenceItem.field.wheelsType")}: ${t(`fenceItem.wheelsType.${item.wheelsType}`)}`);
  if (item.lockType && type !== "FENCE" && type !== "CUSTOM") facts.push(`${t("fenceItem.field.lockType")}: ${t(`fenceItem.lockType.${item.lockType}`)}`);
  const colour = item.color?.trim() || null;
  const summary = [
    t("fenceItem.drawing.summary", { type: typeLabel, length: mm(positive(item.length) ?? model.maxX - model.minX), height: mm(item.height) }),
    colour ? `${t("fenceItem.field.color")}: ${colour}` : null,
    fillingLine,
    ...slatLines,
    ...facts,
  ].filter((line): line is string => Boolean(line));
  return { typeLabel, colourText: colour ? `${t("fenceItem.field.color")}: ${colour}` : null, units: t("fenceItem.drawing.units"), fillingLine, slatLines, facts, summary };
}
