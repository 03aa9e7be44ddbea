/**
 * The other items and the assembly items: a line table each (product, amount, unit price, total,
 * invoice name). An other item may be the virtual custom product, with a url and whether it is
 * stored; the ATTENTION product's line is marked. Picking a product fills an empty unit price with
 * its own. Above the assembly items, the assembly the fence items suggest (the engine's
 * assemblyCounts), each taken over with one click.
 */
import type { Lang } from "@/lib/lang";
import { formatMoney } from "@/lib/money";
import { VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/constants";
import type { ItemsTabChoices } from "@/modules/orders/fence-item/schemas";
import type { FenceDrawingT } from "./fence-drawing";
import type { EditorActions } from "./fence-items-actions";
import { formatNumber, LineInput, LineTotal, RemoveLine } from "./fence-items-fields";
import { type LineDraft, type LineList, newKey } from "./fence-items-model";
import { ProductPicker, type ProductHit } from "./product-picker";

/** An assembly line the fence items call for: its product, how many, and at what price (null: none known). */
export interface AssemblySuggestion {
  product: ItemsTabChoices["assembly"][number];
  amount: number;
  unitPrice: number | null;
}

export interface ItemsLinesProps extends EditorActions {
  list: LineList;
  lines: LineDraft[];
  /** The assembly items' suggestions; the other items have none. */
  suggestions?: AssemblySuggestion[];
  errors: Record<string, string>;
  attentionProductId: number | null;
  attentionProductName: string | null;
  /** The categories this list's picker offers (docs/domain.md#editor-categories); [] offers every product. */
  categories: readonly number[];
  t: FenceDrawingT;
  lang: Lang;
}

export function ItemsLines({ list, lines, suggestions, errors, attentionProductId, attentionProductName, categories, t, lang, change, loadProduct, remove }: ItemsLinesProps) {
  const changeLine = (key: string, patch: Partial<LineDraft>, clear?: string) =>
    change((current) => ({ ...current, [list]: current[list].map((line) => (line.key === key ? { ...line, ...patch } : line)) }), clear);
  const addLine = (line?: Partial<LineDraft>) =>
    change((current) => ({
      ...current,
      [list]: [...current[list], { key: newKey(), id: null, product: null, attention: false, amount: "1", unitPrice: "", invoiceName: "", url: "", storable: false, ...line }],
    }));
  const pickLineProduct = async (key: string, hit: ProductHit, path: string) => {
    const attention = hit.systemRole === "ATTENTION" || hit.id === attentionProductId;
    changeLine(key, { product: { id: hit.id, name: hit.name }, attention }, path);
    if (hit.id === VIRTUAL_CUSTOM_PRODUCT_ID) return;
    const info = await loadProduct(hit.id);
    if (info?.unitPrice != null) change((current) => ({ ...current, [list]: current[list].map((line) => (line.key === key && line.unitPrice === "" ? { ...line, unitPrice: formatNumber(info.unitPrice!) } : line)) }));
  };
  const useSuggestion = (suggestion: AssemblySuggestion) => {
    const existing = lines.find((line) => line.product?.id === suggestion.product.id);
    const values = { amount: formatNumber(suggestion.amount, 3), unitPrice: suggestion.unitPrice === null ? "" : formatNumber(suggestion.unitPrice) };
    if (existing) changeLine(existing.key, values);
    else addLine({ product: { id: suggestion.product.id, name: suggestion.product.name }, ...values });
  };

  const virtualCustom: ProductHit = { id: VIRTUAL_CUSTOM_PRODUCT_ID, name: t("product.virtualCustom") };
  // Narrowed to its categories, the other items' picker still offers the ATTENTION product (docs/domain.md#editor-categories).
  const attentionHit: ProductHit[] = categories.length && attentionProductId !== null && attentionProductName ? [{ id: attentionProductId, name: attentionProductName, systemRole: "ATTENTION" }] : [];
  return (
    <section className="fi-panel" data-list={list}>
      <h2>{t(`fenceItem.editor.${list}`)}</h2>
      {suggestions ? (
        <div className="fi-suggested">
          <strong>{t("fenceItem.editor.suggested")}</strong>
          {suggestions.length ? (
            <ul>
              {suggestions.map((suggestion) => (
                <li key={`${suggestion.product.id}-${suggestion.unitPrice}`} data-suggested={suggestion.product.id}>
                  {t("fenceItem.editor.suggestedLine", {
                    product: suggestion.product.name,
                    amount: formatNumber(suggestion.amount, 3),
                    price: suggestion.unitPrice === null ? t("fenceItem.editor.noPrice") : formatMoney(suggestion.unitPrice, lang),
                  })}{" "}
                  {suggestion.unitPrice === null ? (
                    // Decision 019: the fence item product's "Cena montáže", else the assembly product's own price.
                    <span className="field-hint" data-no-price>
                      {t("fenceItem.editor.noPriceWhere", { product: suggestion.product.name })}{" "}
                      <a href={`/products/${suggestion.product.id}`} target="_blank" rel="noopener">
                        {t("fenceItem.editor.openProduct", { product: suggestion.product.name })}
                      </a>
                    </span>
                  ) : null}{" "}
                  <button type="button" className="link-button" onClick={() => useSuggestion(suggestion)}>
                    {t("fenceItem.editor.useSuggested")}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="field-hint">{t("fenceItem.editor.noSuggestion")}</p>
          )}
        </div>
      ) : null}
      {lines.length ? (
        <table className="fi-lines">
          <thead>
            <tr>
              <th>{t("fenceItem.field.product")}</th>
              <th>{t("fenceItem.field.amount")}</th>
              <th>{t("fenceItem.field.unitPrice")}</th>
              <th className="align-end">{t("fenceItem.field.totalPrice")}</th>
              <th>{t("fenceItem.field.invoiceName")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const path = `${list}[${index}]`;
              const custom = line.product?.id === VIRTUAL_CUSTOM_PRODUCT_ID;
              const cell = (field: "amount" | "unitPrice" | "invoiceName", missing: boolean) => (
                <LineInput
                  name={`${path}.${field}`}
                  label={t(`fenceItem.field.${field}`)}
                  value={line[field]}
                  error={errors[`${path}.${field}`]}
                  missing={missing}
                  decimal={field !== "invoiceName"}
                  onChange={(value) => changeLine(line.key, { [field]: value }, `${path}.${field}`)}
                />
              );
              return (
                <tr key={line.key} data-line-key={line.key} data-line-id={line.id ?? ""} className={line.attention ? "fi-attention" : undefined} title={line.attention ? t("fenceItem.editor.attention") : undefined}>
                  <td className={!line.product || errors[`${path}.product`] ? "field-missing" : undefined}>
                    <ProductPicker id={`${line.key}-product`} name={`${path}.product`} value={line.product} categories={categories} extra={list === "otherItems" ? [...attentionHit, virtualCustom] : undefined} onPick={(hit) => void pickLineProduct(line.key, hit, `${path}.product`)} placeholder={t("fenceItem.editor.productSearch")} noMatch={t("fenceItem.editor.noProducts")} />
                    {errors[`${path}.product`] ? <span className="field-error">{errors[`${path}.product`]}</span> : null}
                    {custom ? (
                      <div className="fi-custom">
                        <input type="text" name={`${path}.url`} aria-label={t("fenceItem.editor.url")} placeholder={t("fenceItem.editor.url")} value={line.url} onChange={(event) => changeLine(line.key, { url: event.target.value }, `${path}.url`)} />
                        <label>
                          <input type="checkbox" name={`${path}.storable`} checked={line.storable} onChange={(event) => changeLine(line.key, { storable: event.target.checked })} /> {t("fenceItem.editor.storable")}
                        </label>
                        {errors[`${path}.url`] ? <span className="field-error">{errors[`${path}.url`]}</span> : null}
                      </div>
                    ) : null}
                  </td>
                  {cell("amount", !line.amount.trim())}
                  {cell("unitPrice", !line.unitPrice.trim())}
                  <LineTotal amount={line.amount} unitPrice={line.unitPrice} lang={lang} />
                  {cell("invoiceName", custom && !line.invoiceName.trim())}
                  <RemoveLine
                    label={t("fenceItem.editor.removeLine")}
                    onClick={() =>
                      void remove(line.id, "otherItem", t("fenceItem.editor.confirmLine", { name: line.product?.name ?? "" }), () =>
                        change((current) => ({ ...current, [list]: current[list].filter((row) => row.key !== line.key) })),
                      )
                    }
                  />
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <button type="button" className="button" onClick={() => addLine()}>
        {t("fenceItem.editor.addLine")}
      </button>
    </section>
  );
}
