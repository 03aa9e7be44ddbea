import { count } from "drizzle-orm";
import { deliveryVans, translationGroups } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { createDeliveryVan, createTranslationGroup } from "../factories";

/** The company's vans, with plates of the South Moravian region (B) as people write them. */
export const DEMO_VANS = [
  { name: "Ford Transit 350 L3 valník", spz: "8B3 4512" },
  { name: "Iveco Daily 35S16 s plachtou", spz: "9B1 2077" },
  { name: "Renault Master skříň", spz: "2BE 4418" },
  { name: "Volkswagen Crafter 35 dvojkabina", spz: "5B7 3390" },
  { name: "Mercedes-Benz Sprinter 316 CDI", spz: "3BK 1265" },
  { name: "Fiat Ducato s hydraulickou rukou", spz: "7B5 9021" },
];

export const DEMO_TRANSLATION_GROUPS = ["Ploty a plotové dílce", "Brány a branky", "Kování a příslušenství", "Pohony a automatika"];

/** Delivery vans and translation groups (the vans' plates checked by the service); each table only when it is empty. */
export async function seedDemoSettings(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [vans] = await tx.db.select({ n: count() }).from(deliveryVans);
    if (Number(vans?.n ?? 0) === 0) for (const van of DEMO_VANS) await createDeliveryVan(tx, van);
    const [groups] = await tx.db.select({ n: count() }).from(translationGroups);
    if (Number(groups?.n ?? 0) === 0) for (const name of DEMO_TRANSLATION_GROUPS) await createTranslationGroup(tx, { name });
  });
}
