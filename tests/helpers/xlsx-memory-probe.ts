/**
 * Run as its own process by src/lib/xlsx/read.test.ts: reads the workbook at argv[2] with the
 * limits in argv[3] and prints how far the read raised the process's peak memory (maxRSS), which
 * a test process full of other allocations could not tell.
 */
import { readFileSync } from "node:fs";
import { readFirstSheet, XlsxRefusal } from "../../src/lib/xlsx/read";

const data = new Uint8Array(readFileSync(process.argv[2]!));
const limits = JSON.parse(process.argv[3]!);
Bun.gc(true);
const before = process.resourceUsage().maxRSS;
let outcome = "read";
try {
  readFirstSheet(data, limits, ["A", "B"]);
} catch (error) {
  outcome = error instanceof XlsxRefusal ? error.reason : String(error);
}
console.log(JSON.stringify({ outcome, peakGrowthBytes: (process.resourceUsage().maxRSS - before) * 1024 }));
