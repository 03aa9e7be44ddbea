import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { eshops, vatRates } from "@db/schema";
import { MAX_LIST_STATEMENTS } from "./page-statements";
import { createCrudService } from "./service";
import { failureOf, useTestDatabase } from "../../../tests/helpers/service";
import { eshopService } from "@/modules/settings/eshop/service";
import { vatService } from "@/modules/catalogue/vat/service";

const t = useTestDatabase();

describe("generic CRUD service", () => {
  test("lists with paging, filters and sorting, and counts the whole filtered set", async () => {
    for (const rate of [5, 7.5, 10, 10.5, 30]) await vatService.create({ ctx: t.ctx, input: { rate } });
    const page = await vatService.list({ ctx: t.ctx, input: { page: 2, size: 3, sort: "rate,desc", filters: {} } });
    // seeded 12, 15, 21 plus five: 30, 21, 15 | 12, 10.5, 10 | 7.5, 5
    expect(page.rows.map((row) => row.rate)).toEqual([12, 10.5, 10]);
    expect(page.meta).toEqual({ page: 2, size: 3, total: 8, pages: 3, sort: "rate,desc" });
    const filtered = await vatService.list({ ctx: t.ctx, input: { page: 1, size: 20, filters: { rate: "10,5" } } });
    expect(filtered.rows.map((row) => row.rate)).toEqual([10.5]);
    const unknownSort = await vatService.list({ ctx: t.ctx, input: { page: 1, size: 2, sort: "passwordHash,asc", filters: {} } });
    expect(unknownSort.meta.sort).toBe("rate,asc");
  });

  test("text filters match case-insensitively and treat % and _ literally", async () => {
    await eshopService.create({ ctx: t.ctx, input: { name: "Ploty 100% kvalita", url: "https://a.cz" } });
    await eshopService.create({ ctx: t.ctx, input: { name: "Brány_Praha", url: "https://b.cz" } });
    const percent = await eshopService.list({ ctx: t.ctx, input: { page: 1, size: 20, filters: { name: "100%" } } });
    expect(percent.rows.map((row) => row.name)).toEqual(["Ploty 100% kvalita"]);
    const underscore = await eshopService.list({ ctx: t.ctx, input: { page: 1, size: 20, filters: { name: "y_p" } } });
    expect(underscore.rows.map((row) => row.name)).toEqual(["Brány_Praha"]);
    const upper = await eshopService.list({ ctx: t.ctx, input: { page: 1, size: 20, filters: { name: "PLOTY" } } });
    expect(upper.meta.total).toBe(1);
  });

  test("unique values are refused case-insensitively, on create and update, as a field error", async () => {
    const id = await eshopService.create({ ctx: t.ctx, input: { name: "Jediný", url: "https://c.cz" } });
    const duplicate = await failureOf(eshopService.create({ ctx: t.ctx, input: { name: "JEDINÝ", url: "https://d.cz" } }));
    expect(duplicate.fields.name?.key).toBe("validation.duplicate");
    const other = await eshopService.create({ ctx: t.ctx, input: { name: "Jiný", url: "https://e.cz" } });
    const clash = await failureOf(eshopService.update({ ctx: t.ctx, input: { id: other, values: { name: "jediný", url: "https://e.cz" } } }));
    expect(clash.fields.name?.key).toBe("validation.duplicate");
    // Saving a record under its own name is not a clash.
    expect((await eshopService.update({ ctx: t.ctx, input: { id, values: { name: "Jediný", url: "https://f.cz" } } })).url).toBe("https://f.cz");
  });

  test("a referenced row is not deleted and the refusal is readable", async () => {
    const id = await eshopService.create({ ctx: t.ctx, input: { name: "Odkazovaný", url: "https://g.cz" } });
    await t.db.execute(sql`create table if not exists test_eshop_ref (eshop_id integer not null references eshops(id))`);
    await t.db.execute(sql`insert into test_eshop_ref values (${id})`);
    const refused = await failureOf(eshopService.remove({ ctx: t.ctx, input: { id } }));
    expect(refused.kind).toBe("fail");
    expect(refused.messages[0]?.key).toBe("validation.inUse");
    expect((await eshopService.get({ ctx: t.ctx, input: { id } })).name).toBe("Odkazovaný");
  });

  test("a row held by an ON DELETE RESTRICT key is refused readably too", async () => {
    const id = await eshopService.create({ ctx: t.ctx, input: { name: "Držený", url: "https://h.cz" } });
    await t.db.execute(sql`create table if not exists test_eshop_restrict (eshop_id integer not null references eshops(id) on delete restrict)`);
    await t.db.execute(sql`insert into test_eshop_restrict values (${id})`);
    const refused = await failureOf(eshopService.remove({ ctx: t.ctx, input: { id } }));
    expect(refused.messages[0]?.key).toBe("validation.inUse");
  });

  test("invalid input saves nothing; a missing id is NOT_FOUND", async () => {
    const before = (await vatService.list({ ctx: t.ctx, input: { page: 1, size: 1, filters: {} } })).meta.total;
    const invalid = await failureOf(vatService.create({ ctx: t.ctx, input: { rate: "abc" } }));
    expect(invalid.fields.rate?.key).toBe("validation.number");
    expect((await vatService.list({ ctx: t.ctx, input: { page: 1, size: 1, filters: {} } })).meta.total).toBe(before);
    const missing = await failureOf(vatService.get({ ctx: t.ctx, input: { id: 999_999 } }));
    expect(missing.code).toBe("NOT_FOUND");
    const missingDelete = await failureOf(vatService.remove({ ctx: t.ctx, input: { id: 999_999 } }));
    expect(missingDelete.code).toBe("NOT_FOUND");
  });

  test("records who created and who last changed a row", async () => {
    const id = await vatService.create({ ctx: { ...t.ctx, userId: 41 }, input: { rate: 9 } });
    await vatService.update({ ctx: { ...t.ctx, userId: 42 }, input: { id, values: { rate: 9.5 } } });
    const [row] = await t.db.select().from(vatRates).where(eq(vatRates.id, id));
    expect(row).toMatchObject({ createdBy: 41, updatedBy: 42, rate: "9.50" });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
  });
});

