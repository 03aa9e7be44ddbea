import { describe, expect, test } from "bun:test";
import { type WorkbookCell, workbookBytes } from "../../../../tests/helpers/workbook";
import { repeatedDeflate, sheetXml, workbookParts, zipBytes } from "../../../../tests/helpers/zip";
import { asc, eq } from "drizzle-orm";
import { basketItems, products, warehouses, warehouseTransferLogs } from "@db/schema";
import { createProduct } from "../../../../tests/helpers/factories/catalogue";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { createUser, testPasswordCost } from "@/modules/auth/service";
import { addLinesToBasket, addToBasket, clearBasket, getOrCreateBasket, listBasketItems } from "@/modules/baskets/service";
import { basketBarcodesPdf } from "@/modules/baskets/exports/service";
import { type Ctx, systemCtx } from "@/lib/context";
import type { AppError } from "@/lib/errors";
import { ean13 } from "@/lib/ean13";
import { translateMessage, tFor } from "@/lib/i18n";
import { thousandthsToNumericText, produce, takeStock, numericTextToThousandths, transferBasket, uploadManufactureData } from "./service";
import { stockHelpers } from "../../../../tests/helpers/stock";

const t = useTestDatabase();
let counter = 0;

async function newUserCtx(lang: "cs" | "en" = "cs"): Promise<Ctx> {
  const id = await createUser({
    ctx: systemCtx(t.db, lang),
    input: { email: `stock${++counter}-${process.pid}@ohrada.test`, firstName: "Jana", lastName: "Skladová", password: "heslo-pro-testy", isAdmin: false },
    cost: testPasswordCost,
  });
  return { ...systemCtx(t.db, lang), userId: id };
}

async function createWarehouse(name: string): Promise<number> {
  const [row] = await t.db.insert(warehouses).values({ name: `${name} ${++counter}` }).returning({ id: warehouses.id });
  return row!.id;
}

const { setStock, stock, logCount } = stockHelpers(() => t.db);

const logsOf = (logGroup: string) =>
  t.db
    .select({
      productId: warehouseTransferLogs.productId,
      source: warehouseTransferLogs.sourceWarehouseId,
      target: warehouseTransferLogs.targetWarehouseId,
      type: warehouseTransferLogs.transferType,
      quantity: warehouseTransferLogs.quantity,
      userId: warehouseTransferLogs.userId,
    })
    .from(warehouseTransferLogs)
    .where(eq(warehouseTransferLogs.logGroup, logGroup))
    .orderBy(asc(warehouseTransferLogs.id));

const common = (ctx: Ctx, productId: number, amount: number | string) => addToBasket({ ctx, input: { type: "COMMON", warehouseId: 0, productId, amount } });
const inBasketOf = (ctx: Ctx, warehouseId: number, productId: number, amount: number | string) => addToBasket({ ctx, input: { type: "WAREHOUSE", warehouseId, productId, amount } });
const basketOf = (ctx: Ctx, warehouseId: number) => getOrCreateBasket({ ctx, input: { userId: ctx.userId!, type: "WAREHOUSE", warehouseId } });

const texts = (error: AppError) => error.messages.map((message) => translateMessage(tFor("cs"), message));

describe("quantities in thousandths", () => {
  test("numeric text converts exactly both ways", () => {
    expect(numericTextToThousandths("12.345")).toBe(12345);
    expect(numericTextToThousandths("0.001")).toBe(1);
    expect(numericTextToThousandths("7")).toBe(7000);
    expect(numericTextToThousandths("-2.5")).toBe(-2500);
    expect(thousandthsToNumericText(12345)).toBe("12.345");
    expect(thousandthsToNumericText(-2500)).toBe("-2.500");
    expect(thousandthsToNumericText(1)).toBe("0.001");
  });
});

