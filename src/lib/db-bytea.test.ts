/**
 * bytea on PGlite through Buffer's hex codec (src/lib/db.ts, the export's ZIP pieces of
 * docs/decisions/054-invoice-pdf-and-accountant-export.md#throughput): PostgreSQL stores the very
 * bytes given — a piece cut from the middle of a larger buffer too — and they read back equal.
 */
import { expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { openPglite, parseBytea, selectRows, serializeBytea } from "./db";
import { inServicesRun } from "../../tests/helpers/db";

test("the hex text is PostgreSQL's bytea output, and reads back as a Uint8Array of its own", () => {
  expect(serializeBytea(new Uint8Array([0, 1, 15, 16, 171, 255]))).toBe("\\x00010f10abff");
  expect(serializeBytea(new Uint8Array())).toBe("\\x");
  const parsed = parseBytea("\\x00010f10abff");
  expect([...parsed]).toEqual([0, 1, 15, 16, 171, 255]);
  expect(parsed.buffer.byteLength).toBe(6);
  expect(() => serializeBytea("00")).toThrow("Invalid input for bytea type");
});

test.skipIf(inServicesRun)("PGlite stores the given bytes, a subarray's only, and answers them back", async () => {
  const database = await openPglite();
  try {
    const whole = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7 + 3) % 256);
    const piece = whole.subarray(5, 60_005);
    const [row] = await selectRows<{ data: Uint8Array; hex: string; size: number }>(
      database.db,
      sql`select ${piece}::bytea as data, encode(${piece}::bytea, 'hex') as hex, octet_length(${piece}::bytea) as size`,
    );
    expect(row!.size).toBe(60_000);
    expect(row!.hex).toBe(Buffer.from(piece).toString("hex"));
    expect(row!.data).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(row!.data).equals(Buffer.from(piece))).toBe(true);
  } finally {
    await database.close();
  }
  // A fresh PGlite starts in seconds on a busy machine.
}, 60_000);
