import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { basketItems, baskets, warehouses } from "@db/schema";
import { usingPostgres } from "../../../tests/helpers/db";
import { createProduct } from "../../../tests/helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { failureOf, useTestDatabase } from "../../../tests/helpers/service";
import { createUser, testPasswordCost } from "@/modules/auth/service";
import { moduleTables } from "@/lib/http/module";
import { scanBarcode } from "@/modules/barcode/service";
import { type Ctx, systemCtx } from "@/lib/context";
import type { AppError } from "@/lib/errors";
import { translateMessage, tFor } from "@/lib/i18n";
import {
  addLinesToBasket,
  addToBasket,
  basketSummaries,
  clearBasket,
  getOrCreateBasket,
  getWarehouseBasket,
  listBasketItems,
  listWarehouseBasketLines,
  listWarehouseBaskets,
  removeBasketItem,
  setBasketItemQuantity,
} from "./service";
import { basketsModule } from "./module";

const t = useTestDatabase();
let userCounter = 0;

async function newUserCtx(lang: "cs" | "en" = "cs"): Promise<Ctx> {
  const id = await createUser({
    ctx: systemCtx(t.db, lang),
    input: { email: `basket${++userCounter}-${process.pid}@ohrada.test`, firstName: "Petr", lastName: "Svoboda", password: "heslo-pro-testy", isAdmin: false },
    cost: testPasswordCost,
  });
  return { ...systemCtx(t.db, lang), userId: id };
}

/** "field: text" of each field error, in Czech. */
const fieldTexts = (error: AppError) => Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, translateMessage(tFor("cs"), message)]));

const common = { type: "COMMON" } as const;

async function createWarehouse(name: string): Promise<number> {
  const [row] = await t.db.insert(warehouses).values({ name }).returning({ id: warehouses.id });
  return row!.id;
}

