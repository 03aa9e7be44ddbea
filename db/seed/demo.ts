import { count } from "drizzle-orm";
import { eshops, shippingTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { withTransaction } from "@/lib/context";
import type { PasswordCost } from "@/modules/auth/service";
import { createEshop, createShipping } from "./factories";
import { seedDemoCatalogue } from "./demo/catalogue";
import { seedDemoCompanyIdentity } from "./demo/company-identity";
import { seedDemoCustomers } from "./demo/customers";
import { seedDemoFenceOrders } from "./demo/fence-orders";
import { seedDemoInvoices } from "./demo/invoices";
import { seedDemoOrders } from "./demo/orders";
import { seedDemoPlanning } from "./demo/planning";
import { seedDemoPromises } from "./demo/promises";
import { seedDemoSettings } from "./demo/settings";
import { seedDemoStock } from "./demo/stock";
import { seedDemoSuppliers } from "./demo/suppliers";
import { seedDemoTimesheets } from "./demo/timesheets";
import { seedDemoUsers } from "./demo/users";
import { seedDemoWarehouse } from "./demo/warehouse";

/**
 * A realistic small fence company (`npm start -- --demo`). Each domain seeds its own part in
 * db/seed/demo/<domain>.ts, idempotently (only into empty tables), through the factories of
 * db/seed/factories (the tests' too) where it makes what they make; the big batches (catalogue,
 * fence orders, work logs) insert their rows in one go. The order here follows the references:
 * people and settings first, then the catalogue, then what refers to products and users.
 */
export async function seedDemo(ctx: Ctx, options: { passwordCost?: PasswordCost } = {}): Promise<void> {
  await seedDemoUsers(ctx, options.passwordCost);
  await seedDemoShopsAndShipping(ctx);
  await seedDemoSettings(ctx);
  await seedDemoCompanyIdentity(ctx);
  await seedDemoCatalogue(ctx);
  await seedDemoWarehouse(ctx);
  await seedDemoStock(ctx);
  await seedDemoOrders(ctx);
  await seedDemoPromises(ctx);
  await seedDemoFenceOrders(ctx);
  await seedDemoCustomers(ctx);
  await seedDemoPlanning(ctx);
  await seedDemoInvoices(ctx);
  await seedDemoTimesheets(ctx);
  await seedDemoSuppliers(ctx);
}

const DEMO_ESHOPS = [
  { name: "Ploty Ohrada", url: "https://www.ploty-ohrada.cz" },
  { name: "Brány a branky", url: "https://www.brany-branky.cz" },
  { name: "Plotové dílce (B2B)", url: "https://velkoobchod.ploty-ohrada.cz" },
];

const DEMO_SHIPPING = [
  { name: "Osobní odběr", price: "0.00", priceByDistance: false },
  { name: "Doprava vlastním vozem", price: "28.00", priceByDistance: true },
  { name: "Dopravce – paleta", price: "1490.00", priceByDistance: false },
  { name: "Dopravce – balík", price: "189.00", priceByDistance: false },
];

/** E-shops and shipping types, each table only when it is empty. */
async function seedDemoShopsAndShipping(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [shops] = await tx.db.select({ n: count() }).from(eshops);
    if ((shops?.n ?? 0) === 0) for (const shop of DEMO_ESHOPS) await createEshop(tx, shop);
    const [shipping] = await tx.db.select({ n: count() }).from(shippingTypes);
    if ((shipping?.n ?? 0) === 0) for (const type of DEMO_SHIPPING) await createShipping(tx, type);
  });
}
