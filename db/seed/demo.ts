import { count } from "drizzle-orm";
import { eshops, shippingTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { withTransaction } from "@/lib/context";

/** A realistic small fence company; each later module adds its part here. Idempotent per table. */
export async function seedDemo(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [shops] = await tx.db.select({ n: count() }).from(eshops);
    if ((shops?.n ?? 0) === 0) {
      await tx.db.insert(eshops).values([
        { name: "Ploty Ohrada", url: "https://www.ploty-ohrada.cz" },
        { name: "Brány a branky", url: "https://www.brany-branky.cz" },
        { name: "Plotové dílce (B2B)", url: "https://velkoobchod.ploty-ohrada.cz" },
      ]);
    }
    const [shipping] = await tx.db.select({ n: count() }).from(shippingTypes);
    if ((shipping?.n ?? 0) === 0) {
      await tx.db.insert(shippingTypes).values([
        { name: "Osobní odběr", price: "0.00", priceByDistance: false },
        { name: "Doprava vlastním vozem", price: "28.00", priceByDistance: true },
        { name: "Dopravce – paleta", price: "1490.00", priceByDistance: false },
        { name: "Dopravce – balík", price: "189.00", priceByDistance: false },
      ]);
    }
  });
}
