/**
 * The company identity over HTTP (docs/domain.md#company-identity): GET and PUT /api/settings/company, the logo at
 * /api/settings/company/logo (GET, PUT multipart, DELETE), and the admins' page /settings/company
 * with its logo part. Reads are every signed-in user's; writes and the page are admins'.
 */
import { describe, expect, test } from "bun:test";
import { companyIdentity } from "@db/schema";
import { COMPANY_LOGO_MAX_BYTES } from "@/modules/settings/company-identity/schemas";
import { SVG_LOGO_CSP } from "@/modules/settings/company-identity/logo-response";
import { json, type Session, useTestApp } from "../helpers/app";
import { fileOf, JPEG, PNG } from "../helpers/image-fixtures";
import { html as htmlOf } from "./support";

const t = useTestApp();

const API = "/api/settings/company";
const LOGO = "/api/settings/company/logo";
const PAGE = "/settings/company";
const FORBIDDEN = JSON.stringify({ status: "error", code: "FORBIDDEN" });

const VALID = {
  name: "Ploty Ohrada s.r.o.",
  street: "Lipová 12",
  city: "Brno",
  postalCode: "60200",
  country: "Česká republika",
  ico: "25596641",
  dic: "CZ25596641",
  vatPayer: true,
  phone: "+420 541 222 333",
  email: "info@ploty-ohrada.cz",
  web: "www.ploty-ohrada.cz",
  offerValidityDays: 30,
  offerClosingText: "Děkujeme za Váš zájem.",
};

const SVG = new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#2e7d32"/></svg>');

let adminSession: Session;
let workerSession: Session;
const admin = async () => (adminSession ??= await t.current.login({ admin: true }));
const worker = async () => (workerSession ??= await t.current.login());

const rows = () => t.current.database.db.select().from(companyIdentity);

const logoForm = (...files: File[]) => {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  return form;
};

/** A multipart API call with the bearer token. */
const upload = async (session: Session, body: BodyInit, method = "PUT") =>
  t.current.request(LOGO, { method, headers: { Authorization: `Bearer ${session.token}` }, body });

const toastOf = (response: Response) => JSON.parse(response.headers.get("HX-Trigger") ?? "null")?.toast as { kind: string; text: string } | undefined;

// Runs first: the record does not exist yet in a fresh test database.
describe("before the first save", () => {
  test("GET answers the empty defaults to any signed-in user; there is no logo", async () => {
    const response = await (await worker()).api(API);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      status: "success",
      data: {
        id: 1,
        name: "",
        street: null,
        city: null,
        postalCode: null,
        country: null,
        ico: null,
        dic: null,
        vatPayer: true,
        phone: null,
        email: null,
        web: null,
        hasLogo: false,
        offerValidityDays: 30,
        offerClosingText: null,
        updatedAt: null,
      },
    });
    expect((await (await worker()).api(LOGO)).status).toBe(404);
  });

  test("a logo cannot come before the identity: 422 with the reason", async () => {
    const response = await upload(await admin(), logoForm(fileOf(PNG, "logo.png", "image/png")));
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ files: "Nejdřív uložte údaje firmy, potom nahrajte logo." });
    expect(await rows()).toEqual([]);
  });

  test("the page shows an empty form with 30 days and the hint to save before the logo", async () => {
    const response = await (await admin()).page(PAGE);
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).toContain(`action="${PAGE}"`);
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value=""/);
    expect(html).toMatch(/<input[^>]*name="offerValidityDays"[^>]*value="30"/);
    expect(html).toMatch(/<input[^>]*name="vatPayer"[^>]*checked=""/);
    expect(html).toContain("Nejdřív uložte údaje firmy, potom nahrajte logo.");
    expect(html).not.toContain('action="/settings/company/logo"');
  });
});

