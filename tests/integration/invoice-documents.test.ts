/**
 * The invoice PDF and the accountant export over HTTP (docs/domain.md#invoice-pdf, docs/domain.md#accountant-export): the PDF inline with its
 * QR, 404 for a missing document; the export queued by GET with both dates (422 with the translated
 * message otherwise), run by the job runner, its ZIP downloaded; the form's page, its start and
 * its progress fragment.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { unzipSync } from "fflate";
import { createJobRunner } from "@/lib/jobs/runner";
import { silentLogger } from "@/lib/logger";
import { EXAMPLE_FINAL_INVOICE, EXAMPLE_PROFORMA } from "@/modules/orders/invoice/formats/examples";
import { accountantExportJob } from "@/modules/orders/invoice/export/job";
import type { IssuedInvoice } from "@/modules/orders/invoice/issue";
import { json, type Session, useTestApp } from "../helpers/app";
import { popplerText } from "../helpers/fence-offer";
import { issueSnapshot, qrCodesOf } from "../helpers/invoice-documents";

const t = useTestApp();
let user: Session;
let final: IssuedInvoice;
let proforma: IssuedInvoice;

const runJobs = () => createJobRunner({ database: t.current.database, jobs: [accountantExportJob], logger: silentLogger, progressEveryMs: 0 }).runDue();

beforeAll(async () => {
  user = await t.current.login();
  proforma = await issueSnapshot(t.current.ctx, EXAMPLE_PROFORMA);
  final = await issueSnapshot(t.current.ctx, EXAMPLE_FINAL_INVOICE);
}, 120_000);

describe("GET /pdf/invoices/:id", () => {
  test("the document's PDF inline, not cached by the browser; its QR Platba decodes; regenerate answers the same text", async () => {
    const response = await user.page(`/pdf/invoices/${final.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="doklad-${final.number}.pdf"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = new Uint8Array(await response.arrayBuffer());
    const text = await popplerText(pdf);
    expect(text).toContain(final.number);
    expect(text).toContain("Žluťoučký kůň & syn, s.r.o.");
    expect((await qrCodesOf(pdf))[0]).toContain(`X-VS:${final.number}`);
    const again = new Uint8Array(await (await user.page(`/pdf/invoices/${final.id}?regenerate=true`)).arrayBuffer());
    expect(await popplerText(again)).toBe(text);
  }, 60_000);

  test("a missing document: the not-found page, and 404 in the API's envelope; a bad regenerate is 422; without a session, the login", async () => {
    expect((await user.page("/pdf/invoices/987654")).status).toBe(404);
    const api = await user.api("/api/pdf/invoices/987654");
    expect(api.status).toBe(404);
    expect((await json(api)).code).toBe("NOT_FOUND");
    expect((await user.api(`/api/pdf/invoices/${final.id}?regenerate=perhaps`)).status).toBe(422);
    const anonymous = await t.current.request(`/pdf/invoices/${final.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toStartWith("/login");
  });
});

const startExport = (session: Session, range: { from?: string; to?: string }) => session.api("/api/orders/invoices/accountantExport", { method: "POST", json: range });

describe("POST /api/orders/invoices/accountantExport", () => {
  test("bad dates are 422 with the translated message, nothing queued", async () => {
    for (const range of [{}, { from: "2026-03-01" }, { to: "2026-05-31" }, { from: "31.02.2026", to: "2026-05-31" }, { from: "2026-06-01", to: "2026-05-31" }, { from: "0000-01-01", to: "2026-05-31" }]) {
      const response = await startExport(user, range);
      expect(response.status).toBe(422);
    }
    const reversed = await json(await startExport(user, { from: "2026-06-01", to: "2026-05-31" }));
    expect(JSON.stringify(reversed)).toContain("Datum „od“ nesmí být po datu „do“");
    expect(await runJobs()).toEqual([]);
  });

  test("queues the export, answers its id; the job's state says done 2 of 2; the ZIP downloads", async () => {
    const queued = await startExport(user, { from: "2026-03-01", to: "2026-05-31" });
    expect(queued.status).toBe(200);
    const { id } = (await json(queued)).data as { id: number };
    expect((await runJobs()).map((outcome) => outcome.outcome)).toEqual(["done"]);
    expect((await json(await user.api(`/api/jobs/${id}`))).data).toMatchObject({ status: "done", progress: { done: 2, total: 2 } });
    const download = await user.api(`/api/orders/invoices/accountantExport/${id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/zip");
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="export-dokladu-2026-03-01-2026-05-31.zip"');
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(Number(download.headers.get("Content-Length"))).toBe(bytes.byteLength);
    const entries = Object.keys(unzipSync(bytes)).sort();
    expect(entries).toEqual(["README.txt", `isdoc/${final.number}.isdoc`, `isdoc/${proforma.number}.isdoc`, `pdf/${final.number}.pdf`, `pdf/${proforma.number}.pdf`, "pohoda.xml", "souhrn.csv"].sort());
    const stranger = await t.current.login();
    expect((await stranger.api(`/api/orders/invoices/accountantExport/${id}/download`)).status).toBe(404);
  }, 60_000);

  test("a GET starts nothing; a cross-site POST with the cookie is refused; at most 3 open exports per user (429), the same range again is the same export", async () => {
    const worker = await t.current.login();
    expect((await worker.api("/api/orders/invoices/accountantExport?from=2026-03-01&to=2026-05-31")).status).toBe(404);
    const crossSite = await t.current.request("/api/orders/invoices/accountantExport", {
      method: "POST",
      headers: { Cookie: worker.cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ from: "2026-03-01", to: "2026-05-31" }),
    });
    expect(crossSite.status).toBe(403);
    const ids: number[] = [];
    for (const month of ["01", "02", "03"]) ids.push((await json(await startExport(worker, { from: `2026-${month}-01`, to: `2026-${month}-28` }))).data.id as number);
    expect(new Set(ids).size).toBe(3);
    expect((await json(await startExport(worker, { from: "2026-02-01", to: "2026-02-28" }))).data.id).toBe(ids[1]);
    const fourth = await startExport(worker, { from: "2026-04-01", to: "2026-04-30" });
    expect(fourth.status).toBe(429);
    expect(await json(fourth)).toEqual({
      status: "fail",
      code: "TOO_MANY_ATTEMPTS",
      data: ["Máte už 3 rozběhnuté exporty; počkejte, až některý doběhne"],
      fields: {},
    });
    const page = await worker.page("/orders/invoices/accountantExport/start", { form: { from: "01.04.2026", to: "30.04.2026" }, headers: { "HX-Request": "true" } });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Máte už 3 rozběhnuté exporty");
    // Someone else is not limited by them; once they ran, the worker may start again.
    expect((await startExport(user, { from: "2026-04-01", to: "2026-04-30" })).status).toBe(200);
    await runJobs();
    expect((await startExport(worker, { from: "2026-04-01", to: "2026-04-30" })).status).toBe(200);
    await runJobs();
  }, 60_000);
});

describe("the form", () => {
  test("its page; a start without dates re-renders it with 422 and the errors; a start queues and shows the progress, which polls until done and then links the ZIP", async () => {
    const page = await user.page("/orders/invoices/accountantExport");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Export pro účetní");
    expect(html).toContain('name="from"');

    expect(html).toContain('action="/orders/invoices/accountantExport/start" method="post"');
    const refused = await user.page("/orders/invoices/accountantExport/start", { form: { from: "", to: "2026-05-31" }, headers: { "HX-Request": "true" } });
    expect(refused.status).toBe(422);
    const refusedHtml = await refused.text();
    expect(refusedHtml).not.toContain("<html");
    expect(refusedHtml).toContain("field-invalid");

    const started = await user.page("/orders/invoices/accountantExport/start", { form: { from: "01.03.2026", to: "31.05.2026" }, headers: { "HX-Request": "true" } });
    expect(started.status).toBe(200);
    const startedHtml = await started.text();
    const id = Number(/data-job="(\d+)"/.exec(startedHtml)![1]);
    expect(startedHtml).toContain(`hx-get="/orders/invoices/accountantExport/${id}/status"`);
    await runJobs();
    const status = await (await user.page(`/orders/invoices/accountantExport/${id}/status`, { headers: { "HX-Request": "true" } })).text();
    expect(status).toContain("Export je hotový, dokladů: 2");
    expect(status).toContain(`/api/orders/invoices/accountantExport/${id}/download`);
    expect(status).not.toContain("hx-trigger");
  }, 60_000);
});
