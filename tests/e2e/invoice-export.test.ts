/**
 * The accountant export (docs/domain.md#accountant-export) in the browser: the accountant export run from its page — the dates typed, the
 * job's progress shown and polled, the ZIP offered and downloaded, and opened (fflate) — and an
 * invoice's PDF opened.
 */
import { expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { createJobRunner } from "@/lib/jobs/runner";
import { silentLogger } from "@/lib/logger";
import { accountantExportJob } from "@/modules/orders/invoice/export/job";
import { EXAMPLE_FINAL_INVOICE, EXAMPLE_PROFORMA } from "@/modules/orders/invoice/formats/examples";
import { describeBrowser } from "../helpers/browser";
import { issueSnapshot } from "../helpers/invoice-documents";
import { useE2E } from "./server";

describeBrowser("Accountant export", () => {
  const e2e = useE2E();

  test("from the page: dates, Spustit export, the progress, the ZIP downloaded with every document; the invoice PDF opens", async () => {
    const { page, session, errors } = await e2e.open({ signedIn: true, acceptDownloads: true });
    const ctx = { ...e2e.server.testApp.ctx, userId: session!.user.id };
    const proforma = await issueSnapshot(ctx, EXAMPLE_PROFORMA);
    const final = await issueSnapshot(ctx, EXAMPLE_FINAL_INVOICE);

    await page.goto("/orders/invoices/accountantExport");
    expect(await page.locator(".invoice-export h2").innerText()).toBe("Export pro účetní");
    // Without dates: the form says what is missing, nothing is queued.
    await page.locator(".invoice-export button[type=submit]").click();
    await page.locator(".invoice-export .field-invalid").first().waitFor();

    await page.locator("#field-from").fill("01.03.2026");
    await page.locator("#field-to").fill("31.05.2026");
    await page.locator(".invoice-export button[type=submit]").click();
    const progress = page.locator(".invoice-export-progress");
    await progress.waitFor();
    expect(["queued", "running"]).toContain((await progress.getAttribute("data-status"))!);

    // The app's runner polls every few seconds; here the test runs the queued job itself.
    const outcomes = await createJobRunner({ database: e2e.server.testApp.database, jobs: [accountantExportJob], logger: silentLogger }).runDue();
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(["done"]);
    const link = page.locator('[data-testid="invoice-export-download"]');
    await link.waitFor({ timeout: 10_000 });
    expect(await page.locator(".invoice-export-progress").innerText()).toContain("Export je hotový, dokladů: 2");

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("export-dokladu-2026-03-01-2026-05-31.zip");
    const entries = Object.keys(unzipSync(new Uint8Array(await readFile((await download.path())!)))).sort();
    expect(entries).toEqual(["README.txt", `isdoc/${final.number}.isdoc`, `isdoc/${proforma.number}.isdoc`, `pdf/${final.number}.pdf`, `pdf/${proforma.number}.pdf`, "pohoda.xml", "souhrn.csv"].sort());

    const pdf = await page.request.get(`/pdf/invoices/${final.id}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(errors).toEqual([]);
  }, 60_000);
});
