import { count, eq } from "drizzle-orm";
import { warehouseRackScales, warehouses } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { createRackScale, createWarehouse } from "../factories";

const DEMO_WAREHOUSES = [
  { name: "Hlavní sklad Brno", expedition: true, icon: "warehouse" },
  { name: "Výroba – polotovary", expedition: false, icon: "tools" },
  { name: "Sklad Praha – expedice", expedition: true, icon: "truck" },
];

/** Demo warehouses and rack scales (ext ids 101–112), through the factories. Idempotent: fills only empty tables. */
export async function seedDemoWarehouse(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [stores] = await tx.db.select({ n: count() }).from(warehouses);
    if ((stores?.n ?? 0) === 0) {
      for (const warehouse of DEMO_WAREHOUSES) await createWarehouse(tx, warehouse);
    }
    const [scales] = await tx.db.select({ n: count() }).from(warehouseRackScales);
    if ((scales?.n ?? 0) === 0) {
      // Last changes spread over the past days, as a live feed would leave them. A live scale
      // reports every few seconds whether or not its weight moves, so most reported a moment ago;
      // two have been silent for hours (docs/domain.md#scale-feed) and one never reported.
      const now = Date.now();
      const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000);
      const SILENT_HOURS: Record<number, number> = { 105: 5, 111: 26 };
      const lastReportAt = (extId: number) => (SILENT_HOURS[extId] ? hoursAgo(SILENT_HOURS[extId]) : new Date(now - ((extId * 7) % 50) * 1000 - 2000));
      const racks: [extId: number, name: string, grams: string | null, hours: number][] = [
        [101, "Regál A1 – příchytky 3D antracit", "12480.0", 2],
        [102, "Regál A2 – příchytky 3D zelené", "8735.5", 5],
        [103, "Regál A3 – krytky sloupků", "2310.0", 26],
        [104, "Regál B1 – panty přivařovací", "15620.0", 3],
        [105, "Regál B2 – zámky branek", "9840.0", 49],
        [106, "Regál B3 – kliky a koule", "4125.5", 7],
        [107, "Regál C1 – napínáky drátu", "1987.0", 1],
        [108, "Regál C2 – objímky vzpěr", "3452.0", 30],
        [109, "Regál C3 – kotevní patky", "27850.0", 72],
        [110, "Regál D1 – kolečka brány 80 mm", "6400.0", 12],
        [111, "Regál D2 – dorazy brány", "0.0", 96],
        [112, "Regál D3 – rezerva", null, 0],
      ];
      for (const [extId, name, grams, hours] of racks) {
        const id = await createRackScale(tx, { extId, name, reading: grams === null ? undefined : { grams, at: hoursAgo(hours) } });
        if (grams !== null) await tx.db.update(warehouseRackScales).set({ lastReadingAt: lastReportAt(extId) }).where(eq(warehouseRackScales.id, id));
      }
    }
  });
}
