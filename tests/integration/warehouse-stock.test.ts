/**
 * The stock operations over HTTP (docs/domain.md#stock-operations): production, stocktaking, warehouse
 * transfer and the upload of manufacture data. Each route: 200 with ITEMS_TRANSFORMED (the upload
 * ADDED), 422 on bad input, a `fail` naming product, asked and there on a shortage with nothing
 * changed, a session required, a retried key applied once. On PostgreSQL also 200 operations in
 * parallel over the same products: the stock adds up to the unit and a refused one leaves nothing.
 */
import { describe, expect, test } from "bun:test";
import { workbookBytes } from "../helpers/workbook";
import { eq, sql } from "drizzle-orm";
import { basketItems, warehouseItems, warehouses, warehouseTransferLogs } from "@db/schema";
import { addToBasket, getOrCreateBasket, setBasketItemQuantity } from "@/modules/baskets/service";
import { MANUFACTURE_DATA_MAX_BYTES } from "@/modules/warehouse/stock/schemas";
import { produce, takeStock, transferBasket } from "@/modules/warehouse/stock/service";
import type { Ctx } from "@/lib/context";
import { openPostgres, selectRows } from "@/lib/db";
import { ean13 } from "@/lib/ean13";
import { usingPostgres } from "../helpers/db";
import { createProduct } from "../helpers/factories";
import { json, type Session, useTestApp } from "../helpers/app";
import { fileOf, PNG } from "../helpers/image-fixtures";
import { stockHelpers } from "../helpers/stock";
import { waitUntil } from "../helpers/wait";

const t = useTestApp();
let counter = 0;

const db = () => t.current.database.db;
const userCtx = (session: Session): Ctx => ({ ...t.current.ctx, userId: session.user.id });

async function createWarehouse(): Promise<number> {
  const [row] = await db().insert(warehouses).values({ name: `Sklad HTTP ${++counter}` }).returning({ id: warehouses.id });
  return row!.id;
}

const { setStock, stock, logCount } = stockHelpers(db);

const toCommon = (session: Session, productId: number, amount: number | string) => addToBasket({ ctx: userCtx(session), input: { type: "COMMON", warehouseId: 0, productId, amount } });
const toWarehouseBasket = (session: Session, warehouseId: number, productId: number, amount: number | string) =>
  addToBasket({ ctx: userCtx(session), input: { type: "WAREHOUSE", warehouseId, productId, amount } });
const basketOf = (session: Session, warehouseId: number) => getOrCreateBasket({ ctx: t.current.ctx, input: { userId: session.user.id, type: "WAREHOUSE", warehouseId } });

const commonItems = async (session: Session) => (await json(await session.api("/api/basket/items?type=COMMON"))).data as { shopProduct: { id: number }; quantity: number }[];

const post = (session: Session, path: string, body: unknown, headers: Record<string, string> = {}) => session.api(path, { method: "POST", json: body, headers });

