/**
 * Settings → Import (docs/domain.md#imports): admins only; upload a Czech CSV, map, preview,
 * confirm the new categories, import; a bad file is refused on the page; the products export
 * imports back with nothing changed.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import iconv from "iconv-lite";
import { products } from "@db/schema";
import { ean13 } from "@/lib/ean13";
import { readFirstSheet } from "@/lib/xlsx/read";
import { type Session, useTestApp } from "../helpers/app";
import { importNow, proposedForm, uploadImport } from "../helpers/import-pages";
import { tableSnapshot } from "../helpers/table-snapshot";

const t = useTestApp();
let admin: Session;
let clerk: Session;

beforeAll(async () => {
  admin = await t.current.login({ admin: true });
  clerk = await t.current.login();
});

const EAN_A = ean13("859111111111");
const EAN_B = ean13("859111111112");
const CSV = `Název;Kategorie;DPH;Cena za kus;EAN\r\nPletivo 150 cm;Ploty > Pletiva;21;1 490,50;${EAN_A}\r\nNapínací drát;Ploty > Pletiva;21 %;-5;${EAN_B}\r\n`;

const upload = (session: Session, name: string, data: Uint8Array) => uploadImport(session, "products", name, data);

describe("Settings → Import", () => {
  test("is for admins only", async () => {
    const before = await tableSnapshot(t.current.ctx);
    expect((await clerk.page("/settings/import/products")).status).toBe(403);
    expect((await upload(clerk, "cenik.csv", new Uint8Array(iconv.encode(CSV, "win1250")))).status).toBe(403);
    expect(await tableSnapshot(t.current.ctx)).toBe(before);
  });

  test("a file without a header is refused on the page, nothing kept", async () => {
    const before = await tableSnapshot(t.current.ctx);
    const response = await upload(admin, "cenik.csv", new TextEncoder().encode("Lamela;1250\n"));
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("nemá na prvním řádku záhlaví");
    expect(await tableSnapshot(t.current.ctx)).toBe(before);
  });

  test("upload a Windows-1250 CSV, map, preview, confirm, import", async () => {
    const uploaded = await upload(admin, "ceník.csv", new Uint8Array(iconv.encode(CSV, "win1250")));
    expect(uploaded.status).toBe(303);
    const location = uploaded.headers.get("Location")!;
    expect(location).toMatch(/^\/settings\/import\/products\/\d+$/);

    const mappingPage = await admin.page(location);
    expect(mappingPage.status).toBe(200);
    const form = proposedForm(await mappingPage.text());
    expect(form).toMatchObject({ "col.name": "0", "col.categories": "1", "col.vat": "2", "col.unitPrice": "3", "col.ean13": "4", "col.weight": "" });

    const preview = await admin.page(location, { form: { ...form, key: "", step: "preview" } });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toMatch(/data-count="new">1</);
    expect(html).toMatch(/data-count="refused">1</);
    expect(html).toContain("Cena za kus: Nejmenší hodnota je 0");
    expect(html).toContain("Vznikne kategorie Ploty &gt; Pletiva");

    const refused = await admin.page(location, { form: { ...form, key: "", step: "refused" } });
    expect(refused.headers.get("Content-Type")).toContain("spreadsheetml");
    const sheet = readFirstSheet(new Uint8Array(await refused.arrayBuffer()), { maxRows: 10, maxCells: 100, maxPartBytes: 1 << 20, maxTotalBytes: 1 << 22 }, "all");
    expect(sheet.rows[1]!.cells.A).toBe("Napínací drát");

    // Not confirmed: refused, nothing written.
    const before = await tableSnapshot(t.current.ctx, ["products", "categories"]);
    const { response: unconfirmed } = await importNow(admin, t.current.database, location, form);
    expect(unconfirmed.status).toBe(422);
    expect(await unconfirmed.text()).toContain("Import čeká na vaše potvrzení: Vznikne kategorie Ploty &gt; Pletiva");
    expect(await tableSnapshot(t.current.ctx, ["products", "categories"])).toBe(before);

    const run = await importNow(admin, t.current.database, location, { ...form, confirmed: "true" });
    expect(run.response.status).toBe(303);
    expect(run.jobPage).toContain("Importováno: 1 nových, 0 změněných, 0 beze změny, 1 odmítnutých");
    const [row] = await t.current.database.db.select().from(products).where(eq(products.ean13, EAN_A));
    expect(row).toMatchObject({ name: "Pletivo 150 cm", unitPrice: "1490.50" });
    // The upload is gone once imported.
    expect((await admin.page(location)).status).toBe(404);
  });

  test("the export imports back with nothing changed", async () => {
    const exported = await admin.page("/settings/import/products/export", { method: "POST" });
    expect(exported.status).toBe(200);
    const data = new Uint8Array(await exported.arrayBuffer());
    const uploaded = await upload(admin, "produkty.xlsx", data);
    const location = uploaded.headers.get("Location")!;
    const form = proposedForm(await (await admin.page(location)).text());
    expect(form["col.id"]).toBe("0");
    const preview = await (await admin.page(location, { form: { ...form, key: "", step: "preview" } })).text();
    const total = (await t.current.database.db.select({ id: products.id }).from(products)).length;
    expect(preview).toMatch(new RegExp(`data-count="unchanged">${total}<`));
    expect(preview).toMatch(/data-count="changed">0</);
    expect(preview).toMatch(/data-count="new">0</);
    expect(preview).toMatch(/data-count="refused">0</);
  });
});