describe("addToBasket", () => {
  test("adds 1 by default, then 2.5 more to the same line: one line with 3.5", async () => {
    const ctx = await newUserCtx();
    const productId = await createProduct(t.db, { name: "Plotový panel 2 m" });
    const first = await addToBasket({ ctx, input: { type: "COMMON", productId, warehouseId: 0 } });
    expect(first.quantity).toBe(1);
    const second = await addToBasket({ ctx, input: { type: "COMMON", productId, amount: 2.5, warehouseId: 0 } });
    expect(second).toEqual({ basketId: first.basketId, itemId: first.itemId, quantity: 3.5 });
    expect(await listBasketItems({ ctx, input: common })).toEqual([{ id: first.itemId, shopProduct: { id: productId, name: "Plotový panel 2 m" }, quantity: 3.5 }]);
  });

  test("takes a decimal comma and three decimals: \"0,125\" + \"1,5\" = 1.625", async () => {
    const ctx = await newUserCtx();
    const productId = await createProduct(t.db);
    await addToBasket({ ctx, input: { productId, amount: "0,125" } });
    const result = await addToBasket({ ctx, input: { productId: String(productId), amount: "1,5" } });
    expect(result.quantity).toBe(1.625);
  });

  test("refuses 0, -1, \"abc\", 1.2345 and a blank amount with readable messages, adding nothing", async () => {
    const ctx = await newUserCtx();
    const productId = await createProduct(t.db);
    const cases: [unknown, string][] = [
      [0, "Množství musí být větší než 0"],
      [-1, "Množství musí být větší než 0"],
      ["0,000", "Množství musí být větší než 0"],
      ["abc", "Zadejte číslo"],
      [1.2345, "Nejvýše 3 desetinná místa"],
      ["1,2345", "Nejvýše 3 desetinná místa"],
      ["", "Povinné pole"],
      [1_000_001, "Největší hodnota je 1000000"],
    ];
    for (const [amount, text] of cases) {
      const error = await failureOf(addToBasket({ ctx, input: { type: "COMMON", productId, amount, warehouseId: 0 } }));
      expect(error.kind).toBe("fail");
      expect(fieldTexts(error)).toEqual({ amount: text });
    }
    expect(await listBasketItems({ ctx, input: common })).toEqual([]);
    const [row] = await t.db.select({ id: baskets.id }).from(baskets).where(eq(baskets.userId, ctx.userId!));
    expect(row).toBeUndefined();
  });

  test("refuses an unknown product, and a missing one, readably", async () => {
    const ctx = await newUserCtx();
    const unknown = await failureOf(addToBasket({ ctx, input: { productId: 999_999, amount: 1 } }));
    expect(fieldTexts(unknown)).toEqual({ productId: "Produkt 999999 neexistuje" });
    const missing = await failureOf(addToBasket({ ctx, input: { amount: 1 } }));
    expect(fieldTexts(missing)).toEqual({ productId: "Povinné pole" });
    expect(await listBasketItems({ ctx, input: common })).toEqual([]);
  });

  test("COMMON is warehouse 0; WAREHOUSE needs a warehouse id above 0; other types are refused", async () => {
    const ctx = await newUserCtx();
    const productId = await createProduct(t.db);
    expect(fieldTexts(await failureOf(addToBasket({ ctx, input: { type: "COMMON", warehouseId: 3, productId } })))).toEqual({
      warehouseId: "Společný košík patří ke skladu 0",
    });
    expect(fieldTexts(await failureOf(addToBasket({ ctx, input: { type: "WAREHOUSE", productId } })))).toEqual({ warehouseId: "Vyberte sklad" });
    expect(fieldTexts(await failureOf(addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: 0, productId } })))).toEqual({ warehouseId: "Vyberte sklad" });
    expect(fieldTexts(await failureOf(addToBasket({ ctx, input: { type: "SAVED", productId } })))).toEqual({ type: "Neplatná hodnota" });
    expect(fieldTexts(await failureOf(addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: 999_999, productId } })))).toEqual({
      warehouseId: "Sklad 999999 neexistuje",
    });
    const warehouseId = await createWarehouse("Hala A");
    const inWarehouse = await addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId, productId, amount: 7 } });
    const inCommon = await addToBasket({ ctx, input: { type: "COMMON", productId, amount: 2 } });
    expect(inWarehouse.basketId).not.toBe(inCommon.basketId);
    expect(await listBasketItems({ ctx, input: { type: "WAREHOUSE", warehouseId: String(warehouseId) } })).toEqual([
      { id: inWarehouse.itemId, shopProduct: { id: productId, name: expect.any(String) }, quantity: 7 },
    ]);
    expect((await listBasketItems({ ctx, input: common })).map((item) => item.quantity)).toEqual([2]);
  });

  test("the same idempotency key twice adds once and answers the same", async () => {
    const ctx = await newUserCtx();
    const productId = await createProduct(t.db);
    const input = { type: "COMMON", productId, amount: 2, idempotencyKey: "dialog-7f3a9c21" };
    const first = await addToBasket({ ctx, input });
    const again = await addToBasket({ ctx, input });
    expect(again).toEqual(first);
    expect(first.quantity).toBe(2);
    expect((await listBasketItems({ ctx, input: common })).map((item) => item.quantity)).toEqual([2]);
    // A new key is a new add.
    expect((await addToBasket({ ctx, input: { ...input, idempotencyKey: "dialog-7f3a9c22" } })).quantity).toBe(4);
  });

  test("a refused add does not burn its key: the corrected retry with the same key adds", async () => {
    const ctx = await newUserCtx();
    const productId = await createProduct(t.db);
    await failureOf(addToBasket({ ctx, input: { productId: 999_999, idempotencyKey: "retry-key-0001" } }));
    expect((await addToBasket({ ctx, input: { productId, idempotencyKey: "retry-key-0001" } })).quantity).toBe(1);
  });

  test("a line cannot outgrow numeric(12,3): a readable fail, the line unchanged", async () => {
    const ctx = await newUserCtx();
    const productId = await createProduct(t.db);
    const { itemId } = await addToBasket({ ctx, input: { productId, amount: 1 } });
    await t.db.update(basketItems).set({ quantity: "999999999.000" }).where(eq(basketItems.id, itemId));
    expect(fieldTexts(await failureOf(addToBasket({ ctx, input: { productId, amount: 1000 } })))).toEqual({ amount: "Množství v košíku by bylo příliš velké" });
    expect((await listBasketItems({ ctx, input: common }))[0]!.quantity).toBe(999_999_999);
  });

  test("needs a user", async () => {
    const productId = await createProduct(t.db);
    const error = await failureOf(addToBasket({ ctx: systemCtx(t.db), input: { productId } }));
    expect(error.code).toBe("UNAUTHORIZED");
  });
});