describe("API", () => {
  test("PUT saves row 1, normalised, and answers it; every user reads it back", async () => {
    const response = await (await admin()).api(API, { method: "PUT", json: VALID });
    expect(response.status).toBe(200);
    const saved = (await json(response)).data;
    expect(saved).toMatchObject({ ...VALID, id: 1, postalCode: "602 00", web: "https://www.ploty-ohrada.cz", hasLogo: false });
    expect(typeof saved.updatedAt).toBe("string");
    expect((await json(await (await worker()).api(API))).data).toEqual(saved);
    const stored = await rows();
    expect(stored.map((row) => [row.id, row.updatedBy])).toEqual([[1, (await admin()).user.id]]);
  });

  test("a refused PUT is 422 naming each field, in Czech, and saves nothing", async () => {
    await (await admin()).api(API, { method: "PUT", json: VALID });
    const before = await rows();
    const response = await (await admin()).api(API, {
      method: "PUT",
      json: { ...VALID, name: "", ico: "25596642", postalCode: "6020", email: "info@", web: "ftp://ploty.cz", offerValidityDays: 0 },
    });
    expect(response.status).toBe(422);
    const answer = await json(response);
    expect(answer.status).toBe("fail");
    expect(answer.fields).toEqual({
      name: "Povinné pole",
      ico: "IČO musí mít 8 číslic a vyhovět kontrole modulo 11",
      postalCode: "PSČ má 5 číslic, např. 664 42",
      email: "Zadejte platný e-mail",
      web: "Zadejte adresu webu, např. www.ploty-ohrada.cz nebo https://ploty-ohrada.cz",
      offerValidityDays: "Nejmenší hodnota je 1",
    });
    expect(answer.data).toContain("Pole „ico“: IČO musí mít 8 číslic a vyhovět kontrole modulo 11");
    const payer = await json(await (await admin()).api(API, { method: "PUT", json: { ...VALID, dic: "" } }));
    expect(payer.fields).toEqual({ dic: "Plátce DPH musí mít DIČ" });
    expect(await rows()).toEqual(before);
  });

  test("English messages for an English admin", async () => {
    const english = await t.current.login({ admin: true });
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const answer = await json(await english.api(API, { method: "PUT", json: { ...VALID, ico: "25596642", dic: "", vatPayer: true } }));
    expect(answer.fields).toEqual({ ico: "The company ID must have 8 digits and pass the mod 11 check", dic: "A VAT payer must have a VAT ID" });
  });

  test("a body that is not JSON is a bad request", async () => {
    const response = await t.current.request(API, { method: "PUT", headers: { Authorization: `Bearer ${(await admin()).token}`, "Content-Type": "application/json" }, body: "{" });
    expect(response.status).toBe(400);
  });
});

describe("admins only for writes", () => {
  test("a non-admin gets 403 on every write and on the page, keeps the session, and changes nothing", async () => {
    await (await admin()).api(API, { method: "PUT", json: VALID });
    await upload(await admin(), logoForm(fileOf(PNG, "logo.png")));
    const before = await rows();
    const session = await worker();
    const failures: string[] = [];
    const apiAnswers = [
      await session.api(API, { method: "PUT", json: { ...VALID, name: "Cizí firma" } }),
      await upload(session, logoForm(fileOf(PNG, "logo.png"))),
      await session.api(LOGO, { method: "DELETE" }),
    ];
    for (const response of apiAnswers) {
      const body = await response.text();
      if (response.status !== 403 || body !== FORBIDDEN) failures.push(`${response.url}: ${response.status} ${body}`);
    }
    const multipart = new FormData();
    multipart.set("files", fileOf(PNG, "logo.png"));
    const pageAnswers = [
      await session.page(PAGE),
      await session.page(PAGE, { form: { ...VALID, offerValidityDays: "30", vatPayer: "on", name: "Cizí firma" } }),
      await session.page(`${PAGE}/logo`, { method: "POST", body: multipart }),
      await session.page(`${PAGE}/logo/delete`, { method: "POST" }),
    ];
    for (const response of pageAnswers) {
      const page = await response.text();
      if (response.status !== 403 || !page.includes("K této akci nemáte oprávnění")) failures.push(`page ${response.url}: ${response.status}`);
    }
    expect(failures).toEqual([]);
    expect((await session.api("/api/me")).status).toBe(200);
    expect(await rows()).toEqual(before);
    // Reads stay open: the record and the logo itself.
    expect((await session.api(API)).status).toBe(200);
    expect((await session.api(LOGO)).status).toBe(200);
  });

  test("the menu offers the page to admins only", async () => {
    const link = 'href="/settings/company"';
    expect(await htmlOf(await (await admin()).page("/index"))).toContain(`<a ${link} role="menuitem"`);
    expect(await htmlOf(await (await worker()).page("/index"))).not.toContain(link);
  });

  test("without a session: 401 on the API, /login for the page", async () => {
    expect((await t.current.request(API)).status).toBe(401);
    expect((await t.current.request(LOGO)).status).toBe(401);
    const page = await t.current.request(PAGE, { redirect: "manual" });
    expect([page.status, page.headers.get("Location")]).toEqual([302, "/login"]);
  });
});

