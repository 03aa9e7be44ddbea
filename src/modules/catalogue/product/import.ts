/**
 * The products import (docs/domain.md#imports, docs/decisions/075-spreadsheet-import.md): a price
 * list's rows checked with the product form's schemas (productInput, pricesInput) and written as
 * new or changed products, their categories by path, prices and category parameters.
 *
 * Only mapped fields are compared and written: a column left out keeps what the product holds, so
 * a file with a name and a price only changes prices. A blank cell does not clear a value.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { categories, categoryParameterCategories, categoryParameters, productCategories, productParameterValues, products, vatRates } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import { cellText, yesNo } from "@/lib/import/cells";
import type { CheckedRow, ImportKind, ImportOptions, MappedRow, RowProgress, RowReason } from "@/lib/import/framework";
import { headerKey, type ImportField } from "@/lib/import/mapping";
import type { ImportCell } from "@/lib/import/read";
import { formatDecimal, halereToNumeric, parseDecimal, toHalere } from "@/lib/money";
import { foldText } from "@/lib/search-text";
import { tFor } from "@/lib/i18n";
import { issueFields } from "@/lib/validation";
import { normalizeParameterValue, PRODUCT_DEFAULTS, pricesInput, productInput } from "./schemas";

export const PRODUCT_IMPORT_KIND = "products";

/** The fixed fields, in the export's column order; category parameters follow as `parameter:<name>`. */
export const PRODUCT_IMPORT_FIELDS = ["id", "name", "invoiceName", "categories", "vat", "unitPrice", "m2Price", "ean13", "weight", "storable"] as const;
type FixedField = (typeof PRODUCT_IMPORT_FIELDS)[number];

/** Header texts each field is known by, besides its Czech and English labels (folded when compared). */
const ALIASES: Record<FixedField, string[]> = {
  id: ["Číslo", "Číslo produktu", "ID", "Id produktu", "Product id", "Product number"],
  name: ["Název", "Název produktu", "Produkt", "Name", "Product", "Product name"],
  invoiceName: ["Název na faktuře", "Fakturační název", "Název pro fakturu", "Invoice name"],
  categories: ["Kategorie", "Kategorie produktu", "Category", "Categories", "Category path"],
  vat: ["DPH", "Sazba DPH", "DPH %", "VAT", "VAT rate"],
  unitPrice: ["Cena", "Cena za kus", "Jednotková cena", "Cena bez DPH", "Price", "Unit price"],
  m2Price: ["Cena za m2", "Cena m2", "Cena/m2", "Price per m2", "m2 price", "Price m2"],
  ean13: ["EAN", "EAN13", "EAN-13", "Čárový kód", "Barcode"],
  weight: ["Hmotnost", "Váha", "Hmotnost g", "Weight"],
  storable: ["Skladový", "Skladová", "Skladovatelný", "Skladem", "Storable", "Stock item"],
};

export const PARAMETER_PREFIX = "parameter:";

/** "Ploty > Lamelové > Ocel"; several paths separated by `;` or `|`. */
export const CATEGORY_PATH_SEPARATOR = " > ";

/** `confirmed`: the user confirmed the category paths the preview listed as to be created. */
export type ProductImportOptions = ImportOptions;

interface ProductPlan {
  id: number | null;
  values: Partial<typeof products.$inferInsert>;
  /** Paths as segment lists; null when the categories column is not mapped. */
  categories: string[][] | null;
  /** Parameter id → value as stored. */
  parameters: Map<number, string>;
}

interface CategoryRow {
  id: number;
  name: string;
  parentId: number | null;
}

const text = cellText;

/** A number cell of 12 digits is an EAN-13 whose leading zero the spreadsheet dropped. */
const eanText = (cell: ImportCell | undefined): string | undefined =>
  typeof cell === "number" && Number.isInteger(cell) && cell >= 0 ? String(cell).padStart(13, "0") : text(cell);

const numeric2 = (value: number | undefined): string | null => (value === undefined ? null : halereToNumeric(toHalere(value)));
const sameNumber = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Number(a) === Number(b));

