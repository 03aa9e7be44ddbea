/**
 * The common basket page's Source Warehouses (docs/domain.md#baskets): a
 * multi-select of the caller's warehouse baskets, a read-only preview of each selected basket
 * (the basket table, "will be consumed during production") and the down arrow while any is
 * selected.
 *
 * The select belongs to the production form (its `form` attribute), so Perform production posts
 * the selection with or without JavaScript. Without it, "Show selected" sends the production form
 * as a GET to the page, which renders the previews and the target for that selection. Hydrated,
 * the previews follow the selection at once, and every change sets the production form's Target
 * Warehouse to the warehouse of the first selected basket (the first picked, not the first listed).
 */
import { useEffect, useState } from "react";
import type { BasketItem } from "@/modules/baskets/schemas";
import BasketTable, { type BasketTableTexts } from "./basket-table";

export interface SourceBasket {
  basketId: number;
  warehouse: { id: number; name: string };
  items: BasketItem[];
}

export interface BasketSourcesTexts {
  label: string;
  hint: string;
  /** `{{name}}` the warehouse, `{{count}}` its lines. */
  option: string;
  none: string;
  show: string;
  /** A preview's heading; `{{name}}` the warehouse. */
  previewTitle: string;
  table: BasketTableTexts;
}

export interface BasketSourcesProps {
  baskets: SourceBasket[];
  /** The basket ids selected at start, in the order they were picked. */
  selected: number[];
  /** The production form the select posts with, and its target warehouse select. */
  formId: string;
  targetSelectId: string;
  /** Where "Show selected" sends the selection (the page itself). */
  pagePath: string;
  /** The production's refusal of the selection, translated. */
  error?: string;
  texts: BasketSourcesTexts;
}

export const SOURCE_SELECT_ID = "field-sourceBaskets";

/** The new selection in picking order: what stays keeps its place, what is new comes last (in list order). */
export function pickingOrder(previous: number[], now: number[]): number[] {
  const chosen = new Set(now);
  return [...previous.filter((id) => chosen.has(id)), ...now.filter((id) => !previous.includes(id))];
}

export default function BasketSources({ baskets, selected: initial, formId, targetSelectId, pagePath, error, texts }: BasketSourcesProps) {
  const [selected, setSelected] = useState(initial);
  // Until hydrated, "Show selected" is how the previews follow the selection.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const change = (now: number[]) => {
    const ordered = pickingOrder(selected, now);
    setSelected(ordered);
    const first = baskets.find((basket) => basket.basketId === ordered[0]);
    const target = document.getElementById(targetSelectId);
    if (first && target instanceof HTMLSelectElement) {
      target.value = String(first.warehouse.id);
      // The field may show an earlier "required" refusal: it is answered now.
      target.closest(".field")?.classList.remove("field-invalid");
    }
  };

  const errorSlot = (
    <small id={`${SOURCE_SELECT_ID}-error`} className="field-error" role={error ? "alert" : undefined}>
      {error ?? ""}
    </small>
  );
  if (!baskets.length) {
    return (
      <div className={`basket-sources field${error ? " field-invalid" : ""}`}>
        <p className="field-hint basket-sources-none">{texts.none}</p>
        {errorSlot}
      </div>
    );
  }
  const shown = selected.map((id) => baskets.find((basket) => basket.basketId === id)).filter((basket): basket is SourceBasket => basket !== undefined);
  return (
    <div className="basket-sources">
      <div className={`field${error ? " field-invalid" : ""}`}>
        <label htmlFor={SOURCE_SELECT_ID}>{texts.label}</label>
        <select
          id={SOURCE_SELECT_ID}
          name="sourceBaskets"
          form={formId}
          multiple
          size={Math.min(Math.max(baskets.length, 2), 6)}
          value={selected.map(String)}
          aria-describedby={`${SOURCE_SELECT_ID}-hint ${SOURCE_SELECT_ID}-error`}
          onChange={(event) => change([...event.target.selectedOptions].map((option) => Number(option.value)))}
        >
          {baskets.map((basket) => (
            <option key={basket.basketId} value={basket.basketId}>
              {texts.option.replaceAll("{{name}}", basket.warehouse.name).replaceAll("{{count}}", String(basket.items.length))}
            </option>
          ))}
        </select>
        <small id={`${SOURCE_SELECT_ID}-hint`} className="field-hint">
          {texts.hint}
        </small>
        {errorSlot}
      </div>
      {hydrated ? null : (
        <div className="form-actions">
          <button type="submit" form={formId} formMethod="get" formAction={pagePath} formNoValidate className="button basket-sources-show">
            {texts.show}
          </button>
        </div>
      )}
      {shown.map((basket) => (
        <section key={basket.basketId} className="basket-preview" data-basket-id={basket.basketId} aria-label={texts.previewTitle.replaceAll("{{name}}", basket.warehouse.name)}>
          <h3>{texts.previewTitle.replaceAll("{{name}}", basket.warehouse.name)}</h3>
          <BasketTable
            tableId={`basket-preview-${basket.basketId}`}
            rows={basket.items}
            editable={false}
            texts={{ ...texts.table, caption: texts.previewTitle.replaceAll("{{name}}", basket.warehouse.name) }}
          />
        </section>
      ))}
      {shown.length ? (
        <div className="basket-arrow" data-basket-arrow="" aria-hidden="true">
          ↓
        </div>
      ) : null}
    </div>
  );
}