describe("produce", () => {
  test("consumes the source baskets' products, adds the common basket's to the target, clears the baskets, one log group", async () => {
    const ctx = await newUserCtx();
    const [a, b] = [await createWarehouse("Sklad profilů"), await createWarehouse("Hotové výrobky")];
    const slat = await createProduct(t.db, { name: "Lamela 2 m" });
    const post = await createProduct(t.db, { name: "Sloupek 1,8 m" });
    const gate = await createProduct(t.db, { name: "Branka 1 m" });
    await setStock(a, slat, "10.000");
    await setStock(a, post, "5.500");
    await inBasketOf(ctx, a, slat, "3");
    await inBasketOf(ctx, a, post, "0,125");
    await common(ctx, gate, 2);
    const sourceBasket = await basketOf(ctx, a);

    const result = await produce({ ctx, input: { targetWarehouse: b, sourceBaskets: [sourceBasket] } });

    expect(await stock(a, slat)).toBe("7.000");
    expect(await stock(a, post)).toBe("5.375");
    expect(await stock(b, gate)).toBe("2.000");
    expect(result.moves).toEqual([
      { productId: slat, productName: "Lamela 2 m", sourceWarehouseId: a, targetWarehouseId: null, transferType: "PRODUCTION_OUT", quantity: 3 },
      { productId: post, productName: "Sloupek 1,8 m", sourceWarehouseId: a, targetWarehouseId: null, transferType: "PRODUCTION_OUT", quantity: 0.125 },
      { productId: gate, productName: "Branka 1 m", sourceWarehouseId: null, targetWarehouseId: b, transferType: "PRODUCTION_IN", quantity: 2 },
    ]);
    expect(await logsOf(result.logGroup)).toEqual([
      { productId: slat, source: a, target: null, type: "PRODUCTION_OUT", quantity: "3.000", userId: ctx.userId },
      { productId: post, source: a, target: null, type: "PRODUCTION_OUT", quantity: "0.125", userId: ctx.userId },
      { productId: gate, source: null, target: b, type: "PRODUCTION_IN", quantity: "2.000", userId: ctx.userId },
    ]);
    expect(await listBasketItems({ ctx, input: { type: "COMMON" } })).toEqual([]);
    expect(await listBasketItems({ ctx, input: { type: "WAREHOUSE", warehouseId: a } })).toEqual([]);
  });

  test("three source baskets in three warehouses: each consumed from its own warehouse; the target may be a source", async () => {
    const ctx = await newUserCtx();
    const ws = [await createWarehouse("A"), await createWarehouse("B"), await createWarehouse("C")];
    const material = await createProduct(t.db);
    const made = await createProduct(t.db);
    for (const [index, w] of ws.entries()) {
      await setStock(w, material, "1.000");
      await inBasketOf(ctx, w, material, `0.${index + 1}`);
    }
    await common(ctx, made, "0.333");
    const sourceBaskets = await Promise.all(ws.map((w) => basketOf(ctx, w)));
    const result = await produce({ ctx, input: { targetWarehouse: ws[0], sourceBaskets } });
    expect([await stock(ws[0]!, material), await stock(ws[1]!, material), await stock(ws[2]!, material)]).toEqual(["0.900", "0.800", "0.700"]);
    expect(await stock(ws[0]!, made)).toBe("0.333");
    const rows = await logsOf(result.logGroup);
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.quantity)).toEqual(["0.100", "0.200", "0.300", "0.333"]);
  });

  test("a shortage refuses the whole production naming each product, asked and there; nothing changes", async () => {
    const ctx = await newUserCtx();
    const [a, b] = [await createWarehouse("Materiál"), await createWarehouse("Expedice")];
    const slat = await createProduct(t.db, { name: "Lamela antracit" });
    const screw = await createProduct(t.db, { name: "Vrut 4×40" });
    const enough = await createProduct(t.db, { name: "Patka" });
    const gate = await createProduct(t.db, { name: "Brána" });
    await setStock(a, slat, "10.000");
    await setStock(a, enough, "4.000");
    await inBasketOf(ctx, a, slat, "12.5");
    await inBasketOf(ctx, a, screw, "1234");
    await inBasketOf(ctx, a, enough, "4");
    await common(ctx, gate, 1);
    const before = await logCount();

    const error = await failureOf(produce({ ctx, input: { targetWarehouse: b, sourceBaskets: [await basketOf(ctx, a)] } }));
    expect(error.status).toBe(422);
    const warehouseName = (await t.db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, a)))[0]!.name;
    expect(texts(error)).toEqual([
      "Na skladě není dost zboží, nic se nezměnilo:",
      `Lamela antracit (sklad ${warehouseName}): požadováno 12,5, skladem 10`,
      `Vrut 4×40 (sklad ${warehouseName}): požadováno 1\u00a0234, skladem 0`,
    ]);
    expect(error.fields).toEqual({});
    expect(await stock(a, slat)).toBe("10.000");
    expect(await stock(a, enough)).toBe("4.000");
    expect(await stock(a, screw)).toBeNull();
    expect(await stock(b, gate)).toBeNull();
    expect(await logCount()).toBe(before);
    expect((await listBasketItems({ ctx, input: { type: "WAREHOUSE", warehouseId: a } })).length).toBe(3);
    expect((await listBasketItems({ ctx, input: { type: "COMMON" } })).length).toBe(1);
  });

  test("the same idempotency key applies once and answers the first result", async () => {
    const ctx = await newUserCtx();
    const b = await createWarehouse("Cíl");
    const gate = await createProduct(t.db);
    await common(ctx, gate, 3);
    const input = { targetWarehouse: b, sourceBaskets: [], idempotencyKey: `produce-${crypto.randomUUID()}` };
    const first = await produce({ ctx, input });
    await common(ctx, gate, 3);
    const again = await produce({ ctx, input });
    expect(again).toEqual(first);
    expect(await stock(b, gate)).toBe("3.000");
    expect(await logsOf(first.logGroup)).toHaveLength(1);
    // The basket filled again after the first run stays: the retry moved nothing.
    expect((await listBasketItems({ ctx, input: { type: "COMMON" } }))[0]!.quantity).toBe(3);
  });

  test("a new product name creates the product and produces 1 piece of it besides the common basket", async () => {
    const ctx = await newUserCtx();
    const b = await createWarehouse("Atypy");
    const result = await produce({ ctx, input: { targetWarehouse: b, newProductName: "  Branka atyp 1,1 m  " } });
    expect(result.newProductId).toBeNumber();
    const [product] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, result.newProductId!));
    expect(product!.name).toBe("Branka atyp 1,1 m");
    expect(await stock(b, result.newProductId!)).toBe("1.000");
    expect(result.moves.map((move) => move.transferType)).toEqual(["PRODUCTION_IN"]);
  });

  test("refuses an empty common basket, an unknown target, another user's basket and a missing target", async () => {
    const ctx = await newUserCtx();
    const other = await newUserCtx();
    const b = await createWarehouse("Prázdný");
    expect(texts(await failureOf(produce({ ctx, input: { targetWarehouse: b } })))).toEqual(["Společný košík je prázdný: není co vyrobit"]);
    await common(ctx, await createProduct(t.db), 1);
    const unknown = await failureOf(produce({ ctx, input: { targetWarehouse: 999_999 } }));
    expect(translateMessage(tFor("cs"), unknown.fields.targetWarehouse!)).toBe("Sklad 999999 neexistuje");
    const othersBasket = await basketOf(other, b);
    const foreign = await failureOf(produce({ ctx, input: { targetWarehouse: b, sourceBaskets: [othersBasket] } }));
    expect(translateMessage(tFor("cs"), foreign.fields.sourceBaskets!)).toBe(`Košík ${othersBasket} není váš skladový košík`);
    const missing = await failureOf(produce({ ctx, input: {} }));
    expect(missing.fields.targetWarehouse!.key).toBe("validation.required");
    expect((await listBasketItems({ ctx, input: { type: "COMMON" } })).length).toBe(1);
  });
});

