/** Decision 016: layers point one way and nothing imports in a circle (scripts/import-graph.ts). */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Graph, importCycles, importGraph, layerViolations, moduleFaceViolations } from "../../scripts/import-graph";

describe("the project's import graph", () => {
  const graph = importGraph();

  test("reads the whole project, aliases resolved", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get("src/app.tsx")).toContain("src/modules/index.ts");
    expect(graph.get("src/modules/index.ts")).toContain("src/modules/catalogue/module.ts");
  });

  test("has no layer violations (src/lib imports neither views, modules, src/web nor tests; src/mqtt no modules; production code no tests; lib and modules no islands; islands no server code)", () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  test("has no import cycles", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  test("orders has a face, and production code outside orders imports it only through it (index.ts, browser.ts, schemas.ts; module.ts from src/modules/index.ts)", () => {
    expect(graph.get("src/modules/orders/index.ts")).toContain("src/modules/orders/browser.ts");
    expect(graph.get("src/modules/planning/manufacture-plans.ts")).toContain("src/modules/orders/index.ts");
    expect(moduleFaceViolations(graph)).toEqual([]);
  });

  test("Hono-aware code of src/lib lives in src/lib/http (elsewhere in src/lib only type imports of hono)", () => {
    const root = join(import.meta.dir, "../..");
    const honoAware: string[] = [];
    for (const entry of readdirSync(join(root, "src/lib"), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const path = relative(root, join(entry.parentPath, entry.name));
      if (path.startsWith("src/lib/http/")) continue;
      if (/^import(?!\s+type\b)[^;]*from\s+"hono(\/[^"]*)?";/m.test(readFileSync(join(root, path), "utf8"))) honoAware.push(path);
    }
    expect(honoAware).toEqual([]);
  });
});