describe("baskets per user", () => {
  test("getOrCreateBasket answers the same basket every time, one per user, type and warehouse", async () => {
    const ctx = await newUserCtx();
    const other = await newUserCtx();
    const a = await getOrCreateBasket({ ctx, input: { userId: ctx.userId!, type: "COMMON", warehouseId: 0 } });
    expect(await getOrCreateBasket({ ctx, input: { userId: ctx.userId!, type: "COMMON", warehouseId: 0 } })).toBe(a);
    const b = await getOrCreateBasket({ ctx, input: { userId: other.userId!, type: "COMMON", warehouseId: 0 } });
    const c = await getOrCreateBasket({ ctx, input: { userId: ctx.userId!, type: "WAREHOUSE", warehouseId: await createWarehouse("Sklad košíků") } });
    expect(new Set([a, b, c]).size).toBe(3);
  });

  test("another user's items are neither listed nor removable", async () => {
    const ctx = await newUserCtx();
    const other = await newUserCtx();
    const productId = await createProduct(t.db);
    const { itemId } = await addToBasket({ ctx, input: { productId, amount: 3 } });
    expect(await listBasketItems({ ctx: other, input: common })).toEqual([]);
    expect((await failureOf(removeBasketItem({ ctx: other, input: { id: itemId } }))).code).toBe("NOT_FOUND");
    expect(await listBasketItems({ ctx, input: common })).toHaveLength(1);
  });

  test("removeBasketItem removes one line; clearBasket empties a basket and keeps it", async () => {
    const ctx = await newUserCtx();
    const [p1, p2, p3] = [await createProduct(t.db), await createProduct(t.db), await createProduct(t.db)];
    const first = await addToBasket({ ctx, input: { productId: p1 } });
    await addToBasket({ ctx, input: { productId: p2, amount: 2 } });
    await addToBasket({ ctx, input: { productId: p3, amount: 3 } });
    await removeBasketItem({ ctx, input: { id: first.itemId } });
    expect((await listBasketItems({ ctx, input: common })).map((item) => item.shopProduct.id)).toEqual([p2, p3]);
    expect((await failureOf(removeBasketItem({ ctx, input: { id: first.itemId } }))).code).toBe("NOT_FOUND");
    expect(await clearBasket({ ctx, input: common })).toEqual({ removed: 2 });
    expect(await listBasketItems({ ctx, input: common })).toEqual([]);
    expect(await clearBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: 9 } })).toEqual({ removed: 0 });
    const summaries = await basketSummaries({ ctx, userId: ctx.userId! });
    expect(summaries).toEqual([{ id: first.basketId, name: "Společný košík", href: "/warehouse/basket/common", itemCount: 0, common: true }]);
  });

  test("basketSummaries: an empty common basket before the first add (nothing created); then the common basket first, warehouse baskets by warehouse", async () => {
    const ctx = await newUserCtx();
    expect(await basketSummaries({ ctx, userId: ctx.userId! })).toEqual([{ id: 0, name: "Společný košík", href: "/warehouse/basket/common", itemCount: 0, common: true }]);
    expect(await t.db.select().from(baskets).where(eq(baskets.userId, ctx.userId!))).toEqual([]);
    const [p1, p2] = [await createProduct(t.db), await createProduct(t.db)];
    const [north, south] = [await createWarehouse("Sklad Sever"), await createWarehouse("Sklad Jih")];
    const southBasket = await addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: south, productId: p1 } });
    const northBasket = await addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: north, productId: p1 } });
    await addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: north, productId: p2 } });
    // Warehouse baskets only: the not-yet-made common basket still leads.
    expect((await basketSummaries({ ctx, userId: ctx.userId! })).map((row) => [row.id, row.common, row.itemCount])).toEqual([
      [0, true, 0],
      [northBasket.basketId, false, 2],
      [southBasket.basketId, false, 1],
    ]);
    const common = await addToBasket({ ctx, input: { productId: p2 } });
    expect(await basketSummaries({ ctx, userId: ctx.userId! })).toEqual([
      { id: common.basketId, name: "Společný košík", href: "/warehouse/basket/common", itemCount: 1, common: true },
      { id: northBasket.basketId, name: "Sklad Sever", href: `/warehouse/basket/warehouse/${north}`, itemCount: 2, common: false },
      { id: southBasket.basketId, name: "Sklad Jih", href: `/warehouse/basket/warehouse/${south}`, itemCount: 1, common: false },
    ]);
    expect(await listWarehouseBaskets({ ctx })).toEqual([
      { id: northBasket.basketId, itemCount: 2, warehouse: { id: north, name: "Sklad Sever" } },
      { id: southBasket.basketId, itemCount: 1, warehouse: { id: south, name: "Sklad Jih" } },
    ]);
    // A basket whose warehouse has gone is named by the id, in the caller's language.
    await t.db.delete(warehouses).where(eq(warehouses.id, south));
    expect((await listWarehouseBaskets({ ctx: { ...ctx, lang: "en" } }))[1]!.warehouse).toEqual({ id: south, name: `Warehouse ${south}` });
  });
});

