import { count } from "drizzle-orm";
import { invoiceSettings, promiseStatuses } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { INVOICE_SETTINGS_ID } from "@/modules/orders/schemas";
import { createPromiseStatus } from "../factories";

/** Promise statuses and the company's bank details. Idempotent: fills only what is empty. */
export async function seedDemoOrders(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [statuses] = await tx.db.select({ n: count() }).from(promiseStatuses);
    if ((statuses?.n ?? 0) === 0) {
      for (const name of ["Doplnit materiál", "Reklamace", "Opravit montáž", "Zavolat zákazníkovi", "Čeká na díl"]) await createPromiseStatus(tx, { name });
    }
    // ČNB's example account 19-2000145399/0800 and its IBAN; the record is always id 1.
    await tx.db
      .insert(invoiceSettings)
      .values({ id: INVOICE_SETTINGS_ID, bankAccount: "19-2000145399/0800", iban: "CZ6508000000192000145399", swift: "GIBACZPX" })
      .onConflictDoNothing({ target: invoiceSettings.id });
  });
}
