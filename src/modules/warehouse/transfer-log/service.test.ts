import { describe, expect, test } from "bun:test";
import { createProduct, createTransferLog, createUser, createWarehouse } from "../../../../tests/helpers/factories";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { LOG_COLOUR_LIGHTNESS, LOG_COLOUR_SATURATION, logGroupColour, userLabel } from "./schemas";
import { listTransferLogs } from "./service";

const t = useTestDatabase();
const list = (filters: Record<string, string> = {}, extra: { page?: number; size?: number } = {}) => ({ page: 1, size: 50, filters, ...extra });

describe("the log group colour", () => {
  test("stable, pastel (saturation 0.6, light) and different for different groups", () => {
    const group = "0f5c1e9a-2b7d-4c1e-9a3b-6d2e1f4a5b6c";
    expect(logGroupColour(group)).toBe(logGroupColour(group));
    const colours = Array.from({ length: 40 }, (_, i) => logGroupColour(`operation-${i}`));
    for (const colour of colours) {
      const [, hue, saturation, lightness] = /^hsl\((\d+), (\d+)%, (\d+)%\)$/.exec(colour)!.map(Number);
      expect(hue).toBeGreaterThanOrEqual(0);
      expect(hue).toBeLessThan(360);
      expect(saturation).toBe(60);
      expect(lightness).toBeGreaterThanOrEqual(85);
    }
    expect(new Set(colours).size).toBeGreaterThan(30);
    expect([LOG_COLOUR_SATURATION, LOG_COLOUR_LIGHTNESS]).toEqual([60, 88]);
  });

  test("a user reads as the full name, or the id", () => {
    expect(userLabel({ id: 7, firstName: "Jana", lastName: "Nová" })).toBe("Jana Nová");
    expect(userLabel({ id: 7, firstName: "", lastName: "" })).toBe("#7");
    expect(userLabel(null)).toBe("");
  });
});

describe("listTransferLogs", () => {
  test("newest first with names; filters by Prague days, warehouse either way, product, type, user and group; pages", async () => {
    const ctx = t.ctx;
    const { id: jana } = await createUser(ctx, { firstName: "Jana", lastName: "Skladová" });
    const { id: petr } = await createUser(ctx, { firstName: "Petr", lastName: "Výroba" });
    const brno = await createWarehouse(ctx, { name: "Brno" });
    const praha = await createWarehouse(ctx, { name: "Praha" });
    const sloupek = await createProduct(t.db, { name: "Sloupek" });
    const lamela = await createProduct(t.db, { name: "Lamela" });
    // 23:30 UTC on 19 November is 00:30 on 20 November in Prague.
    const a = await createTransferLog(ctx, { productId: sloupek, transferType: "INVENTORY_IN", quantity: "12.5", logGroup: "g-1", targetWarehouseId: brno, userId: jana, createdAt: new Date("2026-11-19T23:30:00Z") });
    const b = await createTransferLog(ctx, { productId: lamela, transferType: "TRANSFER", quantity: 3, logGroup: "g-2", sourceWarehouseId: brno, targetWarehouseId: praha, userId: petr, createdAt: new Date("2026-11-21T09:00:00Z") });
    const c = await createTransferLog(ctx, { productId: sloupek, transferType: "TRANSFER", quantity: 2, logGroup: "g-2", sourceWarehouseId: brno, targetWarehouseId: praha, userId: petr, createdAt: new Date("2026-11-21T09:00:00Z") });
    const d = await createTransferLog(ctx, { productId: lamela, transferType: "INVENTORY_OUT", quantity: 1, logGroup: "g-3", sourceWarehouseId: praha, userId: null, createdAt: new Date("2026-11-22T12:00:00Z") });

    const all = await listTransferLogs({ ctx, input: list() });
    expect(all.rows.map((row) => row.id)).toEqual([d, c, b, a]);
    expect(all.meta.total).toBe(4);
    expect(all.rows[1]).toEqual({
      id: c,
      createdAt: "2026-11-21T09:00:00.000Z",
      targetWarehouse: { id: praha, name: "Praha" },
      sourceWarehouse: { id: brno, name: "Brno" },
      product: { id: sloupek, name: "Sloupek" },
      transferType: "TRANSFER",
      quantity: 2,
      user: { id: petr, firstName: "Petr", lastName: "Výroba" },
      logGroup: "g-2",
      colour: logGroupColour("g-2"),
    });
    expect(all.rows[0]!.user).toBeNull();
    expect(all.rows[3]!.quantity).toBe(12.5);

    const ids = async (filters: Record<string, string>) => (await listTransferLogs({ ctx, input: list(filters) })).rows.map((row) => row.id);
    expect(await ids({ from: "20.11.2026", to: "20.11.2026" })).toEqual([a]);
    expect(await ids({ from: "2026-11-21" })).toEqual([d, c, b]);
    expect(await ids({ to: "21.11.2026" })).toEqual([c, b, a]);
    expect(await ids({ warehouse: String(brno) })).toEqual([c, b, a]);
    expect(await ids({ warehouse: String(praha) })).toEqual([d, c, b]);
    expect(await ids({ product: String(lamela) })).toEqual([d, b]);
    expect(await ids({ type: "TRANSFER" })).toEqual([c, b]);
    expect(await ids({ user: String(jana) })).toEqual([a]);
    expect(await ids({ logGroup: "g-2" })).toEqual([c, b]);
    expect(await ids({ logGroup: "g-2", product: String(sloupek) })).toEqual([c]);

    const second = await listTransferLogs({ ctx, input: list({}, { size: 3, page: 2 }) });
    expect(second.rows.map((row) => row.id)).toEqual([a]);
    expect(second.meta).toMatchObject({ page: 2, pages: 2, total: 4 });

    const refused = await failureOf(listTransferLogs({ ctx, input: list({ from: "31.02.2026", type: "STOLEN", warehouse: "abc" }) }));
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.fields).sort()).toEqual(["from", "type", "warehouse"]);
  });
});