describe("the checks themselves", () => {
  const graphOf = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges));

  test("a cycle of two files and a longer one are found; a test file's cycle is not", () => {
    const cycles = importCycles(
      graphOf({
        "src/app.tsx": ["src/modules/settings/module.ts"],
        "src/modules/settings/module.ts": ["src/app.tsx"],
        "src/a.ts": ["src/b.ts"],
        "src/b.ts": ["src/c.ts"],
        "src/c.ts": ["src/a.ts"],
        "src/d.ts": [],
        "src/x.test.ts": ["src/y.ts"],
        "src/y.ts": ["src/x.test.ts"],
      }),
    );
    expect(cycles).toEqual([["src/app.tsx", "src/modules/settings/module.ts"], ["src/a.ts", "src/b.ts", "src/c.ts"]]);
  });

  test("each layer rule catches its import", () => {
    const rules = layerViolations(
      graphOf({
        "src/lib/render.tsx": ["views/view-context.tsx", "src/modules/baskets/service.ts", "src/web/render.tsx"],
        "src/lib/barcode.ts": ["tests/helpers/factories/catalogue.ts"],
        // The scale handler back in src/mqtt (before decision 070): mqtt and modules depended on each other.
        "src/mqtt/handlers/scale-reading.ts": ["src/modules/warehouse/scale-feed/writer.ts"],
        "db/seed/demo/catalogue.ts": ["tests/helpers/factories/catalogue.ts"],
        "islands/shell/box.tsx": ["src/modules/baskets/schemas.ts", "islands/api.ts"],
        "src/modules/baskets/schemas.ts": ["src/lib/db.ts"],
        "src/lib/db.ts": [],
        "islands/api.ts": [],
        // A page importing an island's constant; a view rendering the island may.
        "src/modules/manufacture/pages.tsx": ["islands/manufacture/spacer-calculator.tsx"],
        "views/manufacture/spacer-calculator.tsx": ["islands/manufacture/spacer-calculator.tsx"],
        "islands/manufacture/spacer-calculator.tsx": [],
        // Tests may use helpers, services and anything else.
        "src/lib/crud/service.test.ts": ["tests/helpers/service.ts", "src/modules/catalogue/vat/service.ts"],
      }),
    ).map((violation) => `${violation.rule}: ${violation.from} → ${violation.to}`);
    expect(rules).toEqual([
      "src/lib imports no views: src/lib/render.tsx → views/view-context.tsx",
      "src/lib imports no modules: src/lib/render.tsx → src/modules/baskets/service.ts",
      "src/lib imports no page plumbing (src/web): src/lib/render.tsx → src/web/render.tsx",
      "src/lib imports no tests: src/lib/barcode.ts → tests/helpers/factories/catalogue.ts",
      "production code imports no tests: src/lib/barcode.ts → tests/helpers/factories/catalogue.ts",
      "src/mqtt imports no modules: src/mqtt/handlers/scale-reading.ts → src/modules/warehouse/scale-feed/writer.ts",
      "production code imports no tests: db/seed/demo/catalogue.ts → tests/helpers/factories/catalogue.ts",
      "islands never reach server code: islands/shell/box.tsx → src/lib/db.ts",
      "src/lib and modules import no islands: src/modules/manufacture/pages.tsx → islands/manufacture/spacer-calculator.tsx",
    ]);
  });

  test("an import past a module's face is caught; one through it, its browser-safe part, its schemas, its own views and islands, and tests are not", () => {
    const edges = {
      "src/modules/orders/index.ts": ["src/modules/orders/browser.ts", "src/modules/orders/fence-order/service.ts"],
      "src/modules/orders/browser.ts": ["src/modules/orders/fence-item/engine.ts"],
      "src/modules/orders/fence-order/service.ts": ["src/lib/db.ts", "src/modules/orders/fence-item/engine.ts"],
      "src/modules/orders/fence-item/engine.ts": [],
      "src/modules/orders/fence-order/schemas.ts": [],
      "src/modules/orders/module.ts": ["src/modules/orders/fence-order/service.ts"],
      "src/lib/db.ts": [],
      // Past the face: another module, a view of another module, the seed, a script, an island.
      "src/modules/planning/grid.ts": ["src/modules/orders/fence-order/service.ts", "src/modules/orders/index.ts"],
      "views/planning/order-tabs.tsx": ["src/modules/orders/fence-item/engine.ts", "src/modules/orders/fence-order/schemas.ts"],
      "db/seed/demo/fence-orders.ts": ["src/modules/orders/fence-order/service.ts"],
      "scripts/demo.ts": ["src/modules/orders/module.ts"],
      "islands/manufacture/spacer-calculator.tsx": ["src/modules/orders/fence-item/engine.ts", "src/modules/orders/browser.ts"],
      // Through it, or the module's own.
      "src/modules/index.ts": ["src/modules/orders/module.ts"],
      "src/modules/catalogue/category-parameter/roles.ts": ["src/modules/orders/browser.ts"],
      "views/orders/fence-order-editor.tsx": ["src/modules/orders/fence-order/service.ts"],
      "islands/orders/fence-items-model.ts": ["src/modules/orders/fence-item/engine.ts"],
      "tests/helpers/fence-offer.ts": ["src/modules/orders/fence-order/service.ts"],
      "src/modules/planning/service.test.ts": ["src/modules/orders/fence-order/service.ts"],
      // Islands stay off index.ts: through it they reach services, and the islands rule says so.
      "islands/planning/board.tsx": ["src/modules/orders/index.ts"],
    };
    const format = (violation: { rule: string; from: string; to: string }) => `${violation.rule}: ${violation.from} → ${violation.to}`;
    const rule = "orders is imported through its face (src/modules/orders/index.ts)";
    expect(moduleFaceViolations(graphOf(edges)).map(format)).toEqual([
      `${rule}: src/modules/planning/grid.ts → src/modules/orders/fence-order/service.ts`,
      `${rule}: views/planning/order-tabs.tsx → src/modules/orders/fence-item/engine.ts`,
      `${rule}: db/seed/demo/fence-orders.ts → src/modules/orders/fence-order/service.ts`,
      `${rule}: scripts/demo.ts → src/modules/orders/module.ts`,
      `${rule}: islands/manufacture/spacer-calculator.tsx → src/modules/orders/fence-item/engine.ts`,
    ]);
    expect(layerViolations(graphOf(edges)).map(format)).toEqual([
      "islands never reach server code: islands/planning/board.tsx → src/modules/orders/fence-order/service.ts",
      "islands never reach server code: islands/planning/board.tsx → src/lib/db.ts",
    ]);
    // A module without an index.ts has no face yet: the same import into it is not this rule's.
    const { "src/modules/orders/index.ts": _face, ...faceless } = edges;
    expect(moduleFaceViolations(graphOf(faceless))).toEqual([]);
  });
});
