/**
 * Demo fence orders (docs/domain.md#fence-orders): about 200 orders of Czech customers across every status and
 * age (order dates over the last 120 days, so the 60/80/90-day age icons show), with status
 * history, a few files (PNG and PDF) and promises, and every order's items tab filled and priced
 * (fence-order-items.ts): fence fields, gates, wickets and custom pieces of the
 * demo's slat system with their sub-products, other and assembly items, shipping and discounts.
 *
 * Deterministic (seeded generators; dates relative to today in Prague). The headers, history,
 * files and promises are batched (one insert per table); the items of all orders are checked by the
 * items save's rules, priced by the engine and written with their variants in a few statements
 * (fillEmptyItemsTabs). Runs only while fence_orders is empty, so a second run changes nothing.
 */
import { createElement } from "react";
import { Document, Page, Text } from "@react-pdf/renderer";
import { asc, count, sql } from "drizzle-orm";
import {
  categories,
  categoryParameterCategories,
  categoryParameters,
  fenceOrderFiles,
  fenceOrders,
  fenceOrderStatusHistory,
  productCategories,
  productParameterValues,
  products,
  promises,
  promiseStatuses,
} from "@db/schema";
import { barcodePng } from "@/lib/barcode";
import { type Ctx, withTransaction } from "@/lib/context";
import { addDays, todayInPrague } from "@/lib/dates";
import { PDF_FONT } from "@/lib/pdf/fonts";
import { renderPdf } from "@/lib/pdf/render";
import { fillEmptyItemsTabs } from "@/modules/orders";
import { DEFAULT_DELIVERY_TEXT, DEFAULT_PAYMENT_RULES, FENCE_ORDER_STATUSES, type FenceOrderStatus } from "@/modules/orders/fence-order/schemas";
import { demoOrderTab, readDemoItemsCatalogue } from "./fence-order-items";
import { seededRandom } from "./random";

/** How many demo orders of each status (200 in all). */
export const DEMO_FENCE_ORDER_COUNTS: Record<FenceOrderStatus, number> = {
  PRICE_OFFER: 40,
  MEASURED: 30,
  ORDER_CONFIRMATION: 35,
  MATERIAL_ORDER: 30,
  PLANNED: 30,
  CLOSED: 25,
  CANCELED: 10,
};

const FIRST_NAMES_M = ["Jan", "Petr", "Josef", "Pavel", "Martin", "Tomáš", "Jaroslav", "Miroslav", "Zdeněk", "Václav", "Michal", "Karel", "Jiří", "Lukáš", "David", "Ondřej"];
const LAST_NAMES_M = ["Novák", "Svoboda", "Novotný", "Dvořák", "Černý", "Procházka", "Kučera", "Veselý", "Horák", "Němec", "Marek", "Pospíšil", "Hájek", "Jelínek", "Král", "Růžička"];
const FIRST_NAMES_F = ["Jana", "Eva", "Hana", "Anna", "Lenka", "Kateřina", "Lucie", "Věra", "Alena", "Petra", "Martina", "Tereza", "Markéta", "Ivana"];
const LAST_NAMES_F = ["Nováková", "Svobodová", "Novotná", "Dvořáková", "Černá", "Procházková", "Kučerová", "Veselá", "Horáková", "Němcová", "Marková", "Pospíšilová", "Hájková", "Králová"];
const CITIES: [string, string][] = [
  ["Praha 4", "140 00"],
  ["Praha 9", "190 00"],
  ["Brno", "602 00"],
  ["Benešov", "256 01"],
  ["Kolín", "280 02"],
  ["Mladá Boleslav", "293 01"],
  ["Beroun", "266 01"],
  ["Říčany", "251 01"],
  ["Mělník", "276 01"],
  ["Kladno", "272 01"],
  ["Příbram", "261 01"],
  ["Tábor", "390 02"],
  ["České Budějovice", "370 01"],
  ["Hradec Králové", "500 02"],
  ["Pardubice", "530 02"],
  ["Jihlava", "586 01"],
  ["Plzeň", "301 00"],
  ["Liberec", "460 01"],
  ["Čáslav", "286 01"],
  ["Nymburk", "288 02"],
];
const STREETS = ["Lipová", "Polní", "Zahradní", "Nádražní", "Školní", "Luční", "Krátká", "Husova", "Palackého", "Komenského", "K Lesu", "Na Výsluní", "U Potoka", "Sadová"];
const COMPANIES = ["Stavby Horák s.r.o.", "Zahrady Kučera s.r.o.", "Bytové družstvo Lipová", "Obec Chotouň", "Autoservis Marek s.r.o.", "Pekárna Veselý a syn", "Truhlářství Král", "Stavební firma Němec a.s."];
const NOTES = [
  "Zákazník chce montáž až po 15. dni v měsíci.",
  "Pozor, pozemek ve svahu – ověřit délky při zaměření.",
  "Volat po 16. hodině.",
  "Sousedovi se plot líbí, možná další zakázka.",
  "Brána na dálkové ovládání, pohon dodá zákazník.",
  "Přístup přes sousední pozemek, domluveno.",
];
const PROMISE_TEXTS = [
  "Zavolat zákazníkovi termín montáže",
  "Doplnit chybějící sloupky",
  "Dovézt náhradní branku",
  "Poslat upravenou nabídku",
  "Opravit seřízení brány",
];

