/**
 * The customers import (docs/domain.md#imports, docs/decisions/075-spreadsheet-import.md): a
 * customer list's rows checked with the contact form's schema (`customerInput`: the IČO's check
 * digit, the e-mail, a name or a company) and written through the directory's `upsertCustomer`
 * (docs/decisions/074-customer-directory.md), matched by the contact's number when the file has
 * it (the export's first column), else by IČO, else e-mail, else phone. A blank cell or a column
 * left out keeps what the contact holds.
 */
import type { Ctx } from "@/lib/context";
import { msg } from "@/lib/errors";
import { cellText, yesNo } from "@/lib/import/cells";
import type { CheckedRow, ImportKind, MappedRow, RowReason, RowProgress } from "@/lib/import/framework";
import type { ImportField } from "@/lib/import/mapping";
import type { ImportCell } from "@/lib/import/read";
import { tFor } from "@/lib/i18n";
import { phoneKey } from "@/lib/phone";
import { foldText } from "@/lib/search-text";
import { issueFields } from "@/lib/validation";
import { customers } from "@db/schema";
import { customerInput } from "./schemas";
import { customerUpsertAction, upsertCustomer } from "./service";

export const CUSTOMER_IMPORT_KIND = "customers";

/** The fields in the export's column order: the contact's number, then the contact form's. */
export const CUSTOMER_IMPORT_FIELDS = [
  "id", "firstName", "lastName", "company", "ico", "dic", "phone", "email", "street", "city", "postalCode",
  "deliveryAddress", "deliveryCompany", "deliveryFirstName", "deliveryLastName", "deliveryStreet", "deliveryCity", "deliveryPostalCode",
  "language", "note",
] as const;
type Field = (typeof CUSTOMER_IMPORT_FIELDS)[number];

/** Header texts each field is known by, besides its Czech and English labels (folded when compared). */
const ALIASES: Partial<Record<Field, string[]>> = {
  id: ["Číslo zákazníka", "Číslo kontaktu", "Id", "ID", "Customer number", "Customer id"],
  firstName: ["Jméno", "Křestní jméno", "First name", "Given name"],
  lastName: ["Příjmení", "Last name", "Surname", "Family name"],
  company: ["Firma", "Společnost", "Název firmy", "Organizace", "Company", "Company name"],
  ico: ["IČO", "IČ", "Company ID", "Company number", "Registration number"],
  dic: ["DIČ", "VAT ID", "VAT number", "Tax ID"],
  phone: ["Telefon", "Tel", "Mobil", "Telefonní číslo", "Phone", "Telephone", "Mobile"],
  email: ["E-mail", "Email", "Mail", "E-mailová adresa", "Email address"],
  street: ["Ulice", "Adresa", "Ulice a číslo", "Street", "Address"],
  city: ["Město", "Obec", "City", "Town"],
  postalCode: ["PSČ", "Postal code", "ZIP", "Postcode"],
  deliveryAddress: ["Dodací adresa", "Delivery address"],
  language: ["Jazyk", "Jazyk dokladů", "Language"],
  note: ["Poznámka", "Note", "Notes"],
};

/** A language cell: the code or its name in Czech or English; anything else stays for the schema to refuse. */
const LANGUAGES: Record<string, string> = { cs: "cs", cz: "cs", cestina: "cs", cesky: "cs", czech: "cs", en: "en", anglictina: "en", anglicky: "en", english: "en" };
const language = (cell: ImportCell | undefined): unknown => {
  const value = cellText(cell);
  return value === undefined ? undefined : (LANGUAGES[foldText(value.trim())] ?? value);
};

/** An IČO typed as a number lost its leading zeros (00027383 → 27383): they are put back. */
const icoText = (cell: ImportCell | undefined) => (typeof cell === "number" && Number.isInteger(cell) && cell > 0 && cell < 1e8 ? String(cell).padStart(8, "0") : cellText(cell));