/** Segments of each path, trimmed; empty segments dropped. */
export function parseCategoryPaths(value: string): string[][] {
  return value
    .split(/[;|]/)
    .map((path) =>
      path
        .split(">")
        .map((segment) => segment.trim())
        .filter(Boolean),
    )
    .filter((path) => path.length > 0);
}

const pathKey = (segments: readonly string[]) => segments.map(foldText).join("\u0000");

/** Every category by its folded path from the root. */
export function categoryPaths(rows: readonly CategoryRow[]): { byPath: Map<string, number>; parentOf: Map<number, number | null>; pathOf: Map<number, string[]> } {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = new Map<number, string[]>();
  const walk = (id: number, depth = 0): string[] => {
    const known = pathOf.get(id);
    if (known) return known;
    const row = byId.get(id)!;
    // A loop in the data ends the walk rather than the import.
    const path = row.parentId === null || depth > 100 || !byId.has(row.parentId) ? [row.name] : [...walk(row.parentId, depth + 1), row.name];
    pathOf.set(id, path);
    return path;
  };
  const byPath = new Map<string, number>();
  for (const row of rows) {
    const key = pathKey(walk(row.id));
    // Two siblings of one name: the older one is the path's.
    if (!byPath.has(key)) byPath.set(key, row.id);
  }
  return { byPath, parentOf: new Map(rows.map((row) => [row.id, row.parentId])), pathOf };
}

export async function productFields(ctx: Ctx): Promise<ImportField[]> {
  const t = tFor(ctx.lang);
  const other = tFor(ctx.lang === "cs" ? "en" : "cs");
  const fixed = PRODUCT_IMPORT_FIELDS.map((key) => ({ key, label: t(`import.products.${key}`), aliases: [other(`import.products.${key}`), ...ALIASES[key]] }));
  const names = new Map<string, string>();
  for (const row of await ctx.db.select({ name: categoryParameters.name }).from(categoryParameters).orderBy(categoryParameters.id)) {
    const key = headerKey(row.name);
    if (key && !names.has(key)) names.set(key, row.name);
  }
  return [...fixed, ...[...names].map(([key, name]) => ({ key: `${PARAMETER_PREFIX}${key}`, label: name, aliases: [] }))];
}

/** What the check reads once for the whole file. */
async function loadState(ctx: Ctx) {
  const [vats, categoryRows, parameterRows, links, productRows, productLinks] = await Promise.all([
    ctx.db.select().from(vatRates),
    ctx.db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories).orderBy(categories.id),
    ctx.db
      .select({ id: categoryParameters.id, name: categoryParameters.name, unit: categoryParameters.unit, required: categoryParameters.required, defaultValue: categoryParameters.defaultValue })
      .from(categoryParameters),
    ctx.db.select().from(categoryParameterCategories),
    ctx.db
      .select({
        id: products.id,
        name: products.name,
        invoiceName: products.invoiceName,
        vatId: products.vatId,
        storable: products.storable,
        ean13: products.ean13,
        weight: products.weight,
        unitPrice: products.unitPrice,
        m2Price: products.m2Price,
      })
      .from(products),
    ctx.db.select().from(productCategories),
  ]);
  return { vats, categoryRows, parameterRows, links, productRows, productLinks };
}

async function parameterValuesOf(ctx: Ctx, productIds: number[]): Promise<Map<number, Map<number, string>>> {
  const result = new Map<number, Map<number, string>>();
  for (let start = 0; start < productIds.length; start += 5000) {
    const chunk = productIds.slice(start, start + 5000);
    for (const row of await ctx.db.select().from(productParameterValues).where(inArray(productParameterValues.productId, chunk))) {
      const values = result.get(row.productId) ?? new Map<number, string>();
      values.set(row.parameterId, row.value);
      result.set(row.productId, values);
    }
  }
  return result;
}

const CHUNK = 500;

