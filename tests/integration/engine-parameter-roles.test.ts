/**
 * The fence engine's category parameters by role (docs/decisions/035): a fresh
 * database (no demo) holds them, a new company counts slats with them through the API alone,
 * renaming one keeps the engine working, deleting one or changing its role is refused, and a
 * database made before roles gets them attached to its existing rows by name, not duplicated.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, isNotNull, sql } from "drizzle-orm";
import { categoryParameters } from "@db/schema";
import { seedReference } from "@db/seed/reference";
import { migrationsFolder } from "@/lib/db";
import type { CategoryParameter } from "@/modules/catalogue/category-parameter/schemas";
import { FENCE_PARAMETERS } from "@/modules/orders/fence-item/engine";
import { json, type Session, useTestApp } from "../helpers/app";
import { createFenceOrder, defaultVatId, fence1Item } from "../helpers/factories";
import { afterRedirect, createdId, html as htmlOf, okJson } from "./support";

const t = useTestApp();
const PARAMETERS = "/api/products/category/parameters";

let admin: Session;
const session = async () => (admin ??= await t.current.login());
const api = async (path: string, init: { method?: string; json?: unknown } = {}) => (await session()).api(path, init);

/** The parameter with this role, as the API answers it. */
async function parameterWithRole(role: string): Promise<CategoryParameter> {
  const [row] = await t.current.ctx.db.select({ id: categoryParameters.id }).from(categoryParameters).where(eq(categoryParameters.role, role));
  expect(row).toBeDefined();
  return (await okJson(await api(`${PARAMETERS}/${row!.id}`))).data;
}

/** The whole record the API takes back, with changes. */
const asInput = (parameter: CategoryParameter, changes: Record<string, unknown> = {}) => ({
  name: parameter.name,
  categories: parameter.categories.map((category) => category.id),
  required: parameter.required,
  default: parameter.default,
  unit: parameter.unit,
  creationParameter: parameter.creationParameter,
  titleAppending: parameter.titleAppending,
  ...changes,
});

/**
 * What a new company does, through the API only: a category, the seeded slat height, bars and U
 * profile attached to it, a product in it with FENCE-1's values (docs/fence-geometry.md), and an
 * order with FENCE-1's item. Answers the item as the items tab reads it.
 */
async function fence1ThroughTheApi(): Promise<{ slatCount: number | null; tail: number | null; realFillingHeight: number | null }> {
  const category = await createdId(await api("/api/category", { method: "POST", json: { name: `Lamelové ploty ${crypto.randomUUID().slice(0, 8)}` } }));
  const values: Record<string, string> = { pieceHeight: "100", topBar: "30", bottomBar: "25", uProfile: "24" };
  const ids: Record<string, number> = {};
  for (const role of Object.keys(values)) {
    const parameter = await parameterWithRole(role);
    ids[role] = parameter.id;
    const attached = asInput(parameter, { categories: [...new Set([...parameter.categories.map((c) => c.id), category])] });
    expect((await api(`${PARAMETERS}/${parameter.id}`, { method: "PUT", json: attached })).status).toBe(200);
  }
  const product = await createdId(await api("/api/products", { method: "POST", json: { id: null, vat: await defaultVatId(t.current.ctx.db), name: `Plot Lamela ${crypto.randomUUID().slice(0, 8)}`, categories: [category] } }));
  const saved = await api(`/api/products/${product}/parameters`, { method: "PUT", json: Object.entries(values).map(([role, value]) => ({ id: ids[role], value })) });
  expect(saved.status, JSON.stringify(await json(saved.clone()))).toBe(200);

  const order = await createFenceOrder({ ...t.current.ctx, userId: (await session()).user.id });
  const { itemsVersion } = (await okJson(await api(`/api/orders/fenceOrder/${order}/items`))).data;
  const put = await api(`/api/orders/fenceOrder/${order}/items`, { method: "PUT", json: { itemsVersion, items: [fence1Item(product)] } });
  expect(put.status, JSON.stringify(await json(put.clone()))).toBe(200);
  const [item] = (await okJson(await api(`/api/orders/fenceOrder/${order}/items`))).data.items;
  return { slatCount: item.slatCount, tail: item.tail, realFillingHeight: item.realFillingHeight };
}

