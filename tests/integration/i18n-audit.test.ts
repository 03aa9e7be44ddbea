/**
 * No visible or aria text outside i18next (docs/architecture.md#i18n):
 * - the source of views/ and islands/ holds no JSX text, and no label, title, aria text,
 *   placeholder or alt given as a literal with letters (symbols, units and data may stay, each
 *   named below with the reason);
 * - main pages rendered in English show no Czech text of the locales (a Czech string that has
 *   an English one of its own).
 */
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { join } from "node:path";
import ts from "typescript";
import { menuLinks } from "@views/layouts/menu";
import { isNotNull } from "drizzle-orm";
import { categoryParameters, products } from "@db/schema";
import { resources } from "@/locales";
import { email } from "@/locales/email";
import { createFenceOrder } from "@/modules/orders/fence-order/service";
import { validFenceOrder } from "../helpers/factories/fence-order";
import { createProduct } from "../helpers/factories/catalogue";
import { type Session, useTestApp } from "../helpers/app";
import { html as htmlOf } from "./support";

const ROOT = join(import.meta.dir, "../..");
const LETTERS = /\p{L}/u;

/** Attributes and props a person reads or hears. */
const TEXT_ATTRIBUTES = /^(aria-label|aria-description|aria-placeholder|aria-roledescription|aria-valuetext|title|placeholder|alt|label|[a-z]+(Label|Text|Title|Hint|Placeholder)|hint|emptyOption)$/;
/** Object keys that carry such text into a view (columns, fields, toasts). */
const TEXT_KEYS = /^(label|title|placeholder|hint|alt|emptyOption|emptyText|text)$/;

/** Deliberate literals: `file` and the exact literal, and why it needs no translation. */
const ALLOWED: { file: string; text: string; why: string }[] = [
  { file: "views/orders/fence-order-files-tab.tsx", text: "PDF", why: "drawn lettering of the file-type icon, hidden behind its translated aria-label" },
];

interface Finding {
  file: string;
  line: number;
  text: string;
}

/** The literal strings an expression can yield as its value (not the arguments of calls such as t("key")). */
function literalsOf(node: ts.Expression): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.flatMap((span) => [span.literal.text, ...literalsOf(span.expression)])];
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.PlusToken].includes(node.operatorToken.kind)) {
    return [...literalsOf(node.left), ...literalsOf(node.right)];
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node)) return literalsOf(node.expression);
  return [];
}

/** Every literal text a source file shows outside i18next. */
export function untranslatedTexts(file: string, source: string): Finding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const report = (node: ts.Node, texts: string[]) => {
    for (const text of texts.map((value) => value.trim()).filter((value) => LETTERS.test(value))) {
      if (ALLOWED.some((allowed) => allowed.file === file && allowed.text === text)) continue;
      findings.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, [node.text]);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) report(node, literalsOf(node.expression));
    else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.test(node.name.getText()) && node.initializer) {
      const value = node.initializer;
      report(node, ts.isStringLiteral(value) ? [value.text] : ts.isJsxExpression(value) && value.expression ? literalsOf(value.expression) : []);
    } else if (ts.isPropertyAssignment(node) && TEXT_KEYS.test(node.name.getText())) report(node, literalsOf(node.initializer));
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

/** key → text of one language, nested keys joined with dots. */
function flatten(tree: Record<string, unknown>, prefix = "", into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") into.set(prefix + key, value);
    else if (value && typeof value === "object") flatten(value as Record<string, unknown>, `${prefix}${key}.`, into);
  }
  return into;
}

/**
 * The Czech texts that must not show on an English page: each Czech string (its fixed parts when it
 * takes values) that differs from its English one and is not itself part of some English text
 * ("IČO" stays in "Company ID (IČO)").
 */
function czechOnlyTexts(): string[] {
  const cs = flatten(resources.cs.translation);
  const en = flatten(resources.en.translation);
  const english = [...en.values()];
  const texts = new Set<string>();
  for (const [key, czech] of cs) {
    if (en.get(key) === czech) continue;
    for (const part of czech.split(/\{\{[^}]+\}\}/).map((piece) => piece.trim())) {
      if (part.replace(/[^\p{L}]/gu, "").length < 3) continue;
      if (english.some((text) => text.includes(part))) continue;
      texts.add(part);
    }
  }
  return [...texts];
}

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: "\u00a0" })[name]!);

/** What a person reads or hears on a page: text between tags and the text attributes. */
function readableTexts(html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<style[\s\S]*?<\/style>/g, "");
  const between = [...body.matchAll(/>([^<]+)</g)].map((match) => match[1]!);
  const attributes = [...body.matchAll(/\s(?:title|aria-label|aria-description|placeholder|alt|data-confirm|hx-confirm)="([^"]*)"/g)].map((match) => match[1]!);
  return [...between, ...attributes].map(decode).filter((text) => LETTERS.test(text));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const asWord = (text: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, "u");

