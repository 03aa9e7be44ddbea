/**
 * Invoice settings (docs/domain.md#invoice-settings): one record with id 1 read at
 * GET /api/invoices/invoiceSettings and saved with PUT or POST /api/orders/invoiceSettings, and the
 * page /orders/invoiceSettings with its server-side "fill IBAN from the account" button.
 */
import { describe, expect, test } from "bun:test";
import { invoiceSettings } from "@db/schema";
import { seedDemoOrders } from "@db/seed/demo/orders";
import { systemCtx } from "@/lib/context";
import { createTestDatabase } from "../helpers/db";
import { json, type Session, useTestApp } from "../helpers/app";
import { cookiePair, html as htmlOf } from "./support";

const t = useTestApp();

const READ = "/api/invoices/invoiceSettings";
const SAVE = "/api/orders/invoiceSettings";
const PAGE = "/orders/invoiceSettings";
const VALID = { bankAccount: "19-2000145399/0800", iban: "CZ6508000000192000145399", swift: "GIBACZPX" };
/** What a record holds when only the bank details were sent (the other fields came later). */
const DEFAULTS = { paymentMethod: "TRANSFER", constantSymbol: null, issuedBy: null };

let user: Session;
const session = async () => (user ??= await t.current.login({ admin: true }));
const stored = async () => (await json(await (await session()).api(READ))).data;

async function refusedWith(body: Record<string, unknown>, fields: Record<string, string>) {
  const before = await stored();
  const response = await (await session()).api(SAVE, { method: "PUT", json: body });
  expect(response.status).toBe(422);
  const answer = await json(response);
  expect(answer.status).toBe("fail");
  expect(answer.fields).toEqual(fields);
  for (const [field, message] of Object.entries(fields)) expect(answer.data).toContain(`Pole „${field}“: ${message}`);
  expect(await stored()).toEqual(before);
}

// Runs first: the record does not exist yet in a fresh test database.
test("before the first save the record is id 1 with empty values, and the page shows an empty form", async () => {
  const response = await (await session()).api(READ);
  expect(response.status).toBe(200);
  expect(await json(response)).toEqual({ status: "success", data: { id: 1, bankAccount: null, iban: null, swift: null, ...DEFAULTS } });
  const html = await htmlOf(await (await session()).page(PAGE));
  expect(html).toMatch(/<input[^>]*name="bankAccount"[^>]*value=""/);
});

