import { describe, expect, test } from "bun:test";
import { common } from "@/locales/common";
import { FENCE_ITEM_ENUMS, FENCE_ITEM_MESSAGES } from "./engine";
import { fenceItem } from "@/locales/fence-item";

/** Every key of a nested text object, dotted. */
function keysOf(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "object" && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

const lookup = (tree: object, path: string): unknown => path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

describe("the fence item's texts", () => {
  test("Czech and English have the same keys", () => {
    expect(keysOf(fenceItem.en).sort()).toEqual(keysOf(fenceItem.cs).sort());
  });

  test("every message the engine and the schemas answer with has a text in both languages", () => {
    const messages = [...Object.values(FENCE_ITEM_MESSAGES), "fenceItem.spacer.offsetsTooLarge", "validation.decimalPlaces", "validation.max", "validation.invalid"];
    for (const language of ["cs", "en"] as const) {
      const texts = { ...common[language], ...fenceItem[language] };
      for (const key of messages) expect({ language, key, text: typeof lookup(texts, key) }).toEqual({ language, key, text: "string" });
    }
  });

  test("every enum value has a label", () => {
    for (const [name, values] of Object.entries(FENCE_ITEM_ENUMS)) {
      for (const value of values) expect({ key: `fenceItem.${name}.${value}`, text: typeof lookup(fenceItem.cs, `fenceItem.${name}.${value}`) }).toEqual({ key: `fenceItem.${name}.${value}`, text: "string" });
    }
  });
});
