import type { Warehouse } from "@/modules/warehouse/schemas";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";
import { WarehouseIcon } from "./warehouse-icon";

export const warehouseHref = (id: number) => `/warehouse/${id}`;

/** Spec 02 §2: a tile per warehouse (the /index tiles), linking to the warehouse's page; expedition ones say so. */
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
    </AppLayout>
  );
}
