import { Island } from "@islands/Island";
import SpacerCalculator, { type SpacerInitialValues } from "@islands/manufacture/spacer-calculator";
import { SPACER_MESSAGE_KEYS, SPACER_TEXT_KEYS, type SpacerCalculatorTexts } from "@islands/manufacture/spacer-texts";
import type { T } from "@/lib/i18n";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

/** Where a calculator text comes from when it is not `spacerCalculator.<key>`. */
const SHARED_TEXTS: Partial<Record<keyof SpacerCalculatorTexts, (t: T) => string>> = {
  close: (t) => t("action.close"),
  required: (t) => t("validation.required"),
  number: (t) => t("validation.number"),
  max: (t) => t("validation.max", { max: "{{max}}" }),
  decimalPlaces: (t) => t("validation.decimalPlaces", { count: 2 }),
  offsetsTooLarge: (t) => t("fenceItem.spacer.offsetsTooLarge", { height: "{{height}}" }),
};

/**
 * The spacer calculator's texts in the request's language, for the page and for the items
 * editor, which passes them to SpacerCalculatorDialog. Placeholders (`{{max}}`) stay for the browser.
 */
export function spacerCalculatorTexts(t: T): SpacerCalculatorTexts {
  const texts = {} as SpacerCalculatorTexts;
  for (const key of SPACER_TEXT_KEYS) texts[key] = SHARED_TEXTS[key]?.(t) ?? t(`spacerCalculator.${key}`);
  for (const key of SPACER_MESSAGE_KEYS) texts[key] = SHARED_TEXTS[key]?.(t) ?? t(`spacerCalculator.error.${key}`, { available: "{{available}}", slat: "{{slat}}" });
  texts.drawingLabel = t("spacerCalculator.drawingLabel", { height: "{{height}}", count: "{{count}}", slat: "{{slat}}", spacer: "{{spacer}}", z1: "{{z1}}", z2: "{{z2}}", tail: "{{tail}}" });
  return texts;
}

/** /manufacture/spacerCalculator (docs/domain.md#spacer-calculator): the calculator island, started from the page's query. */
export function SpacerCalculatorPage({ initial }: { initial: SpacerInitialValues }) {
  const { t } = useView();
  return (
    <AppLayout title={t("spacerCalculator.title")}>
      <p className="page-intro">{t("spacerCalculator.intro")}</p>
      <Island name="spacer-calculator" component={SpacerCalculator} props={{ texts: spacerCalculatorTexts(t), initial, syncUrl: true }} />
    </AppLayout>
  );
}
