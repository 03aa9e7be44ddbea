/**
 * The export's PDF pool (pdf-pool.ts, pdf-worker.ts; docs/decisions/054-invoice-pdf-and-accountant-export.md#throughput):
 * a PDF rendered on a worker thread has the text of the same snapshot rendered in process (what
 * the single invoice PDF route answers), and the worker threads run at niceness 5 while the
 * main thread, which answers requests, stays at 0.
 */
import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { popplerText } from "../../../../../tests/helpers/fence-offer";
import { EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE } from "../formats/examples";
import { renderInvoicePdf } from "../pdf/service";
import { pdfPool } from "./pdf-pool";

/** Each thread of this process by its name, with its niceness (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceness(): { name: string; nice: number }[] {
  return readdirSync("/proc/self/task").map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { name: readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim(), nice: Number(fields[16]) };
  });
}

test("a worker's PDF reads as the one rendered in process; the workers at niceness 5, the main thread at 0", async () => {
  const pool = pdfPool(2);
  try {
    for (const snapshot of [EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE]) {
      const [pooled, inProcess] = await Promise.all([pool.render(snapshot, "cs", null), renderInvoicePdf(snapshot, "cs", null)]);
      expect(await popplerText(pooled, { layout: true })).toBe(await popplerText(inProcess, { layout: true }));
    }
    if (existsSync("/proc/self/task")) {
      // The pool's two threads (a thread they start, their heap's collector, inherits it).
      expect(threadNiceness().filter((thread) => thread.name === "Worker" && thread.nice === 5)).toHaveLength(2);
      expect(os.getPriority(0)).toBe(0);
    }
  } finally {
    pool.close();
  }
}, 60_000);
