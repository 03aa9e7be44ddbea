/**
 * The offer PDF's fixtures (docs/domain.md#offer-pdf): a company identity, and an order of a Czech customer
 * with a fence, a gate, a wicket and a two-wing gate (each from a product of its type, so every
 * drawing is the real thing), accessories on the fence, other and assembly lines, shipping by
 * distance and a discount; shared by the service, HTTP and browser tests and the bench. Also the
 * PDF read back with poppler's pdftotext, an independent reader.
 */
import { sql } from "drizzle-orm";
import { companyIdentity } from "@db/schema";
import type { Ctx } from "@/lib/context";
import type { Db } from "@/lib/db";
import { editOrderItems } from "@/modules/orders/fence-item/service";
import type { ProductType } from "@/modules/orders/fence-item/engine";
import { createFenceCategory, createFenceOrder, createFenceProduct, createProduct, createShipping, fenceItemOfType, fenceProductParameters, nextNumber } from "./factories";

export const OFFER_COMPANY = {
  name: "Ploty Ťuhýk s.r.o.",
  street: "Průmyslová 1254/12",
  city: "Třebíč",
  postalCode: "674 01",
  ico: "27074358",
  dic: "CZ27074358",
  phone: "+420 568 800 111",
  email: "obchod@ploty-tuhyk.cz",
  web: "www.ploty-tuhyk.cz",
  offerValidityDays: 21,
  offerClosingText: "Děkujeme za Vaši poptávku a těšíme se na spolupráci.",
};

/** The company identity row (id 1), as the settings screen stores it. */
export async function saveOfferCompany(db: Db, values: Partial<typeof companyIdentity.$inferInsert> = {}): Promise<void> {
  const row = { id: 1, ...OFFER_COMPANY, ...values, updatedAt: new Date() };
  await db.insert(companyIdentity).values(row).onConflictDoUpdate({ target: companyIdentity.id, set: row });
}

export const OFFER_CUSTOMER = {
  firstName: "Řehoř",
  lastName: "Šťastný",
  company: "Zahradnictví Ůlehla",
  street: "Horní 118",
  city: "Žďár nad Sázavou",
  postalCode: "591 01",
  deliveryAddress: true,
  deliveryStreet: "Nad Rybníkem 7",
  deliveryCity: "Nové Město na Moravě",
  deliveryPostalCode: "592 31",
  offerDate: "2026-11-02",
};

/** The fence items' products: one per type, named with diacritics, each with its type's parameters. */
export async function createOfferProducts(db: Db, types: readonly ProductType[]): Promise<Map<ProductType, number>> {
  const made = new Map<ProductType, number>();
  for (const type of types) {
    const category = await createFenceCategory(db, { creation: false });
    made.set(type, await createFenceProduct(db, category, fenceProductParameters(type), { name: `Hliníková ${type.toLowerCase().replaceAll("_", " ")} Žula` }));
  }
  return made;
}

export const OFFER_TYPES = ["FENCE", "GATE", "WICKET", "TWO_WING_GATE"] as const satisfies readonly ProductType[];

export interface OfferOrder {
  id: number;
  /** What each fence item, accessory and line is called in the offer. */
  names: string[];
}

/**
 * An order of OFFER_CUSTOMER with a fence item of each OFFER_TYPES (the fence with two posts as
 * accessories), an other line, an assembly line, 42,5 km of shipping at 18 Kč and a 1 000 Kč
 * discount. `items` sets how many fence items (cycling through the types).
 */
export async function createOfferOrder(ctx: Ctx, options: { items?: number; order?: Record<string, unknown> } = {}): Promise<OfferOrder> {
  const products = await createOfferProducts(ctx.db, OFFER_TYPES);
  const posts = (await createFenceCategory(ctx.db, { creation: false, name: `Sloupky ${nextNumber()}` })).categoryId;
  const post = await createFenceProduct(ctx.db, { categoryId: posts, parameters: {} }, {}, { name: "Sloupek 60×60 žárový zinek" });
  const gravel = await createProduct(ctx.db, { name: "Štěrk pod podhrabové desky", unitPrice: "289.90" });
  const assembly = await createProduct(ctx.db, { name: "Montáž plotových polí", unitPrice: "650.00" });
  const shipping = await createShipping(ctx, { name: `Vlastní doprava ${nextNumber()}`, price: 18, priceByDistance: true });
  const id = await createFenceOrder(ctx, { ...OFFER_CUSTOMER, ...options.order });
  const count = options.items ?? OFFER_TYPES.length;
  const items = Array.from({ length: count }, (_, index) => {
    const type = OFFER_TYPES[index % OFFER_TYPES.length]!;
    const item = { ...fenceItemOfType(type, products.get(type)!), tmpId: `i${index}` };
    return type === "FENCE" ? { ...item, subProducts: [{ productCategory: posts, product: post, amount: 5, unitPrice: 489.5 }] } : item;
  });
  await editOrderItems({
    ctx,
    input: {
      id,
      values: {
        items,
        otherItems: [{ product: gravel, amount: 3, unitPrice: 289.9, tmpId: "o1" }],
        assemblyItems: [{ product: assembly, amount: 4, unitPrice: 650, tmpId: "a1" }],
        shippingType: shipping,
        shippingDistance: 42.5,
        shippingUnitPrice: 18,
        discountDescription: "Sleva za včasnou objednávku",
        discountAmount: 1000,
        note: "Plot bude kotven do betonové podezdívky.",
      },
    },
  });
  const productNames = (await ctx.db.execute(sql`select name from products where id in (${sql.join([...products.values(), post, gravel, assembly], sql`, `)})`)) as unknown as
    | { rows: { name: string }[] }
    | { name: string }[];
  const names = (Array.isArray(productNames) ? productNames : productNames.rows).map((row) => row.name);
  return { id, names };
}

/** The PDF's text as poppler reads it (pdftotext, UTF-8, in reading order); throws when poppler-utils is missing. */
export async function popplerText(pdf: Uint8Array, options: { layout?: boolean } = {}): Promise<string> {
  const binary = Bun.which("pdftotext");
  if (!binary) throw new Error("pdftotext is missing: install poppler-utils (apt-get install poppler-utils; .ci/run does)");
  const process = Bun.spawn([binary, "-enc", "UTF-8", ...(options.layout ? ["-layout"] : []), "-", "-"], { stdin: pdf, stdout: "pipe", stderr: "pipe" });
  const [text, errors, code] = await Promise.all([new Response(process.stdout).text(), new Response(process.stderr).text(), process.exited]);
  if (code !== 0) throw new Error(`pdftotext failed (${code}): ${errors}`);
  return text;
}

/** Runs of whitespace (no-break spaces included) as one space: what a search in a PDF viewer matches. */
export const flat = (text: string) => text.replace(/[\s\u00a0]+/g, " ").trim();