/**
 * Every CHUNK rows checked and after each statement of the write: asks for a collection of the
 * young garbage (asynchronous, not a full collection) and lets the event loop turn. Without it a
 * check and a transaction of 20,000 rows ran as one turn on PGlite (it answers within the turn),
 * the collector's timed collections never came, and the process grew by ~30 KB per row until the
 * import ended; with it the import step stays within a few tens of MB on both databases
 * (docs/decisions/075-spreadsheet-import.md, Memory).
 */
const nextTurn = () => {
  Bun.gc(false);
  return new Promise<void>((resolve) => setImmediate(resolve));
};

const reason = (field: string | null, message: Message): RowReason => ({ field, message });

async function checkProducts({ ctx, rows, mapping, progress }: { ctx: Ctx; rows: MappedRow[]; mapping: { columns: Record<string, number>; key: string | null }; progress: RowProgress }) {
  const state = await loadState(ctx);
  const mapped = new Set(Object.keys(mapping.columns));
  const key = mapping.key ?? (mapped.has("id") ? "id" : mapped.has("ean13") ? "ean13" : "name");
  if (!mapped.has(key) || (key === "name" && !mapped.has("name"))) throw AppError.fail(msg("import.keyNotMapped", { field: tFor(ctx.lang)(`import.products.${key}`) }));

  const { byPath, parentOf } = categoryPaths(state.categoryRows);
  const productById = new Map(state.productRows.map((row) => [row.id, row]));
  const productByEan = new Map(state.productRows.flatMap((row) => (row.ean13 ? [[row.ean13, row] as const] : [])));
  const categoriesOf = new Map<number, number[]>();
  for (const link of state.productLinks) categoriesOf.set(link.productId, [...(categoriesOf.get(link.productId) ?? []), link.categoryId]);
  const byCategoryAndName = new Map<string, number[]>();
  for (const row of state.productRows) {
    for (const categoryId of categoriesOf.get(row.id) ?? [0]) {
      const name = `${categoryId}\u0000${foldText(row.name.trim())}`;
      byCategoryAndName.set(name, [...(byCategoryAndName.get(name) ?? []), row.id]);
    }
  }
  const parametersByKey = new Map<string, { id: number; unit: string }[]>();
  for (const row of state.parameterRows) {
    const list = parametersByKey.get(headerKey(row.name)) ?? [];
    list.push({ id: row.id, unit: row.unit });
    parametersByKey.set(headerKey(row.name), list);
  }
  const categoriesOfParameter = new Map<number, Set<number>>();
  for (const link of state.links) categoriesOfParameter.set(link.parameterId, (categoriesOfParameter.get(link.parameterId) ?? new Set()).add(link.categoryId));
  const withAncestors = (ids: number[]): Set<number> => {
    const all = new Set<number>();
    for (const id of ids) for (let at: number | null | undefined = id, depth = 0; at != null && !all.has(at) && depth < 100; at = parentOf.get(at), depth++) all.add(at);
    return all;
  };
  const parameterFields = [...mapped].filter((field) => field.startsWith(PARAMETER_PREFIX));
  // Parameters a row must end up with (required) or gets unless it says otherwise (a default), as the editor's tab does.
  const requiredOrDefaulted = state.parameterRows.filter((parameter) => parameter.required || parameter.defaultValue);
  const existingIds = new Set<number>();

  const seenKeys = new Map<string, number>();
  const seenEans = new Map<string, number>();
  const checked: CheckedRow<ProductPlan>[] = [];
  const pending: { row: MappedRow; plan: ProductPlan; current: (typeof state.productRows)[number] | undefined; brought: typeof requiredOrDefaulted }[] = [];

  for (const [index, row] of rows.entries()) {
    if (index % 1000 === 0) await progress(index);
    if (index % CHUNK === CHUNK - 1) await nextTurn();
    const v = row.values;
    const reasons: RowReason[] = [];
    for (const [field, cell] of Object.entries(v)) if (cell instanceof Date) reasons.push(reason(field, msg("import.dateCell")));
    if (reasons.length) {
      checked.push({ line: row.line, status: "refused", reasons });
      continue;
    }

    // Categories: existing ids, and the paths still to be created.
    let paths: string[][] | null = null;
    const categoryIds: number[] = [];
    if (mapped.has("categories")) {
      // A blank cell leaves the product's categories as they are (a new product gets none).
      paths = v.categories === undefined ? null : parseCategoryPaths(String(v.categories));
      for (const path of paths ?? []) {
        const id = byPath.get(pathKey(path));
        if (id !== undefined) categoryIds.push(id);
        else {
          // The deepest existing ancestor still brings its parameters.
          for (let length = path.length - 1; length > 0; length--) {
            const ancestor = byPath.get(pathKey(path.slice(0, length)));
            if (ancestor !== undefined) {
              categoryIds.push(ancestor);
              break;
            }
          }
        }
      }
    }

    // The key: the product this row is about, or none (a new one).
    let current: (typeof state.productRows)[number] | undefined;
    let keyText: string | undefined;
    if (key === "id") {
      keyText = text(v.id)?.trim();
      if (keyText) {
        const id = Number(keyText);
        current = Number.isInteger(id) ? productById.get(id) : undefined;
        if (!current) reasons.push(reason("id", msg("import.products.unknownId", { id: keyText })));
      }
    } else if (key === "ean13") {
      keyText = eanText(v.ean13)?.replace(/[\s\u00a0]/g, "");
      if (!keyText) reasons.push(reason("ean13", msg("import.keyMissing")));
      else current = productByEan.get(keyText);
    } else {
      const name = text(v.name)?.trim();
      const firstPath = paths?.[0];
      const categoryId = firstPath ? byPath.get(pathKey(firstPath)) : paths ? 0 : undefined;
      keyText = `${firstPath ? pathKey(firstPath) : ""}\u0001${foldText(name ?? "")}`;
      if (name && categoryId !== undefined) {
        const found = byCategoryAndName.get(`${categoryId}\u0000${foldText(name)}`) ?? [];
        if (found.length > 1) reasons.push(reason("name", msg("import.products.ambiguousName", { name })));
        else current = found[0] === undefined ? undefined : productById.get(found[0]);
      } else if (name && categoryId === undefined && !paths) {
        const found = state.productRows.filter((product) => foldText(product.name.trim()) === foldText(name));
        if (found.length > 1) reasons.push(reason("name", msg("import.products.ambiguousName", { name })));
        else current = found[0];
      }
    }
    if (keyText) {
      const earlier = seenKeys.get(keyText);
      if (earlier !== undefined) reasons.push(reason(key, msg("import.duplicateKey", { line: earlier })));
      else seenKeys.set(keyText, row.line);
    }

    // VAT: a rate matched to an existing one; blank keeps the product's, or the default for a new one.
    let vatId: number | null | undefined = current?.vatId;
    if (mapped.has("vat") && v.vat !== undefined) {
      const rate = typeof v.vat === "number" ? v.vat : parseDecimal(String(v.vat).replace("%", ""));
      // A spreadsheet's percent cell holds 0.21 for 21 %.
      const found = state.vats.find((vat) => Number(vat.rate) === rate) ?? (rate > 0 && rate < 1 ? state.vats.find((vat) => Math.abs(Number(vat.rate) - rate * 100) < 1e-9) : undefined);
      if (!found) reasons.push(reason("vat", msg("import.products.vatUnknown", { rate: String(v.vat) })));
      else if (!found.active && current?.vatId !== found.id) reasons.push(reason("vat", msg("product.vatInactive", { rate: formatDecimal(Number(found.rate), ctx.lang) })));
      else vatId = found.id;
    }
    if (vatId == null) {
      const active = state.vats.filter((vat) => vat.active).sort((a, b) => Number(b.rate) - Number(a.rate));
      vatId = active[0]?.id ?? null;
    }

    // The product form's schema, over the row's values where mapped and the product's own elsewhere.
    const given = (field: FixedField) => mapped.has(field) && v[field] !== undefined;
    const form = productInput.safeParse({
      name: given("name") ? text(v.name) : current?.name,
      invoiceName: given("invoiceName") ? text(v.invoiceName) : (current?.invoiceName ?? undefined),
      categories: [],
      vat: vatId ?? undefined,
      storable: given("storable") ? yesNo(v.storable) : (current?.storable ?? PRODUCT_DEFAULTS.storable),
      ean13: given("ean13") ? eanText(v.ean13) : (current?.ean13 ?? undefined),
      weight: given("weight") ? v.weight : current ? current.weight : undefined,
    });
    if (!form.success) {
      for (const [field, message] of Object.entries(issueFields(form.error.issues))) if (field !== "vat" || !reasons.some((r) => r.field === "vat")) reasons.push(reason(field, message));
    }
    const prices = pricesInput.safeParse({ unitPrice: given("unitPrice") ? v.unitPrice : undefined, m2Price: given("m2Price") ? v.m2Price : undefined });
    if (!prices.success) for (const [field, message] of Object.entries(issueFields(prices.error.issues))) reasons.push(reason(field, message));

    // An EAN-13 belongs to one product: another product's, or an earlier row's, is refused.
    if (form.success && form.data.ean13 && given("ean13")) {
      const holder = productByEan.get(form.data.ean13);
      if (holder && holder.id !== current?.id) reasons.push(reason("ean13", msg("product.eanTaken", { id: holder.id, name: holder.name })));
      const earlier = seenEans.get(form.data.ean13);
      if (earlier !== undefined && key !== "ean13") reasons.push(reason("ean13", msg("import.duplicateKey", { line: earlier })));
      seenEans.set(form.data.ean13, row.line);
    }

    // Category parameters by name: the one the row's categories (or their ancestors) bring.
    const parameters = new Map<number, string>();
    const own = parameterFields.length || requiredOrDefaulted.length ? withAncestors(paths ? categoryIds : current ? (categoriesOf.get(current.id) ?? []) : []) : new Set<number>();
    const brought = requiredOrDefaulted.filter((parameter) => [...(categoriesOfParameter.get(parameter.id) ?? [])].some((categoryId) => own.has(categoryId)));
    if (parameterFields.length) {
      for (const field of parameterFields) {
        const cell = v[field];
        if (cell === undefined) continue;
        const candidates = (parametersByKey.get(field.slice(PARAMETER_PREFIX.length)) ?? []).filter((parameter) =>
          [...(categoriesOfParameter.get(parameter.id) ?? [])].some((categoryId) => own.has(categoryId)),
        );
        if (!candidates.length) {
          reasons.push(reason(field, msg("import.products.parameterNotApplicable")));
          continue;
        }
        for (const parameter of candidates) {
          const value = normalizeParameterValue(parameter.unit, String(cell).trim());
          if (value === null) reasons.push(reason(field, msg("validation.number")));
          else if (value.length > 500) reasons.push(reason(field, msg("validation.maxLength", { max: 500 })));
          else parameters.set(parameter.id, value);
        }
      }
    }

    if (reasons.length || !form.success || !prices.success) {
      checked.push({ line: row.line, status: "refused", reasons });
      continue;
    }

    const values: Partial<typeof products.$inferInsert> = {};
    if (given("name") || !current) values.name = form.data.name;
    if (mapped.has("invoiceName") && (given("invoiceName") || !current)) values.invoiceName = form.data.invoiceName ?? null;
    if (!current || (mapped.has("vat") && v.vat !== undefined)) values.vatId = form.data.vat;
    if (given("storable") || !current) values.storable = form.data.storable;
    if (given("ean13")) values.ean13 = form.data.ean13 ?? null;
    if (given("weight") || !current) values.weight = String(form.data.weight);
    if (given("unitPrice")) values.unitPrice = numeric2(prices.data.unitPrice);
    if (given("m2Price")) values.m2Price = numeric2(prices.data.m2Price);
    const plan: ProductPlan = { id: current?.id ?? null, values, categories: paths, parameters };
    if (current) existingIds.add(current.id);
    pending.push({ row, plan, current, brought });
  }

  // Changed or unchanged: only what the row sets, against what the product holds.
  const storedParameters = await parameterValuesOf(ctx, [...existingIds]);
  for (const { row, plan, current, brought } of pending) {
    // A required parameter the row, the product and the parameter's default all leave empty refuses the row;
    // a new product takes the defaults the row does not give.
    const missing: RowReason[] = [];
    for (const parameter of brought) {
      if (plan.parameters.has(parameter.id) || (current && storedParameters.get(current.id)?.get(parameter.id))) continue;
      const fallback = parameter.defaultValue ? (normalizeParameterValue(parameter.unit, parameter.defaultValue) ?? parameter.defaultValue) : null;
      if (fallback) {
        if (!current) plan.parameters.set(parameter.id, fallback);
      } else if (parameter.required) {
        const field = `${PARAMETER_PREFIX}${headerKey(parameter.name)}`;
        missing.push(reason(mapped.has(field) ? field : null, msg("product.parameterRequired", { name: parameter.name })));
      }
    }
    if (missing.length) {
      checked.push({ line: row.line, status: "refused", reasons: missing });
      continue;
    }
    let status: CheckedRow<ProductPlan>["status"] = "new";
    if (current) {
      const v = plan.values;
      const same =
        (v.name === undefined || v.name === current.name) &&
        (v.invoiceName === undefined || v.invoiceName === current.invoiceName) &&
        (v.vatId === undefined || v.vatId === current.vatId) &&
        (v.storable === undefined || v.storable === current.storable) &&
        (v.ean13 === undefined || v.ean13 === current.ean13) &&
        (v.weight === undefined || Number(v.weight) === Number(current.weight)) &&
        (v.unitPrice === undefined || sameNumber(v.unitPrice ?? null, current.unitPrice)) &&
        (v.m2Price === undefined || sameNumber(v.m2Price ?? null, current.m2Price)) &&
        (plan.categories === null || sameCategories(plan.categories, categoriesOf.get(current.id) ?? [], byPath)) &&
        [...plan.parameters].every(([id, value]) => storedParameters.get(current.id)?.get(id) === value);
      status = same ? "unchanged" : "changed";
    }
    checked.push({ line: row.line, status, reasons: [], plan });
  }
  checked.sort((a, b) => a.line - b.line);
  const confirm = missingPathsOf(checked, byPath).map((path) => msg("import.products.newCategory", { path: path.join(CATEGORY_PATH_SEPARATOR) }));
  return { rows: checked, confirm };
}