describe("POST /api/transformation/transform", () => {
  test("200 ITEMS_TRANSFORMED: consumes the source basket, fills the target, clears both baskets", async () => {
    const session = await t.current.login();
    const [a, b] = [await createWarehouse(), await createWarehouse()];
    const material = await createProduct(db(), { name: "Profil 40×20" });
    const gate = await createProduct(db(), { name: "Branka" });
    await setStock(a, material, "6.000");
    await toWarehouseBasket(session, a, material, "2,5");
    await toCommon(session, gate, 1);
    const response = await post(session, "/api/transformation/transform", { targetWarehouse: { id: b }, sourceBaskets: [await basketOf(session, a)], userId: 999 });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.status).toBe("success");
    expect(body.code).toBe("ITEMS_TRANSFORMED");
    expect(body.data.moves.map((move: { transferType: string; quantity: number }) => [move.transferType, move.quantity])).toEqual([
      ["PRODUCTION_OUT", 2.5],
      ["PRODUCTION_IN", 1],
    ]);
    expect([await stock(a, material), await stock(b, gate)]).toEqual(["3.500", "1.000"]);
    const logs = await db().select({ logGroup: warehouseTransferLogs.logGroup, userId: warehouseTransferLogs.userId }).from(warehouseTransferLogs).where(eq(warehouseTransferLogs.logGroup, body.data.logGroup));
    // One row per moved line, all in the operation's group, by the session's user (the body's userId is not trusted).
    expect(logs).toEqual([
      { logGroup: body.data.logGroup, userId: session.user.id },
      { logGroup: body.data.logGroup, userId: session.user.id },
    ]);
    expect(await commonItems(session)).toEqual([]);
    expect((await json(await session.api(`/api/basket/items?type=WAREHOUSE&warehouseId=${a}`))).data).toEqual([]);
  });

  test("422: target warehouse required, a text where an id belongs, an unknown warehouse", async () => {
    const session = await t.current.login();
    const missing = await post(session, "/api/transformation/transform", {});
    expect(missing.status).toBe(422);
    const body = await json(missing);
    expect(body.status).toBe("fail");
    expect(Object.keys(body.fields)).toEqual(["targetWarehouse"]);
    expect((await post(session, "/api/transformation/transform", { targetWarehouse: "sklad" })).status).toBe(422);
    const unknown = await json(await post(session, "/api/transformation/transform", { targetWarehouse: 987_654 }));
    expect(unknown.fields.targetWarehouse).toBe("Sklad 987654 neexistuje");
  });

  test("a shortage is a fail naming the product, asked and there; stock, log and baskets unchanged", async () => {
    const session = await t.current.login();
    const [a, b] = [await createWarehouse(), await createWarehouse()];
    const material = await createProduct(db(), { name: "Sloupek 60×60" });
    await setStock(a, material, "1.000");
    await toWarehouseBasket(session, a, material, 3);
    await toCommon(session, await createProduct(db()), 1);
    const before = await logCount();
    const response = await post(session, "/api/transformation/transform", { targetWarehouse: b, sourceBaskets: [await basketOf(session, a)] });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.data[0]).toBe("Na skladě není dost zboží, nic se nezměnilo:");
    expect(body.data[1]).toBe(`Sloupek 60×60 (sklad Sklad HTTP ${counter - 1}): požadováno 3, skladem 1`);
    expect(await stock(a, material)).toBe("1.000");
    expect(await logCount()).toBe(before);
    expect((await commonItems(session)).length).toBe(1);
  });

  test("the Idempotency-Key header: a retried submit applies once and answers the same", async () => {
    const session = await t.current.login();
    const b = await createWarehouse();
    const gate = await createProduct(db());
    await toCommon(session, gate, 2);
    const key = crypto.randomUUID();
    const first = await json(await post(session, "/api/transformation/transform", { targetWarehouse: b }, { "Idempotency-Key": key }));
    await toCommon(session, gate, 2);
    const again = await json(await post(session, "/api/transformation/transform", { targetWarehouse: b }, { "Idempotency-Key": key }));
    expect(again).toEqual(first);
    expect(await stock(b, gate)).toBe("2.000");
  });
});

describe("POST /api/warehouseTransfer/inventoryTransfer", () => {
  test("In adds, Out removes the common basket's quantities; an Out beyond the stock is refused with nothing changed", async () => {
    const session = await t.current.login();
    const w = await createWarehouse();
    const panel = await createProduct(db(), { name: "Panel 3D" });
    await toCommon(session, panel, "1.25");
    const added = await post(session, "/api/warehouseTransfer/inventoryTransfer", { transferType: "INVENTORY_IN", warehouseId: w });
    expect(added.status).toBe(200);
    expect((await json(added)).code).toBe("ITEMS_TRANSFORMED");
    expect(await stock(w, panel)).toBe("1.250");
    expect((await post(session, "/api/warehouseTransfer/inventoryTransfer", { transferType: "INVENTORY_OUT", warehouseId: w })).status).toBe(200);
    expect(await stock(w, panel)).toBe("0.000");
    const before = await logCount();
    const refused = await post(session, "/api/warehouseTransfer/inventoryTransfer", { transferType: "INVENTORY_OUT", warehouseId: w });
    expect(refused.status).toBe(422);
    expect((await json(refused)).data[1]).toBe(`Panel 3D (sklad Sklad HTTP ${counter}): požadováno 1,25, skladem 0`);
    expect(await stock(w, panel)).toBe("0.000");
    expect(await logCount()).toBe(before);
  });

  test("422: type and warehouse required; an unknown type", async () => {
    const session = await t.current.login();
    const body = await json(await post(session, "/api/warehouseTransfer/inventoryTransfer", {}));
    expect(Object.keys(body.fields).sort()).toEqual(["transferType", "warehouseId"]);
    const wrong = await post(session, "/api/warehouseTransfer/inventoryTransfer", { transferType: "STEAL", warehouseId: 1 });
    expect(wrong.status).toBe(422);
    expect(Object.keys((await json(wrong)).fields)).toEqual(["transferType"]);
  });
});

