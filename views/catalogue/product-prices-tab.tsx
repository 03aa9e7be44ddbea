import { formatMoney } from "@/lib/money";
import type { Lang } from "@/lib/context";
import type { ProductPrices } from "@/modules/catalogue/product/schemas";
import { FieldRow } from "../components/form";
import { useView } from "../view-context";
import { ProductTabForm } from "./product-editor";

export const eshopFieldName = (id: number) => `eshop-${id}`;

/**
 * An amount as it reads in an input (the unit sits in the label): `1 234,50` in Czech, `1234.50` in
 * English: no grouping comma, which the input would read back as a decimal comma (decision 046).
 */
export const moneyInputValue = (value: number | null, lang: Lang): string => {
  if (value === null) return "";
  return lang === "en" ? value.toFixed(2) : formatMoney(value, "cs").replace(/\u00a0Kč$/, "");
};

/** The base unit price, the m² price and the e-shop prices that differ; CZK without VAT. */
export function ProductPricesTab(props: {
  productId: number;
  prices: ProductPrices;
  /** What was posted, when the form comes back with errors. */
  posted?: Record<string, string>;
  errors?: Record<string, string>;
  formErrors?: string[];
}) {
  const { t, lang } = useView();
  const errors = props.errors ?? {};
  const { prices, posted } = props;
  const currency = t("product.prices.currency");
  const valueOf = (name: string, stored: number | null) => (posted ? (posted[name] ?? "") : moneyInputValue(stored, lang));
  const base = prices.unitPrice === null ? t("product.prices.eshopSame") : t("product.prices.eshopSameAs", { price: formatMoney(prices.unitPrice, lang) });
  return (
    <ProductTabForm productId={props.productId} tab="prices" errors={errors} formErrors={props.formErrors}>
      <p className="product-tab-intro">{t("product.prices.intro")}</p>
      <FieldRow
        field={{ name: "unitPrice", label: t("product.prices.unitPrice"), kind: "decimal", unit: currency }}
        value={valueOf("unitPrice", prices.unitPrice)}
        error={errors.unitPrice}
      />
      <FieldRow
        field={{ name: "m2Price", label: t("product.prices.m2Price"), kind: "decimal", unit: currency, hint: t("product.prices.m2PriceHint") }}
        value={valueOf("m2Price", prices.m2Price)}
        error={errors.m2Price}
      />
      <fieldset>
        <legend>{t("product.prices.eshops")}</legend>
        {prices.eshops.length === 0 ? <p className="product-tab-intro">{t("product.prices.noEshops")}</p> : null}
        {prices.eshops.map(({ eshop, price }) => {
          const name = eshopFieldName(eshop.id);
          return <FieldRow key={eshop.id} field={{ name, label: eshop.name, kind: "decimal", unit: currency, hint: base }} value={valueOf(name, price)} error={errors[name]} />;
        })}
      </fieldset>
    </ProductTabForm>
  );
}
