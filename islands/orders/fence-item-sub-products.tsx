/**
 * A fence item's sub-products (posts, caps, footings: catalogue products chosen per item), a line
 * each: category, product, amount, unit price, total. The last stored line of a category cannot be
 * removed (the server refuses it), so its × is disabled and says why.
 */
import type { Lang } from "@/lib/lang";
import type { ItemsTabChoices } from "@/modules/orders/fence-item/schemas";
import type { FenceDrawingT } from "./fence-drawing";
import { LineInput, LineTotal, RemoveLine } from "./fence-items-fields";
import type { ItemDraft, SubDraft } from "./fence-items-model";
import { ProductPicker, type ProductHit } from "./product-picker";

export interface SubProductsProps {
  item: ItemDraft;
  index: number;
  choices: ItemsTabChoices;
  /** Messages of the last save attempt, by bracket path. */
  errors: Record<string, string>;
  /** Sub-product categories the item has stored lines of (the last of one cannot be removed). */
  storedCategories: ReadonlySet<number>;
  t: FenceDrawingT;
  /** The page's language, for its numbers (decision 046). */
  lang: Lang;
  onSub: (key: string, patch: Partial<SubDraft>) => void;
  onSubProduct: (key: string, product: ProductHit) => void;
  onAddSub: () => void;
  onRemoveSub: (sub: SubDraft) => void;
}

export function SubProducts(props: SubProductsProps) {
  const { item, index, t, choices } = props;
  const remaining = (sub: SubDraft) => item.subs.filter((other) => other.category === sub.category).length;
  return (
    <fieldset className="form-section fi-subs">
      <legend>{t("fenceItem.editor.subProducts")}</legend>
      {props.errors[`items[${index}].subProducts`] ? <p className="field-error">{props.errors[`items[${index}].subProducts`]}</p> : null}
      {item.subs.length ? (
        <table className="fi-lines">
          <thead>
            <tr>
              <th>{t("fenceItem.editor.subCategory")}</th>
              <th>{t("fenceItem.field.product")}</th>
              <th>{t("fenceItem.field.amount")}</th>
              <th>{t("fenceItem.field.unitPrice")}</th>
              <th className="align-end">{t("fenceItem.field.totalPrice")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {item.subs.map((sub, j) => {
              const path = `items[${index}].subProducts[${j}]`;
              const locked = sub.category !== null && props.storedCategories.has(sub.category) && remaining(sub) < 2;
              const error = (field: string) => props.errors[`${path}.${field}`];
              const cell = (field: "amount" | "unitPrice") => (
                <LineInput name={`${path}.${field}`} label={t(`fenceItem.field.${field}`)} value={sub[field]} error={error(field)} decimal onChange={(value) => props.onSub(sub.key, { [field]: value })} />
              );
              return (
                <tr key={sub.key} data-sub-key={sub.key}>
                  <td>
                    <select name={`${path}.productCategory`} aria-label={t("fenceItem.editor.subCategory")} value={sub.category ?? ""} onChange={(event) => props.onSub(sub.key, { category: event.target.value ? Number(event.target.value) : null, product: null })}>
                      <option value="">{t("fenceItem.editor.choose")}</option>
                      {choices.categories.map((category) => (
                        <option key={category.id} value={category.id}>
                          {"\u2003".repeat(category.depth) + category.name}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className={!sub.product || error("product") ? "field-missing" : undefined}>
                    <ProductPicker
                      id={`${item.key}-${sub.key}-product`}
                      name={`${path}.product`}
                      value={sub.product}
                      category={sub.category}
                      onPick={(product) => props.onSubProduct(sub.key, product)}
                      placeholder={t("fenceItem.editor.productSearch")}
                      noMatch={t("fenceItem.editor.noProducts")}
                    />
                    {error("product") ? <span className="field-error">{error("product")}</span> : null}
                  </td>
                  {cell("amount")}
                  {cell("unitPrice")}
                  <LineTotal amount={sub.amount} unitPrice={sub.unitPrice} lang={props.lang} />
                  <RemoveLine label={t("fenceItem.editor.removeSubProduct")} title={locked ? t("fenceItem.editor.lastOfCategory") : undefined} disabled={locked} onClick={() => props.onRemoveSub(sub)} />
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <button type="button" className="button" onClick={props.onAddSub}>
        {t("fenceItem.editor.addSubProduct")}
      </button>
    </fieldset>
  );
}
