/** The order's sums, live as the office types (the engine's computeOrderTotals): without VAT, the rate, the VAT and the total. */
import type { Lang } from "@/lib/lang";
import type { OrderSummary } from "@/modules/orders/fence-item/engine";
import type { FenceDrawingT } from "./fence-drawing";
import { formatNumber, moneyText } from "./fence-items-fields";

export function ItemsSummary({ summary, t, lang }: { summary: OrderSummary; t: FenceDrawingT; lang: Lang }) {
  return (
    <section className="fi-panel fi-summary" aria-live="polite">
      <h2>{t("fenceItem.editor.summary")}</h2>
      <dl>
        <div data-summary="priceWithoutVat">
          <dt>{t("fenceItem.editor.priceWithoutVat")}</dt>
          <dd>{moneyText(summary.priceWithoutVatHalere, lang)}</dd>
        </div>
        <div data-summary="vatRate">
          <dt>{t("fenceItem.editor.vatRate")}</dt>
          <dd>{`${formatNumber(summary.vatRate)} %`}</dd>
        </div>
        <div data-summary="vat">
          <dt>{t("fenceItem.editor.vat")}</dt>
          <dd>{moneyText(summary.vatHalere, lang)}</dd>
        </div>
        <div data-summary="total" className="fi-total">
          <dt>{t("fenceItem.editor.total")}</dt>
          <dd>{moneyText(summary.totalHalere, lang)}</dd>
        </div>
      </dl>
    </section>
  );
}
