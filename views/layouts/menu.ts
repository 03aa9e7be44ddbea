/** The top menu of docs/domain.md#top-menu. Keys are i18n keys under `menu.`. */
export interface MenuEntry {
  key: string;
  href?: string;
  children?: MenuEntry[];
  adminOnly?: boolean;
}

export const topMenu: MenuEntry[] = [
  { key: "dashboard", href: "/index" },
  {
    key: "products",
    children: [
      { key: "productList", href: "/products" },
      { key: "vat", href: "/products/dph" },
      { key: "category", href: "/products/category" },
      { key: "categoryParameters", href: "/products/category/parameters" },
    ],
  },
  {
    key: "orders",
    children: [
      { key: "fenceOrders", href: "/orders/fenceOrder" },
      { key: "customers", href: "/orders/customers" },
      { key: "planning", href: "/orders/planning" },
      {
        key: "promises",
        href: "/orders/promises",
        children: [
          { key: "promiseStatus", href: "/orders/promiseStatus" },
          { key: "defaultPromises", href: "/orders/defaultPromises" },
        ],
      },
      {
        key: "invoices",
        href: "/orders/invoices",
        children: [
          { key: "manufacturePainting", href: "/orders/manufacture" },
          { key: "shipmentAssembly", href: "/orders/planning" },
          { key: "invoiceSettings", href: "/orders/invoiceSettings", adminOnly: true },
        ],
      },
    ],
  },
  {
    key: "manufacture",
    children: [
      { key: "spacerCalculator", href: "/manufacture/spacerCalculator" },
      { key: "savedBaskets", href: "/manufacture/savedBaskets" },
    ],
  },
  {
    key: "warehouse",
    children: [
      { key: "warehouseSelection", href: "/warehouse/selectWarehouse" },
      { key: "warehouses", href: "/warehouse/warehouses" },
      { key: "rackScales", href: "/warehouse/warehouseRackScales" },
      { key: "scaleDiscrepancies", href: "/warehouse/scaleDiscrepancies" },
      { key: "scaleFeedSettings", href: "/warehouse/rackScaleSettings", adminOnly: true },
      { key: "transferLogs", href: "/warehouse/warehouseTransferLog" },
    ],
  },
  {
    key: "suppliers",
    children: [
      { key: "supplierList", href: "/suppliers/supplier" },
      { key: "supplierOrders", href: "/suppliers/orders" },
    ],
  },
  {
    key: "timesheets",
    children: [
      { key: "workplace", href: "/timesheets/workplace" },
      { key: "jobs", href: "/timesheets/worktype" },
      { key: "workLog", href: "/timesheets/worklog" },
      { key: "hoursReport", href: "/timesheets/report" },
      { key: "timesheetSettings", href: "/timesheets/settings", adminOnly: true },
    ],
  },
  {
    key: "settings",
    children: [
      { key: "eshops", href: "/settings/eshop" },
      { key: "shipping", href: "/settings/shipping" },
      { key: "vehicles", href: "/settings/deliveryVan" },
      { key: "translationGroups", href: "/settings/translationGroup" },
      { key: "editorCategories", href: "/settings/editorCategories", adminOnly: true },
      { key: "users", href: "/settings/users", adminOnly: true },
      { key: "kioskDevices", href: "/settings/kioskDevices", adminOnly: true },
      { key: "companyIdentity", href: "/settings/company", adminOnly: true },
      { key: "email", href: "/settings/email", adminOnly: true },
      { key: "backups", href: "/settings/backups", adminOnly: true },
      { key: "import", href: "/settings/import/products", adminOnly: true },
    ],
  },
];

/** Every distinct link of the menu a user sees (admins also see the admin-only entries). */
export function menuLinks(options: { admin?: boolean } = {}, entries: MenuEntry[] = topMenu): string[] {
  const links = new Set<string>();
  const walk = (list: MenuEntry[]) => {
    for (const entry of list) {
      if (entry.adminOnly && !options.admin) continue;
      if (entry.href) links.add(entry.href);
      if (entry.children) walk(entry.children);
    }
  };
  walk(entries);
  return [...links];
}