describe("product barcodes (docs/domain.md#barcodes)", () => {
  test("EAN-13 and P<id> add 1 each to the common basket; a missing product is not found", async () => {
    // The baskets module's declared handler, wired as the app wires it.
    const ctx = { ...(await newUserCtx()), wiring: moduleTables([basketsModule]).wiring };
    const code = ean13("859400012345");
    const productId = await createProduct(t.db, { name: "Branka Klasik", ean13: code });
    const byEan = await scanBarcode({ ctx, input: { code } });
    expect(byEan.action).toBe("added");
    expect(translateMessage(tFor("cs"), byEan.message)).toBe("Přidáno: Branka Klasik");
    await scanBarcode({ ctx, input: { code: `P${productId}` } });
    expect((await listBasketItems({ ctx, input: common })).map((item) => [item.shopProduct.id, item.quantity])).toEqual([[productId, 2]]);
    const missing = await failureOf(scanBarcode({ ctx, input: { code: "P999999" } }));
    expect(translateMessage(tFor("cs"), missing.messages[0]!)).toBe("Kód P999999 nebyl nalezen");
    expect((await listBasketItems({ ctx, input: common }))[0]!.quantity).toBe(2);
  });
});

const pgOnly = "(PostgreSQL only: PGlite is a single connection, so two transactions can never overlap there)";

describe("simultaneous adds", () => {
  test.skipIf(!usingPostgres)(`five adds at once create one basket and one line of 5; five with one key add 1 ${pgOnly}`, async () => {
    const ctx = await newUserCtx();
    const productId = await createProduct(t.db);
    const results = await Promise.all(Array.from({ length: 5 }, () => addToBasket({ ctx, input: { productId } })));
    expect(new Set(results.map((result) => result.basketId)).size).toBe(1);
    expect(results.map((result) => result.quantity).sort()).toEqual([1, 2, 3, 4, 5]);
    const other = await createProduct(t.db);
    const keyed = await Promise.all(Array.from({ length: 5 }, () => addToBasket({ ctx, input: { productId: other, idempotencyKey: "scanner-double-01" } })));
    expect(keyed.map((result) => result.quantity)).toEqual([1, 1, 1, 1, 1]);
    expect((await listBasketItems({ ctx, input: common })).map((item) => item.quantity)).toEqual([5, 1]);
  });
});

