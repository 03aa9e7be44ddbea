/**
 * What the items tab's editor offers besides the tab itself (docs/domain.md#items-tab-screen: shipping
 * types, categories, products with what the editor computes from, the parameters of dynamic
 * products): read once with the page, and one product at a time when the office picks one.
 */
import { and, asc, eq, inArray, isNull, like } from "drizzle-orm";
import { categories, categoryEditorRoles, products, shippingTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { cachedRead, tableNames } from "@/lib/read-cache";
import { foldText } from "@/lib/search-text";
import { parseInput } from "@/lib/validation";
import { categoryTree } from "@/modules/catalogue/category/service";
import { categorySubtreeIds } from "@/modules/catalogue/product/service";
import { editorCategoryIds } from "@/modules/settings/editor-categories/service";
import { productCategories } from "@db/schema";
import { flattenTree } from "@/modules/catalogue/category/tree";
import { type OrderRow, readOrderSnapshot } from "../order-snapshot/service";
import { type AssemblyRole, creationFieldOf } from "./engine";
import { type AssemblyProduct, assemblyProducts, editorItemsTabOf } from "./items-read";
import { type ProductParameters, readProductParameters } from "./product-parameters";
import { productFitsType } from "./product-types";
import { type ItemProductChoice, itemProductSearchInput, type EditorItemsTab, type ItemsTabChoices } from "./schemas";

const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

/**
 * Products as the editor computes with them: prices, role, the engine's parameters and the creation
 * parameters no item field fills. `known`: parameters already read (the order's), not read again.
 */
async function productChoices(ctx: Ctx, ids: readonly number[], known?: ProductParameters): Promise<ItemProductChoice[]> {
  if (!ids.length) return [];
  const [rows, parameters] = await Promise.all([
    ctx.db
      .select({ id: products.id, name: products.name, systemRole: products.systemRole, m2Price: products.m2Price, unitPrice: products.unitPrice })
      .from(products)
      .where(inArray(products.id, [...ids]))
      .orderBy(asc(products.id)),
    readProductParameters(ctx, ids, known),
  ]);
  return choicesOf(rows, parameters);
}

type ProductFacts = { id: number; name: string; systemRole: string | null; m2Price: string | null; unitPrice: string | null };

/** The products as the editor computes with them, from their rows and parameters already read. */
function choicesOf(rows: readonly ProductFacts[], parameters: ProductParameters): ItemProductChoice[] {
  return rows.map((row) => {
    const own = parameters.valuesOf(row.id);
    return {
      ...row,
      m2Price: numberOrNull(row.m2Price),
      unitPrice: numberOrNull(row.unitPrice),
      parameters: parameters.engineOf(row.id),
      // Height, length and colour come from the item itself (creation.ts); the rest the office enters.
      creation: own
        .filter((parameter) => parameter.creationParameter && creationFieldOf(parameter.name) === null)
        .map((parameter) => ({ id: parameter.id, name: parameter.name, unit: parameter.unit, default: parameter.default, required: parameter.required })),
    };
  });
}

export async function itemProductChoices({ ctx, input }: { ctx: Ctx; input: { ids: readonly number[] } }): Promise<ItemProductChoice[]> {
  return productChoices(ctx, [...new Set(input.ids)]);
}

/** `GET /api/orders/fenceOrder/itemProduct/:id`: one product as the editor computes with it; 404 when there is none. */
export async function getItemProductChoice({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<ItemProductChoice> {
  const [found] = await itemProductChoices({ ctx, input: { ids: [input.id] } });
  if (!found) throw AppError.notFound();
  return found;
}

/** How many matches the picker lists; candidates read before those of another type are left out. */
const PICKER_SIZE = 15;
const PICKER_CANDIDATES = 60;

/**
 * `GET /api/orders/fenceOrder/itemProducts?type=&name=`: what a fence item's product picker offers:
 * base products (no variants) whose name has the text, of the item's type only (product-types.ts;
 * before that a gate's product could be offered, and picked by the keyboard, in a fence item).
 */
export async function searchItemProducts({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ id: number; name: string; systemRole: string | null }[]> {
  const { type, name } = parseInput(itemProductSearchInput, input);
  const folded = foldText(name ?? "").trim();
  // docs/domain.md#editor-categories: only the fence categories' products (and their subcategories'), once chosen in settings.
  const { fence } = await editorCategoryIds({ ctx });
  const within = fence.length ? await categorySubtreeIds({ ctx, input: { ids: fence } }) : null;
  const rows = await ctx.db
    .select({ id: products.id, name: products.name, systemRole: products.systemRole })
    .from(products)
    .where(
      and(
        isNull(products.baseProductId),
        folded ? like(products.searchName, `%${folded.replace(/[\\%_]/g, "\\$&")}%`) : undefined,
        within ? inArray(products.id, ctx.db.select({ id: productCategories.productId }).from(productCategories).where(inArray(productCategories.categoryId, within.length ? within : [0]))) : undefined,
      ),
    )
    .orderBy(asc(products.sortName), asc(products.id))
    .limit(PICKER_CANDIDATES);
  if (!type || type === "CUSTOM") return rows.slice(0, PICKER_SIZE);
  const parameters = await readProductParameters(ctx, rows.map((row) => row.id));
  return rows.filter((row) => productFitsType(parameters.valuedKeysOf(row.id), type)).slice(0, PICKER_SIZE);
}

/** The editor's fixed choices: shipping types, categories (sub-products), the assembly products by role and the ATTENTION product. */
export async function itemsTabChoices({ ctx }: { ctx: Ctx }): Promise<ItemsTabChoices> {
  return (await fixedChoices(ctx)).choices;
}

/** The category tree's API (src/modules/catalogue/category/api.ts), revalidated by its ETag. */
const CATEGORY_TREE_URL = "/api/category/tree";

const FIXED_CHOICE_TABLES = tableNames(shippingTypes, categories, products, categoryEditorRoles);

/**
 * The same for every order: read once and kept (src/lib/read-cache.ts) until this instance writes
 * one of their tables; every items tab asks them (docs/decisions/083-throughput.md).
 */
function fixedChoices(ctx: Ctx): Promise<{ assembly: readonly AssemblyProduct[]; choices: ItemsTabChoices }> {
  return cachedRead(ctx.db, "itemsTabChoices", FIXED_CHOICE_TABLES, async () => {
    const assemblyRead = assemblyProducts(ctx);
    const [assembly, choices] = await Promise.all([assemblyRead, choicesWith(ctx, assemblyRead)]);
    return { assembly, choices };
  });
}

/** The fixed choices with the assembly products being read (the editor's page reads them once, for the tab's suggestion too). */
async function choicesWith(ctx: Ctx, assemblyRead: Promise<readonly AssemblyProduct[]>): Promise<ItemsTabChoices> {
  const [shipping, tree, assembly, attention, editorCategories] = await Promise.all([
    ctx.db
      .select({ id: shippingTypes.id, name: shippingTypes.name, price: shippingTypes.price, priceByDistance: shippingTypes.priceByDistance })
      .from(shippingTypes)
      .orderBy(asc(shippingTypes.name), asc(shippingTypes.id)),
    categoryTree({ ctx }),
    assemblyRead,
    ctx.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.systemRole, "ATTENTION")),
    editorCategoryIds({ ctx }),
  ]);
  return {
    shippingTypes: shipping.map((row) => ({ ...row, price: Number(row.price) })),
    categories: flattenTree(tree),
    assembly: assembly.map((row) => ({ role: row.systemRole as AssemblyRole, id: row.id, name: row.name, unitPrice: numberOrNull(row.unitPrice) })),
    attentionProductId: attention[0]?.id ?? null,
    attentionProductName: attention[0]?.name ?? null,
    editorCategories,
  };
}

/**
 * Everything the items tab's page gives its editor: the tab (as its GET answers it), its fence
 * items' products (their parameters the order's snapshot read already) and the fixed choices; and
 * the order's row the snapshot read, for the page's header (the page reads the order once).
 */
export async function itemsEditorData({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ order: OrderRow; tab: EditorItemsTab; products: ItemProductChoice[]; choices: ItemsTabChoices }> {
  const [snapshot, { assembly, choices }] = await Promise.all([readOrderSnapshot(ctx, input.id), fixedChoices(ctx)]);
  // The snapshot read the items' products with them: their names, roles, prices and parameters.
  const facts = new Map<number, ProductFacts>();
  for (const item of snapshot.items) if (item.product && item.productPrices) facts.set(item.product.id, { id: item.product.id, name: item.product.name, ...item.productPrices });
  const products = choicesOf([...facts.values()].sort((a, b) => a.id - b.id), snapshot.parameters);
  const tab = editorItemsTabOf(snapshot, { lang: ctx.lang, assembly });
  // The whole category list (1,000 categories: 110 KB of the page) the editor fetches once the page is
  // up, and the browser keeps by its ETag; the page carries only the categories the order's lines name,
  // so its selects show them at once (docs/decisions/083-throughput.md).
  const named = new Set(tab.items.flatMap((item) => item.subProducts.flatMap((sub) => (sub.productCategory ? [sub.productCategory.id] : []))));
  return { order: snapshot.order, tab, products, choices: { ...choices, categories: choices.categories.filter((category) => named.has(category.id)), categoryTreeUrl: CATEGORY_TREE_URL } };
}
