/**
 * Tab 1 of the order editor (docs/domain.md#items-tab) through app.request(): the page renders the items
 * editor island with the tab's GET as its initial props (so the first paint shows the items, the
 * numbers, the drawing and the summary), the products its items use with the engine's parameters,
 * the choices, and exactly the texts the editor asks for; and the product call the editor makes
 * when the office picks a product.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { fenceOrders } from "@db/schema";
import { FENCE_ITEMS_TEXT_KEYS } from "@islands/orders/fence-items-texts";
import { draftOf } from "@islands/orders/fence-items-model";
import { SPACER_TEXT_KEYS } from "@islands/manufacture/spacer-texts";
import { formatMoney } from "@/lib/money";
import type { FenceItemsEditorProps } from "@islands/orders/fence-items-editor";
import { type Session, useTestApp } from "../helpers/app";
import { createCategory, createFenceCategory, createFenceOrder, createProduct, createFenceOrderWithItems, createFenceProduct, createShipping, FENCE_1_PARAMETERS, fence1Item } from "../helpers/factories";
import type { EditorFenceItem, EditorItemsTab, ItemsTab } from "@/modules/orders/fence-item/schemas";
import { html as htmlOf, okJson } from "./support";

/** The GET's tab with each fence item's references and the entered fields that have a value: what the page gives the editor. */
function enteredOf(tab: ItemsTab): EditorItemsTab {
  const derived = new Set(["area", "totalArea", "realFillingHeight", "realFillingWidth", "realGatePartFillingWidth", "realSolidPartFillingWidth", "fieldFillingWidth", "fieldFillingWidthAlt", "slatCount", "slatCountAlt", "tail", "tailAlt", "weight", "totalWeight", "deductions", "unitPrice", "totalPrice", "validation"]);
  const references = new Set(["id", "product", "manufacturedProduct", "parameters", "subProducts"]);
  return { ...tab, items: tab.items.map((item) => Object.fromEntries(Object.entries(item).filter(([name, value]) => references.has(name) || (!derived.has(name) && value !== null))) as EditorFenceItem) };
}

const t = useTestApp();
let session: Session;
let product: number;
let orderId: number;

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[name]!);

/** The island's mount and the JSON props right after it (islands/Island.tsx). */
function islandOf(html: string): FenceItemsEditorProps {
  const match = /<div data-island="fence-items"[^>]*>[\s\S]*?<\/div><script type="application\/json" data-island-props="">([^<]*)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as FenceItemsEditorProps;
}

/** Fields kept in the item's details, the first and last of them among them: the page must carry each. */
const ENTERED_DETAILS = { lengthBottom: 2000, readNote: true, installationPosition: "u vjezdu", elevationLeftUpper: 120, undividedFilling: false };

beforeAll(async () => {
  session = await t.current.login();
  const ctx = { ...t.current.ctx, userId: session.user.id };
  const category = await createFenceCategory(ctx.db, { name: "Hliníkové ploty" });
  product = await createFenceProduct(ctx.db, category, FENCE_1_PARAMETERS, { name: "Plot Lamela Tab" });
  const shipping = await createShipping(ctx, { name: "Dodávka tab", price: "18.00", priceByDistance: true });
  ({ id: orderId } = await createFenceOrderWithItems(ctx, { items: [{ ...fence1Item(product), tmpId: "a", ...ENTERED_DETAILS }], otherItems: [{ amount: 2, unitPrice: 1290 }] }));
  await okJson(await session.api(`/api/orders/fenceOrder/${orderId}/items`, { method: "PUT", json: { itemsVersion: 2, shippingType: shipping, shippingDistance: 42.5 } }));
});