describe("addLinesToBasket", () => {
  test("adds several products in one go; a product twice adds once, summed exactly; an existing line grows", async () => {
    const ctx = await newUserCtx();
    const [panel, post] = [await createProduct(t.db, { name: "Plot Lamela RAL 7016" }), await createProduct(t.db, { name: "Sloupek 60 × 60" })];
    await addToBasket({ ctx, input: { productId: post, amount: 1 } });
    const result = await addLinesToBasket({ ctx, input: { type: "COMMON", lines: [{ productId: panel, amount: 0.1 }, { productId: post, amount: 7 }, { productId: panel, amount: 0.2 }] } });
    expect(result.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [panel, 0.3],
      [post, 8],
    ]);
    expect((await listBasketItems({ ctx, input: common })).map((item) => [item.shopProduct.name, item.quantity])).toEqual([
      ["Sloupek 60 × 60", 8],
      ["Plot Lamela RAL 7016", 0.3],
    ]);
  });

  test("an unknown product, an amount of 0 or a line that would overflow adds nothing at all", async () => {
    const ctx = await newUserCtx();
    const [panel, post] = [await createProduct(t.db), await createProduct(t.db)];
    const unknown = await failureOf(addLinesToBasket({ ctx, input: { lines: [{ productId: panel, amount: 1 }, { productId: 99_999_999, amount: 1 }] } }));
    expect(fieldTexts(unknown)).toEqual({ "lines.1.productId": "Produkt 99999999 neexistuje" });
    const zero = await failureOf(addLinesToBasket({ ctx, input: { lines: [{ productId: panel, amount: 0 }] } }));
    expect(fieldTexts(zero)).toEqual({ "lines.0.amount": "Množství musí být větší než 0" });
    expect(fieldTexts(await failureOf(addLinesToBasket({ ctx, input: { lines: [] } })))).toEqual({ lines: "Povinné pole" });
    expect(await listBasketItems({ ctx, input: common })).toEqual([]);

    await addToBasket({ ctx, input: { productId: post, amount: 999_999 } });
    await t.db.update(basketItems).set({ quantity: "999999999.000" }).where(eq(basketItems.productId, post));
    const overflow = await failureOf(addLinesToBasket({ ctx, input: { lines: [{ productId: panel, amount: 2 }, { productId: post, amount: 1 }] } }));
    expect(overflow.messages.map((message) => translateMessage(tFor("cs"), message))).toEqual(["Množství v košíku by bylo příliš velké"]);
    expect((await listBasketItems({ ctx, input: common })).map((item) => item.shopProduct.id)).toEqual([post]);
  });
});

describe("setBasketItemQuantity (the basket tables' inline edit)", () => {
  test("sets a line to the new quantity (a decimal comma fine) and answers the line; setting it again changes nothing more", async () => {
    const ctx = await newUserCtx();
    const productId = await createProduct(t.db, { name: "Panel 2,5 m" });
    const { itemId } = await addToBasket({ ctx, input: { productId, amount: 4 } });
    const line = await setBasketItemQuantity({ ctx, input: { id: itemId, quantity: "1,125" } });
    expect(line).toEqual({ id: itemId, shopProduct: { id: productId, name: "Panel 2,5 m" }, quantity: 1.125 });
    expect(await setBasketItemQuantity({ ctx, input: { id: String(itemId), quantity: 1.125 } })).toEqual(line);
    expect(await listBasketItems({ ctx, input: common })).toEqual([line]);
    // A warehouse basket's line the same way.
    const warehouseId = await createWarehouse("Hala Kolín");
    const inWarehouse = await addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId, productId, amount: 1 } });
    expect((await setBasketItemQuantity({ ctx, input: { id: inWarehouse.itemId, quantity: 999_999 } })).quantity).toBe(999_999);
  });

  test("the amount rules of addToBasket, but a blank is no quantity: readable field errors, the line unchanged", async () => {
    const ctx = await newUserCtx();
    const { itemId } = await addToBasket({ ctx, input: { productId: await createProduct(t.db), amount: 2 } });
    for (const [quantity, text] of [
      [0, "Množství musí být větší než 0"],
      ["-1", "Množství musí být větší než 0"],
      ["0,0001", "Nejvýše 3 desetinná místa"],
      ["dva", "Zadejte číslo"],
      ["", "Povinné pole"],
      [undefined, "Povinné pole"],
      [1_000_001, "Největší hodnota je 1000000"],
    ] as const) {
      const error = await failureOf(setBasketItemQuantity({ ctx, input: { id: itemId, quantity } }));
      expect(error.kind).toBe("fail");
      expect(fieldTexts(error).quantity?.replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
    }
    expect((await listBasketItems({ ctx, input: common }))[0]!.quantity).toBe(2);
  });

  test("only the caller's own lines: another user's, or one gone, is NOT_FOUND and stays as it was", async () => {
    const ctx = await newUserCtx();
    const other = await newUserCtx();
    const { itemId } = await addToBasket({ ctx, input: { productId: await createProduct(t.db), amount: 3 } });
    expect((await failureOf(setBasketItemQuantity({ ctx: other, input: { id: itemId, quantity: 1 } }))).code).toBe("NOT_FOUND");
    expect((await failureOf(setBasketItemQuantity({ ctx, input: { id: 999_999_999, quantity: 1 } }))).code).toBe("NOT_FOUND");
    expect((await failureOf(setBasketItemQuantity({ ctx: systemCtx(t.db), input: { id: itemId, quantity: 1 } }))).code).toBe("UNAUTHORIZED");
    expect((await listBasketItems({ ctx, input: common }))[0]!.quantity).toBe(3);
  });
});

