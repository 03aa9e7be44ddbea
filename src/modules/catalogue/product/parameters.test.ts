/** parametersOfProducts: what it answers, and that it reads the values of the asked products only. */
import { beforeAll, describe, expect, test } from "bun:test";
import { inArray, sql } from "drizzle-orm";
import { categoryParameterCategories, categoryParameters, productCategories, productParameterValues, products } from "@db/schema";
import { selectRows } from "@/lib/db";
import { createCategoryTree, createProduct, defaultVatId } from "../../../../tests/helpers/factories/catalogue";
import { useTestDatabase } from "../../../../tests/helpers/service";
import { parametersOfProducts, parametersOfProductsQuery } from "./parameters";

const t = useTestDatabase();

/** The plan nodes that read a table. */
function nodesReading(plan: unknown, table: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (node: Record<string, unknown>) => {
    if (node["Relation Name"] === table) found.push(node);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  for (const root of plan as { Plan: Record<string, unknown> }[]) visit(root.Plan);
  return found;
}

/** Rows each plan node read from a table: actual rows (and those a filter removed) times loops. */
function rowsReadFrom(plan: unknown, table: string): number {
  let total = 0;
  const visit = (node: Record<string, unknown>) => {
    if (node["Relation Name"] === table) {
      const loops = Number(node["Actual Loops"] ?? 1);
      total += (Number(node["Actual Rows"] ?? 0) + Number(node["Rows Removed by Filter"] ?? 0) + Number(node["Rows Removed by Index Recheck"] ?? 0)) * loops;
    }
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  for (const root of plan as { Plan: Record<string, unknown> }[]) visit(root.Plan);
  return total;
}

describe("parametersOfProducts", () => {
  let asked: number[];
  let height: number;
  let colour: number;

  beforeAll(async () => {
    const ids = await createCategoryTree(t.db, [{ name: "Ploty P", children: [{ name: "Pletivo P" }] }]);
    const [h] = await t.db.insert(categoryParameters).values({ name: "Výška P", unit: "mm" }).returning({ id: categoryParameters.id });
    const [c] = await t.db.insert(categoryParameters).values({ name: "Barva P", unit: "" }).returning({ id: categoryParameters.id });
    height = h!.id;
    colour = c!.id;
    await t.db.insert(categoryParameterCategories).values([
      { parameterId: height, categoryId: ids["Ploty P"]! },
      { parameterId: colour, categoryId: ids["Pletivo P"]! },
    ]);
    asked = [await createProduct(t.db, { categoryIds: [ids["Pletivo P"]!] }), await createProduct(t.db, { categoryIds: [ids["Pletivo P"]!] })];
    await t.db.insert(productParameterValues).values([
      { productId: asked[0]!, parameterId: height, value: "1500" },
      { productId: asked[0]!, parameterId: colour, value: "zelená" },
      { productId: asked[1]!, parameterId: height, value: "1800" },
    ]);
    // Many other products with values, as in a real catalogue.
    const vatId = await defaultVatId(t.db);
    const others = await t.db
      .insert(products)
      .values(Array.from({ length: 300 }, (_, i) => ({ name: `Jiný produkt P ${i}`, vatId })))
      .returning({ id: products.id });
    await t.db.insert(productCategories).values(others.map(({ id }) => ({ productId: id, categoryId: ids["Pletivo P"]! })));
    await t.db.insert(productParameterValues).values(others.flatMap(({ id }) => [{ productId: id, parameterId: height, value: "1000" }, { productId: id, parameterId: colour, value: "šedá" }]));
    await t.db.execute(sql`analyze`);
  });

  test("answers each asked product's parameters, through its category's ancestors, with its values", async () => {
    const byProduct = await parametersOfProducts({ ctx: t.ctx, input: { ids: asked } });
    expect([...byProduct.keys()].sort((a, b) => a - b)).toEqual(asked);
    const valuesOf = (id: number) => new Map(byProduct.get(id)!.map((p) => [p.name, p.value]));
    expect(valuesOf(asked[0]!)).toEqual(new Map([["Výška P", "1500"], ["Barva P", "zelená"]]));
    expect(valuesOf(asked[1]!)).toEqual(new Map<string, string | null>([["Výška P", "1800"], ["Barva P", null]]));
    expect(byProduct.get(asked[0]!)!.map((p) => p.id)).toEqual([height, colour].sort((a, b) => a - b));
  });

  test("answers the same for a query of product ids (as the items tab passes them)", async () => {
    const query = t.db.select({ id: products.id }).from(products).where(inArray(products.id, asked));
    expect(await parametersOfProducts({ ctx: t.ctx, input: { ids: query } })).toEqual(await parametersOfProducts({ ctx: t.ctx, input: { ids: asked } }));
  });

  test("reads the values of the asked products only, not the whole values table", async () => {
    const [row] = await selectRows<{ "QUERY PLAN": unknown }>(t.db, sql`explain (analyze, format json) ${parametersOfProductsQuery(asked)}`);
    const read = rowsReadFrom(row!["QUERY PLAN"], "product_parameter_values");
    // At most one per answered row (2 products × 2 parameters), each by its key; the table holds
    // 603. (PostgreSQL before 18 rounds a probe's rows up, so a miss may count as one.)
    expect(read).toBeLessThanOrEqual(4);
    // Each probe uses the whole key, not the product alone with the parameter filtered afterwards.
    const conditions = nodesReading(row!["QUERY PLAN"], "product_parameter_values").map((node) => String(node["Index Cond"] ?? node["Node Type"]));
    expect(conditions.length).toBeGreaterThan(0);
    for (const condition of conditions) expect(condition).toMatch(/product_id = .*parameter_id = /);
  });
});
