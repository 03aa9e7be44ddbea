import { describe, expect, test } from "bun:test";
import { defaultPromises } from "@db/schema";
import { useTestDatabase } from "../../../tests/helpers/service";
import { seedDemoOrders } from "./orders";
import { seedDemoPromises } from "./promises";

const t = useTestDatabase();

describe("seedDemoPromises", () => {
  test("one template per order step over the demo statuses; a second run adds nothing", async () => {
    await seedDemoOrders(t.ctx);
    await seedDemoPromises(t.ctx);
    const rows = await t.db.select().from(defaultPromises);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => row.triggerOrderStatus))).toEqual(new Set(["PRICE_OFFER", "MEASURED", "ORDER_CONFIRMATION", "MATERIAL_ORDER", "PLANNED", "CLOSED"]));
    await seedDemoPromises(t.ctx);
    expect(await t.db.select().from(defaultPromises)).toHaveLength(6);
  });
});