/** The category paths accepted rows name that do not exist yet, each once, in the file's order. */
function missingPathsOf(rows: readonly CheckedRow<ProductPlan>[], byPath: Map<string, number>): string[][] {
  const missing = new Map<string, string[]>();
  for (const row of rows) {
    for (const path of row.plan?.categories ?? []) if (!byPath.has(pathKey(path)) && !missing.has(pathKey(path))) missing.set(pathKey(path), path);
  }
  return [...missing.values()];
}

function sameCategories(paths: string[][], current: number[], byPath: Map<string, number>): boolean {
  const wanted = new Set(paths.map((path) => byPath.get(pathKey(path))));
  if (wanted.has(undefined)) return false;
  return wanted.size === new Set(current).size && current.every((id) => wanted.has(id));
}

/** Creates the missing paths' categories, parents first; answers every path's id by its key. */
async function createPaths(ctx: Ctx, paths: string[][]): Promise<Map<string, number>> {
  const rows = await ctx.db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories).orderBy(categories.id);
  const { byPath } = categoryPaths(rows);
  for (const path of paths) {
    let parentId: number | null = null;
    for (let length = 1; length <= path.length; length++) {
      const key = pathKey(path.slice(0, length));
      let id = byPath.get(key);
      if (id === undefined) {
        const [created]: { id: number }[] = await ctx.db
          .insert(categories)
          .values({ name: path[length - 1]!, parentId, createdBy: ctx.userId, updatedBy: ctx.userId })
          .returning({ id: categories.id });
        id = created!.id;
        byPath.set(key, id);
      }
      parentId = id;
    }
  }
  return byPath;
}