/** A valid 8-digit IČO from seven digits (weights 8..2, check (11 - sum mod 11) mod 10). */
export function icoFrom(seven: number): string {
  const digits = String(seven).padStart(7, "0");
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (8 - index), 0);
  return `${digits}${(11 - (sum % 11)) % 10}`;
}

/** A 1 × 1 transparent PNG. */
const TINY_PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"));

const withoutDiacritics = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

/** The demo orders' attached file: a one-page measurement sketch. */
const MeasurementSketch = () =>
  createElement(
    Document,
    null,
    createElement(Page, { size: "A4", style: { fontFamily: PDF_FONT, padding: 40, fontSize: 12 } }, createElement(Text, null, "Zaměření plotu – náčrt a poznámky z místa")),
  );

export interface DemoFenceOrdersResult {
  orders: number;
  /** Orders whose items tab was saved. */
  withItems: number;
}

export async function seedDemoFenceOrders(ctx: Ctx): Promise<DemoFenceOrdersResult> {
  const [existing] = await ctx.db.select({ n: count() }).from(fenceOrders);
  if ((existing?.n ?? 0) > 0) return { orders: 0, withItems: 0 };
  // Rendered before the transaction (font loading is slow and needs no database).
  const pdf = await renderPdf(async () => MeasurementSketch, {});
  const random = seededRandom(20260505);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const today = todayInPrague();

  return withTransaction(ctx, async (tx) => {
    const [again] = await tx.db.select({ n: count() }).from(fenceOrders);
    if ((again?.n ?? 0) > 0) return { orders: 0, withItems: 0 };

    const statusIds = (await tx.db.select({ id: promiseStatuses.id }).from(promiseStatuses).orderBy(asc(promiseStatuses.id))).map((row) => row.id);

    // ---- headers ------------------------------------------------------------------------------
    type Plan = { status: FenceOrderStatus; values: typeof fenceOrders.$inferInsert; history: { from: FenceOrderStatus | null; to: FenceOrderStatus; source: "AUTO" | "MANUAL"; at: string }[] };
    const plans: Plan[] = [];
    const usedIco = new Set<string>();
    for (const status of FENCE_ORDER_STATUSES) {
      for (let index = 0; index < DEMO_FENCE_ORDER_COUNTS[status]; index++) {
        const female = random() < 0.4;
        const firstName = pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
        const lastName = pick(female ? LAST_NAMES_F : LAST_NAMES_M);
        const [city, postalCode] = pick(CITIES);
        const isCompany = random() < 0.15;
        let ico: string | null = null;
        if (isCompany) {
          do ico = icoFrom(between(1_000_000, 9_999_999));
          while (usedIco.has(ico));
          usedIco.add(ico);
        }
        const familyHouse = !isCompany && random() < 0.2;
        // The age of the order: confirmed ones got their order date 0–120 days ago.
        const confirmed = FENCE_ORDER_STATUSES.indexOf(status) >= FENCE_ORDER_STATUSES.indexOf("ORDER_CONFIRMATION") && status !== "CANCELED";
        const canceledAfterOrder = status === "CANCELED" && random() < 0.5;
        const hasOrderDate = confirmed || canceledAfterOrder;
        const orderAge = status === "CLOSED" ? between(60, 120) : between(0, 120);
        const orderDate = hasOrderDate ? addDays(today, -orderAge) : null;
        const measuredAge = orderDate ? orderAge + between(3, 20) : between(0, 40);
        const hasMeasurement = hasOrderDate || status === "MEASURED" || (status === "CANCELED" && random() < 0.5);
        const measurementDate = hasMeasurement ? addDays(today, -measuredAge) : null;
        const offerDate = addDays(today, -(measuredAge + between(2, 14)));
        const history: Plan["history"] = [{ from: null, to: "PRICE_OFFER", source: "AUTO", at: offerDate }];
        if (measurementDate) history.push({ from: "PRICE_OFFER", to: "MEASURED", source: "AUTO", at: measurementDate });
        if (orderDate) history.push({ from: history.at(-1)!.to, to: "ORDER_CONFIRMATION", source: "AUTO", at: orderDate });
        const manualSteps: FenceOrderStatus[] = status === "CANCELED" ? ["CANCELED"] : FENCE_ORDER_STATUSES.slice(3, FENCE_ORDER_STATUSES.indexOf(status) + 1);
        let stepDate = orderDate ?? measurementDate ?? offerDate;
        for (const step of manualSteps) {
          stepDate = addDays(stepDate, between(1, 10));
          if (stepDate > today) stepDate = today;
          history.push({ from: history.at(-1)!.to, to: step, source: "MANUAL", at: stepDate });
        }
        const delivery = random() < 0.2;
        const [deliveryCity, deliveryPostalCode] = pick(CITIES);
        const phone = `+420 ${pick(["603", "604", "605", "606", "607", "721", "724", "728", "731", "739", "777", "775"])} ${between(100, 999)} ${between(100, 999)}`;
        const mailName = `${withoutDiacritics(firstName)}.${withoutDiacritics(lastName)}`;
        plans.push({
          status,
          history,
          values: {
            status,
            firstName,
            lastName,
            phone,
            email: isCompany ? `${mailName}@${withoutDiacritics(lastName)}-firma.cz` : `${mailName}${between(1, 99)}@${pick(["seznam.cz", "email.cz", "gmail.com", "centrum.cz"])}`,
            company: isCompany ? pick(COMPANIES) : null,
            ico,
            dic: ico ? `CZ${ico}` : null,
            street: `${pick(STREETS)} ${between(1, 1200)}`,
            city,
            postalCode,
            deliveryAddress: delivery,
            deliveryFirstName: delivery ? firstName : null,
            deliveryLastName: delivery ? lastName : null,
            deliveryStreet: delivery ? `${pick(STREETS)} ${between(1, 300)}` : null,
            deliveryCity: delivery ? deliveryCity : null,
            deliveryPostalCode: delivery ? deliveryPostalCode : null,
            ...(random() < 0.85 ? DEFAULT_PAYMENT_RULES : pick([{ paymentRuleConfirmation: 30, paymentRuleDelivery: 40, paymentRuleCompletion: 30 }, { paymentRuleConfirmation: 0, paymentRuleDelivery: 50, paymentRuleCompletion: 50 }])),
            delivery: DEFAULT_DELIVERY_TEXT,
            vat: familyHouse ? "12" : "21",
            note: random() < 0.25 ? pick(NOTES) : null,
            offerDate,
            measurementDate,
            orderDate,
            deadline: orderDate ? addDays(orderDate, 77) : null,
            priorityOrder: random() < 0.06,
            statusSetManually: manualSteps.length > 0,
          },
        });
      }
    }
    // Oldest offers first, so ids grow with time as they would.
    plans.sort((a, b) => (a.values.offerDate! < b.values.offerDate! ? -1 : a.values.offerDate! > b.values.offerDate! ? 1 : 0));
    const orderRows = await tx.db
      .insert(fenceOrders)
      .values(plans.map((plan) => ({ ...plan.values, createdBy: tx.userId, updatedBy: tx.userId })))
      .returning({ id: fenceOrders.id });
    const orders = plans.map((plan, index) => ({ ...plan, id: orderRows[index]!.id }));

    await tx.db.insert(fenceOrderStatusHistory).values(
      orders.flatMap((order) =>
        order.history.map((step) => ({
          orderId: order.id,
          fromStatus: step.from,
          toStatus: step.to,
          source: step.source,
          reason: step.source === "AUTO" ? "date" : null,
          at: new Date(`${step.at}T09:00:00Z`),
          userId: tx.userId,
        })),
      ),
    );

    // ---- the items tab of every order, checked and priced as the items save does, written in bulk ----
    // The catalogue was just written in bulk: fresh statistics let the planner use the indexes.
    await tx.db.execute(sql`analyze ${products}, ${productCategories}, ${productParameterValues}, ${categoryParameterCategories}, ${categoryParameters}, ${categories}`);
    const catalogue = await readDemoItemsCatalogue(tx);
    const itemsRandom = seededRandom(20261010);
    const counters = { gates: 0 };
    const tabs = orders.flatMap((order) => {
      const values = demoOrderTab(itemsRandom, catalogue, order, counters);
      return (values.items as unknown[]).length || (values.otherItems as unknown[]).length ? [{ orderId: order.id, values }] : [];
    });
    await fillEmptyItemsTabs(tx, tabs);
    const withItems = tabs.length;

    // ---- files ---------------------------------------------------------------------------------
    const files: (typeof fenceOrderFiles.$inferInsert)[] = [];
    for (const order of orders.filter((_, index) => index % 9 === 4)) {
      const code = await barcodePng("code128", `Z${order.id}`);
      files.push(
        { orderId: order.id, fileName: "foto-pozemku.png", mimeType: "image/png", size: TINY_PNG.byteLength, data: TINY_PNG, createdBy: tx.userId, updatedBy: tx.userId },
        { orderId: order.id, fileName: `stitek-zakazky-${order.id}.png`, mimeType: "image/png", size: code.byteLength, data: code, createdBy: tx.userId, updatedBy: tx.userId },
      );
      if (order.values.measurementDate) {
        files.push({ orderId: order.id, fileName: "zamereni.pdf", mimeType: "application/pdf", size: pdf.byteLength, data: pdf, createdBy: tx.userId, updatedBy: tx.userId });
      }
    }
    if (files.length) await tx.db.insert(fenceOrderFiles).values(files);

    // ---- promises ------------------------------------------------------------------------------
    if (statusIds.length) {
      const promised = orders.filter((order) => order.values.orderDate && random() < 0.3);
      await tx.db.insert(promises).values(
        promised.map((order) => {
          const created = addDays(order.values.orderDate!, between(1, 20));
          const createdDate = created > today ? today : created;
          const deadline = addDays(createdDate, between(3, 21));
          const resolved = order.status === "CLOSED" || random() < 0.3;
          return {
            orderId: order.id,
            statusId: pick(statusIds),
            created: createdDate,
            deadline,
            solved: resolved ? (deadline > today ? today : deadline) : null,
            resolved,
            promise: pick(PROMISE_TEXTS),
            note: random() < 0.3 ? "Zákazník upozorněn telefonicky." : null,
            resolution: resolved ? "Vyřízeno." : null,
            createdBy: tx.userId,
            updatedBy: tx.userId,
          };
        }),
      );
    }
    return { orders: orders.length, withItems };
  });
}