describe("views and islands keep every text in i18next", () => {
  test("the audit finds JSX text, text attributes and text keys given as literals (and lets keys, classes and data be)", () => {
    const findings = untranslatedTexts(
      "views/sample.tsx",
      `export const columns = [{ key: "name", label: "Název" }, { key: "id", label: t("id") }];
       export function Sample({ on }: { on: boolean }) {
         return (
           <section className="sample-box" aria-label="Ukázka" title={t("sample.title")}>
             Ahoj světe
             <img alt={on ? "zapnuto" : t("off")} src="/x.png" />
             <input placeholder={\`dd.mm.\${year}\`} name="date" />
             {on ? "Ano" : null} {value} {t("sample.text")} {"–"} {\`\${count} ks\`}
           </section>
         );
       }`,
    );
    expect(findings.map((finding) => finding.text)).toEqual(["Název", "Ukázka", "Ahoj světe", "zapnuto", "dd.mm.", "Ano", "ks"]);
  });

  test("no literal visible or aria text in views/**/*.tsx, views/**/*.ts and islands/**", async () => {
    const findings: Finding[] = [];
    for (const pattern of ["views/**/*.{ts,tsx}", "islands/**/*.{ts,tsx}"]) {
      for (const file of new Glob(pattern).scanSync(ROOT)) findings.push(...untranslatedTexts(file, await Bun.file(join(ROOT, file)).text()));
    }
    expect(findings).toEqual([]);
  });

  test("every allowed literal is still there (a stale entry would hide a new one)", async () => {
    for (const allowed of ALLOWED) expect(await Bun.file(join(ROOT, allowed.file)).text()).toContain(allowed.text);
  });
});

describe("pages in English show no Czech text of the locales", () => {
  const t = useTestApp();
  const czech = czechOnlyTexts().map((text) => ({ text, pattern: asWord(text) }));

  /** Texts of a page, without the given data (Czech product names are data, not the interface). */
  const czechOn = (html: string, data: string[] = []) => {
    const texts = readableTexts(html).map((text) => data.reduce((rest, value) => rest.replaceAll(value, " "), text));
    return czech.filter(({ pattern }) => texts.some((text) => pattern.test(text))).map(({ text }) => text);
  };

  test("the check itself sees a Czech text on a page", () => {
    expect(czech.length).toBeGreaterThan(500);
    expect(czechOn('<p title="Zadejte datum ve tvaru dd.mm.rrrr">x</p>')).toContain("Zadejte datum ve tvaru dd.mm.rrrr");
    expect(czechOn("<span>Společný košík</span>")).toContain("Společný košík");
    expect(czechOn("<span>Common basket</span><b>Jana Nováková</b>")).toEqual([]);
    expect(czechOn("<td>Montáž plotu</td>", ["Montáž plotu"])).toEqual([]);
  });

  async function english(options: { admin?: boolean } = {}): Promise<Session> {
    const session = await t.current.login(options);
    expect((await session.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    return session;
  }

  test("every menu page, the editors and their date inputs (an admin's view, so the admin pages too)", async () => {
    const session = await english({ admin: true });
    const orderId = await createFenceOrder({ ctx: t.current.ctx, input: { ...validFenceOrder, lastName: "Audit", orderDate: "2026-03-02" } });
    const productId = await createProduct(t.current.database.db, { name: "Audit product" });
    // The seeded reference products and the fence engine's category parameters are named in Czech (db/seed/reference.ts): data, shown as typed.
    const productNames = [
      ...(await t.current.database.db.select({ name: products.name, invoiceName: products.invoiceName }).from(products)).flatMap((row) => [row.name, row.invoiceName ?? ""]),
      ...(await t.current.database.db.select({ name: categoryParameters.name }).from(categoryParameters).where(isNotNull(categoryParameters.role))).map((row) => row.name),
      // Settings → E-mail edits each template in both languages: the Czech ones are content there, not the interface.
      ...Object.values(email.cs.emailTemplates).flatMap((template) => [template.subject, template.body].flatMap((text) => text.split(/\{\{[^}]+\}\}|\n/).map((part) => part.trim()))),
    ]
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    const paths = [
      ...menuLinks({ admin: true }),
      "/orders/fenceOrder/new",
      `/orders/fenceOrder/${orderId}`,
      `/orders/fenceOrder/${orderId}?tab=1`,
      "/orders/fenceOrder/orderedMaterial",
      "/products/new",
      `/products/${productId}`,
      "/settings/users/new",
    ];
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const response = await session.page(path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      const html = await htmlOf(response);
      expect(html).toContain('<html lang="en"');
      const texts = czechOn(html, productNames);
      if (texts.length) found[path] = texts;
    }
    expect(found).toEqual({});
  });

  test("the date inputs hint dd.mm.yyyy", async () => {
    const session = await english();
    const html = await htmlOf(await session.page("/orders/fenceOrder/new"));
    expect(html).toMatch(/<input id="field-offerDate"[^>]*placeholder="dd.mm.yyyy"/);
    expect(html).not.toContain("rrrr");
    expect(await htmlOf(await session.page("/timesheets/worklog"))).toContain('placeholder="dd.mm.yyyy"');
  });

  test("the login page with the English language cookie", async () => {
    const response = await t.current.request("/login", { headers: { Cookie: "ohrada_lang=en" } });
    expect(response.status).toBe(200);
    expect(czechOn(await htmlOf(response))).toEqual([]);
  });
});