describe("POST /api/warehouseTransfer/warehouseTransfer", () => {
  test("moves the basket's items to the target and empties the basket; a shortage is refused", async () => {
    const session = await t.current.login();
    const [a, b] = [await createWarehouse(), await createWarehouse()];
    const p = await createProduct(db(), { name: "Pletivo" });
    await setStock(a, p, "2.000");
    await toWarehouseBasket(session, a, p, 2);
    const basket = await basketOf(session, a);
    const moved = await post(session, "/api/warehouseTransfer/warehouseTransfer", { sourceBasketId: basket, targetWarehouseId: b });
    expect(moved.status).toBe(200);
    expect((await json(moved)).data.moves).toEqual([{ productId: p, productName: "Pletivo", sourceWarehouseId: a, targetWarehouseId: b, transferType: "TRANSFER", quantity: 2 }]);
    expect([await stock(a, p), await stock(b, p)]).toEqual(["0.000", "2.000"]);
    await toWarehouseBasket(session, a, p, 1);
    const short = await post(session, "/api/warehouseTransfer/warehouseTransfer", { sourceBasketId: basket, targetWarehouseId: b });
    expect(short.status).toBe(422);
    expect((await json(short)).data[1]).toMatch(/^Pletivo \(sklad .+\): požadováno 1, skladem 0$/);
    expect([await stock(a, p), await stock(b, p)]).toEqual(["0.000", "2.000"]);
  });

  test("422: target warehouse required; another user's basket", async () => {
    const session = await t.current.login();
    const other = await t.current.login();
    const w = await createWarehouse();
    const missing = await json(await post(session, "/api/warehouseTransfer/warehouseTransfer", { sourceBasketId: 1 }));
    expect(Object.keys(missing.fields)).toEqual(["targetWarehouseId"]);
    const foreign = await json(await post(session, "/api/warehouseTransfer/warehouseTransfer", { sourceBasketId: await basketOf(other, w), targetWarehouseId: await createWarehouse() }));
    expect(Object.keys(foreign.fields)).toEqual(["sourceBasketId"]);
  });
});


const uploadForm = (file: File | null, warehouseId?: number | string) => {
  const form = new FormData();
  if (file) form.set("data", file);
  if (warehouseId !== undefined) form.set("warehouseId", String(warehouseId));
  return form;
};

const upload = (session: Session, body: FormData, headers: Record<string, string> = {}) =>
  t.current.request("/api/basket/uploadManufactureData", { method: "POST", headers: { Authorization: `Bearer ${session.token}`, ...headers }, body });

describe("POST /api/basket/uploadManufactureData", () => {
  test("fills the common basket and reports the unknown product's row by number", async () => {
    const session = await t.current.login();
    const w = await createWarehouse();
    const code = ean13(String(700000000000 + counter).padStart(12, "0"));
    const byEan = await createProduct(db(), { ean13: code });
    const byId = await createProduct(db());
    const data = await workbookBytes([["Id / EAN", "Množství"], [code, 4], [888_888, 1], [byId, "0,5"]]);
    const response = await upload(session, uploadForm(fileOf(data, "vyroba.xlsx"), w));
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.code).toBe("ADDED");
    expect(body.data.unread).toEqual([{ row: 3, reason: "produkt 888888 neexistuje" }]);
    expect((await commonItems(session)).map((line) => [line.shopProduct.id, line.quantity])).toEqual([
      [byEan, 4],
      [byId, 0.5],
    ]);
  });

  test("a wrong file type, no file, no warehouse and an over-size file are refused; nothing is added", async () => {
    const session = await t.current.login();
    const w = await createWarehouse();
    const png = await upload(session, uploadForm(fileOf(PNG, "vyroba.xlsx"), w));
    expect(png.status).toBe(422);
    expect((await json(png)).fields.data).toBe("Soubor vyroba.xlsx není sešit Excelu (.xlsx)");
    const csv = await upload(session, uploadForm(fileOf(new TextEncoder().encode("1;2\n"), "vyroba.csv"), w));
    expect((await json(csv)).fields.data).toBe("Soubor vyroba.csv není sešit Excelu (.xlsx)");
    expect((await upload(session, uploadForm(null, w))).status).toBe(422);
    const noWarehouse = await json(await upload(session, uploadForm(fileOf(await workbookBytes([[1, 1]]), "a.xlsx"))));
    expect(Object.keys(noWarehouse.fields)).toEqual(["warehouseId"]);

    const justOver = new Uint8Array(MANUFACTURE_DATA_MAX_BYTES + 1);
    justOver.set([0x50, 0x4b, 0x03, 0x04]);
    const over = await upload(session, uploadForm(fileOf(justOver, "big.xlsx"), w));
    expect(over.status).toBe(422);
    expect((await json(over)).fields.data).toBe("Soubor „big.xlsx“ je větší než 5 MB");
    const huge = await upload(session, uploadForm(fileOf(new Uint8Array(MANUFACTURE_DATA_MAX_BYTES * 2), "huge.xlsx"), w));
    expect(huge.status).toBe(413);
    expect(await commonItems(session)).toEqual([]);
  });

  test("the Idempotency-Key header adds once", async () => {
    const session = await t.current.login();
    const w = await createWarehouse();
    const p = await createProduct(db());
    const data = await workbookBytes([[p, 3]]);
    const key = crypto.randomUUID();
    const first = await json(await upload(session, uploadForm(fileOf(data, "a.xlsx"), w), { "Idempotency-Key": key }));
    const again = await json(await upload(session, uploadForm(fileOf(data, "a.xlsx"), w), { "Idempotency-Key": key }));
    expect(again).toEqual(first);
    expect((await commonItems(session))[0]!.quantity).toBe(3);
  });
});

