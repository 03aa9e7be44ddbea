import { and, asc, count, desc, eq, getTableColumns, like, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn, PgTable, TableConfig } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { type Ctx, withTransaction } from "../context";
import { preparedFor } from "../db";
import { keptPageStatements, type PageStatement, takeTotal, withTotal } from "./page-statements";
import { czechSortKeySql } from "../czech-order";
import { todayInPrague } from "../dates";
import { foldedSql, foldText } from "../search-text";
import type { PageMeta } from "../envelope";
import { AppError, msg, type Message } from "../errors";
import { parseInput } from "../validation";
import { type ListQuery, MAX_ROW_ID, readBoolean } from "../zod-fields";

type TableWithId = PgTable<TableConfig> & { id: AnyPgColumn };

export type FilterKind = "text" | "number" | "boolean";

export interface ListField {
  /** Needed for the built-in filter kinds and for sorting. */
  column?: AnyPgColumn;
  filter?: FilterKind;
  /**
   * A text filter on a big table matches this folded copy of the column instead (no case, no
   * diacritics, with its own trigram index; src/lib/search-text.ts).
   */
  folded?: AnyPgColumn;
  /**
   * What the list orders this field by instead of computing the Czech sort key of a text column
   * per row: a stored key (a generated column of `czechSortKeySql`, with its index) on a big
   * table, or the column itself where its text is a code.
   */
  sortKey?: AnyPgColumn;
  /**
   * A filter the kinds cannot express (e.g. products by semicolon-joined category ids); `at` holds
   * what a filter measured against the day reads (the overdue invoices' today).
   */
  where?: (value: string, at: FilterAt) => SQL | undefined;
  /**
   * The same filter written for a page read in `sort` order, when another form of it finds the
   * first rows sooner (the count keeps `where`).
   */
  pageWhere?: (value: string, sort: string) => SQL | undefined;
  sortable?: boolean;
}

export interface ListInput extends ListQuery {
  filters: Record<string, string>;
  /** The day a filter or a row measured against today reads (Prague's today unless a test names one); never from the query string. */
  today?: string;
}

/** What a filter may read besides its value. */
export interface FilterAt {
  /** Today in Prague, ISO, or the day the list input names. */
  today: string;
}

const filterAtOf = (input: Pick<ListInput, "today">): FilterAt => ({ today: input.today ?? todayInPrague() });

export interface ListResult<TEntity> {
  rows: TEntity[];
  meta: PageMeta;
}

/**
 * A value promised unique. The unique index `index` guarantees it, over the expression the check
 * compares (`lower(name)` for a name); the check before the write gives the usual refusal, and when
 * two requests pass it at once the index refuses the second, which answers the same field error.
 */
export interface UniqueValue<TInput = Record<string, unknown>> {
  /** The input field holding the value; the refusal names it. */
  field: string;
  /** The unique index (its name) that guarantees the value unique. */
  index: string;
  /**
   * The column the service checks before writing, text case-insensitively. Left out where the
   * module's `validate` checks it (within a scope, or naming the row that holds the value).
   */
  column?: AnyPgColumn;
  /** What the refusal says; `validation.duplicate` unless given. */
  message?: (input: TInput) => Message;
}

export interface CrudServiceConfig<TTable extends TableWithId, TSchema extends z.ZodType, TEntity> {
  table: TTable;
  /** The create/update input; the same schema validates API bodies and form posts. */
  input: TSchema;
  toEntity: (row: TTable["$inferSelect"]) => TEntity;
  toValues: (input: z.output<TSchema>) => Partial<TTable["$inferInsert"]>;
  listFields: Record<string, ListField>;
  defaultSort: [field: string, dir: "asc" | "desc"];
  /** Values promised unique, each guaranteed by a unique index (see `UniqueValue`). */
  unique?: UniqueValue<z.output<TSchema>>[];
  /** Business rules beyond the schema; throw AppError.fail/invalid to refuse. */
  validate?: (args: { ctx: Ctx; input: z.output<TSchema>; id: number | null }) => Promise<void>;
  /** Checks before a delete; a foreign-key violation is refused as `validation.inUse` anyway. */
  beforeDelete?: (args: { ctx: Ctx; id: number }) => Promise<void>;
  /**
   * A cheaper exact total for some filter combinations (e.g. counting link rows alone); null
   * falls back to counting the filtered table (up to `countCap`).
   */
  count?: (args: { ctx: Ctx; input: ListInput }) => Promise<number> | null;
  /**
   * Big tables count a filtered list only up to this many rows: a broad filter then costs a
   * page, not a scan, and the pager says "1 000+". The page beyond the cap still loads.
   */
  countCap?: number;
  /**
   * What a list reads of each row, when not every column: a big column a list shows one field of
   * (an invoice's snapshot, of which the list shows the customer's name) is read as just that field,
   * under the same key, so `toEntity` serves both (docs/decisions/083-throughput.md).
   */
  listColumns?: Record<string, unknown>;
  /** Loads what one row does not hold (joined names, counts) for a whole page in one go; `at` as the filters had it. */
  enrich?: (args: { ctx: Ctx; entities: TEntity[]; at: FilterAt }) => Promise<TEntity[]>;
  /** Writes that belong with the row (link tables) inside the same transaction. */
  afterSave?: (args: { ctx: Ctx; id: number; input: z.output<TSchema>; creating: boolean }) => Promise<void>;
}