describe("the logo over the API", () => {
  test("a PNG is stored and served inline as image/png, never sniffed", async () => {
    await (await admin()).api(API, { method: "PUT", json: VALID });
    const response = await upload(await admin(), logoForm(fileOf(PNG, "logo.png", "image/png")));
    expect(response.status).toBe(200);
    expect((await json(response)).data.hasLogo).toBe(true);
    const image = await (await worker()).api(LOGO);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(image.headers.get("Content-Disposition")).toBe('inline; filename="logo.png"');
    expect(image.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });

  test("an SVG is served with a CSP that lets it run and fetch nothing; pages keep theirs", async () => {
    await (await admin()).api(API, { method: "PUT", json: VALID });
    expect((await upload(await admin(), logoForm(fileOf(SVG, "logo.svg", "image/svg+xml")))).status).toBe(200);
    const image = await (await worker()).api(LOGO);
    expect(image.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(image.headers.get("Content-Security-Policy")).toBe(SVG_LOGO_CSP);
    expect(SVG_LOGO_CSP).toContain("default-src 'none'");
    expect(SVG_LOGO_CSP).toContain("sandbox");
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(SVG);
    // Everything else still carries the app's own policy.
    const page = await (await admin()).page(PAGE);
    expect(page.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
    await page.body?.cancel();
  });

  test("a JPEG, a scripted SVG and two files are refused with readable reasons; the logo stays", async () => {
    await (await admin()).api(API, { method: "PUT", json: VALID });
    await upload(await admin(), logoForm(fileOf(PNG, "logo.png")));
    const refusal = async (body: FormData) => {
      const response = await upload(await admin(), body);
      expect(response.status).toBe(422);
      return (await json(response)).fields.files as string;
    };
    expect(await refusal(logoForm(fileOf(JPEG, "logo.png", "image/png")))).toBe("Soubor „logo.png“ není obrázek PNG ani SVG");
    const scripted = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(await refusal(logoForm(fileOf(scripted, "logo.svg")))).toBe("SVG „logo.svg“ obsahuje obsluhu události (onload); uložte ho bez ní");
    expect(await refusal(logoForm(fileOf(PNG, "a.png"), fileOf(PNG, "b.png")))).toBe("Najednou lze nahrát nejvýše 1 soubor");
    expect(await refusal(new FormData())).toBe("Vyberte alespoň jeden soubor");
    expect(new Uint8Array(await (await (await worker()).api(LOGO)).arrayBuffer())).toEqual(PNG);
  });

  test("over the limit: a file just over it is 422 with its size, a body over the route's cap is 413", async () => {
    await (await admin()).api(API, { method: "PUT", json: VALID });
    const justOver = new Uint8Array(COMPANY_LOGO_MAX_BYTES + 1);
    justOver.set(PNG);
    const refused = await upload(await admin(), logoForm(fileOf(justOver, "logo.png")));
    expect(refused.status).toBe(422);
    expect((await json(refused)).fields.files).toBe("Logo „logo.png“ má 513 kB, smí mít nejvýše 512 kB");

    const huge = new Uint8Array(COMPANY_LOGO_MAX_BYTES * 2);
    huge.set(PNG);
    const tooLarge = await upload(await admin(), logoForm(fileOf(huge, "logo.png")));
    expect(tooLarge.status).toBe(413);
    expect(await json(tooLarge)).toEqual({ status: "error", code: "PAYLOAD_TOO_LARGE" });
    // The same cap on the page's upload.
    const form = logoForm(fileOf(huge, "logo.png"));
    const page = await (await admin()).page(`${PAGE}/logo`, { method: "POST", body: form });
    expect(page.status).toBe(413);
    await page.body?.cancel();
  });

  test("DELETE removes it: the identity says so and the image is gone; again is no error", async () => {
    await (await admin()).api(API, { method: "PUT", json: VALID });
    await upload(await admin(), logoForm(fileOf(PNG, "logo.png")));
    const removed = await (await admin()).api(LOGO, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await json(removed)).data).toMatchObject({ hasLogo: false, name: VALID.name });
    expect((await (await worker()).api(LOGO)).status).toBe(404);
    expect((await (await admin()).api(LOGO, { method: "DELETE" })).status).toBe(200);
  });
});

describe("page /settings/company", () => {
  test("shows the record, the logo preview with its remove button and the upload form", async () => {
    await (await admin()).api(API, { method: "PUT", json: VALID });
    await upload(await admin(), logoForm(fileOf(PNG, "logo.png")));
    const html = await htmlOf(await (await admin()).page(PAGE));
    expect(html).toContain("<title>Údaje firmy");
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Ploty Ohrada s.r.o."/);
    expect(html).toMatch(/<input[^>]*name="postalCode"[^>]*value="602 00"/);
    expect(html).toMatch(/<input[^>]*name="web"[^>]*value="https:\/\/www.ploty-ohrada.cz"/);
    expect(html).toMatch(/<textarea[^>]*name="offerClosingText"[^>]*>Děkujeme za Váš zájem.<\/textarea>/);
    expect(html).toMatch(/<img src="\/api\/settings\/company\/logo\?v=\d+" alt="Logo firmy"/);
    expect(html).toContain('action="/settings/company/logo/delete"');
    expect(html).toContain('action="/settings/company/logo"');
    expect(html).toContain('accept="image/png,image/svg+xml"');
    expect(html).toContain("PNG nebo SVG, nejvýše 512 kB");
  });

  test("a refused post re-renders with 422, the field errors and the typed values; nothing is saved", async () => {
    await (await admin()).api(API, { method: "PUT", json: VALID });
    const before = await rows();
    const response = await (await admin()).page(PAGE, { form: { ...VALID, vatPayer: "on", offerValidityDays: "30", name: "Nové jméno", ico: "12345678" } });
    expect(response.status).toBe(422);
    const html = await htmlOf(response);
    expect(html).toContain("Formulář není vyplněn správně");
    expect(html).toMatch(/id="field-ico-error"[^>]*>IČO musí mít 8 číslic a vyhovět kontrole modulo 11</);
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Nové jméno"/);
    expect(await rows()).toEqual(before);
  });

  test("a valid post saves, redirects with a toast; an unticked box means not a VAT payer", async () => {
    const response = await (await admin()).page(PAGE, { form: { ...VALID, vatPayer: "", dic: "", offerValidityDays: "21", web: "http://ploty.cz/" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("ohrada_flash="))).toBe(true);
    const stored = (await json(await (await admin()).api(API))).data;
    expect(stored).toMatchObject({ vatPayer: false, dic: null, offerValidityDays: 21, web: "http://ploty.cz" });
  });

  test("the logo's upload and removal through htmx answer the logo part with a toast; a plain post redirects", async () => {
    await (await admin()).api(API, { method: "PUT", json: VALID });
    const session = await admin();
    const htmx = { "HX-Request": "true", "HX-Target": "company-logo" };
    const uploaded = await session.page(`${PAGE}/logo`, { method: "POST", body: logoForm(fileOf(SVG, "logo.svg")), headers: htmx });
    expect(uploaded.status).toBe(200);
    expect(toastOf(uploaded)).toEqual({ kind: "success", text: "Logo uloženo" });
    const fragment = await htmlOf(uploaded);
    expect(fragment).not.toContain("<html");
    expect(fragment).toContain('id="company-logo"');
    expect(fragment).toMatch(/<img src="\/api\/settings\/company\/logo\?v=\d+"/);

    const refused = await session.page(`${PAGE}/logo`, { method: "POST", body: logoForm(fileOf(JPEG, "foto.jpg")), headers: htmx });
    expect(refused.status).toBe(422);
    expect(toastOf(refused)?.kind).toBe("fail");
    expect(await htmlOf(refused)).toContain("Soubor „foto.jpg“ není obrázek PNG ani SVG");

    const removed = await session.page(`${PAGE}/logo/delete`, { method: "POST", headers: htmx });
    expect(toastOf(removed)).toEqual({ kind: "success", text: "Logo odebráno" });
    expect(await htmlOf(removed)).toContain("Logo zatím není nahrané.");

    const plain = await session.page(`${PAGE}/logo`, { method: "POST", body: logoForm(fileOf(PNG, "logo.png")) });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe(`${PAGE}#company-logo`);
    expect((await json(await session.api(API))).data.hasLogo).toBe(true);
  });
});
