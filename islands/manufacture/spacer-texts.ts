/** The spacer calculator's texts and number formatting, shared by the calculator, its drawing and its dialog. */

/** What the calculator shows, translated on the server (`spacerCalculatorTexts(t)` in views/manufacture/spacer-calculator.tsx). */
export const SPACER_TEXT_KEYS = [
  "inputs", "height", "slatHeight", "spacer", "z1", "z2", "z1Hint", "z2Hint", "unit", "calculate",
  "results", "available", "exactCount", "option", "slatCount", "spacerHeight", "tail",
  "floor", "floorHint", "ceiling", "ceilingHint", "fixed", "fixedHint", "ceilingNone", "noSpacer", "pending",
  "drawing", "drawingShows", "drawingLabel", "z1Short", "z2Short", "tailShort", "apply", "applyHint", "title", "close",
] as const;

/** Field messages; their `{{name}}` placeholders are filled in the browser. */
export const SPACER_MESSAGE_KEYS = ["required", "number", "max", "decimalPlaces", "negative", "slatPositive", "offsetsTooLarge", "noSlatFits"] as const;

export type SpacerCalculatorTexts = Record<(typeof SPACER_TEXT_KEYS)[number] | (typeof SPACER_MESSAGE_KEYS)[number], string>;

/** mm for people: two decimals with a decimal comma (the company's convention in both languages). */
export const formatMm = (value: number): string => (Math.round(value * 100) / 100).toFixed(2).replace(".", ",").replace("-", "−");

/** Fills `{{name}}` placeholders; unknown names stay as they are. */
export const fillText = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
