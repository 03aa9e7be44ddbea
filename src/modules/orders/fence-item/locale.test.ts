import { describe, expect, test } from "bun:test";
import { common } from "@/locales/common";
import {
  DISTANCING_TYPES,
  DOOR_HANDLE_TYPES,
  DRIVE_OPENINGS,
  FENCE_ITEM_MESSAGES,
  GATE_OPENING_TYPES,
  HINGE_TYPES,
  LOCK_TYPES,
  OPENING_TYPES,
  PRODUCT_TYPES,
  REINFORCEMENT_POST_TYPES,
  WHEELS_TYPES,
  WING_RELATIONS,
} from "./engine";
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
    const enums: [string, readonly string[]][] = [
      ["productType", PRODUCT_TYPES],
      ["lockType", LOCK_TYPES],
      ["wheelsType", WHEELS_TYPES],
      ["openingType", OPENING_TYPES],
      ["hingeType", HINGE_TYPES],
      ["gateOpeningType", GATE_OPENING_TYPES],
      ["driveOpening", DRIVE_OPENINGS],
      ["wingRelation", WING_RELATIONS],
      ["distancingType", DISTANCING_TYPES],
      ["reinforcementPostType", REINFORCEMENT_POST_TYPES],
      ["doorHandleType", DOOR_HANDLE_TYPES],
    ];
    for (const [name, values] of enums) {
      for (const value of values) expect({ key: `fenceItem.${name}.${value}`, text: typeof lookup(fenceItem.cs, `fenceItem.${name}.${value}`) }).toEqual({ key: `fenceItem.${name}.${value}`, text: "string" });
    }
  });
});