describe("takeStock", () => {
  test("In adds and Out removes the common basket's quantities, to the thousandth; the basket stays", async () => {
    const ctx = await newUserCtx();
    const w = await createWarehouse("Inventura");
    const p = await createProduct(t.db);
    const q = await createProduct(t.db);
    await common(ctx, p, "0.001");
    await common(ctx, q, "1.999");
    const first = await takeStock({ ctx, input: { transferType: "INVENTORY_IN", warehouseId: w } });
    await takeStock({ ctx, input: { transferType: "INVENTORY_IN", warehouseId: w } });
    expect([await stock(w, p), await stock(w, q)]).toEqual(["0.002", "3.998"]);
    const out = await takeStock({ ctx, input: { transferType: "INVENTORY_OUT", warehouseId: String(w) } });
    expect([await stock(w, p), await stock(w, q)]).toEqual(["0.001", "1.999"]);
    expect(await logsOf(first.logGroup)).toEqual([
      { productId: p, source: null, target: w, type: "INVENTORY_IN", quantity: "0.001", userId: ctx.userId },
      { productId: q, source: null, target: w, type: "INVENTORY_IN", quantity: "1.999", userId: ctx.userId },
    ]);
    expect((await logsOf(out.logGroup)).map((row) => [row.source, row.target, row.type])).toEqual([
      [w, null, "INVENTORY_OUT"],
      [w, null, "INVENTORY_OUT"],
    ]);
    expect(out.logGroup).not.toBe(first.logGroup);
    expect((await listBasketItems({ ctx, input: { type: "COMMON" } })).length).toBe(2);
  });

  test("Out of more than there is refuses all lines; stock never goes negative", async () => {
    const ctx = await newUserCtx("en");
    const w = await createWarehouse("Out");
    const p = await createProduct(t.db, { name: "Panel" });
    const q = await createProduct(t.db, { name: "Post" });
    await setStock(w, p, "2.000");
    await setStock(w, q, "9.000");
    await common(ctx, p, "2.001");
    await common(ctx, q, 1);
    const before = await logCount();
    const error = await failureOf(takeStock({ ctx, input: { transferType: "INVENTORY_OUT", warehouseId: w } }));
    expect(error.messages.map((message) => translateMessage(tFor("en"), message))[1]).toMatch(/^Panel \(warehouse .+\): asked 2.001, in stock 2$/);
    expect([await stock(w, p), await stock(w, q)]).toEqual(["2.000", "9.000"]);
    expect(await logCount()).toBe(before);
  });

  test("type and warehouse are required; an unknown type is invalid", async () => {
    const ctx = await newUserCtx();
    const error = await failureOf(takeStock({ ctx, input: {} }));
    expect(Object.fromEntries(Object.entries(error.fields).map(([key, value]) => [key, value.key]))).toEqual({ transferType: "validation.required", warehouseId: "validation.required" });
    const wrong = await failureOf(takeStock({ ctx, input: { transferType: "PRODUCTION_IN", warehouseId: 1 } }));
    expect(wrong.fields.transferType!.key).toBe("validation.invalid");
  });
});

