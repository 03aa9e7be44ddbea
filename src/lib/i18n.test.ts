import { describe, expect, test } from "bun:test";
import { resources } from "@/locales";
import { i18nextFor, tFor, translateMessage } from "./i18n";
import { msg } from "./errors";

/** Every text's key in a language, nested objects joined by dots. */
function keysOf(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === "object" ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe("texts looked up once per language", () => {
  for (const lang of ["cs", "en"] as const) {
    test(`${lang}: every text, with and without values, reads as i18next reads it`, () => {
      const t = tFor(lang);
      const i18next = i18nextFor(lang);
      const keys = keysOf(resources[lang].translation);
      expect(keys.length).toBeGreaterThan(1000);
      let withPlaceholders = 0;
      for (const key of keys) {
        const names = [...String(i18next(key)).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
        if (names.length) withPlaceholders++;
        // Texts, numbers, markup-like text (never escaped here: React escapes), one value left out.
        const values = Object.fromEntries(names.slice(1).map((name, index) => [name, index % 2 ? 12.5 : `Novák <&> "${name}"`]));
        expect(t(key)).toBe(i18next(key));
        expect(t(key, values)).toBe(i18next(key, values));
        expect(t(key, { ...values, [names[0] ?? "unused"]: null })).toBe(i18next(key, { ...values, [names[0] ?? "unused"]: null }));
      }
      expect(withPlaceholders).toBeGreaterThan(100);
    });
  }

  test("concrete: a value filled in, one left out stays as written, null is nothing; plurals and missing keys go to i18next", () => {
    const t = tFor("cs");
    expect(t("basket.addToBasketProduct", { name: "Plot Lamela 21" })).toBe("Přidat do košíku: Plot Lamela 21");
    expect(t("basket.addToBasketProduct", { other: 1 })).toBe("Přidat do košíku: {{name}}");
    expect(t("basket.addToBasketProduct", { name: null })).toBe("Přidat do košíku: ");
    expect(t("basket.addToBasketProduct", { name: "x", toString: "y" })).toBe("Přidat do košíku: x");
    expect(t("no.such.key", { defaultValue: "Výchozí {{n}}", n: 3 })).toBe("Výchozí 3");
    expect(translateMessage(t, msg("no.such.key"))).toBe("no.such.key");
    const plural = keysOf(resources.cs.translation).find((key) => key.endsWith("_few"))!.replace(/_few$/, "");
    expect(t(plural, { count: 3 })).toBe(i18nextFor("cs")(plural, { count: 3 }));
    expect(t(plural, { count: 1 })).not.toBe(t(plural, { count: 3 }));
  });
});
