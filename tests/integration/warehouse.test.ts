/**
 * Warehouses (docs/domain.md#warehouse): the generic CRUD API on /api/warehouse, the pages under
 * /warehouse/warehouses and the tile grid at /warehouse/selectWarehouse.
 */
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { basketItems, baskets, warehouseRackScales, warehouses } from "@db/schema";
import { seedDemoWarehouse } from "@db/seed/demo/warehouse";
import { createWarehouseWithStock } from "../helpers/factories";
import { type Warehouse, WAREHOUSE_ICONS } from "@/modules/warehouse/schemas";
import { json, useTestApp } from "../helpers/app";
import { afterRedirect, entityApi, html as htmlOf, type ListBody, pageShowing, withFreshDatabase } from "./support";

const t = useTestApp();


const API = "/api/warehouse";
const PAGES = "/warehouse/warehouses";
const warehousesApi = entityApi<Warehouse>(t, API);
const { session, get, total, create } = warehousesApi;
const refused = warehousesApi.refused;
let counter = 0;
const unique = (name: string) => `${name} ${++counter}`;

describe("API /api/warehouse", () => {
  test("the icon defaults to fence", async () => {
    const id = await create({ name: "Sklad bez ikony", expedition: false });
    expect(await get(id)).toMatchObject({ expedition: false, icon: "fence" });
    const blank = await create({ name: "Sklad s prázdnou ikonou", expedition: false, icon: "" });
    expect((await get(blank)).icon).toBe("fence");
  });

  test("every offered icon is accepted", async () => {
    expect([...WAREHOUSE_ICONS]).toEqual(["fence", "gate", "wicket", "warehouse", "truck", "tools"]);
    for (const icon of WAREHOUSE_ICONS) {
      const id = await create({ name: unique(`Sklad ${icon}`), expedition: false, icon });
      expect((await get(id)).icon).toBe(icon);
    }
  });

  test("expedition also comes as \"true\"/\"false\"", async () => {
    const yes = await create({ name: unique("Expedice"), expedition: "true" });
    const no = await create({ name: unique("Neexpedice"), expedition: "false" });
    expect((await get(yes)).expedition).toBe(true);
    expect((await get(no)).expedition).toBe(false);
  });

  describe("validation answers 422 fail and saves nothing", () => {
    test("name blank", () => refused({ name: "   ", expedition: true }, { name: "Povinné pole" }));
    test("name too long", () => refused({ name: "x".repeat(201), expedition: true }, { name: "Nejvýše 200 znaků" }));
    test("expedition missing: it is a required choice", () => refused({ name: unique("Bez volby") }, { expedition: "Povinné pole" }));
    test("expedition null", () => refused({ name: unique("Null"), expedition: null }, { expedition: "Povinné pole" }));
    test("expedition empty", () => refused({ name: unique("Prázdno"), expedition: "" }, { expedition: "Povinné pole" }));
    test("expedition not a yes/no", () => refused({ name: unique("Možná"), expedition: "maybe" }, { expedition: "Neplatná hodnota" }));
    test("an unknown icon", () => refused({ name: unique("Raketa"), expedition: false, icon: "rocket" }, { icon: "Neplatná hodnota" }));
  });

  test("names are unique, case-insensitively", async () => {
    const id = await create({ name: "Sklad Olomouc", expedition: false });
    await refused({ name: "sklad olomouc", expedition: true }, { name: "Tato hodnota už existuje" });
    // Saving the record under its own name is fine.
    const same = await (await session()).api(`${API}/${id}`, { method: "PUT", json: { name: "Sklad Olomouc", expedition: true, icon: "gate" } });
    expect(same.status).toBe(200);
    expect((await json(same)).data).toEqual({ id, name: "Sklad Olomouc", expedition: true, icon: "gate" });
  });

  test("records who created and changed a warehouse", async () => {
    const s = await session();
    const id = await create({ name: unique("Audit"), expedition: false });
    const [row] = await t.current.ctx.db.select().from(warehouses).where(eq(warehouses.id, id));
    expect(row!.createdBy).toBe(s.user.id);
    expect(row!.updatedBy).toBe(s.user.id);
  });

  test("list: paging in meta, name filter, expedition filter, sort by name", async () => {
    const tag = `Filtr ${Date.now()}`;
    const a = await create({ name: `${tag} A`, expedition: true });
    const b = await create({ name: `${tag} B`, expedition: false });
    const s = await session();
    const byName = (await json(await s.api(`${API}?name=${encodeURIComponent(tag)}&sort=name,desc`))) as ListBody<Warehouse>;
    expect(byName.data.map((w) => w.id)).toEqual([b, a]);
    expect(byName.meta).toMatchObject({ page: 1, size: 20, total: 2, pages: 1, sort: "name,desc" });
    const expedition = (await json(await s.api(`${API}?name=${encodeURIComponent(tag)}&expedition=true`))) as ListBody<Warehouse>;
    expect(expedition.data.map((w) => w.id)).toEqual([a]);
    const all = (await json(await s.api(`${API}?size=9999`))) as ListBody<Warehouse>;
    // docs/architecture.md#paging: only category lists go past 500 rows a page; a bigger ask gets 500.
    expect(all.meta.size).toBe(500);
    expect(all.data.length).toBe(all.meta.total);
  });

  test("a warehouse whose basket holds items cannot be deleted; empty baskets go with it", async () => {
    const s = await session();
    const ctx = t.current.ctx;
    const { id, productIds } = await createWarehouseWithStock(ctx, { userId: s.user.id, lines: [{ quantity: 2 }] });

    const response = await s.api(`${API}/${id}`, { method: "DELETE" });
    expect(response.status).toBe(422);
    expect(await json(response)).toMatchObject({
      status: "fail",
      data: ["Sklad nelze smazat: v jeho košíku jsou položky. Košík nejprve převeďte nebo vyprázdněte."],
    });
    expect((await get(id)).id).toBe(id);

    // The page route answers the same message as a toast on the edit form.
    const page = await s.page(`${PAGES}/${id}/delete`, { method: "POST" });
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe(`${PAGES}/${id}`);
    const after = await afterRedirect(s, page, `${PAGES}/${id}`);
    expect(after).toContain("Sklad nelze smazat");

    await ctx.db.delete(basketItems).where(eq(basketItems.productId, productIds[0]!));
    expect((await s.api(`${API}/${id}`, { method: "DELETE" })).status).toBe(200);
    const left = await ctx.db.select().from(baskets).where(and(eq(baskets.type, "WAREHOUSE"), eq(baskets.warehouseId, id)));
    expect(left).toEqual([]);
  });

  test("English messages for an English user", async () => {
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const response = await english.api(API, { method: "POST", json: { name: "Sklad", expedition: "perhaps" } });
    expect((await json(response)).fields).toEqual({ expedition: "Invalid value" });
  });
});