describe("transferBasket", () => {
  test("moves the warehouse basket's items to the target, one TRANSFER row per line, and clears the basket", async () => {
    const ctx = await newUserCtx();
    const [a, b] = [await createWarehouse("Odkud"), await createWarehouse("Kam")];
    const p = await createProduct(t.db);
    const q = await createProduct(t.db);
    await setStock(a, p, "5.000");
    await setStock(a, q, "0.750");
    await setStock(b, p, "1.000");
    await inBasketOf(ctx, a, p, "4.5");
    await inBasketOf(ctx, a, q, "0.75");
    const basket = await basketOf(ctx, a);
    const result = await transferBasket({ ctx, input: { sourceBasketId: basket, targetWarehouseId: b } });
    expect([await stock(a, p), await stock(a, q), await stock(b, p), await stock(b, q)]).toEqual(["0.500", "0.000", "5.500", "0.750"]);
    expect(await logsOf(result.logGroup)).toEqual([
      { productId: p, source: a, target: b, type: "TRANSFER", quantity: "4.500", userId: ctx.userId },
      { productId: q, source: a, target: b, type: "TRANSFER", quantity: "0.750", userId: ctx.userId },
    ]);
    expect(await listBasketItems({ ctx, input: { type: "WAREHOUSE", warehouseId: a } })).toEqual([]);
    // The emptied basket has nothing left to move.
    expect(texts(await failureOf(transferBasket({ ctx, input: { sourceBasketId: basket, targetWarehouseId: b } })))[0]).toMatch(/^Košík skladu .+ je prázdný/);
  });

  test("a shortage, the basket's own warehouse and another user's basket are refused; nothing changes", async () => {
    const ctx = await newUserCtx();
    const other = await newUserCtx();
    const [a, b] = [await createWarehouse("Z"), await createWarehouse("Do")];
    const p = await createProduct(t.db, { name: "Plech" });
    await setStock(a, p, "1.000");
    await inBasketOf(ctx, a, p, 2);
    const basket = await basketOf(ctx, a);
    const before = await logCount();
    const short = await failureOf(transferBasket({ ctx, input: { sourceBasketId: basket, targetWarehouseId: b } }));
    expect(texts(short)[1]).toMatch(/^Plech \(sklad .+\): požadováno 2, skladem 1$/);
    const same = await failureOf(transferBasket({ ctx, input: { sourceBasketId: basket, targetWarehouseId: a } }));
    expect(translateMessage(tFor("cs"), same.fields.targetWarehouseId!)).toBe("Cílový sklad je stejný jako sklad košíku");
    const foreign = await failureOf(transferBasket({ ctx: other, input: { sourceBasketId: basket, targetWarehouseId: b } }));
    expect(foreign.fields.sourceBasketId!.key).toBe("warehouseStock.basketNotFound");
    expect([await stock(a, p), await stock(b, p)]).toEqual(["1.000", null]);
    expect(await logCount()).toBe(before);
    expect((await listBasketItems({ ctx, input: { type: "WAREHOUSE", warehouseId: a } })).length).toBe(1);
  });

  test("a retried transfer with the same key moves once", async () => {
    const ctx = await newUserCtx();
    const [a, b] = [await createWarehouse("R1"), await createWarehouse("R2")];
    const p = await createProduct(t.db);
    await setStock(a, p, "10.000");
    await inBasketOf(ctx, a, p, 4);
    const input = { sourceBasketId: await basketOf(ctx, a), targetWarehouseId: b, idempotencyKey: crypto.randomUUID() };
    const first = await transferBasket({ ctx, input });
    await inBasketOf(ctx, a, p, 4);
    expect(await transferBasket({ ctx, input })).toEqual(first);
    expect([await stock(a, p), await stock(b, p)]).toEqual(["6.000", "4.000"]);
  });
});


