/**
 * The import runs as a background job (decision 076, docs/domain.md#imports): "Import" queues it
 * and opens its page, which polls its progress (rows checked, then rows written) and offers a
 * cancel; a cancelled import writes nothing and keeps the upload; a finished one shows its counts.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { jobs, products } from "@db/schema";
import { ean13 } from "@/lib/ean13";
import { type ImportPhase, proposedMapping, runImport } from "@/lib/import/framework";
import { readImportFile } from "@/lib/import/read";
import { productImport } from "@/modules/catalogue/product/import";
import { type Session, useTestApp } from "../helpers/app";
import { importNow, proposedForm, runImportJobs, uploadImport } from "../helpers/import-pages";
import { tableSnapshot } from "../helpers/table-snapshot";
import { workbookBytes, type WorkbookCell } from "../helpers/workbook";

const t = useTestApp();
let admin: Session;

beforeAll(async () => {
  admin = await t.current.login({ admin: true });
});

const CATALOGUE = ["products", "categories", "product_categories", "product_parameter_values"];

/** A price list of `count` products in one existing-to-be category, EAN-13 from `first` on. */
function priceList(count: number, first: number): WorkbookCell[][] {
  const rows: WorkbookCell[][] = [["Název", "Kategorie", "DPH", "Cena za kus", "EAN-13"]];
  for (let i = 0; i < count; i++) rows.push([`Plotovka ${first + i}`, "Ploty > Plotovky", 21, `${100 + (i % 50)},50`, ean13(String(859_300_000_000 + first + i))]);
  return rows;
}

describe("the import as a job", () => {
  test("progress: rows checked of all, then rows written of the accepted; a stop while writing writes nothing", async () => {
    const ctx = { ...t.current.ctx, userId: null };
    const data = await workbookBytes(priceList(1_200, 0));
    const table = readImportFile({ fileName: "cenik.xlsx", data });
    const mapping = await proposedMapping(ctx, productImport, table.headers);
    const before = await tableSnapshot(ctx, CATALOGUE);

    // Stopped after the third piece was written: the transaction rolls back, nothing stays.
    const stopped: string[] = [];
    const stop = async (phase: ImportPhase, done: number) => {
      stopped.push(`${phase} ${done}`);
      if (phase === "write" && done === 1_200) throw new Error("cancelled");
    };
    await expect(runImport({ ctx, kind: productImport, table, mapping, options: { confirmed: true }, progress: stop })).rejects.toThrow("cancelled");
    expect(stopped).toEqual(["check 0", "check 0", "check 1000", "write 0", "write 500", "write 1000", "write 1200"]);
    expect(await tableSnapshot(ctx, CATALOGUE)).toBe(before);

    const seen: string[] = [];
    const result = await runImport({ ctx, kind: productImport, table, mapping, options: { confirmed: true }, progress: async (phase, done, total) => void seen.push(`${phase} ${done}/${total}`) });
    expect(result.counts).toEqual({ new: 1_200, changed: 0, unchanged: 0, refused: 0 });
    expect(seen).toEqual(["check 0/1200", "check 0/1200", "check 1000/1200", "write 0/1200", "write 500/1200", "write 1000/1200", "write 1200/1200", "write 1200/1200"]);
  });

  test("Import queues a job and opens its page; cancelled before it ran: nothing written, the upload kept", async () => {
    const uploaded = await uploadImport(admin, "products", "cenik.xlsx", await workbookBytes(priceList(30, 5_000)));
    const location = uploaded.headers.get("Location")!;
    const form = { ...proposedForm(await (await admin.page(location)).text()), key: "", confirmed: "true" };
    const before = await tableSnapshot(t.current.ctx, CATALOGUE);

    const run = await admin.page(location, { form: { ...form, step: "run" } });
    expect(run.status).toBe(303);
    const jobHref = run.headers.get("Location")!;
    expect(jobHref).toMatch(new RegExp(`^${location}/job/\\d+$`));
    // Sent twice (a double click): the same job.
    expect((await admin.page(location, { form: { ...form, step: "run" } })).headers.get("Location")).toBe(jobHref);

    const waiting = await (await admin.page(jobHref)).text();
    expect(waiting).toContain("Čeká na spuštění…");
    expect(waiting).toContain(`hx-get="${jobHref}"`);
    expect(waiting).toContain('data-testid="job-cancel"');

    // The cancel button as htmx sends it: the fragment answers.
    const cancelled = await admin.page(`${jobHref}/cancel`, { method: "POST", headers: { "HX-Request": "true" } });
    expect(cancelled.status).toBe(200);
    const fragment = await cancelled.text();
    expect(fragment).not.toContain("<html");
    expect(fragment).toContain('data-status="cancelled"');
    expect(fragment).toContain("Import byl zrušen; nic nebylo zapsáno.");
    expect(fragment).not.toContain("hx-get");

    expect(await runImportJobs(t.current.database)).toEqual([]);
    expect(await tableSnapshot(t.current.ctx, CATALOGUE)).toBe(before);
    // The file is still there to map again.
    expect((await admin.page(location)).status).toBe(200);

    // Imported for real this time: the counts and a way to the products; the upload is gone.
    const done = await importNow(admin, t.current.database, location, form);
    expect(done.jobHref).not.toBe(jobHref);
    expect(done.jobPage).toContain("Importováno: 30 nových, 0 změněných, 0 beze změny, 0 odmítnutých");
    expect(done.jobPage).toMatch(/data-count="new">30</);
    expect(done.jobPage).toContain('href="/products"');
    expect(done.jobPage).not.toContain("hx-get");
    expect((await admin.page(location)).status).toBe(404);
    const imported = await t.current.database.db.select({ id: products.id }).from(products).where(inArray(products.ean13, [ean13("859300005000"), ean13("859300005029")]));
    expect(imported).toHaveLength(2);
  });

  test("a job of another upload, kind or user is not found; a clerk cannot reach the page", async () => {
    const uploaded = await uploadImport(admin, "products", "cenik.xlsx", await workbookBytes(priceList(2, 6_000)));
    const location = uploaded.headers.get("Location")!;
    const form = { ...proposedForm(await (await admin.page(location)).text()), key: "", confirmed: "true" };
    const jobHref = (await admin.page(location, { form: { ...form, step: "run" } })).headers.get("Location")!;
    const jobId = Number(jobHref.split("/").pop());
    const uploadId = Number(location.split("/").pop());
    expect((await admin.page(`/settings/import/customers/${uploadId}/job/${jobId}`)).status).toBe(404);
    expect((await admin.page(`/settings/import/products/${uploadId + 1}/job/${jobId}`)).status).toBe(404);
    const otherAdmin = await t.current.login({ admin: true });
    // Another admin sees every job (the runner's rule); the page is still this upload's.
    expect((await otherAdmin.page(jobHref)).status).toBe(200);
    expect((await (await t.current.login()).page(jobHref)).status).toBe(403);
    await runImportJobs(t.current.database);
    const [row] = await t.current.database.db.select({ status: jobs.status, output: jobs.output }).from(jobs).where(eq(jobs.id, jobId));
    expect(row).toEqual({ status: "done", output: { counts: { new: 2, changed: 0, unchanged: 0, refused: 0 } } });
  });
});
