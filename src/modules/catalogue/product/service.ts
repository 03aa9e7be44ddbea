import { and, asc, count, countDistinct, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import { compareByName } from "@/lib/czech-order";
import { toVat, vatRatesById } from "../vat/service";
import { basketItems, categories, productCategories, productParameterValues, products, vatRates } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { createCrudService, isRowId } from "@/lib/crud/service";
import { AppError, type Message, msg } from "@/lib/errors";
import { formatDecimal } from "@/lib/money";
import { readBoolean } from "@/lib/zod-fields";
import { parseCategoryIds } from "../category/tree";
import { type Product, type ProductInput, type ProductVat, productInput, type SystemRole } from "./schemas";

/** 50,000 products: a broad filter counts up to here and shows "1 000+". */
const PRODUCT_COUNT_CAP = 1000;

const toProduct = (row: typeof products.$inferSelect): Product => ({
  id: row.id,
  name: row.name,
  invoiceName: row.invoiceName,
  categories: [],
  vat: row.vatId === null ? null : { id: row.vatId, name: "", rate: 0, active: true },
  storable: row.storable,
  active: row.active,
  notForPainting: row.notForPainting,
  ean13: row.ean13,
  url: row.url,
  weight: Number(row.weight),
  scaleToleranceAmount: row.scaleToleranceAmount,
  systemRole: row.systemRole as SystemRole | null,
  baseProduct: row.baseProductId === null ? null : { id: row.baseProductId, name: "" },
});

/** Category names, VAT rates and variants' base products of a whole page of products: two queries at most, whatever the page size. */
async function withReferences({ ctx, entities }: { ctx: Ctx; entities: Product[] }): Promise<Product[]> {
  if (!entities.length) return entities;
  const ids = entities.map((entity) => entity.id);
  const vatIds = [...new Set(entities.flatMap((entity) => (entity.vat ? [entity.vat.id] : [])))];
  const baseIds = [...new Set(entities.flatMap((entity) => (entity.baseProduct ? [entity.baseProduct.id] : [])))];
  const [links, vatById, bases] = await Promise.all([
    ctx.db
      .select({ productId: productCategories.productId, id: categories.id, name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, ids)),
    vatIds.length ? vatRatesById({ ctx, input: { ids: vatIds } }) : new Map<number, ProductVat>(),
    baseIds.length ? ctx.db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, baseIds)) : [],
  ]);
  const baseById = new Map(bases.map((row) => [row.id, row]));
  const byProduct = new Map<number, Product["categories"]>();
  for (const { productId, id, name } of links) {
    const list = byProduct.get(productId);
    if (list) list.push({ id, name });
    else byProduct.set(productId, [{ id, name }]);
  }
  return entities.map((entity) => ({
    ...entity,
    // Sorted here, the Czech way; the database's collation may put "Č" after "Z".
    categories: (byProduct.get(entity.id) ?? []).sort(compareByName),
    vat: entity.vat ? (vatById.get(entity.vat.id) ?? null) : null,
    baseProduct: entity.baseProduct ? (baseById.get(entity.baseProduct.id) ?? entity.baseProduct) : null,
  }));
}

/**
 * Manufactured variants (filed in their base's categories, so category lists show them): `true`
 * lists only variants, `false` hides them; a word that is neither filters nothing, as a yes/no
 * column filter does.
 */
function variantFilter(value: string): SQL | undefined {
  const wanted = readBoolean(value);
  if (wanted === undefined) return undefined;
  return wanted ? isNotNull(products.baseProductId) : isNull(products.baseProductId);
}

/**
 * The given categories and every category below them, as an `(…)` subquery. `union` also ends
 * the walk should a loop ever get into the data.
 */