describe("uploadManufactureData", () => {
  test("fills the common basket by id or EAN-13 and reports the rows it could not read by row number", async () => {
    const ctx = await newUserCtx();
    const w = await createWarehouse("Výroba");
    const byId = await createProduct(t.db, { name: "Lamela" });
    const code = ean13(String(800000000000 + counter * 7).padStart(12, "0"));
    const byEan = await createProduct(t.db, { name: "Sloupek", ean13: code });
    const data = await workbookBytes([
      ["Produkt", "Množství"],
      [byId, 2.5],
      [code, "1,125"],
      [999_999, 1],
      [byId, -1],
      ["abc", 1],
      [null, 3],
      [],
      [`P${byId}`, 0.5],
      [byEan, null],
    ]);
    const result = await uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName: "vyroba.xlsx", data }] } });
    expect(result.warehouse.id).toBe(w);
    expect(result.lines).toEqual([
      { productId: byId, quantity: 3 },
      { productId: byEan, quantity: 1.125 },
    ]);
    expect(result.unread).toEqual([
      { row: 4, reason: "produkt 999999 neexistuje" },
      { row: 5, reason: "množství „-1“ musí být číslo větší než 0 s nejvýše 3 desetinnými místy" },
      { row: 6, reason: "„abc“ není id produktu ani EAN-13" },
      { row: 7, reason: "chybí id produktu nebo EAN" },
      { row: 10, reason: "chybí množství" },
    ]);
    expect((await listBasketItems({ ctx, input: { type: "COMMON" } })).map((line) => [line.shopProduct.id, line.quantity])).toEqual([
      [byId, 3],
      [byEan, 1.125],
    ]);
  });

  test("a file with no readable row adds nothing and lists the rows; a wrong file type is refused", async () => {
    const ctx = await newUserCtx();
    const w = await createWarehouse("Nic");
    const none = await failureOf(uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName: "x.xlsx", data: await workbookBytes([[999_998, 1], ["EAN13", 2]]) }] } }));
    // A first row that names a product is data, not a header; a later row with a text is a row it cannot read.
    expect(texts(none)).toEqual(["Ze souboru se nepodařilo načíst žádný řádek", "Řádek 1: produkt 999998 neexistuje", "Řádek 2: „EAN13“ není id produktu ani EAN-13"]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const wrong = await failureOf(uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName: "foto.xlsx", data: png }] } }));
    expect(translateMessage(tFor("cs"), wrong.fields.data!)).toBe("Soubor foto.xlsx není sešit Excelu (.xlsx)");
    // A zip that is no workbook.
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0, 0]);
    expect((await failureOf(uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName: "a.xlsx", data: zip }] } }))).fields.data!.key).toBe("warehouseStock.upload.notXlsx");
    const missing = await failureOf(uploadManufactureData({ ctx, input: { files: [] } }));
    expect(missing.fields.warehouseId!.key).toBe("validation.required");
    expect(await listBasketItems({ ctx, input: { type: "COMMON" } })).toEqual([]);
  });

  test("formulas count by their saved value; one with none, and a date where the quantity goes, are named readably", async () => {
    const ctx = await newUserCtx();
    const w = await createWarehouse("Vzorce");
    const [a, b, c] = [await createProduct(t.db), await createProduct(t.db), await createProduct(t.db)];
    const data = await workbookBytes([
      ["Produkt", "Množství"],
      [a, { formula: "2*3", result: 6 }],
      [b, { formula: "1+1" }],
      [{ formula: "C9" }, 2],
      [c, new Date(Date.UTC(2020, 0, 31))],
    ]);
    const result = await uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName: "vzorce.xlsx", data }] } });
    expect(result.lines).toEqual([{ productId: a, quantity: 6 }]);
    expect(result.unread).toEqual([
      { row: 3, reason: "ve sloupci B je vzorec bez uložené hodnoty: otevřete soubor v Excelu a uložte ho" },
      { row: 4, reason: "ve sloupci A je vzorec bez uložené hodnoty: otevřete soubor v Excelu a uložte ho" },
      { row: 5, reason: "množství „31.01.2020“ musí být číslo větší než 0 s nejvýše 3 desetinnými místy" },
    ]);
  });

  test("a header and 5 000 rows are read; one row more refuses the whole file, nothing added", async () => {
    const ctx = await newUserCtx();
    const w = await createWarehouse("Řádky");
    const p = await createProduct(t.db);
    const rows = (count: number): WorkbookCell[][] => [["Id", "Množství"], ...Array.from({ length: count }, () => [p, 1])];
    const full = await uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName: "plny.xlsx", data: await workbookBytes(rows(5_000)) }] } });
    expect(full.lines).toEqual([{ productId: p, quantity: 5_000 }]);
    await clearBasket({ ctx, input: { type: "COMMON" } });
    const over = await failureOf(uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName: "velky.xlsx", data: await workbookBytes(rows(5_001)) }] } }));
    expect(translateMessage(tFor("cs"), over.fields.data!)).toBe("Soubor má víc než 5000 řádků");
    expect(await listBasketItems({ ctx, input: { type: "COMMON" } })).toEqual([]);
  });

  test("a workbook of more than 50 000 rows over all its sheets is refused before it is loaded; a big second sheet below that is fine", async () => {
    const ctx = await newUserCtx();
    const w = await createWarehouse("Listy");
    const p = await createProduct(t.db);
    // Written as XML (exceljs took seconds for the 50,000 rows): a header and one line, then a price list.
    const twoSheets = (otherRows: number) =>
      zipBytes(
        workbookParts([
          sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>Id</t></is></c><c r="B1" t="inlineStr"><is><t>Množství</t></is></c></row><row r="2"><c r="A2"><v>${p}</v></c><c r="B2"><v>2</v></c></row>`),
          sheetXml(Array.from({ length: otherRows }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c><c r="B${i + 1}" t="inlineStr"><is><t>řádek ceníku</t></is></c></row>`).join("")),
        ]),
      );
    const fine = await uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName: "dva-listy.xlsx", data: twoSheets(20_000) }] } });
    expect(fine.lines).toEqual([{ productId: p, quantity: 2 }]);
    await clearBasket({ ctx, input: { type: "COMMON" } });
    const huge = await failureOf(uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName: "obri.xlsx", data: twoSheets(50_000) }] } }));
    expect(translateMessage(tFor("cs"), huge.fields.data!)).toBe("Soubor má víc než 5000 řádků");
    expect(await listBasketItems({ ctx, input: { type: "COMMON" } })).toEqual([]);
  }, 60_000);

  test("a workbook that unpacks too big or holds too many cells is refused readably before it is loaded; nothing added", async () => {
    const ctx = await newUserCtx();
    const w = await createWarehouse("Bomby");
    const upload = (fileName: string, data: Uint8Array) => failureOf(uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName, data }] } }));
    const message = (error: AppError) => translateMessage(tFor("cs"), error.fields.data!);
    // 300 rows × 2,000 cells in 1.5 MB took exceljs 19.8 s and +1.1 GB.
    const wide = zipBytes(workbookParts(sheetXml(Array.from({ length: 300 }, (_, row) => `<row r="${row + 1}">${'<c t="n"><v>1</v></c>'.repeat(2000)}</row>`).join(""))));
    expect(message(await upload("siroky.xlsx", wide))).toBe("Soubor siroky.xlsx je po rozbalení větší než 8 MB");
    const cells = zipBytes(workbookParts(sheetXml(Array.from({ length: 201 }, (_, row) => `<row r="${row + 1}">${"<c><v>1</v></c>".repeat(1000)}</row>`).join(""))));
    expect(message(await upload("bunky.xlsx", cells))).toBe("Soubor má víc než 200000 buněk");
    // One shared string of 200 MB in a few hundred KB took exceljs 8.8 s and +760 MB.
    const strings = repeatedDeflate("<sst><si><t>", new Uint8Array(1024 * 1024).fill(97), 200, "</t></si></sst>");
    const shared = zipBytes(workbookParts(sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>1</v></c></row>'), [{ name: "xl/sharedStrings.xml", deflated: strings }]));
    expect(message(await upload("retezec.xlsx", shared))).toBe("Soubor retezec.xlsx je po rozbalení větší než 32 MB");
    expect(await listBasketItems({ ctx, input: { type: "COMMON" } })).toEqual([]);
  });

  test("the same idempotency key adds once", async () => {
    const ctx = await newUserCtx();
    const w = await createWarehouse("Idem");
    const p = await createProduct(t.db);
    const data = await workbookBytes([[p, 2]]);
    const input = { warehouseId: w, idempotencyKey: crypto.randomUUID(), files: [{ fileName: "v.xlsx", data }] };
    const first = await uploadManufactureData({ ctx, input });
    expect(await uploadManufactureData({ ctx, input })).toEqual(first);
    expect((await listBasketItems({ ctx, input: { type: "COMMON" } }))[0]!.quantity).toBe(2);
  });
});

