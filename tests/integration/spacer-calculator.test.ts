/**
 * The spacer calculator page (docs/domain.md#spacer-calculator): /manufacture/spacerCalculator
 * answers with the calculator island, behind the session guard, in both languages; inputs in the
 * query render the result on the server (the page works as a GET form without JavaScript), with
 * the numbers of docs/fence-geometry.md and its messages for bad input.
 */
import { describe, expect, test } from "bun:test";
import { SPACER_MESSAGE_KEYS, SPACER_TEXT_KEYS } from "@islands/manufacture/spacer-texts";
import { spacerCalculatorTexts } from "@views/manufacture/spacer-calculator";
import { tFor } from "@/lib/i18n";
import { type Session, useTestApp } from "../helpers/app";
import { html as htmlOf } from "./support";

const t = useTestApp();
const PAGE = "/manufacture/spacerCalculator";

let user: Session;
const session = async () => (user ??= await t.current.login());
const page = async (query = "") => {
  const response = await (await session()).page(`${PAGE}${query}`);
  expect(response.status).toBe(200);
  return htmlOf(response);
};

/** The cells of one option row: slat count, spacer, tail (or the row's "does not fit" text). */
function row(html: string, option: "floor" | "ceiling" | "fixed"): string[] {
  const match = html.match(new RegExp(`<tr class="spacer-option[^"]*" data-option="${option}">([\\s\\S]*?)</tr>`));
  expect(match).not.toBeNull();
  return [...match![1]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => cell[1]!);
}

const fieldError = (html: string, field: string) => html.match(new RegExp(`name="${field}"[\\s\\S]*?class="field-error"[^>]*>([^<]*)</small>`))?.[1];