describe("GET /orders/fenceOrder/:id?tab=1", () => {
  test("the page's props carry only the categories the order's sub-product lines name, at their depth in the tree", async () => {
    const ctx = { ...t.current.ctx, userId: session.user.id };
    const parent = await createCategory(ctx.db, { name: "Příslušenství tab" });
    const child = await createCategory(ctx.db, { name: "Sloupky tab", parentId: parent });
    const post = await createProduct(ctx.db, { name: "Sloupek 60 × 60", unitPrice: "390.00", categoryIds: [child] });
    const { id } = await createFenceOrderWithItems(ctx, {
      items: [{ ...fence1Item(product), tmpId: "s", subProducts: [{ tmpId: "p", productCategory: child, product: post, amount: 2 }] }],
      otherItems: [],
    });
    const props = islandOf(await htmlOf(await session.page(`/orders/fenceOrder/${id}?tab=1`)));
    expect(props.tab.items[0]!.subProducts.map((sub) => sub.productCategory?.id)).toEqual([child]);
    expect(props.choices.categories).toEqual([{ id: child, name: "Sloupky tab", depth: 1 }]);
  });

  test("renders the items editor island with the tab's GET as its props, and its first paint shows the items, the drawing and the summary", async () => {
    const response = await session.page(`/orders/fenceOrder/${orderId}?tab=1`);
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    const props = islandOf(html);
    const api = (await okJson(await session.api(`/api/orders/fenceOrder/${orderId}/items`))).data;

    expect(props.orderId).toBe(orderId);
    // The GET's tab as the form reads it: each item's entered fields and references; the derived numbers the editor computes itself.
    expect(props.tab).toEqual(enteredOf(api));
    expect(api.items[0]).toMatchObject({ productType: "FENCE", height: 1800, slatCount: 14, totalPrice: 66150 });
    expect(props.tab.items[0]).toMatchObject({ productType: "FENCE", height: 1800, ...ENTERED_DETAILS });
    expect(props.tab.items[0]).not.toHaveProperty("slatCount");
    expect(props.tab.items[0]).not.toHaveProperty("validation");
    expect(Object.values(props.tab.items[0]!).includes(null)).toBe(false);
    expect(draftOf(props.tab, "sleva")).toEqual(draftOf(api, "sleva"));
    expect(props.tab).toMatchObject({ shippingDistance: 42.5, shippingUnitPrice: 18, shippingPrice: 765 });
    // The products of its items, with what the engine computes from.
    expect(props.products).toMatchObject([{ id: product, name: "Plot Lamela Tab", systemRole: null, m2Price: 2450, unitPrice: null, parameters: { ...FENCE_1_PARAMETERS }, creation: [] }]);
    // The choices: shipping types, categories, the assembly products by role, the ATTENTION product.
    expect(props.choices.shippingTypes.some((type) => type.name === "Dodávka tab" && type.price === 18 && type.priceByDistance)).toBe(true);
    // Categories: only those its lines name (none here); the whole tree comes from its API after hydration.
    expect(props.choices.categories).toEqual([]);
    expect(props.choices.categoryTreeUrl).toBe("/api/category/tree");
    const tree = (await okJson(await session.api(props.choices.categoryTreeUrl!))).data as { name: string }[];
    expect(tree.some((node) => node.name === "Hliníkové ploty")).toBe(true);
    expect(props.choices.assembly.map((row) => row.role).sort()).toEqual(["ASSEMBLY_FENCE", "ASSEMBLY_GATE", "ASSEMBLY_WICKET"]);
    expect(props.choices.attentionProductId).toBeGreaterThan(0);
    // Exactly the texts it asks for, translated, placeholders left for the browser.
    expect(Object.keys(props.texts).sort()).toEqual([...FENCE_ITEMS_TEXT_KEYS].sort());
    expect(props.texts["fenceItem.editor.items"]).toBe("Plotové položky");
    expect(props.texts["fenceItem.drawing.slats"]).toBe("Lamely {{count}} × {{slat}} mm, mezera {{spacer}} mm, zbytek {{tail}} mm");
    expect(Object.values(props.texts).every((text) => !text.startsWith("fenceItem."))).toBe(true);
    expect(Object.keys(props.spacerTexts).length).toBeGreaterThanOrEqual(SPACER_TEXT_KEYS.length);

    // Server-rendered: the first item open with its numbers and drawing, the summary, the manufacture link; the islands script.
    expect(html).toContain("Plot Lamela Tab");
    expect(html).toMatch(/<svg[^>]*data-slats="14"/);
    expect(html).toContain('data-computed="slatCount"');
    expect(html).toContain(formatMoney(api.summary.total, "cs"));
    expect(html).toContain(formatMoney(api.summary.priceWithoutVat, "cs"));
    expect(html).toContain(`href="/orders/fenceOrder/manufacture/${orderId}"`);
    expect(html).toMatch(/<input[^>]*aria-required="true"[^>]*name="items\[0\]\.height" value="1800"/);
    expect(html).toContain("/build/client.js");
    expect(html).not.toContain("Tato část se připravuje.");
  });

  test("a new order's tab 1 is the empty editor; tab 1 has no lazy fragment; English texts in English", async () => {
    const empty = await createFenceOrder({ ...t.current.ctx, userId: session.user.id });
    const props = islandOf(await htmlOf(await session.page(`/orders/fenceOrder/${empty}?tab=1`)));
    expect(props.tab.items).toEqual([]);
    expect(props.products).toEqual([]);
    expect(props.tab.summary).toEqual({ priceWithoutVat: 0, vatRate: 21, vat: 0, total: 0 });
    expect((await session.page(`/orders/fenceOrder/${empty}/tab/1`, { headers: { "HX-Request": "true" } })).status).toBe(404);

    const english = await t.current.login();
    expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    const html = await htmlOf(await english.page(`/orders/fenceOrder/${orderId}?tab=1`));
    expect(islandOf(html).texts["fenceItem.editor.items"]).toBe("Fence items");
    expect(html).toContain("Fence items");
    expect(html).not.toContain("Plotové položky");
  });
});