describe("session and CSRF", () => {
  test("every route needs a session; a cookie write without the site's Origin is refused", async () => {
    const routes = ["/api/transformation/transform", "/api/warehouseTransfer/inventoryTransfer", "/api/warehouseTransfer/warehouseTransfer", "/api/basket/uploadManufactureData"];
    for (const path of routes) {
      const response = await t.current.request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      expect(response.status).toBe(401);
    }
    const session = await t.current.login();
    const forged = await t.current.request("/api/warehouseTransfer/inventoryTransfer", {
      method: "POST",
      headers: { Cookie: session.cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ transferType: "INVENTORY_IN", warehouseId: 1 }),
    });
    expect(forged.status).toBe(403);
  });
});

describe("200 operations in parallel (PostgreSQL)", () => {
  test.skipIf(!usingPostgres)(
    "productions, stocktaking Out and transfers over 3 products in 2 warehouses: stock adds up to the unit, never negative, a refused one leaves nothing",
    async () => {
      const [w1, w2] = [await createWarehouse(), await createWarehouse()];
      const items = [await createProduct(db()), await createProduct(db()), await createProduct(db())];
      const start = new Map<string, number>();
      for (const w of [w1, w2]) {
        for (const [index, p] of items.entries()) {
          await setStock(w, p, `${40 + index * 5}.000`);
          start.set(`${w}:${p}`, (40 + index * 5) * 1000);
        }
      }
      // Each operation is one user's (a user's baskets are one of each), prepared before the race.
      /** `cleared`: the baskets a success empties and a refusal leaves as they were. */
      type Planned = { kind: "produce" | "out" | "transfer"; cleared: number[]; run: (on: Ctx) => Promise<{ logGroup: string }> };
      const planned: Planned[] = [];
      for (let i = 0; i < 200; i++) {
        const session = await t.current.login();
        const userId = session.user.id;
        const from = i % 2 ? w1 : w2;
        const to = from === w1 ? w2 : w1;
        const p = items[i % 3]!;
        const q = items[(i + 1) % 3]!;
        // Quantities with decimals, some beyond what will be left: many are refused on the way.
        const amount = `${1 + (i % 4)}.${String((i * 37) % 1000).padStart(3, "0")}`;
        if (i % 3 === 0) {
          await toWarehouseBasket(session, from, p, amount);
          await toCommon(session, q, "0.5");
          const basket = await basketOf(session, from);
          const commonBasket = await getOrCreateBasket({ ctx: t.current.ctx, input: { userId, type: "COMMON", warehouseId: 0 } });
          planned.push({ kind: "produce", cleared: [basket, commonBasket], run: (on) => produce({ ctx: { ...on, userId }, input: { targetWarehouse: to, sourceBaskets: [basket] } }) });
        } else if (i % 3 === 1) {
          await toCommon(session, p, amount);
          await toCommon(session, q, "0.25");
          planned.push({ kind: "out", cleared: [], run: (on) => takeStock({ ctx: { ...on, userId }, input: { transferType: "INVENTORY_OUT", warehouseId: from } }) });
        } else {
          await toWarehouseBasket(session, from, p, amount);
          const basket = await basketOf(session, from);
          planned.push({ kind: "transfer", cleared: [basket], run: (on) => transferBasket({ ctx: { ...on, userId }, input: { sourceBasketId: basket, targetWarehouseId: to } }) });
        }
      }
      const [{ lastLogId }] = (await db().select({ lastLogId: sql<number>`coalesce(max(${warehouseTransferLogs.id}), 0)::int` }).from(warehouseTransferLogs)) as [{ lastLogId: number }];
      // The test database's pool holds 5 connections; the race gets its own of 40 to the same database.
      const [{ name }] = (await db().execute(sql`select current_database() as name`)) as unknown as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const racePool = await openPostgres(url.toString(), { max: 40 });
      let outcomes: PromiseSettledResult<{ logGroup: string }>[];
      try {
        outcomes = await Promise.allSettled(planned.map((operation) => operation.run({ ...t.current.ctx, db: racePool.db })));
      } finally {
        await racePool.close();
      }
      const unexpected = outcomes.filter((outcome) => outcome.status === "rejected" && (outcome.reason as { status?: number }).status !== 422);
      expect(unexpected.map((outcome) => String((outcome as PromiseRejectedResult).reason))).toEqual([]);
      const succeeded = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value.logGroup] : []));
      const refused = outcomes.length - succeeded.length;
      expect(succeeded.length).toBeGreaterThan(20);
      expect(refused).toBeGreaterThan(0);

      // Every log row belongs to a successful operation: a refused one wrote nothing.
      const groups = await db()
        .select({ logGroup: warehouseTransferLogs.logGroup, rows: sql<number>`count(*)::int` })
        .from(warehouseTransferLogs)
        .where(sql`${warehouseTransferLogs.id} > ${lastLogId}`)
        .groupBy(warehouseTransferLogs.logGroup);
      expect(groups.map((group) => group.logGroup).sort()).toEqual([...succeeded].sort());

      // A success emptied its baskets; a refusal left them as they were (one line each).
      const lineCounts = new Map(
        (await db().select({ basketId: basketItems.basketId, lines: sql<number>`count(*)::int` }).from(basketItems).groupBy(basketItems.basketId)).map((row) => [row.basketId, Number(row.lines)]),
      );
      for (const [index, operation] of planned.entries()) {
        const fulfilled = outcomes[index]!.status === "fulfilled";
        for (const basketId of operation.cleared) expect([operation.kind, fulfilled, lineCounts.get(basketId) ?? 0]).toEqual([operation.kind, fulfilled, fulfilled ? 0 : 1]);
      }

      // Stock = start + ins − outs of the logged rows, to the thousandth; nothing negative.
      const logged = await db()
        .select({ source: warehouseTransferLogs.sourceWarehouseId, target: warehouseTransferLogs.targetWarehouseId, productId: warehouseTransferLogs.productId, quantity: warehouseTransferLogs.quantity })
        .from(warehouseTransferLogs)
        .where(sql`${warehouseTransferLogs.logGroup} in (${sql.join(succeeded.map((group) => sql`${group}`), sql`, `)})`);
      const expected = new Map(start);
      const thousandths = (text: string) => Math.round(Number(text) * 1000);
      for (const row of logged) {
        if (row.source !== null) expected.set(`${row.source}:${row.productId}`, (expected.get(`${row.source}:${row.productId}`) ?? 0) - thousandths(row.quantity));
        if (row.target !== null) expected.set(`${row.target}:${row.productId}`, (expected.get(`${row.target}:${row.productId}`) ?? 0) + thousandths(row.quantity));
      }
      const actual = await db()
        .select({ warehouseId: warehouseItems.warehouseId, productId: warehouseItems.productId, quantity: warehouseItems.quantity })
        .from(warehouseItems)
        .where(sql`${warehouseItems.warehouseId} in (${w1}, ${w2})`);
      const actualMap = new Map(actual.map((row) => [`${row.warehouseId}:${row.productId}`, thousandths(row.quantity)]));
      for (const [key, value] of expected) expect([key, actualMap.get(key) ?? 0]).toEqual([key, value]);
      expect(actual.filter((row) => thousandths(row.quantity) < 0)).toEqual([]);
      // Start + ins − outs summed over everything: productions add the common baskets' lines.
      const total = (map: Map<string, number>) => [...map.values()].reduce((sum, value) => sum + value, 0);
      expect(total(actualMap)).toBe(total(expected));
    },
    120_000,
  );
});

