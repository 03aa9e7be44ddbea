import { describe, expect, test } from "bun:test";
import {
  checkCzechBankAccount,
  checkCzechIban,
  checkSwift,
  czechAccountOfIban,
  czechIbanOf,
  formatCzechBankAccount,
  formatIban,
  ibanCheckDigits,
  passesMod11,
} from "./bank";

const ibanOfText = (text: string) => {
  const checked = checkCzechBankAccount(text);
  if (!checked.ok) throw new Error(`${text}: ${checked.error}`);
  return czechIbanOf(checked.value);
};

describe("Czech bank account (ČNB mod 11)", () => {
  test.each([
    ["19-2000145399/0800", "CZ6508000000192000145399"],
    ["19-123457/0710", "CZ3507100000190000123457"],
    ["810883001/5500", "CZ9555000000000810883001"],
  ])("%s derives %s", (account, iban) => {
    expect(ibanOfText(account)).toBe(iban);
    expect(checkCzechIban(iban)).toEqual({ ok: true, value: iban });
  });

  test("the parts are read without leading zeros and spelled back the usual way", () => {
    const checked = checkCzechBankAccount(" 000019 - 2000145399 / 0800 ");
    expect(checked).toEqual({ ok: true, value: { prefix: "19", number: "2000145399", bankCode: "0800" } });
    if (checked.ok) expect(formatCzechBankAccount(checked.value)).toBe("19-2000145399/0800");
    const noPrefix = checkCzechBankAccount("0810883001/5500");
    expect(noPrefix.ok && formatCzechBankAccount(noPrefix.value)).toBe("810883001/5500");
    const zeroPrefix = checkCzechBankAccount("000000-810883001/5500");
    expect(zeroPrefix.ok && formatCzechBankAccount(zeroPrefix.value)).toBe("810883001/5500");
  });

  test("a wrong check digit in the number is refused", () => {
    expect(checkCzechBankAccount("19-2000145398/0800")).toEqual({ ok: false, error: "bank.numberChecksum" });
    expect(checkCzechBankAccount("810883002/5500")).toEqual({ ok: false, error: "bank.numberChecksum" });
  });

  test("a wrong check digit in the prefix is refused", () => {
    expect(checkCzechBankAccount("18-2000145399/0800")).toEqual({ ok: false, error: "bank.prefixChecksum" });
    expect(checkCzechBankAccount("124-123457/0710")).toEqual({ ok: false, error: "bank.prefixChecksum" });
  });

  test("a number of zeros only passes mod 11 but is refused", () => {
    expect(passesMod11("0000000000")).toBe(true);
    expect(checkCzechBankAccount("00/0800")).toEqual({ ok: false, error: "bank.numberZero" });
  });

  test.each([
    "2000145399",
    "19-2000145399/800",
    "19-2000145399/08000",
    "1234567-2000145399/0800",
    "19-12345678901/0800",
    "19-1/0800",
    "-2000145399/0800",
    "19–2000145399/0800",
    "CZ6508000000192000145399",
    "abc/0800",
    "",
  ])("%p is not an account number", (text) => {
    expect(checkCzechBankAccount(text)).toEqual({ ok: false, error: "bank.accountFormat" });
  });

  test("the weights are 1, 2, 4, 8, 5, 10, 9, 7, 3, 6 from the right", () => {
    // 1·6 + 2·1 = 8 … a single digit d at position i passes only when d·w is a multiple of 11.
    expect(passesMod11("")).toBe(true);
    expect(passesMod11("2000145399")).toBe(true);
    expect(passesMod11("19")).toBe(true); // 9·1 + 1·2 = 11
    expect(passesMod11("29")).toBe(false);
  });
});

describe("IBAN (ISO 13616, mod 97)", () => {
  test("check digits of the ČNB examples", () => {
    expect(ibanCheckDigits("CZ", "08000000192000145399")).toBe("65");
    expect(ibanCheckDigits("CZ", "07100000190000123457")).toBe("35");
    expect(ibanCheckDigits("CZ", "55000000000810883001")).toBe("95");
  });

  test("spaces and lower case are accepted and answered compact", () => {
    expect(checkCzechIban("cz65 0800 0000 1920 0014 5399")).toEqual({ ok: true, value: "CZ6508000000192000145399" });
    expect(formatIban("CZ6508000000192000145399")).toBe("CZ65 0800 0000 1920 0014 5399");
  });

  test("a Czech IBAN spells its account back; a foreign or broken one none", () => {
    expect(czechAccountOfIban("CZ65 0800 0000 1920 0014 5399")).toEqual({ bankCode: "0800", prefix: "19", number: "2000145399" });
    expect(czechAccountOfIban("CZ1801000000000123456789")).toEqual({ bankCode: "0100", prefix: "", number: "123456789" });
    expect(czechAccountOfIban("SK3112000000198742637541")).toBeNull();
    expect(czechAccountOfIban("CZ6608000000192000145399")).toBeNull();
  });

  test("a wrong check is refused", () => {
    expect(checkCzechIban("CZ6608000000192000145399")).toEqual({ ok: false, error: "bank.ibanChecksum" });
    expect(checkCzechIban("CZ6508000000192000145398")).toEqual({ ok: false, error: "bank.ibanChecksum" });
  });

  test.each(["CZ650800000019200014539", "CZ65080000001920001453999", "SK3112000000198742637541", "CZ65O8000000192000145399", "", "6508000000192000145399"])(
    "%p is not a Czech IBAN",
    (text) => expect(checkCzechIban(text)).toEqual({ ok: false, error: "bank.ibanFormat" }),
  );
});

describe("SWIFT/BIC", () => {
  test.each(["GIBACZPX", "KOMBCZPPXXX", "kombczpp", "FIOB CZ PP", "CEKOCZPP", "RZBCCZPP123"])("%p is accepted", (text) => {
    const checked = checkSwift(text);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.value).toBe(text.replace(/\s/g, "").toUpperCase());
  });

  test.each(["GIBA1ZPX", "GIBACZP", "GIBACZPXX", "GIBACZPXXXXX", "1IBACZPX", "GIBACZP-", ""])("%p is refused", (text) => {
    expect(checkSwift(text)).toEqual({ ok: false, error: "bank.swiftFormat" });
  });
});