async function writeProducts({ ctx, rows, options, missingPaths, progress }: { ctx: Ctx; rows: CheckedRow<ProductPlan>[]; options: ProductImportOptions; missingPaths: string[][]; progress: RowProgress }) {
  if (missingPaths.length && !options.confirmed) {
    throw AppError.fail(msg("import.products.confirmCategories", { paths: missingPaths.map((path) => path.join(CATEGORY_PATH_SEPARATOR)).join(", ") }));
  }
  const byPath = await createPaths(ctx, missingPaths);
  const plans = rows.map((row) => row.plan!);
  const now = new Date();

  // New products in chunks; RETURNING answers them in the VALUES' order.
  const fresh = plans.filter((plan) => plan.id === null);
  const changed = plans.filter((plan) => plan.id !== null);
  for (let start = 0; start < fresh.length; start += CHUNK) {
    const chunk = fresh.slice(start, start + CHUNK);
    const ids = await ctx.db
      .insert(products)
      .values(chunk.map((plan) => ({ ...(plan.values as typeof products.$inferInsert), createdBy: ctx.userId, updatedBy: ctx.userId })))
      .returning({ id: products.id });
    chunk.forEach((plan, index) => (plan.id = ids[index]!.id));
    await progress(start + chunk.length);
    await nextTurn();
  }
  let updated = 0;
  for (const plan of changed) {
    if (updated % CHUNK === 0) await progress(fresh.length + updated);
    await ctx.db
      .update(products)
      .set({ ...plan.values, updatedAt: now, updatedBy: ctx.userId })
      .where(eq(products.id, plan.id!));
    if (++updated % CHUNK === 0) await nextTurn();
  }

  // Category links replaced where the column is mapped.
  const linked = plans.filter((plan) => plan.categories !== null);
  const links = linked.flatMap((plan) => [...new Set(plan.categories!.map((path) => byPath.get(pathKey(path))!))].map((categoryId) => ({ productId: plan.id!, categoryId })));
  for (let start = 0; start < linked.length; start += CHUNK) {
    await ctx.db.delete(productCategories).where(inArray(productCategories.productId, linked.slice(start, start + CHUNK).map((plan) => plan.id!)));
  }
  for (let start = 0; start < links.length; start += CHUNK) {
    await ctx.db.insert(productCategories).values(links.slice(start, start + CHUNK));
    await nextTurn();
  }

  const values = plans.flatMap((plan) => [...plan.parameters].map(([parameterId, value]) => ({ productId: plan.id!, parameterId, value })));
  for (let start = 0; start < values.length; start += CHUNK) {
    await ctx.db
      .insert(productParameterValues)
      .values(values.slice(start, start + CHUNK))
      .onConflictDoUpdate({ target: [productParameterValues.productId, productParameterValues.parameterId], set: { value: sql`excluded.value` } });
    await nextTurn();
  }
}

/** The products kind of the import framework. */
export const productImport: ImportKind<ProductPlan, ProductImportOptions> = {
  kind: PRODUCT_IMPORT_KIND,
  keys: ["id", "ean13", "name"],
  fields: productFields,
  check: checkProducts,
  async write({ ctx, rows, options, progress }) {
    // The run checks inside the transaction, so the paths missing now are the ones the check saw.
    const existing = categoryPaths(await ctx.db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories)).byPath;
    await writeProducts({ ctx, rows, options, missingPaths: missingPathsOf(rows, existing), progress });
  },
};

/** The parameter values of some products (the export), by product. */
export async function productParameterMap(ctx: Ctx, productIds: number[]): Promise<Map<number, Map<number, string>>> {
  return parameterValuesOf(ctx, productIds);
}

