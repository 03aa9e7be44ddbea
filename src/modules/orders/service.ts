import { eq } from "drizzle-orm";
import { invoiceSettings, promiseStatuses } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { namedEntityService } from "@/lib/crud/named-entity";
import { AppError, msg } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { INVOICE_SETTINGS_ID, type InvoiceSettings, invoiceSettingsInput } from "./schemas";

/** Answers whether something (promises, default promises) still uses the status. */
export type PromiseStatusUsage = (args: { ctx: Ctx; statusId: number }) => Promise<boolean>;
const promiseStatusUsages: PromiseStatusUsage[] = [];

/**
 * Modules that reference promise statuses (promises, default promises) register a check here, so
 * a status still in use is refused with a message that says why. Their foreign keys are the
 * backstop (`validation.inUse`).
 */
export function registerPromiseStatusUsage(usage: PromiseStatusUsage): () => void {
  promiseStatusUsages.push(usage);
  return () => {
    const index = promiseStatusUsages.indexOf(usage);
    if (index >= 0) promiseStatusUsages.splice(index, 1);
  };
}

/** Spec 01 §2.13, §7: `/orders/promiseStatus`. */
export const promiseStatusService = namedEntityService({
  table: promiseStatuses,
  uniqueName: true,
  defaultSort: ["id", "asc"],
  beforeDelete: async ({ ctx, id }) => {
    for (const usage of promiseStatusUsages) {
      if (await usage({ ctx, statusId: id })) throw AppError.fail(msg("promiseStatus.inUse"));
    }
  },
});

const EMPTY_SETTINGS: InvoiceSettings = { id: INVOICE_SETTINGS_ID, bankAccount: null, iban: null, swift: null };

/** Spec 02 §7: the one record (id 1); empty values until it is first saved. */
export async function getInvoiceSettings({ ctx }: { ctx: Ctx }): Promise<InvoiceSettings> {
  const [row] = await ctx.db.select().from(invoiceSettings).where(eq(invoiceSettings.id, INVOICE_SETTINGS_ID)).limit(1);
  return row ? { id: INVOICE_SETTINGS_ID, bankAccount: row.bankAccount, iban: row.iban, swift: row.swift } : EMPTY_SETTINGS;
}

/** Validates and stores the record with id 1 (created on the first save). */
export async function saveInvoiceSettings({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<InvoiceSettings> {
  const values = parseInput(invoiceSettingsInput, input);
  return withTransaction(ctx, async (tx) => {
    await tx.db
      .insert(invoiceSettings)
      .values({ id: INVOICE_SETTINGS_ID, ...values, createdBy: tx.userId, updatedBy: tx.userId })
      .onConflictDoUpdate({ target: invoiceSettings.id, set: { ...values, updatedBy: tx.userId, updatedAt: new Date() } });
    return getInvoiceSettings({ ctx: tx });
  });
}
