import { describe, expect, test } from "bun:test";
import { czechCollator, czechSortKey } from "./czech-order";

// "ch" after "h", "č" after "c", "ř" after "r", "š" after "s", "ž" after "z"; other accents only break ties.
const CZECH_ORDER = ["50 mm", "Ábel", "Adam", "Cihla", "čáp", "ďábel", "Dub", "Étude", "hrad", "Chata", "Ivan", "Rybník", "Řepa", "Sova", "Šíp", "Tůň", "Zebra", "žába"];

describe("czechSortKey", () => {
  test("byte order of the keys is the Czech order", () => {
    const shuffled = [...CZECH_ORDER].reverse();
    const byKey = shuffled.sort((a, b) => (czechSortKey(a) < czechSortKey(b) ? -1 : czechSortKey(a) > czechSortKey(b) ? 1 : 0));
    expect(byKey).toEqual(CZECH_ORDER);
    // The same order as the platform's Czech collation.
    expect([...CZECH_ORDER].reverse().sort(czechCollator.compare)).toEqual(CZECH_ORDER);
  });

  test("keys: small letters, plain vowels, the letters of their own after their base letter", () => {
    expect(czechSortKey("ŘEZANÝ Čep")).toBe("r{ezany c{ep");
    expect(czechSortKey("Chalupa Ťukot Ďábel Ňadro Ůl")).toBe("h{alupa tukot dabel nadro ul");
    expect(czechSortKey("Panel 3D 1530×2500")).toBe("panel 3d 1530×2500");
  });
});
