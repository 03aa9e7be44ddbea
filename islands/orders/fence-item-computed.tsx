/**
 * The numbers the engine computed for one fence item, beside its form: only those its type has
 * (the Alt parts on two-wing types, the slats on slatted ones); a number below 0 marked.
 */
import type { Lang } from "@/lib/lang";
import { type FenceItemComputation, isTwoWing, type ProductType } from "@/modules/orders/fence-item/engine";
import type { FenceDrawingT } from "./fence-drawing";
import { formatNumber, moneyText } from "./fence-items-fields";
import { COMPUTED } from "./fence-items-model";

export function ComputedNumbers({ computed, type, t, lang }: { computed: FenceItemComputation; type: ProductType | null; t: FenceDrawingT; lang: Lang }) {
  const twoWing = isTwoWing(type);
  const slatted = !!type && type !== "CUSTOM";
  const value = (name: (typeof COMPUTED)[number]): string | null => {
    if (name === "unitPrice") return moneyText(computed.unitPriceHalere, lang);
    if (name === "totalPrice") return moneyText(computed.totalPriceHalere, lang);
    if (!twoWing && /Part|Alt$/.test(name)) return null;
    if (!slatted && /slat|tail|field/i.test(name)) return null;
    const number = (computed as unknown as Record<string, number | null>)[name] ?? null;
    return number === null ? "–" : formatNumber(number, name.includes("rea") ? 3 : 2);
  };
  const minErrors = new Set(computed.validation.errors.filter((issue) => issue.message === "validation.min").map((issue) => issue.field));
  return (
    <dl className="fi-computed">
      {COMPUTED.map((name) => {
        const shown = value(name);
        if (shown === null) return null;
        return (
          <div key={name} data-computed={name} className={minErrors.has(name) ? "fi-computed-bad" : undefined}>
            <dt>{t(`fenceItem.field.${name}`)}</dt>
            <dd>{shown}</dd>
            {minErrors.has(name) ? <dd className="field-error">{t("validation.min", { min: 0 })}</dd> : null}
          </div>
        );
      })}
    </dl>
  );
}
