import { describe, expect, test } from "bun:test";
import { MB } from "@/lib/uploads";
import { refusalOf, statementBytes, utf8 } from "../../../tests/helpers/bank-statements";
import { BANK_STATEMENT_LIMITS, readBankStatement, sniffBankStatement } from "./read";

/** `size` bytes of noise from a fixed seed (the same bytes on every run), after `prefix`. */
function garbage(size: number, prefix = ""): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(utf8(prefix));
  let state = 20_260_331;
  for (let index = prefix.length; index < size; index++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

describe("the format is told by the content, not the name", () => {
  test("a GPC named .xml and a camt.053 named .gpc read as what they are", () => {
    expect(readBankStatement({ fileName: "vypis.xml", data: statementBytes("vypis-2026-03.gpc") }).format).toBe("gpc");
    expect(readBankStatement({ fileName: "vypis.gpc", data: statementBytes("camt053-v08.xml") }).format).toBe("camt053");
  });

  test("a BOM and blank lines before the XML; a BOM before the 074", () => {
    expect(sniffBankStatement(utf8("\ufeff\r\n  <?xml version='1.0'?>"))).toBe("camt053");
    expect(sniffBankStatement(utf8("\ufeff0740000"))).toBe("gpc");
    expect(sniffBankStatement(utf8("075000"))).toBeNull();
    expect(sniffBankStatement(utf8("%PDF-1.7"))).toBeNull();
  });
});

describe("bounds and garbage", () => {
  test("the bounds: 10 MB and 100,000 lines", () => {
    expect(BANK_STATEMENT_LIMITS).toEqual({ maxBytes: 10 * MB, maxLines: 100_000 });
  });

  test("an empty file, and one byte over 10 MB, are refused before they are read", () => {
    expect(refusalOf(new Uint8Array(), undefined, "vypis.gpc")).toEqual({ key: "upload.empty", values: { name: "vypis.gpc" } });
    expect(refusalOf(garbage(10 * MB + 1, "074"), undefined, "vypis.gpc")).toEqual({ key: "upload.tooLarge", values: { name: "vypis.gpc", maxMb: 10 } });
  });

  test("10 MB of garbage: no statement; after a `<` no XML; after a `074` no GPC record", () => {
    expect(refusalOf(garbage(10 * MB))).toEqual({ key: "bankStatement.notStatement", values: { name: "vypis" } });
    expect(refusalOf(garbage(10 * MB, "<")).key).toBe("bankStatement.camt.notXml");
    expect(refusalOf(garbage(10 * MB, "074")).key).toBe("bankStatement.gpc.badCharacters");
  });

  test("text of another kind: a CSV, a PDF", () => {
    expect(refusalOf(utf8("Datum;Částka;VS\r\n05.03.2026;30 000,00;2026200002\r\n")).key).toBe("bankStatement.notStatement");
    expect(refusalOf(utf8("%PDF-1.7\n%âãÏÓ\n")).key).toBe("bankStatement.notStatement");
  });
});
