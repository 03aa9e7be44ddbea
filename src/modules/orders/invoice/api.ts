/**
 * Invoices' API under /api/orders/invoices (docs/decisions/053-invoice-lines-and-payments.md): the generic list (filters `status`,
 * `kind`, `from`, `to`, `customer`, `orderId`; paging and sorting), get, create and update (a
 * payment; nothing an issued document prints changes), delete answering a 422 that says why; and
 * `GET /draft` (the lines editor's data), `GET /{id}/items` (singleItems), `POST /{id}/markAsPaid`
 * and `POST /{id}/creditNote`; `POST /{id}/reminders` issues a reminder of an overdue document
 * (`{level, idempotencyKey}`, docs/decisions/080-overdue-and-reminders.md). Writes take an idempotency key (body or Idempotency-Key header).
 */
import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { crudApi } from "@/lib/http/crud-api";
import { bodyWithIdempotencyKey, idParam } from "@/lib/http/request";
import { parseInput } from "@/lib/validation";
import { invoiceDraftQuery, QUICK_SHARES } from "./schemas";
import { createCreditNote, createInvoice, getInvoice, getInvoiceDraft, invoiceService, issueInvoiceReminder, markInvoiceAsPaid, recordInvoicePayment } from "./service";

export const INVOICES_API_PATH = "/orders/invoices";

const own = new Hono<AppEnv>();

/** The draft of a new proforma (`proforma=true`) or final invoice of an order; `share` (30, 40, 100) fills the quick button's prices. */
own.get("/draft", async (c) => {
  const input = parseInput(invoiceDraftQuery, { orderId: c.req.query("orderId"), proforma: c.req.query("proforma") });
  const share = Number(c.req.query("share"));
  return c.json(success(await getInvoiceDraft({ ctx: c.get("ctx"), input: { ...input, share: (QUICK_SHARES as readonly number[]).includes(share) ? share : null } })));
});

own.get("/:id{[0-9]+}/items", async (c) => c.json(success((await getInvoice({ ctx: c.get("ctx"), input: { id: idParam(c) } })).items)));

own.post("/:id{[0-9]+}/markAsPaid", async (c) => c.json(success(await markInvoiceAsPaid({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));

own.post("/:id{[0-9]+}/creditNote", async (c) => {
  const id = await createCreditNote({ ctx: c.get("ctx"), input: { id: idParam(c), values: await bodyWithIdempotencyKey(c) } });
  return c.json(success(id), 201);
});

own.post("/:id{[0-9]+}/reminders", async (c) =>
  c.json(success(await issueInvoiceReminder({ ctx: c.get("ctx"), input: { id: idParam(c), values: await bodyWithIdempotencyKey(c) } })), 201),
);

/** Create and update read the idempotency key from the header too; the rest is the generic contract. */
own.post("/", async (c) => c.json(success(await createInvoice({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) })), 201));
own.put("/:id{[0-9]+}", async (c) => {
  const body = await bodyWithIdempotencyKey(c);
  // The key may come beside the payment (the header) or inside it.
  const payment = body.payment && typeof body.payment === "object" && !Array.isArray(body.payment) ? { idempotencyKey: body.idempotencyKey, ...(body.payment as object) } : body.payment;
  return c.json(success(await recordInvoicePayment({ ctx: c.get("ctx"), input: { id: idParam(c), values: { payment } } })));
});

export const invoicesApi = new Hono<AppEnv>();
invoicesApi.route(INVOICES_API_PATH, own);
invoicesApi.route(INVOICES_API_PATH, crudApi(invoiceService));
