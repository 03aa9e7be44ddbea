/**
 * The items tab's save, its first half: what was sent, parsed (`parseTab`), the references it names
 * read (`readReferences`), and every rule checked (`checkTab`) before anything is written; the save
 * itself is items-write.ts (docs/domain.md#items-tab).
 */
import { and, inArray } from "drizzle-orm";
import { categories, products, shippingTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import { issueFields } from "@/lib/validation";
import { VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/schemas";
import { type OrderSnapshot } from "../order-snapshot/service";
import { computeFenceItem, type FenceItemComputation, type OtherItemType, SUB_PRODUCT_TO_CHOOSE } from "./engine";
import { type ItemRow } from "./item-row";
import { type ProductParameters, readProductParameters } from "./product-parameters";
import { editItemsInput, type FenceItemDraft, fenceItemDraftInput, type OtherItemInput, otherItemInput, type SubProductInput } from "./schemas";
import { productFitsType } from "./product-types";
import { creationValuesFor, type VariantBase, type VariantRequest } from "./variants.service";

export type Fields = Record<string, Message>;
type Header = Omit<ReturnType<typeof editItemsInput.parse>, "items" | "otherItems" | "assemblyItems">;

const headerInput = editItemsInput.omit({ items: true, otherItems: true, assemblyItems: true });

/** What was sent, parsed: a list left out is undefined, a row with format errors null (its messages are in `fields`). */
export interface ParsedTab {
  sent: (key: string) => boolean;
  header: Header;
  items?: (FenceItemDraft | null)[];
  otherItems?: (OtherItemInput | null)[];
  assemblyItems?: (OtherItemInput | null)[];
  /** Whether a row of `items` sent its sub-products (an existing item that did not keeps them). */
  sentSubProducts: (index: number) => boolean;
  fields: Fields;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Parses the body; on format errors each row is parsed alone, so the rows that are fine are still checked (all messages at once). */
export function parseTab(values: unknown): ParsedTab {
  if (!isRecord(values)) throw AppError.invalid({ _: msg("validation.invalid") });
  const sent = (key: string) => Object.hasOwn(values, key) && values[key] !== undefined;
  const rawItems = Array.isArray(values.items) ? values.items : [];
  const sentSubProducts = (index: number) => isRecord(rawItems[index]) && Object.hasOwn(rawItems[index], "subProducts");
  const result = editItemsInput.safeParse(values);
  if (result.success) {
    const { items, otherItems, assemblyItems, ...header } = result.data;
    return {
      sent,
      header,
      items: sent("items") ? items : undefined,
      otherItems: sent("otherItems") ? otherItems : undefined,
      assemblyItems: sent("assemblyItems") ? assemblyItems : undefined,
      sentSubProducts,
      fields: {},
    };
  }
  // A list over its length was refused before its rows were read (boundedArray): reading them one by one now would undo that.
  const tooLong = result.error.issues.filter((issue) => issue.message === "validation.maxItems");
  if (tooLong.length) throw AppError.invalid(issueFields(tooLong, { style: "brackets" }));
  const rows = <T>(key: string, schema: { safeParse(value: unknown): { success: boolean; data?: T } }): (T | null)[] | undefined => {
    if (!sent(key)) return undefined;
    const list = values[key];
    return Array.isArray(list) ? list.map((row) => schema.safeParse(row).data ?? null) : [];
  };
  return {
    sent,
    header: headerInput.safeParse(values).data ?? ({} as Header),
    items: rows<FenceItemDraft>("items", fenceItemDraftInput),
    otherItems: rows<OtherItemInput>("otherItems", otherItemInput),
    assemblyItems: rows<OtherItemInput>("assemblyItems", otherItemInput),
    sentSubProducts,
    fields: issueFields(result.error.issues, { style: "brackets" }),
  };
}

// ---- checking -----------------------------------------------------------------------------------

export interface References {
  products: Map<number, VariantBase>;
  categories: Map<number, string>;
  /** The fence items' products' parameters: those the stored items had, and the others sent. */
  parameters: ProductParameters;
  shippingType: { id: number; price: string; priceByDistance: boolean } | null;
}

/** The products, categories, parameters and shipping type the save refers to, read in one round (parameters the stored tab had are not read again). */
export async function readReferences(ctx: Ctx, parsed: ParsedTab, stored: OrderSnapshot): Promise<References> {
  const shippingTypeId = parsed.sent("shippingType") ? (parsed.header.shippingType ?? null) : stored.order.shippingTypeId;
  const found = await readTabsReferences(ctx, [parsed], shippingTypeId === null ? [] : [shippingTypeId], stored.parameters);
  return { ...found, shippingType: shippingTypeId === null ? null : (found.shippingTypes.get(shippingTypeId) ?? null) };
}

/** What some parsed tabs refer to (their products, categories, the fence items' products' parameters) and these shipping types, read in one round. */
export async function readTabsReferences(
  ctx: Ctx,
  tabs: readonly ParsedTab[],
  shippingTypeIds: readonly number[],
  known?: ProductParameters,
): Promise<Omit<References, "shippingType"> & { shippingTypes: Map<number, NonNullable<References["shippingType"]>> }> {
  const productIds = new Set<number>();
  const categoryIds = new Set<number>();
  const itemProducts = new Set<number>();
  for (const parsed of tabs) {
    for (const item of parsed.items ?? []) {
      if (item?.product) (productIds.add(item.product), itemProducts.add(item.product));
      for (const line of item?.subProducts ?? []) {
        if (line.product && line.product !== SUB_PRODUCT_TO_CHOOSE) productIds.add(line.product);
        if (line.productCategory) categoryIds.add(line.productCategory);
      }
    }
    for (const line of [...(parsed.otherItems ?? []), ...(parsed.assemblyItems ?? [])]) if (line && line.product !== VIRTUAL_CUSTOM_PRODUCT_ID) productIds.add(line.product);
  }
  const [productRows, categoryRows, parameters, shipping] = await Promise.all([
    productIds.size
      ? ctx.db
          .select({ id: products.id, name: products.name, invoiceName: products.invoiceName, vatId: products.vatId, weight: products.weight, unitPrice: products.unitPrice, m2Price: products.m2Price })
          .from(products)
          .where(inArray(products.id, [...productIds]))
      : [],
    categoryIds.size ? ctx.db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, [...categoryIds])) : [],
    readProductParameters(ctx, [...itemProducts], known),
    shippingTypeIds.length
      ? ctx.db
          .select({ id: shippingTypes.id, price: shippingTypes.price, priceByDistance: shippingTypes.priceByDistance })
          .from(shippingTypes)
          .where(inArray(shippingTypes.id, [...new Set(shippingTypeIds)]))
      : [],
  ]);
  return {
    products: new Map(productRows.map((row) => [row.id, row])),
    categories: new Map(categoryRows.map((row) => [row.id, row.name])),
    parameters,
    shippingTypes: new Map(shipping.map((row) => [row.id, row])),
  };
}

export interface ItemPlan {
  index: number;
  item: FenceItemDraft;
  existing: ItemRow | null;
  computed: FenceItemComputation;
  variant: VariantRequest | null;
  /** undefined: the item keeps its stored sub-products. */
  subProducts?: SubProductInput[];
}

export interface OtherPlan {
  itemType: OtherItemType;
  index: number;
  line: OtherItemInput;
}

/** Adds `message` under `field` unless the field has one already (the first is the one shown at the field). */
export const flag = (fields: Fields, field: string, message: Message) => {
  fields[field] ??= message;
};

/** Every rule of docs/domain.md#fence-item-validation (and its sub-products and other items) over what was sent; the plans of what to write. */
export function checkTab(parsed: ParsedTab, stored: Pick<OrderSnapshot, "items" | "otherItems" | "assemblyItems">, refs: References): { items: ItemPlan[]; others: OtherPlan[]; fields: Fields } {
  const fields: Fields = { ...parsed.fields };
  const storedItems = new Map(stored.items.map((item) => [item.row.id, item.row]));
  const storedSubProducts = new Map(stored.items.map((item) => [item.row.id, item.subProducts]));
  const tmpIds = new Set<string>();
  const checkTmpId = (tmpId: string | undefined, path: string) => {
    if (tmpId === undefined) return;
    if (tmpIds.has(tmpId)) flag(fields, `${path}.tmpId`, msg("fenceItem.save.tmpIdTwice", { tmpId }));
    tmpIds.add(tmpId);
  };
  /** A row's id: one of the rows it may update (`known`), and listed once (`listed`, per list). */
  const checkId = (id: number | null | undefined, known: (id: number) => boolean, listed: Set<number>, path: string) => {
    if (!id) return;
    if (!known(id)) flag(fields, `${path}.id`, msg("fenceItem.save.notInOrder", { id }));
    if (listed.has(id)) flag(fields, `${path}.id`, msg("fenceItem.save.listedTwice", { id }));
    listed.add(id);
  };
  const checkProduct = (id: number | null | undefined, path: string) => {
    if (id && id > 0 && !refs.products.has(id)) flag(fields, path, msg("fenceItem.save.productNotFound", { id }));
  };

  const items: ItemPlan[] = [];
  const listedItems = new Set<number>();
  for (const [index, item] of (parsed.items ?? []).entries()) {
    const path = `items[${index}]`;
    if (!item) continue;
    checkTmpId(item.tmpId, path);
    const existing = item.id ? (storedItems.get(item.id) ?? null) : null;
    checkId(item.id, (id) => storedItems.has(id), listedItems, path);
    checkProduct(item.product, `${path}.product`);
    const parameters = refs.parameters.valuesOf(item.product);
    // Only a product of the item's type (a gate is not a fence field; docs/decisions/034-items-tab-version.md).
    const chosen = item.product ? refs.products.get(item.product) : undefined;
    if (chosen && !productFitsType(refs.parameters.valuedKeysOf(item.product), item.productType)) flag(fields, `${path}.product`, msg("fenceItem.save.productOfOtherType", { name: chosen.name }));

    // The engine: required fields per type, fillings at least 0 (one rule set with the island).
    const computed = computeFenceItem(item, refs.parameters.engineOf(item.product));
    for (const issue of computed.validation.errors) flag(fields, `${path}.${issue.field}`, msg(issue.message, issue.params));

    // Dynamic products: the variant of the product for the item's creation values.
    const creation = creationValuesFor(item, parameters, path);
    for (const [field, message] of Object.entries(creation.errors)) flag(fields, field, message);
    const base = item.product ? refs.products.get(item.product) : undefined;
    const variant = base && creation.values.length ? { base, parameters, values: creation.values } : null;

    // Sub-products: a product where the line says one is still to be chosen (-2); none of a category removed to the last.
    const keepsSubProducts = existing !== null && !parsed.sentSubProducts(index);
    const lines = keepsSubProducts ? undefined : item.subProducts;
    const before = existing ? (storedSubProducts.get(existing.id) ?? []) : [];
    const listedLines = new Set<number>();
    for (const [j, line] of (lines ?? []).entries()) {
      const linePath = `${path}.subProducts[${j}]`;
      checkTmpId(line.tmpId, linePath);
      if (line.product === SUB_PRODUCT_TO_CHOOSE) flag(fields, `${linePath}.product`, msg("validation.required"));
      else checkProduct(line.product, `${linePath}.product`);
      if (line.productCategory && !refs.categories.has(line.productCategory)) flag(fields, `${linePath}.productCategory`, msg("fenceItem.save.categoryNotFound", { id: line.productCategory }));
      checkId(line.id, (id) => before.some((stored) => stored.row.id === id), listedLines, linePath);
    }
    if (lines && before.length) {
      for (const { row, category } of before) {
        if (category === null || lines.some((line) => line.id === row.id)) continue;
        if (!lines.some((line) => line.productCategory === category.id)) {
          flag(fields, `${path}.subProducts`, msg("fenceItem.subProduct.lastOfCategory", { category: category.name || category.id }));
        }
      }
    }
    items.push({ index, item, existing, computed, variant, subProducts: lines });
  }

  const storedOthers = new Set([...stored.otherItems, ...stored.assemblyItems].map((line) => line.row.id));
  const listedOthers = new Set<number>();
  const others: OtherPlan[] = [];
  for (const [itemType, list, name] of [
    ["OTHER", parsed.otherItems, "otherItems"],
    ["ASSEMBLY", parsed.assemblyItems, "assemblyItems"],
  ] as const) {
    for (const [index, line] of (list ?? []).entries()) {
      const path = `${name}[${index}]`;
      if (!line) continue;
      checkTmpId(line.tmpId, path);
      checkId(line.id, (id) => storedOthers.has(id), listedOthers, path);
      // The virtual custom product has no row: its own name is the only one it has.
      if (line.product === VIRTUAL_CUSTOM_PRODUCT_ID && !line.invoiceName) flag(fields, `${path}.invoiceName`, msg("validation.required"));
      checkProduct(line.product, `${path}.product`);
      others.push({ itemType, index, line });
    }
  }

  if (parsed.sent("shippingType") && parsed.header.shippingType && !refs.shippingType) {
    flag(fields, "shippingType", msg("fenceItem.save.shippingTypeNotFound", { id: parsed.header.shippingType }));
  }
  return { items, others, fields };
}

// ---- writing ------------------------------------------------------------------------------------
