/**
 * The product editor's Tools tab: print the barcode label (a PDF in a new tab) and duplicate
 * the product (a plain form behind the confirm dialog; the answer is the new product's editor).
 */
import { useView } from "../view-context";

export const TOOLS_TAB_ID = "product-tools-tab";

export interface ToolsTabProps {
  product: { id: number; name: string };
  /** What the label's barcode encodes. */
  code: { symbology: "ean13" | "code128" | "qrcode"; value: string };
}

export function ProductToolsTab({ product, code }: ToolsTabProps) {
  const { t } = useView();
  return (
    <section id={TOOLS_TAB_ID} className="product-tools-tab" aria-label={t("productMedia.tools.title")}>
      <h3>{t("productMedia.tools.label")}</h3>
      <p className="field-hint">{t("productMedia.tools.labelHint", { id: product.id })}</p>
      <p>
        <span className="product-label-code">
          {t(`productMedia.tools.symbology.${code.symbology}`)}: <strong>{code.value}</strong>
        </span>
      </p>
      <p>
        <a className="button button-primary" href={`/products/${product.id}/label.pdf`} target="_blank" rel="noopener">
          {t("productMedia.tools.printLabel")}
        </a>
      </p>
      <h3>{t("productMedia.tools.duplicate")}</h3>
      <p className="field-hint">{t("productMedia.tools.duplicateHint", { name: product.name })}</p>
      <form method="post" action={`/products/${product.id}/duplicate`} data-confirm={t("productMedia.tools.duplicateConfirm", { name: product.name })}>
        <button type="submit" className="button">
          {t("productMedia.tools.duplicate")}
        </button>
      </form>
    </section>
  );
}
