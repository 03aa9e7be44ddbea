import { AppLayout } from "../layouts/app-layout";
import { Icon, type IconName } from "../components/icons";
import { useView } from "../view-context";

/** docs/domain.md#index-page: five tiles. */
export const indexTiles: { key: string; href: string; icon: IconName }[] = [
  { key: "newFenceOrder", href: "/orders/fenceOrder/new", icon: "plus" },
  { key: "openOrders", href: "/orders/fenceOrder", icon: "order" },
  { key: "warehouses", href: "/warehouse/selectWarehouse", icon: "warehouse" },
  { key: "promises", href: "/orders/promises", icon: "promise" },
  { key: "products", href: "/products", icon: "product" },
];

export function IndexPage() {
  const { t } = useView();
  return (
    <AppLayout title={t("menu.dashboard")} barcodeIsland>
      <ul className="tiles">
        {indexTiles.map((tile) => (
          <li key={tile.key}>
            <a className="tile" href={tile.href}>
              <Icon name={tile.icon} className="tile-icon" />
              <span>{t(`tiles.${tile.key}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </AppLayout>
  );
}