export interface CrudService<TSchema extends z.ZodType, TEntity> {
  input: TSchema;
  listFields: Record<string, ListField>;
  list(args: { ctx: Ctx; input: ListInput }): Promise<ListResult<TEntity>>;
  get(args: { ctx: Ctx; input: { id: number } }): Promise<TEntity>;
  create(args: { ctx: Ctx; input: unknown }): Promise<number>;
  update(args: { ctx: Ctx; input: { id: number; values: unknown } }): Promise<TEntity>;
  remove(args: { ctx: Ctx; input: { id: number } }): Promise<void>;
}

/**
 * The PostgreSQL error under drizzle's wrapping (`cause`): its SQLSTATE and the constraint or
 * index it names (`constraint` from PGlite, `constraint_name` from postgres.js).
 */
function pgError(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const { code, constraint, constraint_name } = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      const name = constraint ?? constraint_name;
      return { code, constraint: typeof name === "string" ? name : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const pgErrorCode = (error: unknown): string | undefined => pgError(error)?.code;

/** What refusing a value taken already says, the check's and the index's alike. */
const refusalOf = <TInput>(value: UniqueValue<TInput>, input: TInput | undefined): Message =>
  value.message && input !== undefined ? value.message(input) : msg("validation.duplicate");

/**
 * The one mapping of a write the database refused to the `fail` a check before it gives: a unique
 * index's violation (23505) as its value's field error when `unique` names the index
 * (`validation.duplicate` otherwise), a foreign key (23503, or 23001 for ON DELETE RESTRICT) as
 * `validation.inUse`. Anything else is thrown as it came.
 */
export function translateDbError<TInput>(error: unknown, unique: readonly UniqueValue<TInput>[] = [], input?: TInput): never {
  const refused = pgError(error);
  if (refused?.code === "23505") {
    const value = unique.find((candidate) => candidate.index === refused.constraint);
    if (!value) throw AppError.fail(msg("validation.duplicate"));
    throw AppError.invalid({ [value.field]: refusalOf(value, input) });
  }
  if (refused?.code === "23503" || refused?.code === "23001") throw AppError.fail(msg("validation.inUse"));
  throw error;
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Ids are `integer` identity columns: anything beyond int4 cannot exist (and would make PostgreSQL fail). */
export { MAX_ROW_ID };
export const isRowId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= MAX_ROW_ID;

/** The largest magnitude an integer column holds; undefined for decimal columns. */
function integerLimit(column: AnyPgColumn): number | undefined {
  switch (column.getSQLType()) {
    case "smallint":
      return 32_767;
    case "integer":
      return 2_147_483_647;
    case "bigint":
      return Number.MAX_SAFE_INTEGER;
    default:
      return undefined;
  }
}

const isText = (column: AnyPgColumn) => /^(text|varchar|character)/.test(column.getSQLType());
const [keyBefore, keyAfter] = czechSortKeySql("\u0000").split("\u0000") as [string, string];

/**
 * What a list orders a field by: text the Czech way (src/lib/czech-order.ts), compared byte by
 * byte whatever the database's collation; anything else as it is.
 */
export function sortExpression(field: ListField): SQL | AnyPgColumn {
  if (field.sortKey) return sql`${field.sortKey} collate "C"`;
  const column = field.column!;
  if (!isText(column)) return column;
  return sql`${sql.raw(keyBefore)}${column}${sql.raw(keyAfter)} collate "C"`;
}

/** A text column in Czech order, for queries of their own (pickers, selects); a stored key when the table has one. */
export const czechOrder = (column: AnyPgColumn, sortKey?: AnyPgColumn) => sortExpression({ column, sortKey });

const [foldBefore, foldAfter] = foldedSql("\u0000").split("\u0000") as [string, string];

/**
 * `expression` holds `value` somewhere, case and diacritics ignored ("novak" finds "Novák"),
 * folded per row; a big table keeps a folded column with a trigram index instead (`folded`).
 */
export const matchesText = (expression: SQLWrapper, value: string): SQL =>
  sql`${sql.raw(foldBefore)}${expression}${sql.raw(foldAfter)} like ${`%${escapeLike(foldText(value))}%`}`;

export function filterCondition(field: ListField, raw: string, at: FilterAt = filterAtOf({})): SQL | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  if (field.where) return field.where(value, at);
  if (!field.filter || !field.column) return undefined;
  switch (field.filter) {
    case "text":
      if (field.folded) return like(field.folded, `%${escapeLike(foldText(value))}%`);
      return matchesText(isText(field.column) ? field.column : sql`${field.column}::text`, value);
    case "number": {
      const number = Number(value.replace(",", "."));
      if (!Number.isFinite(number)) return sql`false`;
      // `1.5` or `99999999999` can match no integer row; sent as-is, PostgreSQL would fail on them.
      const limit = integerLimit(field.column);
      if (limit !== undefined && (!Number.isInteger(number) || Math.abs(number) > limit)) return sql`false`;
      return eq(field.column, number);
    }
    case "boolean": {
      // A word that is neither yes nor no filters nothing (the list stays whole), as an empty select does.
      const wanted = readBoolean(value);
      return wanted === undefined ? undefined : eq(field.column, wanted);
    }
  }
}

export function pageMeta(input: ListQuery, total: number, sort?: string): PageMeta {
  return { page: input.page, size: input.size, total, pages: Math.max(1, Math.ceil(total / input.size)), sort };
}

/** Generic list/get/create/update/delete for one table; modules add rules through the hooks. */
export function createCrudService<TTable extends TableWithId, TSchema extends z.ZodType, TEntity>(
  config: CrudServiceConfig<TTable, TSchema, TEntity>,
): CrudService<TSchema, TEntity> {
  const { table } = config;
  const hasAudit = "updatedAt" in table && "updatedBy" in table;

  const defaultField = config.listFields[config.defaultSort[0]];
  const defaultOrder = defaultField?.column ? sortExpression(defaultField) : table.id;

  const hasPageWhere = Object.values(config.listFields).some((field) => field.pageWhere);

  /** The filters' conditions; given the sort, those of the page itself (`pageWhere`). */
  const whereOf = (filters: Record<string, string>, at: FilterAt, pageSort?: string) =>
    and(
      ...Object.entries(filters).flatMap(([name, value]) => {
        const field = config.listFields[name];
        const condition = !field
          ? undefined
          : pageSort !== undefined && field.pageWhere && value.trim()
            ? field.pageWhere(value.trim(), pageSort)
            : filterCondition(field, value, at);
        return condition ? [condition] : [];
      }),
    );

  const sortOf = (sort: string | undefined) => {
    const [name, dir] = (sort ?? "").split(",");
    const field = name ? config.listFields[name] : undefined;
    const [key, by, direction] =
      field?.sortable && field.column ? [`${name},${dir}`, sortExpression(field), dir] : [config.defaultSort.join(","), defaultOrder, config.defaultSort[1]];
    // The id breaks ties in the same direction, so one index (key, id) scanned either way serves the order.
    return { key, order: direction === "desc" ? [desc(by), desc(table.id)] : [asc(by), asc(table.id)] };
  };

  const checkUnique = async (ctx: Ctx, input: z.output<TSchema>, id: number | null) => {
    const fields: Record<string, Message> = {};
    for (const unique of config.unique ?? []) {
      const { field, column } = unique;
      const value = (input as Record<string, unknown>)[field];
      if (!column || value === undefined || value === null || value === "") continue;
      const same =
        typeof value === "string" ? sql`lower(${column}::text) = lower(${value})` : eq(column, value as number);
      const rows = await ctx.db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(id === null ? same : and(same, ne(table.id, id)))
        .limit(1);
      if (rows.length) fields[field] = refusalOf(unique, input);
    }
    if (Object.keys(fields).length) throw AppError.invalid(fields);
  };

  // Built once per database (docs/decisions/086-prepared-statements.md): every detail page reads its row so.
  const rowById = preparedFor((db) =>
    db
      .select()
      .from(table as PgTable)
      .where(eq(table.id, sql.placeholder("id")))
      .limit(1)
      .prepare("rowById"),
  );
  const findRow = async (ctx: Ctx, id: number) => {
    const rows = await rowById(ctx.db).execute({ id });
    if (!rows[0]) throw AppError.notFound();
    return rows[0] as TTable["$inferSelect"];
  };

  const countRows = (ctx: Ctx, where: SQL | undefined) => {
    if (config.countCap === undefined) return ctx.db.select({ total: count() }).from(table as PgTable).where(where);
    const limited = ctx.db
      .select({ one: sql`1` })
      .from(table as PgTable)
      .where(where)
      .limit(config.countCap + 1)
      .as("limited");
    return ctx.db.select({ total: count() }).from(limited);
  };

  /** A view's page statement (src/lib/crud/page-statements.ts), with the capped count when `total`. */
  const pageStatements = keptPageStatements();
  const columns = (config.listColumns ?? getTableColumns(table)) as Record<string, unknown>;
  const pageStatement = (ctx: Ctx, input: ListInput, at: FilterAt, sort: ReturnType<typeof sortOf>, total: boolean): PageStatement =>
    pageStatements(ctx.db, JSON.stringify([sort.key, at.today, total, input.filters]), () => {
      const where = whereOf(input.filters, at);
      return ctx.db
        .select((total ? withTotal(columns, countRows(ctx, where)) : columns) as never)
        .from(table as PgTable)
        .where(hasPageWhere ? whereOf(input.filters, at, sort.key) : where)
        .orderBy(...sort.order);
    });

  const audit = (ctx: Ctx, creating: boolean) =>
    hasAudit
      ? creating
        ? { createdBy: ctx.userId, updatedBy: ctx.userId }
        : { updatedBy: ctx.userId, updatedAt: new Date() }
      : {};

  const refuseWrite = (input: z.output<TSchema>) => (error: unknown) => translateDbError(error, config.unique, input);

  return {
    input: config.input,
    listFields: config.listFields,

    async list({ ctx, input }) {
      const at = filterAtOf(input);
      const sort = sortOf(input.sort);
      const ownCount = config.count?.({ ctx, input }) ?? null;
      const [read, totals] = await Promise.all([
        pageStatement(ctx, input, at, sort, ownCount === null).execute({ limit: input.size, offset: (input.page - 1) * input.size }),
        ownCount,
      ]);
      // The page's rows carry the count; a page past the end has no row to carry it.
      const { rows, total: carried } = ownCount === null ? takeTotal(read) : { rows: read, total: null };
      const counted =
        typeof totals === "number" ? totals : (carried ?? ((await countRows(ctx, whereOf(input.filters, at)))[0]?.total ?? 0));
      const cap = config.countCap;
      // The page itself proves rows beyond the cap exist when it is past it.
      const seen = (input.page - 1) * input.size + rows.length;
      // A module's own count is exact; the generic one stops past the cap.
      const capped = typeof totals !== "number" && cap !== undefined && counted > cap;
      const total = capped ? Math.max(cap, seen) : counted;
      const entities = rows.map((row) => config.toEntity(row as TTable["$inferSelect"]));
      const meta = pageMeta(input, total, sort.key);
      if (capped) Object.assign(meta, { capped: true, pages: Math.max(meta.pages, input.page + (rows.length === input.size ? 1 : 0)) });
      return { rows: config.enrich ? await config.enrich({ ctx, entities, at }) : entities, meta };
    },

    async get({ ctx, input }) {
      const entity = config.toEntity(await findRow(ctx, input.id));
      return config.enrich ? (await config.enrich({ ctx, entities: [entity], at: filterAtOf({}) }))[0]! : entity;
    },

    async create({ ctx, input }) {
      const values = parseInput(config.input, input);
      return withTransaction(ctx, async (tx) => {
        await checkUnique(tx, values, null);
        await config.validate?.({ ctx: tx, input: values, id: null });
        const inserted = await tx.db
          .insert(table)
          .values({ ...config.toValues(values), ...audit(tx, true) } as TTable["$inferInsert"])
          .returning({ id: table.id })
          .catch(refuseWrite(values));
        const id = (inserted as { id: number }[])[0]!.id;
        await config.afterSave?.({ ctx: tx, id, input: values, creating: true });
        return id;
      });
    },

    async update({ ctx, input }) {
      const values = parseInput(config.input, input.values);
      return withTransaction(ctx, async (tx) => {
        await findRow(tx, input.id);
        await checkUnique(tx, values, input.id);
        await config.validate?.({ ctx: tx, input: values, id: input.id });
        const updated = await tx.db
          .update(table)
          .set({ ...config.toValues(values), ...audit(tx, false) } as never)
          .where(eq(table.id, input.id))
          .returning()
          .catch(refuseWrite(values));
        await config.afterSave?.({ ctx: tx, id: input.id, input: values, creating: false });
        const entity = config.toEntity((updated as TTable["$inferSelect"][])[0]!);
        return config.enrich ? (await config.enrich({ ctx: tx, entities: [entity], at: filterAtOf({}) }))[0]! : entity;
      });
    },

    async remove({ ctx, input }) {
      await withTransaction(ctx, async (tx) => {
        await findRow(tx, input.id);
        await config.beforeDelete?.({ ctx: tx, id: input.id });
        await tx.db.delete(table).where(eq(table.id, input.id)).catch((error) => translateDbError(error));
      });
    },
  };
}
