/**
 * The repository stands on its own: every citation of the project's documents leads
 * to a file and a section that exist, and nothing sends a reader to a document outside the
 * repository (the design brief or the functional spec the project started from).
 * - `docs/<file>.md#<anchor>` anywhere in the code, tests, scripts, README and docs resolves: the
 *   file exists and has that anchor (an explicit `<a id="…">` or a heading's slug);
 * - `docs/decisions/NNN` names an existing decision;
 * - a relative Markdown link in README.md or docs/ leads to an existing file (and anchor);
 * - no file cites the outside documents ("DESIGN.md §x", "spec 02 §y", "(spec: …)").
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");
const SOURCE_DIRS = ["src", "islands", "views", "db", "tests", "scripts", "public", "docs"];
const SKIPPED_DIRS = new Set(["node_modules", "migrations", "build", ".git"]);
const TEXT_FILE = /\.(ts|tsx|js|css|md)$/;
const THIS_FILE = relative(ROOT, import.meta.path);

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (TEXT_FILE.test(name)) out.push(relative(ROOT, path));
  }
}

const files: string[] = ["README.md"];
for (const dir of SOURCE_DIRS) walk(join(ROOT, dir), files);
const textOf = new Map(files.map((file) => [file, readFileSync(join(ROOT, file), "utf8")]));

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2… */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .replace(/`/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
const anchorsOfFile = (file: string) => {
  let anchors = anchorCache.get(file);
  if (!anchors) anchorCache.set(file, (anchors = anchorsOf(readFileSync(join(ROOT, file), "utf8"))));
  return anchors;
};

/** Why a citation of `target` (a repository path) and `anchor` does not resolve, or null. */
function brokenTarget(target: string, anchor: string | undefined): string | null {
  if (!existsSync(join(ROOT, target))) return `no file ${target}`;
  if (anchor === undefined || anchor === "") return null;
  if (!target.endsWith(".md")) return null;
  return anchorsOfFile(target).has(anchor) ? null : `no anchor #${anchor} in ${target}`;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

describe("citations of the project's own documents", () => {
  test("every docs/…md#anchor cited anywhere exists", () => {
    const broken: string[] = [];
    for (const [file, text] of textOf) {
      for (const match of text.matchAll(/\bdocs\/([\w./-]+?\.md)(?:#([\w-]+))?/g)) {
        const problem = brokenTarget(`docs/${match[1]}`, match[2]);
        if (problem) broken.push(`${file}:${lineOf(text, match.index!)}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test("every docs/decisions/NNN cited names an existing decision", () => {
    const numbers = new Set(readdirSync(join(ROOT, "docs/decisions")).map((name) => name.slice(0, 3)));
    const broken: string[] = [];
    for (const [file, text] of textOf) {
      for (const match of text.matchAll(/\bdocs\/decisions\/(\d{3})/g)) {
        if (!numbers.has(match[1]!)) broken.push(`${file}:${lineOf(text, match.index!)}: no decision ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test("relative links in README.md and docs/ lead to existing files and anchors", () => {
    const broken: string[] = [];
    for (const [file, text] of textOf) {
      if (!file.endsWith(".md")) continue;
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = match[1]!;
        if (/^[a-z]+:/i.test(link)) continue;
        const [path, anchor] = link.split("#") as [string, string | undefined];
        const target = path === "" ? file : relative(ROOT, resolve(ROOT, dirname(file), path));
        const problem = brokenTarget(target, anchor);
        if (problem) broken.push(`${file}:${lineOf(text, match.index!)}: ${link}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test("no file cites the design brief or the functional spec, which are not in the repository", () => {
    // Built from parts so this file does not match itself.
    const outside = new RegExp(
      ["DESIGN\\.md", "\\bspec 0\\d", "\\bspec §", "\\(spec[:§ ]", "\\(spec\\)(?!\\s*=>)", "shared/spec", "/work/shared"].join("|"),
      "i",
    );
    const cited: string[] = [];
    for (const [file, text] of textOf) {
      if (file === THIS_FILE) continue;
      text.split("\n").forEach((line, index) => {
        if (outside.test(line)) cited.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(cited).toEqual([]);
  });

  test("the checks read the documents they guard", () => {
    expect(textOf.has("docs/domain.md")).toBe(true);
    expect(textOf.has("docs/architecture.md")).toBe(true);
    expect(anchorsOfFile("docs/domain.md").has("order-status")).toBe(true);
    expect(anchorsOf("## Order pricing (spec)\n## Order pricing (spec)")).toEqual(new Set(["order-pricing-spec", "order-pricing-spec-1"]));
  });
});
