/**
 * The export's PDF pool (pdf-pool.ts, pdf-worker.ts; docs/decisions/054-invoice-pdf-and-accountant-export.md#throughput):
 * a PDF rendered on a worker thread has the text of the same snapshot rendered in process (what
 * the single invoice PDF route answers), a payer's and a non-payer's.
 */
import { expect, test } from "bun:test";
import { popplerText } from "../../../../../tests/helpers/fence-offer";
import { EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE } from "../formats/examples";
import { renderInvoicePdf } from "../pdf/service";
import { pdfPool } from "./pdf-pool";

test("a worker's PDF reads as the one rendered in process", async () => {
  const pool = pdfPool(2);
  try {
    for (const snapshot of [EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE]) {
      const [pooled, inProcess] = await Promise.all([pool.render(snapshot, "cs", null), renderInvoicePdf(snapshot, "cs", null)]);
      expect(await popplerText(pooled, { layout: true })).toBe(await popplerText(inProcess, { layout: true }));
    }
  } finally {
    pool.close();
  }
}, 60_000);