describe("API", () => {
  test("PUT saves id 1 and answers the record; GET answers it", async () => {
    const response = await (await session()).api(SAVE, { method: "PUT", json: VALID });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: "success", data: { id: 1, ...VALID, ...DEFAULTS } });
    expect(await stored()).toEqual({ id: 1, ...VALID, ...DEFAULTS });
  });

  test("POST, also to the spec's /orders/invoiceSettings/, saves the same record; values are normalised", async () => {
    const s = await session();
    const post = await s.api(`${SAVE}/`, {
      method: "POST",
      json: { bankAccount: " 000019 - 123457 / 0710 ", iban: "cz35 0710 0000 1900 0012 3457", swift: "komb cz pp xxx" },
    });
    expect(post.status).toBe(200);
    expect((await json(post)).data).toEqual({ id: 1, bankAccount: "19-123457/0710", iban: "CZ3507100000190000123457", swift: "KOMBCZPPXXX", ...DEFAULTS });
    const again = await s.api(SAVE, { method: "POST", json: { bankAccount: "810883001/5500", iban: "CZ9555000000000810883001", swift: "RZBCCZPP" } });
    expect(again.status).toBe(200);
    expect(await stored()).toEqual({ id: 1, bankAccount: "810883001/5500", iban: "CZ9555000000000810883001", swift: "RZBCCZPP", ...DEFAULTS });
    // Still one row, and it is id 1.
    const rows = await t.current.ctx.db.select().from(invoiceSettings);
    expect(rows.map((row) => row.id)).toEqual([1]);
    expect(rows[0]!.updatedBy).toBe(s.user.id);
  });

  test("the payment method, constant symbol and the person issuing are saved with the bank details; left out, they are cleared", async () => {
    const s = await session();
    const full = { ...VALID, paymentMethod: "CASH", constantSymbol: " 0308 ", issuedBy: "  Jiří Šťastný " };
    const response = await s.api(SAVE, { method: "PUT", json: full });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual({ id: 1, ...VALID, paymentMethod: "CASH", constantSymbol: "0308", issuedBy: "Jiří Šťastný" });
    const page = await htmlOf(await s.page(PAGE));
    expect(page).toMatch(/<option value="CASH" selected="">Hotově<\/option>/);
    expect(page).toMatch(/<input[^>]*name="issuedBy"[^>]*value="Jiří Šťastný"/);
    await s.api(SAVE, { method: "PUT", json: VALID });
    expect(await stored()).toEqual({ id: 1, ...VALID, ...DEFAULTS });
  });

  describe("validation answers 422 fail and changes nothing", () => {
    test("all three are required", () =>
      refusedWith({}, { bankAccount: "Povinné pole", iban: "Povinné pole", swift: "Povinné pole" }));
    test("blank values are missing values", () =>
      refusedWith({ bankAccount: " ", iban: "", swift: null }, { bankAccount: "Povinné pole", iban: "Povinné pole", swift: "Povinné pole" }));
    test("a wrong check digit in the account number", () =>
      refusedWith({ ...VALID, bankAccount: "19-2000145398/0800" }, { bankAccount: "Číslo účtu nevyhovuje kontrole modulo 11 (překlep?)" }));
    test("a wrong check digit in the prefix", () =>
      refusedWith({ ...VALID, bankAccount: "18-2000145399/0800" }, { bankAccount: "Předčíslí účtu nevyhovuje kontrole modulo 11 (překlep?)" }));
    test("an account that is not prefix-number/code", () =>
      refusedWith({ ...VALID, bankAccount: "2000145399" }, { bankAccount: "Zadejte číslo účtu ve tvaru předčíslí-číslo/kód banky, např. 19-2000145399/0800" }));
    test("a payment method that is none of ours, a constant symbol that is not 1–4 digits", () =>
      refusedWith({ ...VALID, paymentMethod: "CHEQUE", constantSymbol: "03A8" }, { paymentMethod: "Neplatná hodnota", constantSymbol: "Konstantní symbol má 1 až 4 číslice" }));
    test("an IBAN with a bad check", () =>
      refusedWith({ ...VALID, iban: "CZ6608000000192000145399" }, { iban: "IBAN má chybné kontrolní číslice (překlep?)" }));
    test("an IBAN of the wrong length", () =>
      refusedWith({ ...VALID, iban: "CZ65080000001920001453" }, { iban: "IBAN musí začínat CZ a mít 24 znaků (CZ a 22 číslic)" }));
    test("a valid IBAN of another account, offering the account's own", () =>
      refusedWith(
        { ...VALID, iban: "CZ3507100000190000123457" },
        { iban: "IBAN neodpovídá číslu účtu 19-2000145399/0800; k tomuto účtu patří CZ65 0800 0000 1920 0014 5399" },
      ));
    test("a SWIFT with a digit in the country", () =>
      refusedWith({ ...VALID, swift: "GIBA1ZPX" }, { swift: "SWIFT/BIC má 8 nebo 11 znaků: 4 písmena banky, 2 písmena země, 2 znaky místa a případně 3 znaky pobočky" }));
    test("a SWIFT of 9 characters", () => refusedWith({ ...VALID, swift: "GIBACZPX1" }, { swift: "SWIFT/BIC má 8 nebo 11 znaků: 4 písmena banky, 2 písmena země, 2 znaky místa a případně 3 znaky pobočky" }));
  });

  test("English messages for an English user", async () => {
    const english = await t.current.login({ admin: true });
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const response = await english.api(SAVE, { method: "PUT", json: { ...VALID, bankAccount: "19-2000145398/0800" } });
    expect((await json(response)).fields).toEqual({ bankAccount: "The account number fails the modulo 11 check (a typo?)" });
  });

  test("a body that is not JSON is a bad request", async () => {
    const response = await t.current.request(SAVE, { method: "PUT", headers: { Authorization: `Bearer ${(await session()).token}`, "Content-Type": "application/json" }, body: "{" });
    expect(response.status).toBe(400);
  });
});