describe("a product that is not stored (a service)", () => {
  /** A line put in before baskets refused such products: the stock operations must still refuse it. */
  async function legacyLine(ctx: Ctx, type: "COMMON" | "WAREHOUSE", warehouseId: number, productId: number, quantity: string) {
    const basketId = await getOrCreateBasket({ ctx, input: { userId: ctx.userId!, type, warehouseId } });
    await t.db.insert(basketItems).values({ basketId, productId, quantity, createdBy: ctx.userId!, updatedBy: ctx.userId! });
    return basketId;
  }

  test("cannot go into a basket: one line, several lines, a row of the manufacture upload", async () => {
    const ctx = await newUserCtx();
    const w = await createWarehouse("Služby");
    const service = await createProduct(t.db, { name: "Montáž plotu (test)", storable: false });
    const panel = await createProduct(t.db, { name: "Panel skladový" });
    const one = await failureOf(common(ctx, service, 1));
    expect(one.status).toBe(422);
    expect(translateMessage(tFor("cs"), one.fields.productId!)).toBe("„Montáž plotu (test)“ není skladová položka (je to služba): do košíku ani na sklad ji dát nelze");
    const many = await failureOf(addLinesToBasket({ ctx, input: { type: "COMMON", warehouseId: 0, lines: [{ productId: panel, amount: 1 }, { productId: service, amount: 2 }] } }));
    expect(many.status).toBe(422);
    expect(translateMessage(tFor("cs"), many.fields["lines.1.productId"]!)).toContain("„Montáž plotu (test)“ není skladová položka");
    expect(await listBasketItems({ ctx, input: { type: "COMMON" } })).toEqual([]);
    const result = await uploadManufactureData({ ctx, input: { warehouseId: w, files: [{ fileName: "vyroba.xlsx", data: await workbookBytes([[panel, 2], [service, 1]]) }] } });
    expect(result.lines).toEqual([{ productId: panel, quantity: 2 }]);
    expect(result.unread).toEqual([{ row: 2, reason: "„Montáž plotu (test)“ není skladová položka (je to služba): do košíku ani na sklad ji dát nelze" }]);
  });

  test("stocktaking, production and a transfer refuse a basket holding one, naming it; nothing changes", async () => {
    const ctx = await newUserCtx();
    const [w, target] = [await createWarehouse("Sklad A"), await createWarehouse("Sklad B")];
    const service = await createProduct(t.db, { name: "Montáž brány (test)", storable: false });
    const panel = await createProduct(t.db, { name: "Panel B" });
    await setStock(w, panel, "5.000");
    await common(ctx, panel, 1);
    await legacyLine(ctx, "COMMON", 0, service, "1.000");
    const before = await logCount();
    const named = (error: AppError) => texts(error).some((text) => text.includes("„Montáž brány (test)“ není skladová položka"));
    const stocktaking = await failureOf(takeStock({ ctx, input: { transferType: "INVENTORY_IN", warehouseId: w } }));
    expect(stocktaking.status).toBe(422);
    expect(named(stocktaking)).toBe(true);
    expect(named(await failureOf(produce({ ctx, input: { targetWarehouse: target, sourceBaskets: [] } })))).toBe(true);
    await inBasketOf(ctx, w, panel, 1);
    await legacyLine(ctx, "WAREHOUSE", w, service, "1.000");
    expect(named(await failureOf(transferBasket({ ctx, input: { sourceBasketId: await basketOf(ctx, w), targetWarehouseId: target } })))).toBe(true);
    expect([await stock(w, panel), await stock(w, service), await stock(target, panel)]).toEqual(["5.000", null, null]);
    expect(await logCount()).toBe(before);
  });

  test("the basket's barcode labels refuse it, naming it", async () => {
    const ctx = await newUserCtx();
    const service = await createProduct(t.db, { name: "Montáž branky (test)", storable: false });
    await legacyLine(ctx, "COMMON", 0, service, "1.000");
    const error = await failureOf(basketBarcodesPdf({ ctx, input: { userId: ctx.userId } }));
    expect(error.status).toBe(422);
    expect(texts(error).join(" ")).toContain("„Montáž branky (test)“ není skladová položka");
  });
});
