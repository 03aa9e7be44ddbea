import { formatMoney } from "@/lib/money";
import { AppLayout } from "../layouts/app-layout";
import { Icon, type IconName } from "../components/icons";
import { useView } from "../view-context";
import { OVERDUE_LIST_HREF } from "../orders/invoice-list";

/** docs/domain.md#index-page: five tiles; the overdue documents stand under them. */
export const indexTiles: { key: string; href: string; icon: IconName }[] = [
  { key: "newFenceOrder", href: "/orders/fenceOrder/new", icon: "plus" },
  { key: "openOrders", href: "/orders/fenceOrder", icon: "order" },
  { key: "warehouses", href: "/warehouse/selectWarehouse", icon: "warehouse" },
  { key: "promises", href: "/orders/promises", icon: "promise" },
  { key: "products", href: "/products", icon: "product" },
];

/** The overdue documents' count and what they still ask (docs/decisions/080-overdue-and-reminders.md). */
export interface IndexOverdue {
  count: number;
  remaining: number;
}

export function IndexPage({ overdue }: { overdue: IndexOverdue }) {
  const { t, lang } = useView();
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
      {/* Beside the five tiles, not a sixth: what is overdue, and a way to the list (decision 080). */}
      <p className="index-overdue">
        <a className={`tile-overdue alert ${overdue.count ? "alert-warning" : "alert-info"}`} href={OVERDUE_LIST_HREF} data-overdue-count={overdue.count} data-overdue-remaining={overdue.remaining}>
          <Icon name="moneyUnpaid" className="tile-icon" />
          <span>{overdue.count ? t("reminders.tile", { count: overdue.count, amount: formatMoney(overdue.remaining, lang) }) : t("reminders.tileNone")}</span>
        </a>
      </p>
    </AppLayout>
  );
}
