/**
 * Who a new document names: the supplier, bank, payment and logo as the company and invoice
 * settings are now, and the customer as the order names him (docs/decisions/052-invoice-numbering-and-snapshot.md).
 */
import type { Ctx } from "@/lib/context";
import { getCompanyIdentity } from "@/modules/settings/company-identity/service";
import { getInvoiceSettings } from "../service";
import type { OrderSnapshot } from "../order-snapshot/service";
import { documentT } from "./common";
import type { InvoiceParty } from "./formats/snapshot";
import { keepDocumentLogo } from "./logo";

export const customerName = (order: OrderSnapshot["order"]) => order.company?.trim() || `${order.firstName} ${order.lastName}`.trim();

const countryCodeOf = (country: string | null) => (country && /^[A-Za-z]{2}$/.test(country.trim()) ? country.trim().toUpperCase() : "CZ");

/** The parties, bank and payment of a new document, as the company and settings are now. */
export async function issuer(ctx: Ctx) {
  const [identity, settings] = await Promise.all([getCompanyIdentity({ ctx }), getInvoiceSettings({ ctx })]);
  const supplier: InvoiceParty = {
    name: identity.name,
    street: identity.street,
    city: identity.city,
    postalCode: identity.postalCode,
    countryCode: countryCodeOf(identity.country),
    ico: identity.ico,
    dic: identity.dic,
    email: identity.email,
    phone: identity.phone,
  };
  const bank =
    settings.bankAccount && settings.iban ? { accountNumber: settings.bankAccount, iban: settings.iban.replace(/\s+/g, "").toUpperCase(), swift: settings.swift || null } : null;
  return {
    vatPayer: identity.vatPayer,
    logo: identity.hasLogo ? await keepDocumentLogo(ctx) : null,
    supplier,
    bank,
    payment: { method: settings.paymentMethod, constantSymbol: settings.constantSymbol },
    issuedBy: settings.issuedBy,
  };
}

export function customerOf(order: OrderSnapshot["order"]): InvoiceParty {
  return {
    name: customerName(order),
    street: order.street,
    city: order.city,
    postalCode: order.postalCode,
    countryCode: "CZ",
    ico: order.ico,
    dic: order.dic,
    email: order.email,
    phone: order.phone,
  };
}

export const notVatPayerNote = (note: string | null | undefined) => [documentT("invoices.notVatPayer") as string, note].filter(Boolean).join(" ");