describe("a fresh database (no demo)", () => {
  test("holds every engine parameter once, by role, with the definition's name, unit and default", async () => {
    const rows = await t.current.ctx.db.select().from(categoryParameters).where(isNotNull(categoryParameters.role));
    expect(rows.map((row) => row.role).sort()).toEqual(FENCE_PARAMETERS.map((definition) => definition.key).sort());
    for (const definition of FENCE_PARAMETERS) {
      expect(rows.find((row) => row.role === definition.key)).toMatchObject({
        name: definition.name,
        unit: definition.unit,
        defaultValue: definition.defaultValue ? String(definition.defaultValue) : null,
      });
    }
  });

  test("a new company counts slats for a fence item through the API alone (FENCE-1: 14 slats, 5 mm tail)", async () => {
    expect(await fence1ThroughTheApi()).toMatchObject({ realFillingHeight: 1665, slatCount: 14, tail: 5 });
  });

  test("seeding the reference again adds nothing", async () => {
    const before = await t.current.ctx.db.select({ n: sql<number>`count(*)::int` }).from(categoryParameters);
    await seedReference(t.current.ctx);
    expect(await t.current.ctx.db.select({ n: sql<number>`count(*)::int` }).from(categoryParameters)).toEqual(before);
  });
});

describe("a parameter's name", () => {
  test("like an engine parameter's, or another's in the same category, is refused case- and diacritics-blind; nothing is saved", async () => {
    const before = (await t.current.ctx.db.select({ id: categoryParameters.id }).from(categoryParameters)).length;
    // The slat height as seeded (the tests below rename it).
    expect((await parameterWithRole("pieceHeight")).name).toBe("Výška lamely");
    const engine = await api(PARAMETERS, { method: "POST", json: { name: "  výška LAMELY ", categories: [] } });
    expect(engine.status).toBe(422);
    expect((await json(engine)).fields).toEqual({ name: "Parametr „Výška lamely“ už existuje (jako parametr výpočtu plotu nebo v některé z těchto kategorií)" });

    const first = await createdId(await api("/api/category", { method: "POST", json: { name: "Jmenné parametry A" } }));
    const second = await createdId(await api("/api/category", { method: "POST", json: { name: "Jmenné parametry B" } }));
    const colour = await createdId(await api(PARAMETERS, { method: "POST", json: { name: "Barva sloupku", categories: [first] } }));
    const again = await api(PARAMETERS, { method: "POST", json: { name: "BARVA SLOUPKU", categories: [second, first] } });
    expect(again.status).toBe(422);
    expect((await json(again)).fields.name).toContain("„Barva sloupku“");
    expect((await t.current.ctx.db.select({ id: categoryParameters.id }).from(categoryParameters)).length).toBe(before + 1);
    // Another category's parameter may share the name; a parameter keeps its own when saved again.
    await createdId(await api(PARAMETERS, { method: "POST", json: { name: "barva sloupku", categories: [second] } }));
    const own = (await okJson(await api(`${PARAMETERS}/${colour}`))).data as CategoryParameter;
    expect((await api(`${PARAMETERS}/${own.id}`, { method: "PUT", json: asInput(own, { name: "Barva Sloupku" }) })).status).toBe(200);
  });
});