describe("the page", () => {
  test("needs a session: without one it sends the browser to /login", async () => {
    const response = await t.current.request(PAGE, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toStartWith("/login");
  });

  test("answers the calculator island with its texts, in the menu, no longer the placeholder", async () => {
    const html = await page();
    expect(html).toContain('data-island="spacer-calculator"');
    expect(html).toContain('<script type="module" src="/build/client.js">');
    expect(html).toContain("<h1>Kalkulačka mezer</h1>");
    for (const label of ["Výška výplně", "Výška lamely", "Požadovaná mezera", "Z1 – volno dole", "Z2 – volno nahoře"]) expect(html).toContain(label);
    for (const field of ["height", "slatHeight", "spacer", "z1", "z2"]) expect(html).toMatch(new RegExp(`<input id="[^"]+-${field}" type="text" inputMode="decimal"[^>]*name="${field}"`));
    // Labels point at their inputs.
    const ids = [...html.matchAll(/<label for="([^"]+)"/g)].map((match) => match[1]!);
    for (const id of ids.filter((id) => /-(height|slatHeight|spacer|z1|z2)$/.test(id))) expect(html).toContain(`<input id="${id}"`);
    expect(html).toContain("Výsledek se ukáže");
    expect(html).toMatch(/<a href="\/manufacture\/spacerCalculator" role="menuitem" aria-current="page">Kalkulačka mezer<\/a>/);
    expect(html).not.toContain(tFor("cs")("notBuilt"));
    // Without JavaScript the form is a GET of this page with a Calculate button.
    expect(html).toMatch(/<form class="spacer-inputs"[^>]*method="get"/);
    expect(html).toContain(">Spočítat</button>");
  });

  test("inputs in the query render SPACER-1 on the server: floor 14 at 20,38, ceiling 15 at 11,78, fixed tail 5", async () => {
    const html = await page("?height=1665&slatHeight=100&spacer=20");
    expect(html).toMatch(/data-value="available">1665,00 mm</);
    expect(html).toMatch(/data-value="exactCount">14,04</);
    expect(row(html, "floor")).toEqual(["14", "20,38", "0,06"]);
    expect(row(html, "ceiling")).toEqual(["15", "11,78", "0,08"]);
    expect(row(html, "fixed")).toEqual(["14", "20,00", "5,00"]);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*data-slats="14"/);
    expect(html).toContain("Nákres: výška 1665,00 mm, lamely 14 × 100,00 mm, mezera 20,38 mm");
  });

  test("SPACER-2 with offsets and a decimal comma; SPACER-3 has no ceiling", async () => {
    const two = await page("?height=1665&slatHeight=100&spacer=20&z1=10&z2=15");
    expect(two).toMatch(/data-value="available">1640,00 mm</);
    expect(row(two, "floor")).toEqual(["13", "28,33", "0,04"]);
    expect(row(two, "ceiling")).toEqual(["14", "18,46", "0,02"]);
    expect(row(two, "fixed")).toEqual(["13", "20,00", "100,00"]);
    const three = await page(`?height=${encodeURIComponent("340,01")}&slatHeight=100&spacer=20`);
    // (340.01 − 300) / 2 = 20.005 → 20.00 (down, so the slats fit), which leaves 0.01 of the height.
    expect(row(three, "floor")).toEqual(["3", "20,00", "0,01"]);
    expect(row(three, "ceiling")).toEqual(["Další lamela se nevejde ani bez mezery"]);
    expect(row(three, "fixed")).toEqual(["3", "20,00", "0,01"]);
  });

  test("bad input says why at its field: negative, Z1 + Z2 over the height, a slat that does not fit, not a number", async () => {
    const negative = await page("?height=-5&slatHeight=100&spacer=20");
    expect(fieldError(negative, "height")).toBe("Hodnota nesmí být záporná");
    expect(negative).toContain('data-state="pending"');
    expect(fieldError(await page("?height=1000&slatHeight=0&spacer=20"), "slatHeight")).toBe("Výška lamely musí být větší než 0");
    expect(fieldError(await page("?height=1000&slatHeight=100&spacer=20&z1=600&z2=500"), "z2")).toBe("Z1 a Z2 dohromady přesahují výšku 1000,00 mm");
    expect(fieldError(await page("?height=1000&slatHeight=100&spacer=20&z1=450&z2=500"), "slatHeight")).toBe("Nevejde se ani jedna lamela: k vyplnění zbývá 50,00 mm, lamela má 100,00 mm");
    expect(fieldError(await page("?height=abc&slatHeight=100&spacer=20"), "height")).toBe("Zadejte číslo");
    expect(fieldError(await page("?height=1000&slatHeight=100&spacer=20,125"), "spacer")).toBe("Nejvýše 2 desetinná místa");
    expect(fieldError(await page("?height=1000&slatHeight=100&spacer=5000"), "spacer")).toBe("Největší hodnota je 1000");
  });

  test("a query value longer than a number is cut, not echoed whole", async () => {
    const html = await page(`?height=${"9".repeat(500)}`);
    expect(html).toContain(`value="${"9".repeat(32)}"`);
    expect(html).not.toContain("9".repeat(33));
  });

  test("in English", async () => {
    const english = await t.current.login();
    expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    const html = htmlOf(await english.page(`${PAGE}?height=1665&slatHeight=100&spacer=20`));
    const text = await html;
    expect(text).toContain("<h1>Spacer calculator</h1>");
    expect(text).toContain("Round down");
    expect(text).toContain("Keep the spacer");
    expect(text).not.toContain("Zaokrouhlit");
  });
});

describe("the texts the page and the items editor's dialog get", () => {
  test("every text is translated in both languages, placeholders left for the browser", () => {
    for (const lang of ["cs", "en"] as const) {
      const texts = spacerCalculatorTexts(tFor(lang));
      expect(Object.keys(texts).sort()).toEqual([...SPACER_TEXT_KEYS, ...SPACER_MESSAGE_KEYS].sort());
      for (const [key, text] of Object.entries(texts)) {
        expect({ key, text }).not.toEqual({ key, text: "" });
        expect(text).not.toMatch(/^(spacerCalculator|validation|fenceItem|action)\./);
      }
      expect(texts.max).toContain("{{max}}");
      expect(texts.offsetsTooLarge).toContain("{{height}}");
      expect(texts.noSlatFits).toContain("{{available}}");
      expect(texts.drawingLabel).toContain("{{tail}}");
    }
  });
});