function descendantsSubquery(ids: number[]): SQL {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(with recursive down(id) as (
    select id from ${categories} where id in (${list})
    union
    select c.id from ${categories} c join down on c.parent_id = down.id
  ) select id from down)`;
}

/** The given categories and every category below them (ids that exist). */
export async function categorySubtreeIds({ ctx, input }: { ctx: Ctx; input: { ids: number[] } }): Promise<number[]> {
  if (!input.ids.length) return [];
  const rows = await ctx.db.select({ id: categories.id }).from(categories).where(inArray(categories.id, descendantsSubquery(input.ids)));
  return rows.map((row) => row.id);
}

/**
 * The products filter (docs/domain.md#category-filter) over already expanded ids: products in any of them. The ids
 * go in as values, so the planner sees how selective they are (a subquery it cannot estimate
 * made it scan every link row).
 */
function inCategories(value: string) {
  const ids = parseCategoryIds(value).filter(isRowId);
  if (!ids.length) return sql`false`;
  return inArray(
    products.id,
    sql`(select ${productCategories.productId} from ${productCategories} where ${inArray(productCategories.categoryId, ids)})`,
  );
}

async function checkReferences(ctx: Ctx, input: ProductInput, id: number | null): Promise<void> {
  const fields: Record<string, Message> = {};
  if (input.categories.length) {
    const found = new Set(
      (await ctx.db.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.categories))).map((row) => row.id),
    );
    const missing = input.categories.filter((categoryId) => !found.has(categoryId));
    if (missing.length) fields.categories = msg("product.unknownCategories", { ids: missing.join(", ") });
  }
  const [vat] = await ctx.db.select().from(vatRates).where(eq(vatRates.id, input.vat));
  if (!vat) fields.vat = msg("product.vatUnknown");
  else if (!vat.active) {
    // An inactive rate stays on a product that already has it, but is never chosen anew (docs/domain.md#vat).
    const [current] = id === null ? [] : await ctx.db.select({ vatId: products.vatId }).from(products).where(eq(products.id, id));
    if (current?.vatId !== vat.id) fields.vat = msg("product.vatInactive", { rate: formatDecimal(Number(vat.rate), ctx.lang) });
  }
  if (input.ean13) {
    const [other] = await ctx.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(id === null ? eq(products.ean13, input.ean13) : and(eq(products.ean13, input.ean13), ne(products.id, id)))
      .limit(1);
    if (other) fields.ean13 = msg("product.eanTaken", { id: other.id, name: other.name });
  }
  if (Object.keys(fields).length) throw AppError.invalid(fields);
}

/** Rows the application relies on cannot go; basket rows name themselves; anything else is `inUse`. */
async function refuseDeleteInUse({ ctx, id }: { ctx: Ctx; id: number }): Promise<void> {
  const [row] = await ctx.db.select({ name: products.name, systemRole: products.systemRole }).from(products).where(eq(products.id, id));
  if (row?.systemRole) throw AppError.fail(msg("product.systemRow", { name: row.name }));
  const [baskets] = await ctx.db.select({ n: count() }).from(basketItems).where(eq(basketItems.productId, id));
  if (baskets && baskets.n > 0) throw AppError.fail(msg("product.inBaskets", { n: baskets.n }));
}

const productCrud = createCrudService({
  table: products,
  input: productInput,
  toEntity: toProduct,
  toValues: (input) => ({
    name: input.name,
    invoiceName: input.invoiceName ?? null,
    vatId: input.vat,
    storable: input.storable,
    active: input.active,
    notForPainting: input.notForPainting,
    ean13: input.ean13 ?? null,
    url: input.url ?? null,
    weight: String(input.weight),
    scaleToleranceAmount: input.scaleToleranceAmount,
  }),
  listFields: {
    id: { column: products.id, filter: "number", sortable: true },
    name: { column: products.name, folded: products.searchName, sortKey: products.sortName, filter: "text", sortable: true },
    invoiceName: { column: products.invoiceName, filter: "text", sortable: true },
    storable: { column: products.storable, filter: "boolean", sortable: true },
    active: { column: products.active, filter: "boolean", sortable: true },
    ean13: { column: products.ean13, filter: "text", sortable: true },
    categories: { where: inCategories },
    variant: { where: variantFilter },
  },
  defaultSort: ["id", "asc"],
  // Filtered by categories alone, the link table answers the exact total without touching
  // products: it reads the ticked categories' links either way, and a sorted distinct count of
  // them costs less than a capped one (1.1 vs 1.9 ms for 4,300 links on PGlite).
  count: ({ ctx, input }) => {
    const active = Object.entries(input.filters).filter(([, value]) => value.trim() !== "");
    if (active.length !== 1 || active[0]![0] !== "categories") return null;
    const ids = parseCategoryIds(active[0]![1]).filter(isRowId);
    if (!ids.length) return Promise.resolve(0);
    return ctx.db
      .select({ total: countDistinct(productCategories.productId) })
      .from(productCategories)
      .where(inArray(productCategories.categoryId, ids))
      .then((rows) => rows[0]?.total ?? 0);
  },
  countCap: PRODUCT_COUNT_CAP,
  validate: ({ ctx, input, id }) => checkReferences(ctx, input, id),
  // checkReferences names the product that holds an EAN-13; the index refuses the second of two at once.
  unique: [{ field: "ean13", index: "products_ean13_unique" }],
  enrich: withReferences,
  // The category links are written with the row, in its transaction.
  afterSave: async ({ ctx, id, input, creating }) => {
    if (!creating) await ctx.db.delete(productCategories).where(eq(productCategories.productId, id));
    if (input.categories.length) await ctx.db.insert(productCategories).values(input.categories.map((categoryId) => ({ productId: id, categoryId })));
  },
  beforeDelete: refuseDeleteInUse,
});

/**
 * The generic verbs; the list first widens the `categories` filter (semicolon-joined ids) to the
 * ticked categories and everything below them (docs/decisions/008).
 */
export const productService: typeof productCrud = {
  ...productCrud,
  async list({ ctx, input }) {
    const value = input.filters.categories;
    if (value === undefined) return productCrud.list({ ctx, input });
    const ids = await categorySubtreeIds({ ctx, input: { ids: parseCategoryIds(value).filter(isRowId) } });
    // No category at all ("abc", unknown ids) matches nothing; "0" is no id, so the filter says false.
    return productCrud.list({ ctx, input: { ...input, filters: { ...input.filters, categories: ids.length ? ids.join(";") : "0" } } });
  },
};

/** GET /api/products/:id: the product with its parameter values (docs/domain.md#product). */
export async function getProduct({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<Product> {
  const product = await productService.get({ ctx, input });
  const values = await ctx.db
    .select({ id: productParameterValues.parameterId, value: productParameterValues.value })
    .from(productParameterValues)
    .where(eq(productParameterValues.productId, input.id))
    .orderBy(asc(productParameterValues.parameterId));
  return { ...product, parameters: values };
}

/** The generic CRUD verbs, with `get` answering the parameters too. */
export const productApiService = { ...productService, get: getProduct };

/**
 * Marks the product as changed by this user (the tabs' link tables have no audit columns of
 * their own) and answers 404 when it does not exist.
 */
export async function touchProduct(ctx: Ctx, id: number): Promise<void> {
  const rows = await ctx.db
    .update(products)
    .set({ updatedAt: new Date(), updatedBy: ctx.userId })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (!rows.length) throw AppError.notFound();
}

/** 404 unless the product exists. */
export async function requireProduct(ctx: Ctx, id: number): Promise<void> {
  const [row] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, id));
  if (!row) throw AppError.notFound();
}

/**
 * VAT choices of the Common tab: the active rates, plus the product's own rate when it has
 * become inactive (it stays on the product; docs/domain.md#vat).
 */
export async function vatChoices({ ctx, input }: { ctx: Ctx; input: { currentVatId: number | null } }): Promise<ProductVat[]> {
  const rows = await ctx.db
    .select()
    .from(vatRates)
    .where(input.currentVatId === null ? eq(vatRates.active, true) : sql`${vatRates.active} or ${vatRates.id} = ${input.currentVatId}`)
    .orderBy(asc(vatRates.rate), asc(vatRates.id));
  return rows.map(toVat);
}

/** The rate a new product starts with: the highest active one (21 % in Czechia). */
export async function defaultVatId({ ctx }: { ctx: Ctx }): Promise<number | null> {
  const [row] = await ctx.db.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.active, true)).orderBy(desc(vatRates.rate)).limit(1);
  return row?.id ?? null;
}
