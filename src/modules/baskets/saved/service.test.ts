import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { savedBasketItems, savedBaskets } from "@db/schema";
import { createProduct } from "../../../../tests/helpers/factories/catalogue";
import { failureOf, fieldKeys, useTestDatabase } from "../../../../tests/helpers/service";
import { createUser, testPasswordCost } from "@/modules/auth/service";
import { type Ctx, systemCtx } from "@/lib/context";
import type { ListInput } from "@/lib/crud/service";
import { translateMessage, tFor } from "@/lib/i18n";
import { addToBasket, clearBasket, listBasketItems } from "../service";
import { deleteSavedBasket, listSavedBaskets, loadSavedBasket, saveBasket } from "./service";

const t = useTestDatabase();
let userCounter = 0;

async function newUserCtx(lang: "cs" | "en" = "cs", name = { firstName: "Petr", lastName: "Svoboda" }): Promise<Ctx> {
  const id = await createUser({
    ctx: systemCtx(t.db, lang),
    input: { email: `saved${++userCounter}-${process.pid}@ohrada.test`, ...name, password: "heslo-pro-testy", isAdmin: false },
    cost: testPasswordCost,
  });
  return { ...systemCtx(t.db, lang), userId: id };
}

const common = { type: "COMMON" } as const;

/** The caller's common basket as [product name, quantity], oldest line first. */
const basketOf = async (ctx: Ctx) => (await listBasketItems({ ctx, input: common })).map((line) => [line.shopProduct.name, line.quantity]);

async function fill(ctx: Ctx, lines: [productId: number, amount: number | string][]) {
  for (const [productId, amount] of lines) await addToBasket({ ctx, input: { ...common, productId, amount } });
}

const savedLines = async (id: number) =>
  (await t.db.select({ productId: savedBasketItems.productId, quantity: savedBasketItems.quantity }).from(savedBasketItems).where(eq(savedBasketItems.savedBasketId, id))).sort(
    (a, b) => a.productId - b.productId,
  );

const listInput = (change: Partial<ListInput> = {}): ListInput => ({ page: 1, size: 20, filters: {}, ...change });
const savedCount = async () => (await t.db.select({ id: savedBaskets.id }).from(savedBaskets)).length;

describe("saveBasket", () => {
  test("copies the common basket's products and exact quantities under the trimmed name; the common basket stays", async () => {
    const ctx = await newUserCtx("cs", { firstName: "Jiří", lastName: "Kořínek" });
    const panel = await createProduct(t.db, { name: "Plotový panel 2 m – žárově zinkovaný" });
    const post = await createProduct(t.db, { name: "Sloupek 60 × 60" });
    await fill(ctx, [[panel, "2,5"], [post, "0,125"], [panel, 1]]);
    const saved = await saveBasket({ ctx, input: { basketName: "  Zakázka Řehoř  " } });
    expect(saved).toEqual({ id: expect.any(Number), basketName: "Zakázka Řehoř", lineCount: 2 });
    expect(await savedLines(saved.id)).toEqual([
      { productId: panel, quantity: "3.500" },
      { productId: post, quantity: "0.125" },
    ].sort((a, b) => a.productId - b.productId));
    expect(await basketOf(ctx)).toEqual([
      ["Plotový panel 2 m – žárově zinkovaný", 3.5],
      ["Sloupek 60 × 60", 0.125],
    ]);
    const { rows } = await listSavedBaskets({ ctx, input: listInput({ filters: { id: String(saved.id) } }) });
    expect(rows).toEqual([{ id: saved.id, basketName: "Zakázka Řehoř", lineCount: 2, createdAt: expect.any(String), author: { id: ctx.userId!, name: "Jiří Kořínek" } }]);
  });

  test("a blank or missing name and one too long are field errors in the caller's language; nothing is saved", async () => {
    const ctx = await newUserCtx("en");
    await fill(ctx, [[await createProduct(t.db), 1]]);
    const before = await savedCount();
    for (const input of [{ basketName: "   " }, {}, { basketName: null }]) {
      const refused = await failureOf(saveBasket({ ctx, input }));
      expect(refused.status).toBe(422);
      expect(fieldKeys(refused)).toEqual({ basketName: "validation.required" });
      expect(translateMessage(tFor("en"), refused.fields.basketName!)).toBe("Required");
    }
    const long = await failureOf(saveBasket({ ctx, input: { basketName: "x".repeat(101) } }));
    expect(translateMessage(tFor("cs"), long.fields.basketName!)).toBe("Nejvýše 100 znaků");
    expect((await saveBasket({ ctx, input: { basketName: "y".repeat(100) } })).basketName).toHaveLength(100);
    expect(await savedCount()).toBe(before + 1);
  });

  test("an empty common basket is refused readably and saves nothing", async () => {
    const ctx = await newUserCtx();
    const before = await savedCount();
    const refused = await failureOf(saveBasket({ ctx, input: { basketName: "Prázdný" } }));
    expect(refused.kind).toBe("fail");
    expect(refused.messages.map((message) => translateMessage(tFor("cs"), message))).toEqual(["Společný košík je prázdný, není co uložit"]);
    // Emptied after use: the same.
    await fill(ctx, [[await createProduct(t.db), 1]]);
    await clearBasket({ ctx, input: common });
    expect((await failureOf(saveBasket({ ctx, input: { basketName: "Prázdný" } }))).messages[0]!.key).toBe("savedBaskets.emptyBasket");
    expect(await savedCount()).toBe(before);
  });

  test("a retried save with the same idempotency key saves once and answers the first result; a new key saves again", async () => {
    const ctx = await newUserCtx();
    await fill(ctx, [[await createProduct(t.db), 2]]);
    const before = await savedCount();
    const first = await saveBasket({ ctx, input: { basketName: "Dvakrát", idempotencyKey: "save-key-0001" } });
    const retried = await saveBasket({ ctx, input: { basketName: "Dvakrát", idempotencyKey: "save-key-0001" } });
    expect(retried).toEqual(first);
    expect(await savedCount()).toBe(before + 1);
    const again = await saveBasket({ ctx, input: { basketName: "Dvakrát", idempotencyKey: "save-key-0002" } });
    expect(again.id).not.toBe(first.id);
    expect(await savedCount()).toBe(before + 2);
  });

  test("without a user it is UNAUTHORIZED", async () => {
    expect((await failureOf(saveBasket({ ctx: t.ctx, input: { basketName: "Nikdo" } }))).code).toBe("UNAUTHORIZED");
  });
});