describe("pages /warehouse/warehouses", () => {
  test("the list shows the add button, icons as pictures with their names, and the expedition flag", async () => {
    const id = await create({ name: unique("Sklad Jihlava"), expedition: true, icon: "gate" });
    const response = await (await session()).page(`${PAGES}?size=500`);
    await pageShowing(response, 200, 'id="list-warehouse"', `href="${PAGES}/new"`, `href="${PAGES}/${id}"`, "Sklad Jihlava", "warehouse-icon", "Brána", "Expediční sklad");
  });

  test("the new form: name, a required Ano/Ne choice with nothing chosen, and the icon select on fence", async () => {
    const html = await htmlOf(await (await session()).page(`${PAGES}/new`));
    expect(html).toContain(`action="${PAGES}/new"`);
    expect(html).toContain('name="name"');
    const expedition = /<select[^>]*name="expedition"[^>]*>.*?<\/select>/s.exec(html)?.[0] ?? "";
    expect(expedition).toContain('required=""');
    expect(expedition).toContain('<option value="" selected="">– vyberte –</option>');
    expect(expedition).toContain('<option value="true">Ano</option>');
    expect(expedition).toContain('<option value="false">Ne</option>');
    const icon = /<select[^>]*name="icon"[^>]*>.*?<\/select>/s.exec(html)?.[0] ?? "";
    expect(icon).toContain('<option value="fence" selected="">Plot</option>');
    for (const label of ["Brána", "Branka", "Sklad", "Auto", "Nářadí"]) expect(icon).toContain(`>${label}</option>`);
  });

  test("a post without the expedition choice answers 422 with FORM_NOT_VALID and saves nothing", async () => {
    const s = await session();
    const before = await total();
    const response = await s.page(`${PAGES}/new`, { form: { name: "Sklad Kolín", icon: "truck" } });
    expect(response.status).toBe(422);
    const html = await htmlOf(response);
    expect(html).toMatch(/class="alert alert-warning"[^>]*>.*?Formulář není vyplněn správně/s);
    expect(html).toContain("Povinné pole");
    expect(html).toContain('value="Sklad Kolín"');
    expect(html).toMatch(/<option value="truck" selected="">/);
    expect(await total()).toBe(before);
    const noName = await htmlOf(await s.page(`${PAGES}/new`, { form: { name: "", expedition: "false" } }));
    expect(noName).toContain("field-invalid");
  });

  test("create redirects to the list with CREATED; edit shows the stored choice and saves with UPDATED", async () => {
    const s = await session();
    const name = unique("Sklad Pardubice");
    const created = await s.page(`${PAGES}/new`, { form: { name, expedition: "false", icon: "wicket" } });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe(PAGES);
    const listHtml = await afterRedirect(s, created, `${PAGES}?name=${encodeURIComponent(name)}`);
    expect(listHtml).toContain("Vytvořeno");
    const [row] = (await json(await s.api(`${API}?name=${encodeURIComponent(name)}`))).data as Warehouse[];
    expect(row).toMatchObject({ name, expedition: false, icon: "wicket" });

    const edit = await htmlOf(await s.page(`${PAGES}/${row!.id}`));
    expect(edit).toMatch(/<option value="false" selected="">Ne<\/option>/);
    expect(edit).toContain(`action="${PAGES}/${row!.id}/delete"`);
    const saved = await s.page(`${PAGES}/${row!.id}`, { form: { name, expedition: "true", icon: "wicket" } });
    expect(saved.status).toBe(303);
    expect((await get(row!.id)).expedition).toBe(true);
  });

  test("delete from the edit page redirects to the list with DELETED", async () => {
    const s = await session();
    const id = await create({ name: unique("Smazat stránkou"), expedition: false });
    const response = await s.page(`${PAGES}/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(PAGES);
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });
});

describe("page /warehouse/selectWarehouse", () => {
  test("a tile per warehouse with its picture and name links to /warehouse/{id}; expedition ones are marked", async () => {
    const expedition = await create({ name: unique("Dlaždice expedice"), expedition: true, icon: "truck" });
    const plain = await create({ name: unique("Dlaždice výroba"), expedition: false, icon: "tools" });
    const response = await (await session()).page("/warehouse/selectWarehouse");
    const html = await pageShowing(response, 200, 'class="tiles warehouse-tiles"');
    const tile = (id: number) => new RegExp(`<a class="tile[^"]*" href="/warehouse/${id}"[^>]*>(.*?)</a>`, "s").exec(html);
    const expeditionTile = tile(expedition);
    const plainTile = tile(plain);
    expect(expeditionTile?.[0]).toContain("tile-expedition");
    expect(expeditionTile?.[1]).toContain("<svg");
    expect(expeditionTile?.[1]).toContain("Expediční sklad");
    expect(plainTile?.[0]).not.toContain("tile-expedition");
    expect(plainTile?.[1]).toContain("<svg");
    expect(plainTile?.[1]).not.toContain("Expediční sklad");
  });
});

describe("demo data", () => {
  test("three warehouses and twelve rack scales 101–112, only into empty tables", async () => {
    await withFreshDatabase(async (ctx) => {
      await seedDemoWarehouse(ctx);
      await seedDemoWarehouse(ctx);
      const stores = await ctx.db.select().from(warehouses);
      expect(stores.map((w) => w.name).sort()).toEqual(["Hlavní sklad Brno", "Sklad Praha – expedice", "Výroba – polotovary"]);
      expect(stores.find((w) => w.name === "Hlavní sklad Brno")!.expedition).toBe(true);
      const scales = await ctx.db.select().from(warehouseRackScales);
      expect(scales.map((s) => s.extId).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => 101 + i));
    });
  }, 120_000);
});
