/**
 * Sending a document by e-mail through the UI (docs/decisions/081-sending-documents.md): from an invoice's
 * page, the form pre-filled from the customer and the template, sent; the log says queued, and
 * after the job ran (no SMTP_URL here) that the message was kept in the outbox, not sent.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createJobRunner } from "@/lib/jobs/runner";
import { silentLogger } from "@/lib/logger";
import { EXAMPLE_FINAL_INVOICE } from "@/modules/orders/invoice/formats/examples";
import { sendDocumentEmailJob } from "@/modules/orders/mail/job";
import { describeBrowser } from "../helpers/browser";
import { createFenceOrder } from "../helpers/factories";
import { saveOfferCompany } from "../helpers/fence-offer";
import { issueSnapshot } from "../helpers/invoice-documents";
import { useE2E } from "./server";

const dataDir = mkdtempSync(join(tmpdir(), "ohrada-mail-e2e-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
/** Where the test's screenshots go when SCREENSHOTS names a folder (to look at them beside other pages'). */
const shots = process.env.SCREENSHOTS;

describeBrowser("Sending documents by e-mail", () => {
  const e2e = useE2E({ dataDir });
  const ctx = () => e2e.server.testApp.ctx;

  test("an invoice's page: send by e-mail, the form pre-filled, sent; the log shows it queued, then kept in the outbox", async () => {
    await saveOfferCompany(e2e.server.testApp.database.db);
    const invoice = await issueSnapshot(ctx(), EXAMPLE_FINAL_INVOICE, { customer: { ...EXAMPLE_FINAL_INVOICE.customer, email: "ucetni@zakaznik.cz" } });
    const { page, errors } = await e2e.open({ signedIn: true });

    await page.goto(`/orders/invoices/${invoice.id}`);
    expect(await page.locator("#email-log .empty-row").innerText()).toBe("Zatím nic neodesláno.");
    await page.locator("a.send-email-button").click();
    await page.waitForURL(`**/orders/invoices/${invoice.id}/email`);
    expect(await page.locator(".email-outbox-warning").innerText()).toContain("SMTP_URL není nastaveno");
    expect(await page.locator("#field-recipients").inputValue()).toBe("ucetni@zakaznik.cz");
    expect(await page.locator("#field-subject").inputValue()).toBe(`Faktura č. ${invoice.number} – ${EXAMPLE_FINAL_INVOICE.supplier.name}`);
    expect(await page.locator("#field-body").inputValue()).toContain(`variabilní symbol ${invoice.number}`);
    expect(await page.locator(".email-attachments li").allInnerTexts()).toEqual([`doklad-${invoice.number}.pdf`, `${invoice.number}.isdoc`]);
    if (shots) await page.screenshot({ path: join(shots, "email-send-form.png"), fullPage: true });

    await page.locator("#field-recipients").fill("ucetni@zakaznik.cz; reditel@zakaznik.cz");
    await page.locator("form.entity-form button[type=submit]").click();
    await page.locator(".toast-success", { hasText: "uloží do složky outbox" }).waitFor();
    const row = page.locator("#email-log tbody tr[data-email-id]");
    expect(await row.locator("[data-status]").getAttribute("data-status")).toBe("queued");
    expect(await row.innerText()).toContain("ucetni@zakaznik.cz, reditel@zakaznik.cz");

    const ran = await createJobRunner({ database: e2e.server.testApp.database, jobs: [sendDocumentEmailJob], logger: silentLogger, dataDir }).runDue();
    expect(ran.map((outcome) => outcome.outcome)).toEqual(["done"]);
    expect(readdirSync(join(dataDir, "outbox")).filter((name) => name.endsWith(".eml"))).toHaveLength(1);

    await page.goto(`/orders/invoices/${invoice.id}`);
    const logged = page.locator("#email-log tbody tr[data-email-id]");
    expect(await logged.locator("[data-status]").innerText()).toBe("uloženo do složky outbox (neodesláno)");
    expect(await logged.innerText()).toContain(`Faktura č. ${invoice.number}`);
    if (shots) await page.screenshot({ path: join(shots, "email-invoice-log.png"), fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);

  test("an order: its offer's button opens the form in the customer's language; the Invoices tab lists the order's e-mails", async () => {
    await saveOfferCompany(e2e.server.testApp.database.db);
    const orderId = await createFenceOrder(ctx(), { company: "Zahradnictví Ůlehla", email: "rehor@zahradnictvi.cz" });
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(`/orders/fenceOrder/${orderId}`);
    if (shots) await page.locator(".offer-buttons").screenshot({ path: join(shots, "email-offer-buttons.png") });
    await page.locator("a[data-offer=email]").click();
    await page.waitForURL(`**/orders/fenceOrder/${orderId}/email`);
    expect(await page.locator("#field-recipients").inputValue()).toBe("rehor@zahradnictvi.cz");
    expect(await page.locator("#field-subject").inputValue()).toBe(`Cenová nabídka č. ${orderId} – Ploty Ťuhýk s.r.o.`);
    expect(await page.locator(".email-attachments li").allInnerTexts()).toEqual([`nabidka-${orderId}.pdf`]);
    await page.locator("form.entity-form button[type=submit]").click();
    await page.locator(".toast-success").waitFor();
    await page.goto(`/orders/fenceOrder/${orderId}?tab=4`);
    const log = page.locator("#email-log tbody tr[data-email-id]");
    await log.waitFor();
    expect(await log.innerText()).toContain(`nabídka ${orderId}`);
    if (shots) await page.screenshot({ path: join(shots, "email-order-tab.png"), fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);

  test("Settings → E-mail: the outbox said, the sender and the templates with their previews", async () => {
    const { page, errors } = await e2e.open({ signedIn: true, admin: true });
    await page.goto("/settings/email");
    expect(await page.locator(".email-transport").getAttribute("data-transport")).toBe("outbox");
    await page.locator(".email-template[data-template=offer] [data-lang=cs] details summary").click();
    expect(await page.locator(".email-template[data-template=offer] [data-lang=cs] .email-preview-subject").innerText()).toBe("Cenová nabídka č. 1234 – Ploty Ťuhýk s.r.o.");
    if (shots) await page.screenshot({ path: join(shots, "email-settings.png"), fullPage: true });
    await page.locator("#field-senderName").fill("Ploty Ťuhýk – obchod");
    await page.locator("form.email-settings-form button[type=submit]").click();
    await page.locator(".toast-success").waitFor();
    expect(await page.locator("#field-senderName").inputValue()).toBe("Ploty Ťuhýk – obchod");
    expect(errors).toEqual([]);
  }, 60_000);
});