export async function customerFields(ctx: Ctx): Promise<ImportField[]> {
  const t = tFor(ctx.lang);
  const other = tFor(ctx.lang === "cs" ? "en" : "cs");
  const label = (tt: typeof t, key: Field) => (key === "id" ? tt("import.customers.id") : tt(`customer.${key}`));
  return CUSTOMER_IMPORT_FIELDS.map((key) => ({ key, label: label(t, key), aliases: [label(other, key), ...(ALIASES[key] ?? [])] }));
}

/** The row as the contact form's input: only mapped, non-blank cells (the number is the match, not a field). */
function inputOf(values: MappedRow["values"]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [field, cell] of Object.entries(values)) {
    if (field === "id") continue;
    input[field] = field === "deliveryAddress" ? yesNo(cell) : field === "language" ? language(cell) : field === "ico" ? icoText(cell) : cellText(cell);
  }
  return input;
}

/** The key a row is found by in the directory (IČO, else e-mail, else phone), to catch one contact twice in a file. */
const rowKey = (input: { ico?: string; email?: string; phone?: string }) =>
  input.ico ? `ico:${input.ico}` : input.email ? `email:${input.email.toLowerCase()}` : input.phone ? `phone:${phoneKey(input.phone)}` : null;

/** Rows between two progress reports: each row is a query or two. */
const PROGRESS_EVERY = 200;

/** What an accepted row writes: the form's input, onto the contact of that number when the row names one. */
interface CustomerPlan {
  input: Record<string, unknown>;
  id?: number;
}

async function checkCustomers({ ctx, rows, progress }: { ctx: Ctx; rows: MappedRow[]; progress: RowProgress }) {
  const checked: CheckedRow<CustomerPlan>[] = [];
  const seen = new Map<string, number>();
  const known = rows.some((row) => row.values.id !== undefined) ? new Set((await ctx.db.select({ id: customers.id }).from(customers)).map((row) => row.id)) : new Set<number>();
  for (const row of rows) {
    if (checked.length % PROGRESS_EVERY === 0) await progress(checked.length);
    const reasons: RowReason[] = [];
    for (const [field, cell] of Object.entries(row.values)) if (cell instanceof Date) reasons.push({ field, message: msg("import.dateCell") });
    // The number the export wrote: the row is that contact, whatever its keys now say.
    const idText = cellText(row.values.id)?.trim();
    const id = idText ? Number(idText.replace(/^Z/i, "")) : undefined;
    if (idText && !(Number.isInteger(id) && known.has(id!))) reasons.push({ field: "id", message: msg("import.customers.unknownId", { id: idText }) });
    const input = inputOf(row.values);
    const form = reasons.length ? null : customerInput.safeParse(input);
    if (form && !form.success) for (const [field, message] of Object.entries(issueFields(form.error.issues))) reasons.push({ field, message });
    if (!form?.success) {
      checked.push({ line: row.line, status: "refused", reasons });
      continue;
    }
    const key = id !== undefined ? `id:${id}` : rowKey(form.data);
    const earlier = key === null ? undefined : seen.get(key);
    if (earlier !== undefined) {
      checked.push({ line: row.line, status: "refused", reasons: [{ field: key!.slice(0, key!.indexOf(":")), message: msg("import.duplicateKey", { line: earlier }) }] });
      continue;
    }
    if (key !== null) seen.set(key, row.line);
    const action = await customerUpsertAction({ ctx, input: form.data, id });
    checked.push({ line: row.line, status: action === "created" ? "new" : action === "updated" ? "changed" : "unchanged", reasons: [], plan: { input, id } });
  }
  return { rows: checked, confirm: [] };
}

/** The customers kind of the import framework. */
export const customerImport: ImportKind<CustomerPlan> = {
  kind: CUSTOMER_IMPORT_KIND,
  // By the contact's number where the file has it (the export's first column), else as the
  // directory matches (IČO, else e-mail, else phone): no key to choose.
  keys: [],
  fields: customerFields,
  check: checkCustomers,
  async write({ ctx, rows, progress }) {
    // `ctx` is the import's transaction: each upsert joins it, so a failure undoes every row.
    for (const [index, row] of rows.entries()) {
      if (index % PROGRESS_EVERY === 0) await progress(index);
      await upsertCustomer({ ctx, input: row.plan!.input, id: row.plan!.id });
    }
  },
};