describe("page /orders/invoiceSettings", () => {
  test("shows the record, a read-only id 1 and the fill-IBAN button", async () => {
    await (await session()).api(SAVE, { method: "PUT", json: VALID });
    const html = await htmlOf(await (await session()).page(PAGE));
    expect(html).toContain(`action="${PAGE}"`);
    expect(html).toMatch(/<input[^>]*id="field-id"[^>]*disabled=""[^>]*value="1"/);
    expect(html).toContain('value="19-2000145399/0800"');
    expect(html).toContain('value="CZ6508000000192000145399"');
    expect(html).toContain('value="GIBACZPX"');
    expect(html).toMatch(/<button[^>]*name="action"[^>]*value="deriveIban"|<button[^>]*value="deriveIban"[^>]*name="action"/);
    expect(html).toContain("Doplnit IBAN z čísla účtu");
  });

  test("fill IBAN re-renders the form with the account's IBAN and saves nothing", async () => {
    const s = await session();
    await s.api(SAVE, { method: "PUT", json: VALID });
    const response = await s.page(PAGE, { form: { action: "deriveIban", bankAccount: "19-123457/0710", iban: "", swift: "KOMBCZPP" } });
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).toMatch(/<input[^>]*name="iban"[^>]*value="CZ3507100000190000123457"/);
    expect(html).toContain('value="19-123457/0710"');
    expect(html).toContain('value="KOMBCZPP"');
    expect(html).not.toContain("alert-warning");
    expect(html).not.toContain("field-invalid");
    expect(cookiePair(response, "ohrada_flash")).toBeUndefined();
    expect(await stored()).toEqual({ id: 1, ...VALID, ...DEFAULTS });
  });

  test("fill IBAN from a wrong or missing account shows why on the account field", async () => {
    const s = await session();
    const wrong = await s.page(PAGE, { form: { action: "deriveIban", bankAccount: "19-2000145398/0800", iban: "", swift: "" } });
    expect(wrong.status).toBe(422);
    const html = await htmlOf(wrong);
    expect(html).toContain("Číslo účtu nevyhovuje kontrole modulo 11");
    expect(html).toMatch(/<div class="field field-text field-invalid[^"]*"><label for="field-bankAccount"/);
    const missing = await htmlOf(await s.page(PAGE, { form: { action: "deriveIban", bankAccount: "", iban: "", swift: "" } }));
    expect(missing).toContain("Povinné pole");
  });

  test("save with a mismatching IBAN answers 422 with FORM_NOT_VALID and the derived IBAN in the message", async () => {
    const s = await session();
    await s.api(SAVE, { method: "PUT", json: VALID });
    const response = await s.page(PAGE, { form: { bankAccount: "810883001/5500", iban: "CZ6508000000192000145399", swift: "GIBACZPX" } });
    expect(response.status).toBe(422);
    const html = await htmlOf(response);
    expect(html).toMatch(/class="alert alert-warning"[^>]*>.*?Formulář není vyplněn správně/s);
    expect(html).toContain("k tomuto účtu patří CZ95 5500 0000 0008 1088 3001");
    expect(html).toContain('value="810883001/5500"');
    expect(await stored()).toEqual({ id: 1, ...VALID, ...DEFAULTS });
  });

  test("a valid save redirects back with SAVED", async () => {
    const s = await session();
    const response = await s.page(PAGE, { form: { id: "7", bankAccount: "810883001/5500", iban: "CZ95 5500 0000 0008 1088 3001", swift: "rzbcczpp" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(PAGE);
    const after = await htmlOf(await s.page(PAGE, { headers: { Cookie: cookiePair(response, "ohrada_flash")! } }));
    expect(after).toContain("Uloženo");
    expect(await stored()).toEqual({ id: 1, bankAccount: "810883001/5500", iban: "CZ9555000000000810883001", swift: "RZBCCZPP", ...DEFAULTS });
  });
});

test("demo data: the ČNB example account with its IBAN and GIBACZPX, never overwriting a saved record", async () => {
  const database = await createTestDatabase();
  try {
    const ctx = systemCtx(database.db);
    await seedDemoOrders(ctx);
    const [row] = await ctx.db.select().from(invoiceSettings);
    expect(row).toMatchObject({ id: 1, ...VALID, ...DEFAULTS });
    await ctx.db.update(invoiceSettings).set({ swift: "KOMBCZPP" });
    await seedDemoOrders(ctx);
    expect((await ctx.db.select().from(invoiceSettings))[0]!.swift).toBe("KOMBCZPP");
  } finally {
    await database.destroy();
  }
}, 120_000);