/** A list of the e-shops' names alone, for the list's own rules. */
const eshopNames = (options: { countCap?: number } = {}) =>
  createCrudService({
    table: eshops,
    input: eshopService.input,
    toEntity: (row) => ({ id: row.id, name: row.name }),
    toValues: () => ({}),
    listFields: { name: { column: eshops.name, filter: "text", sortable: true } },
    defaultSort: ["name", "asc"],
    ...options,
  });

describe("count cap", () => {
  const capped = eshopNames({ countCap: 3 });

  test("a broad list counts only to the cap and says so; the pages past it still load", async () => {
    for (const name of ["Cap A", "Cap B", "Cap C", "Cap D", "Cap E", "Cap F", "Cap G"]) await eshopService.create({ ctx: t.ctx, input: { name, url: "https://cap.cz" } });
    const first = await capped.list({ ctx: t.ctx, input: { page: 1, size: 2, filters: { name: "Cap " } } });
    expect(first.meta).toMatchObject({ total: 3, capped: true, pages: 2 });
    const third = await capped.list({ ctx: t.ctx, input: { page: 3, size: 2, filters: { name: "Cap " } } });
    expect(third.rows.map((row) => row.name)).toEqual(["Cap E", "Cap F"]);
    expect(third.meta).toMatchObject({ total: 6, capped: true, pages: 4 });
    const narrow = await capped.list({ ctx: t.ctx, input: { page: 1, size: 2, filters: { name: "Cap A" } } });
    expect(narrow.meta).toMatchObject({ total: 1, pages: 1 });
    expect(narrow.meta.capped).toBeUndefined();
  });
});

describe("the page statement kept per list view", () => {
  const names = eshopNames();
  const list = (page: number, filters: Record<string, string>, size = 2) => names.list({ ctx: t.ctx, input: { page, size, sort: "name,asc", filters } });

  test("the same view again reads the rows as they are now, with its count; another filter value is another statement", async () => {
    for (const name of ["Kept A", "Kept B", "Kept C"]) await eshopService.create({ ctx: t.ctx, input: { name, url: "https://kept.cz" } });
    const first = await list(1, { name: "Kept" });
    expect(first.rows.map((row) => row.name)).toEqual(["Kept A", "Kept B"]);
    expect(first.meta).toMatchObject({ total: 3, pages: 2 });
    // The count rides on the page's rows and is not itself a column of a row.
    expect(Object.keys(first.rows[0]!)).toEqual(["id", "name"]);
    await eshopService.create({ ctx: t.ctx, input: { name: "Kept 0", url: "https://kept.cz" } });
    const again = await list(1, { name: "Kept" });
    expect(again.rows.map((row) => row.name)).toEqual(["Kept 0", "Kept A"]);
    expect(again.meta).toMatchObject({ total: 4, pages: 2 });
    expect((await list(2, { name: "Kept" })).rows.map((row) => row.name)).toEqual(["Kept B", "Kept C"]);
    expect((await list(1, { name: "Kept C" })).rows.map((row) => row.name)).toEqual(["Kept C"]);
    expect((await list(1, { name: "Kept" }, 3)).rows.map((row) => row.name)).toEqual(["Kept 0", "Kept A", "Kept B"]);
  });

  test("a page past the end has no row to carry the count: it is counted on its own", async () => {
    for (const name of ["Past A", "Past B", "Past C"]) await eshopService.create({ ctx: t.ctx, input: { name, url: "https://past.cz" } });
    const past = await list(5, { name: "Past" });
    expect(past.rows).toEqual([]);
    expect(past.meta).toMatchObject({ page: 5, total: 3, pages: 2 });
    expect((await list(1, { name: "Nikde" })).meta).toMatchObject({ total: 0, pages: 1 });
  });

  test(`more views than ${MAX_LIST_STATEMENTS} kept: the oldest are built again when asked, with the same answers`, async () => {
    await eshopService.create({ ctx: t.ctx, input: { name: "Mnoho 1", url: "https://mnoho.cz" } });
    for (let n = 0; n <= MAX_LIST_STATEMENTS; n++) expect((await list(1, { name: `Mnoho ${n % 3 === 1 ? 1 : `x${n}`}` })).meta.total).toBe(n % 3 === 1 ? 1 : 0);
    expect((await list(1, { name: "Mnoho x0" })).meta.total).toBe(0);
    expect((await list(1, { name: "Mnoho 1" })).rows.map((row) => row.name)).toEqual(["Mnoho 1"]);
  });
});
