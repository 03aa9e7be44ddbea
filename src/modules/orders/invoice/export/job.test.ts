/**
 * The accountant export (docs/decisions/054-invoice-pdf-and-accountant-export.md): queued for a period, run by the job runner, its ZIP read
 * back with fflate — a PDF and an ISDOC per document in the period and none outside it, one Pohoda
 * pack, the CSV's rows — the ISDOCs and the pack valid against their XSDs (xmllint), progress
 * "n of n", and the dates refused with 422 before anything is queued.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { unzipSync } from "fflate";
import iconv from "iconv-lite";
import type { Ctx } from "@/lib/context";
import { createJobRunner } from "@/lib/jobs/runner";
import { silentLogger } from "@/lib/logger";
import { ISDOC_SCHEMA, POHODA_SCHEMA, schemaErrors, XMLLINT_MISSING } from "../../../../../tests/fixtures/xsd/xmllint";
import { createUser } from "../../../../../tests/helpers/factories";
import { popplerText } from "../../../../../tests/helpers/fence-offer";
import { issueSnapshot } from "../../../../../tests/helpers/invoice-documents";
import { failureOf, useTestDatabase } from "../../../../../tests/helpers/service";
import { EXAMPLE_CREDIT_NOTE, EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE, EXAMPLE_PAYMENT_TAX_DOCUMENT, EXAMPLE_PROFORMA } from "../formats/examples";
import type { IssuedInvoice } from "../issue";
import { accountantExportJob, accountantExportZip, EXPORT_ENTRIES } from "./job";
import { pdfPool } from "./pdf-pool";
import { getAccountantExport, readAccountantExport, startAccountantExport } from "./service";

const t = useTestDatabase();
let ctx: Ctx;
let inRange: IssuedInvoice[];
let outside: IssuedInvoice;

const runJobs = () => createJobRunner({ database: t.database, jobs: [accountantExportJob], logger: silentLogger, progressEveryMs: 0 }).runDue();

async function zipOf(id: number): Promise<Record<string, Uint8Array>> {
  const { stream } = await readAccountantExport({ ctx, input: { id } });
  return unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()));
}

beforeAll(async () => {
  ctx = { ...t.ctx, userId: (await createUser(t.ctx)).id };
  // March to May 2026: the proforma, its payment's tax document, the final invoice, its credit note; the non-payer's is April.
  const proforma = await issueSnapshot(ctx, EXAMPLE_PROFORMA);
  const taxDocument = await issueSnapshot(ctx, EXAMPLE_PAYMENT_TAX_DOCUMENT);
  const final = await issueSnapshot(ctx, EXAMPLE_FINAL_INVOICE);
  const credit = await issueSnapshot(ctx, EXAMPLE_CREDIT_NOTE, {}, { originalInvoiceId: final.id });
  const nonPayer = await issueSnapshot(ctx, EXAMPLE_NON_PAYER_INVOICE);
  inRange = [proforma, taxDocument, nonPayer, final, credit];
  outside = await issueSnapshot(ctx, { ...EXAMPLE_FINAL_INVOICE, issueDate: "2026-06-01", taxableSupplyDate: "2026-06-01", dueDate: "2026-06-15" });
}, 120_000);

describe("the export's ZIP", () => {
  let entries: Record<string, Uint8Array>;
  let id: number;

  beforeAll(async () => {
    ({ id } = await startAccountantExport({ ctx, input: { from: "2026-03-01", to: "2026-05-31" } }));
    expect((await getAccountantExport({ ctx, input: { id } })).status).toBe("queued");
    const outcomes = await runJobs();
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(["done"]);
    entries = await zipOf(id);
  }, 120_000);

  test("a PDF and an ISDOC per document in the period, none of the document after it; one pack, the CSV, the readme", async () => {
    const numbers = inRange.map((invoice) => invoice.number).sort();
    expect(Object.keys(entries).sort()).toEqual(
      [...numbers.map((number) => `pdf/${number}.pdf`), ...numbers.map((number) => `isdoc/${number}.isdoc`), EXPORT_ENTRIES.pohoda, EXPORT_ENTRIES.csv, EXPORT_ENTRIES.readme].sort(),
    );
    expect(Object.keys(entries).some((name) => name.includes(outside.number))).toBe(false);
    const state = await getAccountantExport({ ctx, input: { id } });
    expect(state).toMatchObject({ status: "done", progress: { done: 5, total: 5 }, result: { fileName: "export-dokladu-2026-03-01-2026-05-31.zip", mimeType: "application/zip" } });
  });

  test("each PDF is its document: number and customer with diacritics", async () => {
    const final = inRange[3]!;
    const text = await popplerText(entries[`pdf/${final.number}.pdf`]!);
    expect(text).toContain(final.number);
    expect(text).toContain("Žluťoučký kůň & syn, s.r.o.");
  });

  test.skipIf(XMLLINT_MISSING)("every ISDOC validates against ISDOC 6.0.2, the pack against Stormware's XSD (Windows-1250, the payment tax document left out)", async () => {
    for (const invoice of inRange) expect(await schemaErrors(entries[`isdoc/${invoice.number}.isdoc`]!, ISDOC_SCHEMA)).toBe("");
    const pack = entries[EXPORT_ENTRIES.pohoda]!;
    expect(await schemaErrors(pack, POHODA_SCHEMA)).toBe("");
    const text = iconv.decode(Buffer.from(pack), "win1250");
    expect(text).toStartWith('<?xml version="1.0" encoding="Windows-1250"?>');
    expect(text).toContain("Žluťoučký kůň");
    expect(text.match(/<dat:dataPackItem /g)).toHaveLength(4);
    expect(text).not.toContain(`id="${inRange[1]!.number}"`);
  });

  test("the CSV: a header and a row per document, oldest first", () => {
    const csv = new TextDecoder().decode(entries[EXPORT_ENTRIES.csv]!).replace(/^\uFEFF/, "");
    const rows = csv.trimEnd().split("\r\n");
    expect(rows).toHaveLength(1 + inRange.length);
    expect(rows[0]).toStartWith("Číslo;Typ;Vystaveno");
    expect(rows.slice(1).map((row) => row.split(";")[0]!.replace(/\D/g, ""))).toEqual(inRange.map((invoice) => invoice.number));
  });
});

describe("the period", () => {
  test("an empty period still makes a ZIP: the CSV's header and the readme, no pack", async () => {
    const { id } = await startAccountantExport({ ctx, input: { from: "2025-01-01", to: "2025-01-31" } });
    await runJobs();
    expect(Object.keys(await zipOf(id)).sort()).toEqual([EXPORT_ENTRIES.readme, EXPORT_ENTRIES.csv].sort());
  }, 60_000);

  test("both dates required, real dates, from not after to: 422 and nothing queued", async () => {
    for (const [input, field] of [
      [{ to: "2026-05-31" }, "from"],
      [{ from: "2026-03-01" }, "to"],
      [{ from: "2026-02-30", to: "2026-05-31" }, "from"],
      [{ from: "yesterday", to: "2026-05-31" }, "from"],
      [{ from: "2026-06-01", to: "2026-05-31" }, "to"],
    ] as const) {
      const failure = await failureOf(startAccountantExport({ ctx, input }));
      expect(failure.code).toBe("VALIDATION");
      expect(Object.keys(failure.fields)).toEqual([field]);
    }
    expect(await runJobs()).toEqual([]);
  });

  test("another user's export is not found to them", async () => {
    const { id } = await startAccountantExport({ ctx, input: { from: "2026-03-01", to: "2026-03-31" } });
    const stranger = { ...t.ctx, userId: (await createUser(t.ctx)).id };
    expect((await failureOf(getAccountantExport({ ctx: stranger, input: { id } }))).code).toBe("NOT_FOUND");
    await runJobs();
  }, 60_000);
});

describe("on worker threads", () => {
  test("the pool renders the same documents, in order, and closes", async () => {
    const pool = pdfPool(2);
    const chunks: Uint8Array[] = [];
    const done: number[] = [];
    try {
      for await (const chunk of accountantExportZip(inRange.map((invoice) => invoice.snapshot), { from: "2026-03-01", to: "2026-05-31", lang: "cs" }, async (count) => void done.push(count), pool)) chunks.push(chunk);
    } finally {
      pool.close();
    }
    expect(done).toEqual([1, 2, 3, 4, 5]);
    const entries = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    for (const invoice of inRange) expect(await popplerText(entries[`pdf/${invoice.number}.pdf`]!)).toContain(invoice.number);
  }, 60_000);
});
