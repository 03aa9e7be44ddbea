import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import { customers } from "@db/schema";
import { type ImportPreview, previewImport, proposedMapping, reasonText, runImport } from "@/lib/import/framework";
import { readImportFile } from "@/lib/import/read";
import { tableSnapshot } from "../../../../tests/helpers/table-snapshot";
import { useTestDatabase } from "../../../../tests/helpers/service";
import { type WorkbookCell, workbookBytes } from "../../../../tests/helpers/workbook";
import { customerLookup } from "../fence-order/service";
import { exportCustomersXlsx } from "./export";
import { customerImport } from "./import";

const t = useTestDatabase();

const HEADERS = ["Jméno", "Příjmení", "Firma", "IČO", "DIČ", "Telefon", "E-mail", "Ulice", "Město", "PSČ", "Jazyk"];

/** A customer list as an office keeps it, with three bad rows. */
const LIST: WorkbookCell[][] = [
  HEADERS,
  ["Jan", "Novák", null, null, null, "+420 602 111 222", "jan.novak@example.cz", "Dlouhá 5", "Tábor", "390 01", "čeština"], // line 2
  [null, null, "Ploty Hrubý s.r.o.", 45238715, "CZ45238715", 731000111, "info@hruby.cz", "Polní 12", "Kutná Hora", 28401, "en"], // 3: numbers where text belongs
  ["Petr", "Malý", null, "45238716", null, "603 111 000", null, null, null, null, null], // 4: IČO check digit
  ["Eva", "Svobodová", null, null, null, "603 222 333", "eva@@example", null, null, null, null], // 5: e-mail
  ["Karel", null, null, null, null, "604 333 444", null, null, null, null, null], // 6: no name nor company
  [null, null, "Obec Lhota", "00027383", null, null, "obec@lhota.cz", null, "Lhota", null, "English"], // 7
];

/** A Czech CSV in Windows-1250 with two bad rows (lines 4 and 5). */
const CSV = [
  "Jméno;Příjmení;Firma;IČO;Telefon;E-mail;Město;PSČ;Jazyk dokladů",
  "Řehoř;Šťastný;;;+420 605 444 555;rehor@example.cz;Čáslav;286 01;cs",
  "Zdeněk;Žák;Kovárna Žák;63948214;606 555 666;;Kutná Hora;284 01;",
  "Jana;;;;608 777 888;jana@example.cz;Praha;;",
  "Ondřej;Veselý;;;609 888 999;ondrej(at)example.cz;;;",
  "",
].join("\r\n");

const xlsxTable = async (rows: WorkbookCell[][]) => readImportFile({ fileName: "zakaznici.xlsx", data: await workbookBytes(rows) });
const csvTable = () => readImportFile({ fileName: "zákazníci.csv", data: new Uint8Array(iconv.encode(CSV, "win1250")) });

async function run(table: ReturnType<typeof readImportFile>, step: "preview" | "run" = "run"): Promise<ImportPreview> {
  const mapping = await proposedMapping(t.ctx, customerImport, table.headers);
  const args = { ctx: t.ctx, kind: customerImport, table, mapping, options: {} };
  return step === "run" ? runImport(args) : previewImport(args);
}

const refusedOf = (preview: ImportPreview) => preview.refused.map((row) => ({ line: row.line, reasons: row.reasons.map((reason) => [reason.field, reason.message.key]) }));
const contactBy = async (where: ReturnType<typeof eq>) => (await t.db.select().from(customers).where(where))[0];
const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(customers))[0]!.n;

