import { Icon } from "../components/icons";
import { useView } from "../view-context";

/** docs/domain.md#warehouse: the image of a warehouse's `W<id>` code (Code 128, a PNG from the API). */
export const warehouseBarcodeHref = (id: number): string => `/api/warehouse/barcode?id=${id}`;

/** The print link of the list and the stock page: the PNG in a new tab, which the browser prints. */
export function WarehouseBarcodeLink({ id, className }: { id: number; className?: string }) {
  const { t } = useView();
  return (
    <a className={className} href={warehouseBarcodeHref(id)} target="_blank" rel="noopener" data-warehouse-barcode={id} title={t("warehouse.barcodePrintHint", { code: `W${id}` })}>
      <Icon name="order" /> {t("warehouse.barcodePrint")}
    </a>
  );
}

/** The code on the warehouse's edit page: the image, `W<id>` under it, and the print link. */
export function WarehouseBarcode({ id, code }: { id: number; code: string }) {
  const { t } = useView();
  return (
    <figure className="warehouse-barcode" style={{ margin: 0 }}>
      <img src={warehouseBarcodeHref(id)} alt={t("warehouse.barcodeAlt", { code })} style={{ maxWidth: "100%", height: "auto", background: "#fff" }} />
      <figcaption style={{ fontFamily: "monospace", fontSize: "1.1rem", letterSpacing: ".1em" }}>{code}</figcaption>
      <p className="field-hint">{t("warehouse.barcodeHint")}</p>
      <WarehouseBarcodeLink id={id} className="button" />
    </figure>
  );
}