describe("loadSavedBasket", () => {
  test("adds the lines to the caller's own common basket (a product already there grows); the saved basket stays; another user may load it", async () => {
    const author = await newUserCtx();
    const loader = await newUserCtx();
    const gate = await createProduct(t.db, { name: "Brána křídlová" });
    const hinge = await createProduct(t.db, { name: "Pant čtyřhranný" });
    await fill(author, [[gate, 1], [hinge, "4,25"]]);
    const saved = await saveBasket({ ctx: author, input: { basketName: "Brána s panty" } });
    await clearBasket({ ctx: author, input: common });
    await fill(loader, [[hinge, "0,75"]]);

    const loaded = await loadSavedBasket({ ctx: loader, input: { id: saved.id } });
    expect(loaded).toEqual({ id: saved.id, basketName: "Brána s panty", basketId: expect.any(Number), lineCount: 2 });
    expect(await basketOf(loader)).toEqual([
      ["Pant čtyřhranný", 5],
      ["Brána křídlová", 1],
    ]);
    // The author's basket is untouched by someone else's load.
    expect(await basketOf(author)).toEqual([]);
    expect(await savedLines(saved.id)).toHaveLength(2);
    // Loaded again (no key): the lines grow again.
    await loadSavedBasket({ ctx: loader, input: { id: saved.id } });
    expect(await basketOf(loader)).toEqual([
      ["Pant čtyřhranný", 9.25],
      ["Brána křídlová", 2],
    ]);
  });

  test("a retried load with the same idempotency key adds once; a new key adds again", async () => {
    const ctx = await newUserCtx();
    const product = await createProduct(t.db, { name: "Lamela 2 m" });
    await fill(ctx, [[product, 3]]);
    const saved = await saveBasket({ ctx, input: { basketName: "Lamely" } });
    await clearBasket({ ctx, input: common });
    const first = await loadSavedBasket({ ctx, input: { id: saved.id, idempotencyKey: "load-key-0001" } });
    expect(await loadSavedBasket({ ctx, input: { id: saved.id, idempotencyKey: "load-key-0001" } })).toEqual(first);
    expect(await basketOf(ctx)).toEqual([["Lamela 2 m", 3]]);
    await loadSavedBasket({ ctx, input: { id: saved.id, idempotencyKey: "load-key-0002" } });
    expect(await basketOf(ctx)).toEqual([["Lamela 2 m", 6]]);
  });

  test("a line grown past the single-add limit (1 000 000) loads back as it was saved; one that would overflow the line is refused readably", async () => {
    const ctx = await newUserCtx();
    const product = await createProduct(t.db, { name: "Drát napínací (m)" });
    await fill(ctx, [[product, 1_000_000], [product, 500_000]]);
    const saved = await saveBasket({ ctx, input: { basketName: "Velká zakázka drátu" } });
    await clearBasket({ ctx, input: common });
    await loadSavedBasket({ ctx, input: { id: saved.id } });
    expect(await basketOf(ctx)).toEqual([["Drát napínací (m)", 1_500_000]]);
    // The line holds at most 999 999 999,999: loading onto a line near that is a readable fail, nothing added.
    await t.db.update(savedBasketItems).set({ quantity: "999999999.000" }).where(eq(savedBasketItems.savedBasketId, saved.id));
    const refused = await failureOf(loadSavedBasket({ ctx, input: { id: saved.id } }));
    expect(refused.kind).toBe("fail");
    expect(refused.messages.map((message) => translateMessage(tFor("cs"), message)).join(" ")).not.toContain("lines.");
    expect(await basketOf(ctx)).toEqual([["Drát napínací (m)", 1_500_000]]);
  });

  test("an unknown id is NOT_FOUND and a refused load leaves the key free; an id that cannot be one is a field error", async () => {
    const ctx = await newUserCtx();
    expect((await failureOf(loadSavedBasket({ ctx, input: { id: 99_999_999, idempotencyKey: "load-missing-1" } }))).code).toBe("NOT_FOUND");
    expect(fieldKeys(await failureOf(loadSavedBasket({ ctx, input: { id: "abc" } })))).toEqual({ id: "validation.invalid" });
    expect(fieldKeys(await failureOf(loadSavedBasket({ ctx, input: { id: 1, idempotencyKey: "short" } })))).toEqual({ idempotencyKey: "idempotency.keyInvalid" });
    // The key of the refused load was not stored: used for a real load, it loads.
    const product = await createProduct(t.db, { name: "Vzpěra" });
    await fill(ctx, [[product, 1]]);
    const saved = await saveBasket({ ctx, input: { basketName: "Vzpěry" } });
    await clearBasket({ ctx, input: common });
    await loadSavedBasket({ ctx, input: { id: saved.id, idempotencyKey: "load-missing-1" } });
    expect(await basketOf(ctx)).toEqual([["Vzpěra", 1]]);
  });
});

