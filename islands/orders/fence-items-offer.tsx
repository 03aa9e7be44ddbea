/**
 * The offer's terms under the items: the shipping type, distance and unit price (an empty one takes
 * the type's, decision 019) with the shipping price it makes, the discount, the measurement date
 * and the note.
 */
import type { Lang } from "@/lib/lang";
import { formatMoney } from "@/lib/money";
import { DEFAULT_DISCOUNT_DESCRIPTION } from "@/modules/orders/fence-item/engine";
import type { ItemsTabChoices } from "@/modules/orders/fence-item/schemas";
import type { FenceDrawingT } from "./fence-drawing";
import { FieldBox, moneyText } from "./fence-items-fields";
import type { OfferDraft } from "./fence-items-model";

export interface ItemsOfferProps {
  offer: OfferDraft;
  errors: Record<string, string>;
  shippingTypes: ItemsTabChoices["shippingTypes"];
  /** The chosen shipping type, if any. */
  shippingType: ItemsTabChoices["shippingTypes"][number] | null;
  shippingPriceHalere: number | null;
  t: FenceDrawingT;
  lang: Lang;
  onChange: (name: keyof OfferDraft, value: string) => void;
}

export function ItemsOffer({ offer, errors, shippingTypes, shippingType, shippingPriceHalere, t, lang, onChange }: ItemsOfferProps) {
  const offerField = (name: keyof OfferDraft, extra: { inputMode?: "decimal"; placeholder?: string; textarea?: boolean; hint?: string } = {}) => {
    const id = `fi-offer-${name}`;
    const described = errors[name] || extra.hint ? `${id}-msg` : undefined;
    return (
      <FieldBox id={id} name={name} label={t(`fenceItem.editor.${name}`)} error={errors[name]} hint={extra.hint}>
        {extra.textarea ? (
          <textarea id={id} name={name} rows={3} value={offer[name]} aria-describedby={described} onChange={(event) => onChange(name, event.target.value)} />
        ) : (
          <input type="text" id={id} name={name} inputMode={extra.inputMode} placeholder={extra.placeholder} autoComplete="off" aria-describedby={described} value={offer[name]} onChange={(event) => onChange(name, event.target.value)} />
        )}
      </FieldBox>
    );
  };
  return (
    <section className="fi-panel fi-offer">
      <h2>{t("fenceItem.editor.offer")}</h2>
      <div className="fi-grid">
        <FieldBox id="fi-offer-shippingType" name="shippingType" label={t("fenceItem.editor.shippingType")} error={errors.shippingType}>
          <select id="fi-offer-shippingType" name="shippingType" value={offer.shippingType} onChange={(event) => onChange("shippingType", event.target.value)}>
            <option value="">{t("fenceItem.editor.noShipping")}</option>
            {shippingTypes.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </FieldBox>
        {offerField("shippingDistance", { inputMode: "decimal" })}
        {/* An empty unit price takes the type's (decision 019): said as text, not as a grey placeholder that looks like an empty field. */}
        {offerField("shippingUnitPrice", {
          inputMode: "decimal",
          hint: shippingType && !offer.shippingUnitPrice.trim() ? t("fenceItem.editor.shippingUnitPriceFromType", { price: formatMoney(shippingType.price, lang) }) : undefined,
        })}
        <FieldBox id="fi-offer-shippingPrice" name="shippingPrice" label={t("fenceItem.editor.shippingPrice")}>
          <output id="fi-offer-shippingPrice" className="fi-readonly" data-value="shippingPrice">
            {moneyText(shippingPriceHalere, lang)}
          </output>
        </FieldBox>
        {offerField("discountDescription", { placeholder: DEFAULT_DISCOUNT_DESCRIPTION })}
        {offerField("discountAmount", { inputMode: "decimal" })}
        {offerField("measurementDate", { placeholder: t("form.datePlaceholder") })}
      </div>
      {offerField("note", { textarea: true })}
    </section>
  );
}
