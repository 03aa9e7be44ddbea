import { describe, expect, test } from "bun:test";
import { foldText } from "./search-text";

describe("foldText", () => {
  test("drops case and the Czech and Slovak diacritics", () => {
    expect(foldText("Příliš žluťoučký kůň úpěl ďábelské ódy")).toBe("prilis zlutoucky kun upel dabelske ody");
    expect(foldText("ŘEZANÝ ČEP Ů Ľ Ĺ Ŕ Ô Ä")).toBe("rezany cep u l l r o a");
  });

  test("leaves digits, punctuation and letters outside its table as they are", () => {
    expect(foldText("Panel 3D 1530×2500, Ø 4 mm – 50%_x")).toBe("panel 3d 1530×2500, Ø 4 mm – 50%_x");
    expect(foldText("Łódź")).toBe("Łodź");
  });
});