describe("the customers import", () => {
  test("the mapping is proposed from the Czech headers", async () => {
    const mapping = await proposedMapping(t.ctx, customerImport, HEADERS);
    expect(mapping).toEqual({
      columns: { firstName: 0, lastName: 1, company: 2, ico: 3, dic: 4, phone: 5, email: 6, street: 7, city: 8, postalCode: 9, language: 10 },
      key: null,
    });
    const english = await proposedMapping(t.ctx, customerImport, ["COMPANY ID", "Company", "Last name", "Phone", "Email", "Postal code", "Language"]);
    expect(english.columns).toEqual({ ico: 0, company: 1, lastName: 2, phone: 3, email: 4, postalCode: 5, language: 6 });
  });

  test("the preview lists exactly the bad rows with translated reasons and writes nothing", async () => {
    const before = await tableSnapshot(t.ctx);
    const preview = await run(await xlsxTable(LIST), "preview");
    expect(preview.counts).toEqual({ new: 3, changed: 0, unchanged: 0, refused: 3 });
    expect(refusedOf(preview)).toEqual([
      { line: 4, reasons: [["ico", "fenceOrder.validation.ico"]] },
      { line: 5, reasons: [["email", "validation.email"]] },
      { line: 6, reasons: [["lastName", "customer.validation.nameOrCompany"]] },
    ]);
    expect(preview.refused.map((row) => reasonText("cs", preview.fields, row.reasons[0]!))).toEqual([
      "IČO: IČO musí mít 8 číslic a vyhovět kontrole modulo 11",
      "E-mail: Zadejte platný e-mail",
      "Příjmení: Vyplňte příjmení nebo firmu",
    ]);
    expect(await tableSnapshot(t.ctx)).toBe(before);
  });

  test("a failure mid-way writes nothing", async () => {
    const before = await tableSnapshot(t.ctx);
    // The database refuses the last new contact: the ones before it go too.
    await t.db.execute(sql.raw(`create function refuse_lhota() returns trigger language plpgsql as $$ begin if new.company = 'Obec Lhota' then raise exception 'boom'; end if; return new; end $$`));
    await t.db.execute(sql.raw(`create trigger refuse_lhota before insert on customers for each row execute function refuse_lhota()`));
    try {
      await expect(run(await xlsxTable(LIST))).rejects.toThrow();
    } finally {
      await t.db.execute(sql.raw(`drop trigger refuse_lhota on customers`));
      await t.db.execute(sql.raw(`drop function refuse_lhota()`));
    }
    expect(await tableSnapshot(t.ctx)).toBe(before);
  });

  test("the import writes the accepted rows as the form would; the same file again changes nothing", async () => {
    const before = await count();
    expect((await run(await xlsxTable(LIST))).counts).toEqual({ new: 3, changed: 0, unchanged: 0, refused: 3 });
    expect(await count()).toBe(before + 3);
    expect(await contactBy(eq(customers.company, "Ploty Hrubý s.r.o."))).toMatchObject({ ico: "45238715", dic: "CZ45238715", phone: "731000111", postalCode: "284 01", language: "en", lastName: null });
    expect(await contactBy(eq(customers.email, "jan.novak@example.cz"))).toMatchObject({ firstName: "Jan", lastName: "Novák", postalCode: "390 01", language: "cs" });
    expect(await contactBy(eq(customers.ico, "00027383"))).toMatchObject({ company: "Obec Lhota", language: "en" });

    const snapshot = await tableSnapshot(t.ctx, ["customers"]);
    expect((await run(await xlsxTable(LIST))).counts).toEqual({ new: 0, changed: 0, unchanged: 3, refused: 3 });
    expect(await tableSnapshot(t.ctx, ["customers"])).toBe(snapshot);
  });

  test("a Czech CSV in Windows-1250: two bad rows refused by line, the rest imported with their diacritics", async () => {
    const table = csvTable();
    const preview = await run(table);
    expect(preview.counts).toEqual({ new: 2, changed: 0, unchanged: 0, refused: 2 });
    expect(refusedOf(preview)).toEqual([
      { line: 4, reasons: [["lastName", "customer.validation.nameOrCompany"]] },
      { line: 5, reasons: [["email", "validation.email"]] },
    ]);
    expect(await contactBy(eq(customers.email, "rehor@example.cz"))).toMatchObject({ firstName: "Řehoř", lastName: "Šťastný", city: "Čáslav", postalCode: "286 01" });
    expect(await contactBy(eq(customers.ico, "63948214"))).toMatchObject({ company: "Kovárna Žák", lastName: "Žák", phone: "606 555 666" });
    expect((await run(csvTable())).counts).toEqual({ new: 0, changed: 0, unchanged: 2, refused: 2 });
  });

  test("an IČO typed as a number gets its leading zeros back", async () => {
    expect((await run(await xlsxTable([["Firma", "IČO"], ["Obec Lhota", 27383]]), "preview")).counts).toEqual({ new: 0, changed: 0, unchanged: 1, refused: 0 });
  });

  test("one contact twice in a file: the later row is refused", async () => {
    const preview = await run(await xlsxTable([["Firma", "IČO"], ["A", "26145171"], ["B", "2614 5171"]]), "preview");
    expect(refusedOf(preview)).toEqual([{ line: 3, reasons: [["ico", "import.duplicateKey"]] }]);
  });

  test("round trip: export → change one phone → import = one update", async () => {
    const exported = readImportFile({ fileName: "zakaznici.xlsx", data: (await exportCustomersXlsx(t.ctx)).data });
    const total = await count();
    expect(exported.rows.length).toBe(total);
    const rows: WorkbookCell[][] = [exported.headers, ...exported.rows.map((row) => Array.from({ length: exported.headers.length }, (_, index) => (row.cells[index] ?? null) as WorkbookCell))];
    const phoneColumn = exported.headers.indexOf("Telefon");
    const edited = rows.find((row) => row.includes("Ploty Hrubý s.r.o."))!;
    edited[phoneColumn] = "777 123 456";
    const snapshot = await tableSnapshot(t.ctx, ["customers"]);
    // The export itself imports back with nothing changed.
    expect((await run(exported, "preview")).counts).toEqual({ new: 0, changed: 0, unchanged: total, refused: 0 });
    expect(await tableSnapshot(t.ctx, ["customers"])).toBe(snapshot);
    expect((await run(await xlsxTable(rows))).counts).toEqual({ new: 0, changed: 1, unchanged: total - 1, refused: 0 });
    expect(await count()).toBe(total);
    expect((await contactBy(eq(customers.ico, "45238715")))!.phone).toBe("777 123 456");
  });

  test("round trip by the contact's number: a contact without IČO whose phone and e-mail both change is updated, not added", async () => {
    const exported = readImportFile({ fileName: "zakaznici.xlsx", data: (await exportCustomersXlsx(t.ctx)).data });
    expect(exported.headers[0]).toBe("Číslo zákazníka");
    const rows: WorkbookCell[][] = [exported.headers, ...exported.rows.map((row) => Array.from({ length: exported.headers.length }, (_, index) => (row.cells[index] ?? null) as WorkbookCell))];
    const jan = (await contactBy(eq(customers.email, "jan.novak@example.cz")))!;
    const edited = rows.find((row) => row[0] === jan.id)!;
    edited[exported.headers.indexOf("Telefon")] = "+420 777 000 111";
    edited[exported.headers.indexOf("E-mail")] = "jan@novakovi.cz";
    const total = await count();
    expect((await run(await xlsxTable(rows))).counts).toEqual({ new: 0, changed: 1, unchanged: total - 1, refused: 0 });
    expect(await count()).toBe(total);
    expect(await contactBy(eq(customers.id, jan.id))).toMatchObject({ phone: "+420 777 000 111", email: "jan@novakovi.cz", lastName: "Novák" });
    // A number the directory does not have is refused, not added.
    const unknown = await run(await xlsxTable([["Číslo zákazníka", "Příjmení"], [999_999_999, "Nikdo"]]), "preview");
    expect(refusedOf(unknown)).toEqual([{ line: 2, reasons: [["id", "import.customers.unknownId"]] }]);
  });

  test("an imported customer is found by the order form's lookup by IČO, phone and e-mail", async () => {
    const contact = (await contactBy(eq(customers.ico, "63948214")))!;
    for (const input of [{ ico: "63948214" }, { phone: "+420 606 555 666" }]) {
      expect(await customerLookup({ ctx: t.ctx, input })).toMatchObject({ customerId: contact.id, orderId: null, company: "Kovárna Žák" });
    }
    const rehor = (await contactBy(eq(customers.email, "rehor@example.cz")))!;
    expect(await customerLookup({ ctx: t.ctx, input: { email: "REHOR@example.cz" } })).toMatchObject({ customerId: rehor.id, lastName: "Šťastný" });
  });
});