describe("a basket line changed while an operation runs (PostgreSQL)", () => {
  /** A second pool on the test's database, so the operation and the edit really run side by side. */
  async function racePoolOf() {
    const [{ name }] = (await db().execute(sql`select current_database() as name`)) as unknown as [{ name: string }];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return openPostgres(url.toString(), { max: 6 });
  }

  /** How many sessions on the test's database wait for a lock: the events the race below waits for, instead of a pause. */
  const waitingForLocks = async () =>
    (await selectRows<{ n: number }>(db(), sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]!.n;

  /**
   * Holds the target's warehouse item locked, so the operation stops after it has read the
   * baskets; runs `change` meanwhile, then lets the operation go.
   */
  async function whileOperationWaits<T>(lock: { warehouseId: number; productId: number }, operation: (on: Ctx) => Promise<unknown>, change: (on: Ctx) => Promise<T>) {
    const pool = await racePoolOf();
    try {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let held!: () => void;
      const isHeld = new Promise<void>((resolve) => (held = resolve));
      const holder = pool.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from warehouse_items where warehouse_id = ${lock.warehouseId} and product_id = ${lock.productId} for update`);
        held();
        await gate;
      });
      await isHeld;
      const running = operation({ ...t.current.ctx, db: pool.db });
      await waitUntil(waitingForLocks, (waiting) => waiting >= 1, "the operation to wait for the held row");
      let settled = false;
      const changing = change({ ...t.current.ctx, db: pool.db }).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      void changing.then(() => (settled = true));
      // The change either finishes beside the waiting operation or queues behind it for a lock.
      await waitUntil(async () => settled || (await waitingForLocks()) >= 2, (done) => done, "the change to finish or to wait behind the operation");
      release();
      await holder;
      await running;
      return await changing;
    } finally {
      await pool.close();
    }
  }

  test.skipIf(!usingPostgres)("an amount added to the common basket during production is not cleared unused: it waits and stays in the basket", async () => {
    const session = await t.current.login();
    const target = await createWarehouse();
    const gate = await createProduct(db(), { name: "Brána dvoukřídlá" });
    await setStock(target, gate, "0.000");
    await toCommon(session, gate, 5);
    const added = await whileOperationWaits(
      { warehouseId: target, productId: gate },
      (on) => produce({ ctx: { ...on, userId: session.user.id }, input: { targetWarehouse: target, sourceBaskets: [] } }),
      (on) => addToBasket({ ctx: { ...on, userId: session.user.id }, input: { type: "COMMON", warehouseId: 0, productId: gate, amount: 3 } }),
    );
    // Produced what the basket held when production read it; the later 3 wait in the emptied basket.
    expect(await stock(target, gate)).toBe("5.000");
    expect(added).toMatchObject({ ok: true, value: { quantity: 3 } });
    expect((await commonItems(session)).map((item) => [item.shopProduct.id, item.quantity])).toEqual([[gate, 3]]);
  });

  test.skipIf(!usingPostgres)("a quantity edited during a transfer is not acknowledged and then lost: the moved line is gone when the edit runs", async () => {
    const session = await t.current.login();
    const [from, to] = [await createWarehouse(), await createWarehouse()];
    const post = await createProduct(db(), { name: "Sloupek 60×40" });
    await setStock(from, post, "10.000");
    await setStock(to, post, "0.000");
    await toWarehouseBasket(session, from, post, 2);
    const basket = await basketOf(session, from);
    const [line] = await db().select({ id: basketItems.id }).from(basketItems).where(eq(basketItems.basketId, basket));
    const edited = await whileOperationWaits(
      { warehouseId: to, productId: post },
      (on) => transferBasket({ ctx: { ...on, userId: session.user.id }, input: { sourceBasketId: basket, targetWarehouseId: to } }),
      (on) => setBasketItemQuantity({ ctx: { ...on, userId: session.user.id }, input: { id: line!.id, quantity: 7 } }),
    );
    expect([await stock(from, post), await stock(to, post)]).toEqual(["8.000", "2.000"]);
    expect(edited.ok).toBe(false);
    expect(edited.ok ? null : (edited.error as { status?: number }).status).toBe(404);
  });
});