describe("deleteSavedBasket and listSavedBaskets", () => {
  test("delete removes the basket with its lines (products stay); an unknown id is NOT_FOUND", async () => {
    const ctx = await newUserCtx();
    const product = await createProduct(t.db, { name: "Zámek do branky" });
    await fill(ctx, [[product, 1]]);
    const saved = await saveBasket({ ctx, input: { basketName: "Ke smazání" } });
    await deleteSavedBasket({ ctx, input: { id: saved.id } });
    expect(await savedLines(saved.id)).toEqual([]);
    expect((await listSavedBaskets({ ctx, input: listInput({ filters: { id: String(saved.id) } }) })).rows).toEqual([]);
    expect((await failureOf(deleteSavedBasket({ ctx, input: { id: saved.id } }))).code).toBe("NOT_FOUND");
    expect((await failureOf(loadSavedBasket({ ctx, input: { id: saved.id } }))).code).toBe("NOT_FOUND");
    expect(await basketOf(ctx)).toEqual([["Zámek do branky", 1]]);
  });

  test("filters by name without case or diacritics, sorts names the Czech way, newest first by default, pages", async () => {
    const ctx = await newUserCtx();
    await fill(ctx, [[await createProduct(t.db), 1]]);
    const names = ["Třídění Dřevo", "Třídění Cihla", "Třídění Čep", "Třídění chata", "Třídění Hrábě"];
    const ids: number[] = [];
    for (const basketName of names) ids.push((await saveBasket({ ctx, input: { basketName } })).id);
    const filtered = (change: Partial<ListInput>) => listSavedBaskets({ ctx, input: listInput({ ...change, filters: { basketName: "TRIDENI", ...change.filters } }) });
    // Czech: C < Č < D < H < Ch.
    expect((await filtered({ sort: "basketName,asc" })).rows.map((row) => row.basketName)).toEqual(["Třídění Cihla", "Třídění Čep", "Třídění Dřevo", "Třídění Hrábě", "Třídění chata"]);
    const byDefault = await filtered({});
    expect(byDefault.rows.map((row) => row.id)).toEqual([...ids].reverse());
    expect(byDefault.meta).toMatchObject({ total: 5, pages: 1, sort: "id,desc" });
    const second = await filtered({ page: 2, size: 2, sort: "id,asc" });
    expect(second.rows.map((row) => row.id)).toEqual(ids.slice(2, 4));
    expect(second.meta).toMatchObject({ page: 2, size: 2, total: 5, pages: 3, sort: "id,asc" });
    // An unknown sort falls back to the default.
    expect((await filtered({ sort: "lineCount,asc" })).meta.sort).toBe("id,desc");
  });
});
