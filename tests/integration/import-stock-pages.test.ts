/**
 * Settings → Import → opening stock over HTTP (docs/domain.md#imports): a Czech CSV for two
 * warehouses with two bad rows, mapped, previewed (exactly those lines refused with their
 * reasons), imported; the warehouse API and pages and the transfer log agree, one log group per
 * warehouse; the same file again changes nothing; the export imports back unchanged.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { ean13 } from "@/lib/ean13";
import { type Session, useTestApp } from "../helpers/app";
import { createProduct, createWarehouse } from "../helpers/factories";
import { importNow } from "../helpers/import-pages";
import { tableSnapshot } from "../helpers/table-snapshot";

const t = useTestApp();
let admin: Session;

const EAN_A = ean13("859555000001");
const EAN_B = ean13("859555000002");
const UNKNOWN = ean13("859555000099");
let north: number;
let south: number;
let a: number;
let b: number;
const STOCK_TABLES = ["warehouse_items", "warehouse_transfer_logs"];

beforeAll(async () => {
  admin = await t.current.login({ admin: true });
  north = await createWarehouse(t.current.ctx, { name: "Hala Sever" });
  south = await createWarehouse(t.current.ctx, { name: "Hala Jih" });
  a = await createProduct(t.current.database.db, { name: "Plotovka hnědá", ean13: EAN_A });
  b = await createProduct(t.current.database.db, { name: "Sloupek 60×60", ean13: EAN_B });
});

const CSV = `\uFEFFSklad;EAN;Množství\r\nHala Sever;${EAN_A};12,5\r\nHala Sever;${EAN_B};40\r\nHala Jih;${EAN_A};3\r\nHala Jih;${EAN_B};-2\r\nHala Jih;${UNKNOWN};5\r\n`;

const upload = async (name: string, data: Uint8Array) => {
  const form = new FormData();
  form.set("file", new File([Buffer.from(data)], name));
  const response = await admin.page("/settings/import/stock", { method: "POST", body: form });
  expect(response.status).toBe(303);
  return response.headers.get("Location")!;
};

function proposedForm(html: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const match of html.matchAll(/<select name="(col\.[^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) form[match[1]!] = /<option value="(\d*)" selected="">/.exec(match[2]!)?.[1] ?? "";
  return form;
}

async function stockApi(warehouseId: number): Promise<Record<number, number>> {
  const body = (await (await admin.api("/api/warehouseItems/byWarehouse", { method: "POST", json: { id: warehouseId } })).json()) as { data: { product: { id: number }; quantity: number }[] };
  return Object.fromEntries(body.data.map((row) => [row.product.id, row.quantity]));
}

describe("Settings → Import → opening stock", () => {
  test("upload, map, preview the two bad lines, import; the warehouses and the transfer log agree", async () => {
    const location = await upload("pocatecni-stav.csv", new TextEncoder().encode(CSV));
    expect(location).toMatch(/^\/settings\/import\/stock\/\d+$/);
    // The products page links to the other kinds.
    expect(await (await admin.page("/settings/import/products")).text()).toContain('href="/settings/import/stock"');
    const mappingPage = await (await admin.page(location)).text();
    expect(mappingPage).toContain("Import: počáteční stav skladů");
    const form = proposedForm(mappingPage);
    expect(form).toEqual({ "col.warehouse": "0", "col.product": "1", "col.quantity": "2" });

    const before = await tableSnapshot(t.current.ctx, STOCK_TABLES);
    const preview = await (await admin.page(location, { form: { ...form, key: "", step: "preview" } })).text();
    expect(preview).toMatch(/data-count="new">3</);
    expect(preview).toMatch(/data-count="refused">2</);
    const refusedRows = [...preview.matchAll(/<tr[^>]*>\s*<td[^>]*>(\d+)<\/td>\s*<td[^>]*>([^<]*)<\/td>/g)].map((m) => [m[1], m[2]]);
    expect(refusedRows).toEqual([
      ["5", "Množství: Nejmenší hodnota je 0"],
      ["6", `Produkt (EAN-13 nebo číslo): Produkt ${UNKNOWN} neexistuje`],
    ]);
    expect(await tableSnapshot(t.current.ctx, STOCK_TABLES)).toBe(before);

    const run = await importNow(admin, t.current.database, location, form);
    expect(run.response.status).toBe(303);
    expect(run.jobPage).toContain("Importováno:");

    expect(await stockApi(north)).toEqual({ [a]: 12.5, [b]: 40 });
    expect(await stockApi(south)).toEqual({ [a]: 3 });
    const page = await (await admin.page(`/warehouse/${north}`)).text();
    expect(page).toContain("12,5");

    const log = (await (await admin.api("/api/warehouseTransferLog?type=OPENING_STOCK_IN&size=100")).json()) as {
      data: { targetWarehouse: { id: number }; product: { id: number }; quantity: number; logGroup: string }[];
    };
    expect(log.data.map((row) => [row.targetWarehouse.id, row.product.id, row.quantity]).sort()).toEqual(
      [
        [north, a, 12.5],
        [north, b, 40],
        [south, a, 3],
      ].sort(),
    );
    const groups = new Set(log.data.map((row) => `${row.logGroup}:${row.targetWarehouse.id}`));
    expect(groups.size).toBe(2);
    expect(new Set(log.data.map((row) => row.logGroup)).size).toBe(2);
    const logPage = await (await admin.page(`/warehouse/warehouseTransferLog?logGroup=${log.data[0]!.logGroup}`)).text();
    expect(logPage).toContain("Počáteční stav – příjem");
  });

  test("the same file again changes nothing; the export imports back unchanged", async () => {
    const before = await tableSnapshot(t.current.ctx, STOCK_TABLES);
    const location = await upload("pocatecni-stav.csv", new TextEncoder().encode(CSV));
    const form = proposedForm(await (await admin.page(location)).text());
    const preview = await (await admin.page(location, { form: { ...form, key: "", step: "preview" } })).text();
    expect(preview).toMatch(/data-count="unchanged">3</);
    expect(preview).toMatch(/data-count="new">0</);
    expect((await importNow(admin, t.current.database, location, form)).response.status).toBe(303);
    expect(await tableSnapshot(t.current.ctx, STOCK_TABLES)).toBe(before);

    const exported = await admin.page("/settings/import/stock/export", { method: "POST" });
    expect(exported.status).toBe(200);
    const back = await upload("stav-skladu.xlsx", new Uint8Array(await exported.arrayBuffer()));
    const backForm = proposedForm(await (await admin.page(back)).text());
    const backPreview = await (await admin.page(back, { form: { ...backForm, key: "", step: "preview" } })).text();
    expect(backPreview).toMatch(/data-count="unchanged">3</);
    expect(backPreview).toMatch(/data-count="changed">0</);
    expect(backPreview).toMatch(/data-count="refused">0</);
  });
});
