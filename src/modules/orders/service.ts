import { eq } from "drizzle-orm";
import { invoiceSettings, promiseStatuses } from "@db/schema";
import { assertUnused, type Ctx, withTransaction } from "@/lib/context";
import { namedEntityService } from "@/lib/crud/named-entity";
import { parseInput } from "@/lib/validation";
import { INVOICE_SETTINGS_ID, type InvoiceSettings, invoiceSettingsInput } from "./schemas";

/** The name usage checks give promise statuses. */
export const PROMISE_STATUS_ENTITY = "promiseStatus";

/**
 * docs/domain.md#promise-statuses: `/orders/promiseStatus`. A status still used (the promises declare that
 * check in the orders module's usageChecks) is refused with a message that says why.
 */
export const promiseStatusService = namedEntityService({
  table: promiseStatuses,
  uniqueNameIndex: "promise_statuses_name_unique",
  defaultSort: ["id", "asc"],
  beforeDelete: ({ ctx, id }) => assertUnused(ctx, PROMISE_STATUS_ENTITY, id),
});

const EMPTY_SETTINGS: InvoiceSettings = { id: INVOICE_SETTINGS_ID, bankAccount: null, iban: null, swift: null, paymentMethod: "TRANSFER", constantSymbol: null, issuedBy: null };

/** docs/domain.md#invoice-settings: the one record (id 1); empty values until it is first saved. */
export async function getInvoiceSettings({ ctx }: { ctx: Ctx }): Promise<InvoiceSettings> {
  const [row] = await ctx.db.select().from(invoiceSettings).where(eq(invoiceSettings.id, INVOICE_SETTINGS_ID)).limit(1);
  if (!row) return EMPTY_SETTINGS;
  const { bankAccount, iban, swift, constantSymbol, issuedBy } = row;
  return { id: INVOICE_SETTINGS_ID, bankAccount, iban, swift, paymentMethod: row.paymentMethod as InvoiceSettings["paymentMethod"], constantSymbol, issuedBy };
}

/** Validates and stores the record with id 1 (created on the first save). */
export async function saveInvoiceSettings({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<InvoiceSettings> {
  const parsed = parseInput(invoiceSettingsInput, input);
  // The whole record is sent: an optional field left out is cleared.
  const values = { ...parsed, constantSymbol: parsed.constantSymbol ?? null, issuedBy: parsed.issuedBy ?? null };
  return withTransaction(ctx, async (tx) => {
    await tx.db
      .insert(invoiceSettings)
      .values({ id: INVOICE_SETTINGS_ID, ...values, createdBy: tx.userId, updatedBy: tx.userId })
      .onConflictDoUpdate({ target: invoiceSettings.id, set: { ...values, updatedBy: tx.userId, updatedAt: new Date() } });
    return getInvoiceSettings({ ctx: tx });
  });
}
