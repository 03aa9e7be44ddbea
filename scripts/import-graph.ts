/**
 * The project's import graph, read from the import statements (decision 016): which file imports
 * which, with the path aliases resolved. `bun run scripts/import-graph.ts` prints the rule
 * violations and exits 1 when there are any; tests/architecture/import-graph.test.ts runs the same.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const SOURCE_DIRS = ["src", "views", "islands", "db", "scripts", "tests"];
const ALIASES: [prefix: string, dir: string][] = [
  ["@/", "src/"],
  ["@views/", "views/"],
  ["@islands/", "islands/"],
  ["@db/", "db/"],
];
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

export type Graph = Map<string, string[]>;

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "migrations" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
}

/** Static imports and re-exports, and `import("…")` with a literal path. */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveImport(from: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else {
    const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) base = join(ROOT, alias[1], specifier.slice(alias[0].length));
    // An absolute path is followed only inside this checkout, wherever it lies.
    else if (specifier.startsWith(`${ROOT}/`)) base = specifier;
  }
  if (base === null) return null;
  if (/\.tsx?$/.test(base) && existsSync(base)) return relative(ROOT, base);
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return relative(ROOT, base + extension);
  return null;
}

/** Every project file and the project files it imports (packages left out). */
export function importGraph(): Graph {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(join(ROOT, dir), files);
  const graph: Graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, (match[1] ?? match[2])!);
      if (target) targets.add(target);
    }
    graph.set(relative(ROOT, file), [...targets]);
  }
  return graph;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("tests/");

const isLib = (file: string) => file.startsWith("src/lib/") && !isTest(file);
/** What must never reach the browser: the database, the server's HTTP and page plumbing, services. */
const serverOnly = (file: string) =>
  (!file.startsWith("islands/") && /\/(service|api|module)\.tsx?$|\/pages\.tsx$/.test(file)) ||
  file.startsWith("db/") || file === "src/lib/db.ts" || file.startsWith("src/web/") || file.startsWith("src/lib/http/");

/** Layers point one way (decision 016); each rule names who may not import whom. */
const RULES: { name: string; from: (file: string) => boolean; to: (file: string) => boolean; transitive?: boolean }[] = [
  { name: "src/lib imports no views", from: isLib, to: (t) => t.startsWith("views/") },
  { name: "src/lib imports no modules", from: isLib, to: (t) => t.startsWith("src/modules/") },
  // MQTT is plumbing (the broker and the client): what a message means is the module's, declared as a piece (src/lib/lifecycle.ts).
  { name: "src/mqtt imports no modules", from: (f) => f.startsWith("src/mqtt/"), to: (t) => t.startsWith("src/modules/") },
  { name: "src/lib imports no page plumbing (src/web)", from: isLib, to: (t) => t.startsWith("src/web/") },
  { name: "src/lib imports no tests", from: isLib, to: (t) => t.startsWith("tests/") },
  { name: "production code imports no tests", from: (f) => !isTest(f), to: (t) => t.startsWith("tests/") },
  // Islands are the browser's: the server side (lib, modules' pages and services) imports none of them.
  // Views may, to render an island in its place; what both sides need lives in a browser-safe schemas.ts.
  { name: "src/lib and modules import no islands", from: (f) => (isLib(f) || f.startsWith("src/modules/")) && !isTest(f), to: (t) => t.startsWith("islands/") },
  // islands/Island.tsx is the server-side wrapper that marks where an island hydrates.
  { name: "islands never reach server code", from: (f) => f.startsWith("islands/") && f !== "islands/Island.tsx" && !isTest(f), to: serverOnly, transitive: true },
];

/** Every file `start` reaches through its imports, itself excluded. */
function reachable(graph: Graph, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...(graph.get(start) ?? [])];
  while (queue.length) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(graph.get(next) ?? []));
  }
  return seen;
}

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

export function layerViolations(graph: Graph): Violation[] {
  const violations: Violation[] = [];
  for (const [from, targets] of graph) {
    for (const rule of RULES) {
      if (!rule.from(from)) continue;
      for (const to of rule.transitive ? reachable(graph, from) : targets) if (rule.to(to)) violations.push({ rule: rule.name, from, to });
    }
  }
  return violations;
}

/** The module a file belongs to: its folder under src/modules, or its views' or islands' folder. */
const moduleOf = (file: string): string | undefined => /^(?:src\/modules|views|islands)\/([^/]+)\//.exec(file)?.[1];

/**
 * A module with an `index.ts` has a face (decision 071): production code of other modules, views,
 * islands, `db/` and `scripts/` imports it only through that file, its browser-safe part
 * `browser.ts` (for islands, and for the modules it builds on, which would close a circle through
 * `index.ts`) and its `schemas.ts` contracts; `module.ts` is `src/modules/index.ts`'s alone. The
 * module's own views and islands (`views/<name>/`, `islands/<name>/`) are the module's, and tests
 * may reach inside. Islands are kept off `index.ts` by "islands never reach server code".
 */
export function moduleFaceViolations(graph: Graph): Violation[] {
  const faced = new Set([...graph.keys()].map((file) => /^src\/modules\/([^/]+)\/index\.ts$/.exec(file)?.[1]).filter((name) => name !== undefined));
  const violations: Violation[] = [];
  for (const [from, targets] of graph) {
    if (isTest(from)) continue;
    for (const to of targets) {
      const name = /^src\/modules\/([^/]+)\//.exec(to)?.[1];
      if (name === undefined || !faced.has(name) || moduleOf(from) === name) continue;
      const dir = `src/modules/${name}/`;
      const through = to === `${dir}index.ts` || to === `${dir}browser.ts` || to.endsWith("/schemas.ts") || (to === `${dir}module.ts` && from === "src/modules/index.ts");
      if (!through) violations.push({ rule: `${name} is imported through its face (${dir}index.ts)`, from, to });
    }
  }
  return violations;
}

/** Import cycles among non-test files (Tarjan's strongly connected components of more than one file, or a self-import). */
export function importCycles(graph: Graph): string[][] {
  const nodes = [...graph.keys()].filter((file) => !isTest(file));
  const keep = new Set(nodes);
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!keep.has(next)) continue;
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of nodes) if (!indexOf.has(node)) connect(node);
  return cycles;
}

if (import.meta.main) {
  const graph = importGraph();
  const violations = layerViolations(graph);
  const cycles = importCycles(graph);
  violations.push(...moduleFaceViolations(graph));
  for (const violation of violations) console.log(`${violation.rule}: ${violation.from} → ${violation.to}`);
  for (const cycle of cycles) console.log(`cycle: ${cycle.join(" ↔ ")}`);
  console.log(`${graph.size} files, ${violations.length} layer violations, ${cycles.length} cycles`);
  process.exit(violations.length || cycles.length ? 1 : 0);
}