describe("prices the tab takes from elsewhere say where they come from", () => {
  test("an empty shipping unit price shows the type's as text; an assembly offer without a price says where to set it", async () => {
    const ctx = { ...t.current.ctx, userId: session.user.id };
    const category = await createFenceCategory(ctx.db, { name: "Ploty bez montáže" });
    const { assemblyPrice: _none, ...withoutAssembly } = FENCE_1_PARAMETERS;
    const plain = await createFenceProduct(ctx.db, category, withoutAssembly, { name: "Plot Bez Montáže" });
    const shipping = await createShipping(ctx, { name: "Dodávka 150", price: "150.00", priceByDistance: true });
    const { id } = await createFenceOrderWithItems(ctx, { items: [{ ...fence1Item(plain), tmpId: "a" }], otherItems: [] });
    // A type chosen, no unit price of the order's own (as while the office picks the type, before the save fills it in).
    await ctx.db.update(fenceOrders).set({ shippingTypeId: shipping, shippingDistance: "10", shippingUnitPrice: null }).where(eq(fenceOrders.id, id));
    const raw = await htmlOf(await session.page(`/orders/fenceOrder/${id}?tab=1`));
    const html = decode(raw);
    const props = islandOf(raw);
    expect(props.tab.shippingUnitPrice).toBeNull();
    const assembly = props.choices.assembly.find((row) => row.role === "ASSEMBLY_FENCE")!;
    expect(assembly.unitPrice).toBeNull();

    // The unit price field is empty, and the price it takes is said beside it (not a grey placeholder).
    expect(html).toMatch(/<input[^>]*id="fi-offer-shippingUnitPrice"[^>]*aria-describedby="fi-offer-shippingUnitPrice-msg"[^>]*value=""/);
    expect(html.replace(/\u00a0/g, " ")).toContain('<span class="field-hint" id="fi-offer-shippingUnitPrice-msg">Nevyplněno – platí cena způsobu dopravy 150,00 Kč</span>');
    // The offer without a price says so, and where to set it, with a link to the product.
    const line = /<li[^>]*data-suggested="(\d+)"[^>]*>(.*?)<\/li>/s.exec(html)!;
    expect(line[2]!.replace(/<[^>]+>/g, "").replace(/\u00a0/g, " ")).toContain(
      `${assembly.name}: 6 ks × bez ceny Cenu doplňte jako parametr „Cena montáže“ výrobku plotové položky, nebo jako cenu výrobku „${assembly.name}“ v katalogu. Otevřít výrobek „${assembly.name}“`,
    );
    expect(line[2]).toContain(`href="/products/${assembly.id}"`);
  });
});

describe("GET /api/orders/fenceOrder/itemProducts", () => {
  test("a fence item's picker is offered the products of its type only; any for a custom item; a type that is none is 422", async () => {
    const category = await createFenceCategory(t.current.ctx.db, { name: "Ploty a brány výběr" });
    const fence = await createFenceProduct(t.current.ctx.db, category, FENCE_1_PARAMETERS, { name: "Výběr Plot" });
    const gate = await createFenceProduct(t.current.ctx.db, category, { ...FENCE_1_PARAMETERS, post: 100, lock: 40 }, { name: "Výběr Branka" });
    const offered = async (type: string) => ((await okJson(await session.api(`/api/orders/fenceOrder/itemProducts?name=vyber&type=${type}`))).data as { id: number }[]).map((row) => row.id);
    expect(await offered("FENCE")).toEqual([fence]);
    expect(await offered("WICKET")).toEqual([gate]);
    expect((await offered("CUSTOM")).sort()).toEqual([fence, gate].sort());
    expect((await session.api("/api/orders/fenceOrder/itemProducts?name=x&type=PLOT")).status).toBe(422);
  });
});

describe("GET /api/orders/fenceOrder/itemProduct/:id", () => {
  test("answers a product as the editor computes with it; 404 for none", async () => {
    const data = (await okJson(await session.api(`/api/orders/fenceOrder/itemProduct/${product}`))).data;
    expect(data).toMatchObject({ id: product, name: "Plot Lamela Tab", m2Price: 2450, parameters: { pieceHeight: 100, topBar: 30, assemblyPrice: 350 }, creation: [] });
    expect((await session.api("/api/orders/fenceOrder/itemProduct/99999999")).status).toBe(404);
  });
});
