import { WAREHOUSE_EXPORT_ALL_PATH } from "@/modules/warehouse/items/schemas";
import type { Warehouse } from "@/modules/warehouse/schemas";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { WarehouseIcon } from "./warehouse-icon";

export const warehouseHref = (id: number) => `/warehouse/${id}`;

/** docs/domain.md#warehouse: a tile per warehouse (the /index tiles), linking to the warehouse's page; expedition ones say so. */
export function SelectWarehousePage({ warehouses }: { warehouses: Warehouse[] }) {
  const { t } = useView();
  return (
    <AppLayout
      title={t("warehouse.selectTitle")}
      actions={
        <a className="button" href="/warehouse/warehouses">
          {t("warehouse.title")}
        </a>
      }
    >
      {warehouses.length === 0 ? (
        <div className="alert alert-info" role="status">
          {t("warehouse.noWarehouses")} <a href="/warehouse/warehouses/new">{t("warehouse.addFirst")}</a>
        </div>
      ) : (
        <ul className="tiles warehouse-tiles">
          {warehouses.map((warehouse) => (
            <li key={warehouse.id}>
              <a className={`tile${warehouse.expedition ? " tile-expedition" : ""}`} href={warehouseHref(warehouse.id)} data-warehouse-id={warehouse.id}>
                <WarehouseIcon icon={warehouse.icon} className="tile-icon" />
                <span>{warehouse.name}</span>
                {warehouse.expedition ? (
                  <small className="tile-note" style={{ fontWeight: 500, fontSize: ".85rem", color: "var(--green-dark)" }}>
                    {t("warehouse.expeditionMark")}
                  </small>
                ) : null}
              </a>
            </li>
          ))}
        </ul>
      )}
      {warehouses.length ? <StockExportPanel warehouses={warehouses} /> : null}
    </AppLayout>
  );
}

/** docs/domain.md#warehouse-exports: the stock of one warehouse or of all (a sheet each) as xlsx. */
function StockExportPanel({ warehouses }: { warehouses: Warehouse[] }) {
  const { t } = useView();
  return (
    <section className="card stock-export" aria-labelledby="stock-export-title" style={{ marginTop: "1.5rem", maxWidth: "32rem" }}>
      <h2 id="stock-export-title">{t("stockView.exportTitle")}</h2>
      {/* A failed download says so on this page (decision 060). */}
      <form method="post" action={WAREHOUSE_EXPORT_ALL_PATH} className="entity-form" data-download="xlsx">
        <div className="field">
          <label htmlFor="stock-export-warehouse">{t("stockView.exportWarehouse")}</label>
          <select id="stock-export-warehouse" name="warehouse" defaultValue="">
            <option value="">{t("stockView.exportAll")}</option>
            {warehouses.map((warehouse) => (
              <option key={warehouse.id} value={String(warehouse.id)}>
                {warehouse.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            {t("stockView.exportSubmit")}
          </button>
        </div>
      </form>
    </section>
  );
}