describe("a system parameter", () => {
  test("renamed through the API and through the form keeps its role, and the engine still counts slats", async () => {
    const slat = await parameterWithRole("pieceHeight");
    expect(slat.role).toBe("pieceHeight");
    // A role sent along is not the client's to change.
    expect((await api(`${PARAMETERS}/${slat.id}`, { method: "PUT", json: asInput(slat, { name: "Šířka lamely (profil)", role: "topBar" }) })).status).toBe(200);
    expect(await parameterWithRole("pieceHeight")).toMatchObject({ id: slat.id, name: "Šířka lamely (profil)", role: "pieceHeight" });

    const bar = await parameterWithRole("topBar");
    const form = new URLSearchParams({ name: "Krycí lišta", unit: "mm", role: "pieceHeight" });
    const posted = await (await session()).page(`/products/category/parameters/${bar.id}`, {
      method: "POST",
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(303);
    await afterRedirect(await session(), posted);
    expect(await parameterWithRole("topBar")).toMatchObject({ id: bar.id, name: "Krycí lišta", role: "topBar" });

    expect(await fence1ThroughTheApi()).toMatchObject({ realFillingHeight: 1665, slatCount: 14, tail: 5 });
  });

  test("its form shows the role read-only, with why", async () => {
    const slat = await parameterWithRole("pieceHeight");
    const page = await htmlOf(await (await session()).page(`/products/category/parameters/${slat.id}`));
    expect(page).toContain("Role ve výpočtu plotu");
    expect(page).toMatch(/<input id="field-role" type="text" readOnly="" disabled="" value="Výška lamely \(pieceHeight\)"|<input[^>]*id="field-role"[^>]*value="Výška lamely \(pieceHeight\)"/);
    expect(page).toContain("Systémový parametr: podle role ho čte výpočet plotů");
    // An own parameter has no role to show.
    const own = await createdId(await api(PARAMETERS, { method: "POST", json: { name: "Dekor" } }));
    expect(await htmlOf(await (await session()).page(`/products/category/parameters/${own}`))).not.toContain('id="field-role"');
  });

  test("cannot be deleted: a readable message, and the row stays", async () => {
    const stop = await parameterWithRole("stop");
    const response = await api(`${PARAMETERS}/${stop.id}`, { method: "DELETE" });
    expect(response.status).toBe(422);
    expect((await json(response)).data).toEqual([`Parametr „${stop.name}“ je systémový, čte ho výpočet plotu, a nelze ho smazat. Můžete ho přejmenovat nebo odebrat z kategorií.`]);
    expect(await parameterWithRole("stop")).toMatchObject({ id: stop.id, role: "stop" });
  });
});

describe("a database made before roles (migration 0020)", () => {
  test("gets the roles attached to its rows by name (case, diacritics and spaces aside), no duplicates", async () => {
    const db = t.current.ctx.db;
    const before = await db.select({ id: categoryParameters.id, role: categoryParameters.role }).from(categoryParameters).where(isNotNull(categoryParameters.role));
    // As the demo left them: the same rows, named, without roles; one typed another way, one renamed beyond recognition.
    await db.update(categoryParameters).set({ role: null });
    const idOf = (role: string) => before.find((row) => row.role === role)!.id;
    await db.update(categoryParameters).set({ name: "  VYSKA   lamely " }).where(eq(categoryParameters.id, idOf("pieceHeight")));
    await db.update(categoryParameters).set({ name: "Top bar" }).where(eq(categoryParameters.id, idOf("topBar")));
    await db.update(categoryParameters).set({ name: "Něco úplně jiného" }).where(eq(categoryParameters.id, idOf("stop")));
    // A later own parameter of the same name does not take the role from the older one.
    await db.insert(categoryParameters).values({ name: "Zámek", unit: "mm" });

    const migration = readFileSync(join(migrationsFolder, "0020_category_parameter_role_by_name.sql"), "utf8");
    await db.execute(sql.raw(migration));

    const after = await db.select({ id: categoryParameters.id, role: categoryParameters.role }).from(categoryParameters).where(isNotNull(categoryParameters.role));
    expect(new Map(after.map((row) => [row.role, row.id]))).toEqual(new Map(before.filter((row) => row.role !== "stop").map((row) => [row.role, row.id])));

    // The start-up's reference seed then adds only the role no row took.
    const total = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(categoryParameters))[0]!.n;
    const count = await total();
    await seedReference(t.current.ctx);
    expect(await total()).toBe(count + 1);
    expect(await parameterWithRole("stop")).toMatchObject({ name: "Doraz", role: "stop" });
  });
});