describe("the basket pages' reads", () => {
  test("getWarehouseBasket: the warehouse and the caller's lines; no basket yet is none (and none is made); an unknown warehouse is NOT_FOUND", async () => {
    const ctx = await newUserCtx();
    const warehouseId = await createWarehouse("Hala Kutná Hora");
    expect(await getWarehouseBasket({ ctx, input: { warehouseId } })).toEqual({ basketId: null, warehouse: { id: warehouseId, name: "Hala Kutná Hora" }, items: [] });
    expect(await t.db.select().from(baskets).where(eq(baskets.userId, ctx.userId!))).toEqual([]);
    const productId = await createProduct(t.db, { name: "Sloupek KH" });
    const added = await addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId, productId, amount: 2 } });
    expect(await getWarehouseBasket({ ctx, input: { warehouseId: String(warehouseId) } })).toEqual({
      basketId: added.basketId,
      warehouse: { id: warehouseId, name: "Hala Kutná Hora" },
      items: [{ id: added.itemId, shopProduct: { id: productId, name: "Sloupek KH" }, quantity: 2 }],
    });
    // Another user sees the warehouse with no basket of theirs.
    expect((await getWarehouseBasket({ ctx: await newUserCtx(), input: { warehouseId } })).items).toEqual([]);
    expect((await failureOf(getWarehouseBasket({ ctx, input: { warehouseId: 999_999_999 } }))).code).toBe("NOT_FOUND");
  });

  test("listWarehouseBasketLines: each of the caller's warehouse baskets by warehouse, with its own lines", async () => {
    const ctx = await newUserCtx();
    const other = await newUserCtx();
    const [north, south] = [await createWarehouse("Sklad Sever KH"), await createWarehouse("Sklad Jih KH")];
    const [p1, p2] = [await createProduct(t.db), await createProduct(t.db)];
    const a = await addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: south, productId: p1, amount: 1 } });
    const b = await addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: north, productId: p2, amount: 2 } });
    const c = await addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId: north, productId: p1, amount: 3 } });
    await addToBasket({ ctx: other, input: { type: "WAREHOUSE", warehouseId: north, productId: p1, amount: 9 } });
    await addToBasket({ ctx, input: { productId: p2, amount: 5 } });
    const lines = await listWarehouseBasketLines({ ctx });
    expect(lines.map((basket) => [basket.basketId, basket.warehouse.name, basket.items.map((item) => [item.id, item.quantity])])).toEqual([
      [b.basketId, "Sklad Sever KH", [[b.itemId, 2], [c.itemId, 3]]],
      [a.basketId, "Sklad Jih KH", [[a.itemId, 1]]],
    ]);
    expect(await listWarehouseBasketLines({ ctx: await newUserCtx() })).toEqual([]);
  });
});
