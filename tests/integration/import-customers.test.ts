/**
 * Settings → Import serves the customers kind (docs/domain.md#imports): listed beside products,
 * a Windows-1250 CSV uploaded, mapped by its Czech headers, previewed with the refused rows'
 * reasons, imported into the directory; the export imports back with nothing changed.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import { customers } from "@db/schema";
import { type Session, useTestApp } from "../helpers/app";
import { importNow, proposedForm, uploadImport } from "../helpers/import-pages";
import { tableSnapshot } from "../helpers/table-snapshot";

const t = useTestApp();
let admin: Session;

beforeAll(async () => {
  admin = await t.current.login({ admin: true });
});

const CSV = "Jméno;Příjmení;Firma;IČO;Telefon;E-mail;Město;PSČ\r\nLudmila;Křížová;;;+420 702 111 333;ludmila@example.cz;Písek;397 01\r\n;;Pily Černý;26145172;702 444 555;;Beroun;\r\n";

const upload = (name: string, data: Uint8Array) => uploadImport(admin, "customers", name, data);

const count = async () => (await t.current.database.db.select({ n: sql<number>`count(*)::int` }).from(customers))[0]!.n;

describe("Settings → Import: customers", () => {
  test("the import pages list the customers kind; a clerk is refused", async () => {
    const products = await (await admin.page("/settings/import/products")).text();
    expect(products).toContain('href="/settings/import/customers"');
    const page = await admin.page("/settings/import/customers");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Import: zákazníci");
    expect(html).toContain("Stáhnout zákazníky ve stejných sloupcích");
    expect((await (await t.current.login()).page("/settings/import/customers")).status).toBe(403);
  });

  test("upload a Windows-1250 CSV, map, preview, import", async () => {
    const uploaded = await upload("zákazníci.csv", new Uint8Array(iconv.encode(CSV, "win1250")));
    expect(uploaded.status).toBe(303);
    const location = uploaded.headers.get("Location")!;
    expect(location).toMatch(/^\/settings\/import\/customers\/\d+$/);
    const form = proposedForm(await (await admin.page(location)).text());
    expect(form).toMatchObject({ "col.firstName": "0", "col.lastName": "1", "col.company": "2", "col.ico": "3", "col.phone": "4", "col.email": "5", "col.city": "6", "col.postalCode": "7", "col.dic": "" });

    const before = await tableSnapshot(t.current.ctx);
    const preview = await (await admin.page(location, { form: { ...form, key: "", step: "preview" } })).text();
    expect(preview).toMatch(/data-count="new">1</);
    expect(preview).toMatch(/data-count="refused">1</);
    expect(preview).toContain("IČO: IČO musí mít 8 číslic a vyhovět kontrole modulo 11");
    expect(await tableSnapshot(t.current.ctx)).toBe(before);

    const total = await count();
    const run = await importNow(admin, t.current.database, location, form);
    expect(run.response.status).toBe(303);
    expect(run.jobPage).toContain("Importováno:");
    expect(await count()).toBe(total + 1);
    const [row] = await t.current.database.db.select().from(customers).where(eq(customers.email, "ludmila@example.cz"));
    expect(row).toMatchObject({ firstName: "Ludmila", lastName: "Křížová", city: "Písek", postalCode: "397 01" });
  });

  test("the export imports back with nothing changed", async () => {
    const exported = await admin.page("/settings/import/customers/export", { method: "POST" });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Type")).toContain("spreadsheetml");
    const uploaded = await upload("zakaznici.xlsx", new Uint8Array(await exported.arrayBuffer()));
    const location = uploaded.headers.get("Location")!;
    const form = proposedForm(await (await admin.page(location)).text());
    const preview = await (await admin.page(location, { form: { ...form, key: "", step: "preview" } })).text();
    expect(preview).toMatch(new RegExp(`data-count="unchanged">${await count()}<`));
    expect(preview).toMatch(/data-count="changed">0</);
    expect(preview).toMatch(/data-count="new">0</);
    expect(preview).toMatch(/data-count="refused">0</);
  });
});
