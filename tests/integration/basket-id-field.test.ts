/**
 * The basket pages' id field over HTTP (docs/domain.md#basket-id-field): POST /api/basket/addByCode adds 1 of the
 * product a product id, an EAN-13 or a scanned `P<id>` names, to the common or a warehouse basket; a retry
 * with the same idempotency key adds nothing; an unknown code or another kind of code is a `fail` that
 * names it; the form fallback without JavaScript redirects back with the toast. Both pages show the field.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { ean13 } from "@/lib/ean13";
import { listBasketItems } from "@/modules/baskets/service";
import { type Session, json, useTestApp } from "../helpers/app";
import { createProduct, createWarehouse } from "../helpers/factories";

const t = useTestApp();
const EAN = ean13("859555666777");
let session: Session;
let panel: number;
let kotva: number;
let warehouse: number;

beforeAll(async () => {
  const { ctx } = t.current;
  panel = await createProduct(ctx.db, { name: "Panel Žďár id pole" });
  kotva = await createProduct(ctx.db, { name: "Kotva Ďáblice id pole", ean13: EAN });
  warehouse = await createWarehouse(ctx, { name: "Sklad id pole" });
  session = await t.current.login();
});

const add = (body: Record<string, unknown>, headers?: Record<string, string>) => session.api("/api/basket/addByCode", { method: "POST", json: body, headers });
const lines = async (input: { type: "COMMON" | "WAREHOUSE"; warehouseId?: number }) =>
  (await listBasketItems({ ctx: { ...t.current.ctx, userId: session.user.id }, input })).map((item) => [item.shopProduct.id, item.quantity]);

describe("POST /api/basket/addByCode", () => {
  test("a product id, P<id> and an EAN-13 each add 1 to the common basket; the answer carries the line", async () => {
    const first = await add({ type: "COMMON", code: String(panel), idempotencyKey: "id-field-1" });
    expect(first.status).toBe(200);
    const body = await json(first);
    expect(body).toMatchObject({ status: "success", code: "ADDED", data: { message: "Přidáno: Panel Žďár id pole", line: { shopProduct: { id: panel, name: "Panel Žďár id pole" }, quantity: 1 } } });
    expect((await json(await add({ type: "COMMON", code: ` p${panel} `, idempotencyKey: "id-field-2" }))).data.line.quantity).toBe(2);
    expect((await json(await add({ type: "COMMON", code: EAN, idempotencyKey: "id-field-3" }))).data.line).toMatchObject({ shopProduct: { id: kotva }, quantity: 1 });
    expect(await lines({ type: "COMMON" })).toEqual([
      [panel, 2],
      [kotva, 1],
    ]);
  });

  test("a retry with the same key (body or header) answers the first result and adds nothing", async () => {
    const once = await json(await add({ type: "WAREHOUSE", warehouseId: warehouse, code: EAN, idempotencyKey: "id-field-retry" }));
    const again = await json(await add({ type: "WAREHOUSE", warehouseId: warehouse, code: EAN, idempotencyKey: "id-field-retry" }));
    expect(again.data.line).toEqual(once.data.line);
    await add({ type: "WAREHOUSE", warehouseId: warehouse, code: String(panel) }, { "Idempotency-Key": "id-field-header" });
    await add({ type: "WAREHOUSE", warehouseId: warehouse, code: String(panel) }, { "Idempotency-Key": "id-field-header" });
    expect(await lines({ type: "WAREHOUSE", warehouseId: warehouse })).toEqual([
      [kotva, 1],
      [panel, 1],
    ]);
  });

  test("an unknown id, EAN-13 or text, and an order's or a warehouse's code: a fail naming the code, nothing added", async () => {
    const before = await lines({ type: "COMMON" });
    for (const code of ["999999", ean13("859000000001"), "X-NEZNAMY", "O5", `W${warehouse}`, "99999999999"]) {
      const response = await add({ type: "COMMON", code });
      expect(response.status).toBe(422);
      expect((await json(response)).data).toEqual([`Kód ${code} nepatří žádnému produktu`]);
    }
    const blank = await add({ type: "COMMON", code: "  " });
    expect(blank.status).toBe(422);
    expect(await lines({ type: "COMMON" })).toEqual(before);
  });

  test("no session: 401", async () => {
    const response = await t.current.request("/api/basket/addByCode", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code: String(panel) }) });
    expect(response.status).toBe(401);
  });
});

describe("the pages", () => {
  test("the common and the warehouse basket pages show the field, each for its own basket", async () => {
    const common = await (await session.page("/warehouse/basket/common")).text();
    expect(common).toContain('data-island="basket-id-field"');
    expect(common).toContain('action="/warehouse/basket/addByCode"');
    expect(common).toContain("Přidat podle id nebo kódu");
    const own = await (await session.page(`/warehouse/basket/warehouse/${warehouse}`)).text();
    expect(own).toContain('data-island="basket-id-field"');
    expect(own).toContain(`name="warehouseId" value="${warehouse}"`);
  });

  test("without JavaScript the form adds and redirects back with the toast; its key makes a resubmit add nothing", async () => {
    const before = (await lines({ type: "COMMON" })).find(([id]) => id === kotva)![1] as number;
    const form = { code: EAN, type: "COMMON", warehouseId: "0", idempotencyKey: "id-field-form-1" };
    for (let i = 0; i < 2; i++) {
      const response = await session.page("/warehouse/basket/addByCode", { form, headers: { Referer: "http://localhost/warehouse/basket/common" } });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/warehouse/basket/common");
      expect(decodeURIComponent(decodeURIComponent(response.headers.get("Set-Cookie") ?? ""))).toContain("Přidáno: Kotva Ďáblice id pole");
    }
    expect((await lines({ type: "COMMON" })).find(([id]) => id === kotva)![1]).toBe(before + 1);
    const unknown = await session.page("/warehouse/basket/addByCode", { form: { ...form, code: "nic", idempotencyKey: "id-field-form-2" } });
    expect(decodeURIComponent(decodeURIComponent(unknown.headers.get("Set-Cookie") ?? ""))).toContain("Kód nic nepatří žádnému produktu");
  });
});
