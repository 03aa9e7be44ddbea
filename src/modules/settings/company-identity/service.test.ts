/** The company identity's service (docs/domain.md#company-identity): each validation rule, the first save and the next, the logo's checks. */
import { describe, expect, test } from "bun:test";
import { companyIdentity } from "@db/schema";
import { createUser } from "@db/seed/factories/users";
import type { Ctx } from "@/lib/context";
import { testPasswordCost } from "@/modules/auth/service";
import { fieldKeys, failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { GIF, JPEG, PNG, TEXT } from "../../../../tests/helpers/image-fixtures";
import { svgText, unsafeSvgReason } from "./logo";
import { COMPANY_LOGO_MAX_BYTES, normalizePhone, normalizeWeb } from "./schemas";
import { deleteCompanyLogo, getCompanyIdentity, getCompanyLogo, saveCompanyIdentity, setCompanyLogo } from "./service";

const t = useTestDatabase();

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

const encode = (text: string) => new TextEncoder().encode(text);
const svg = (body: string, prolog = "") => encode(`${prolog}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40">${body}</svg>`);
const file = (data: Uint8Array, fileName = "logo.svg") => ({ files: [{ fileName, data }] });

/** A ctx acting as a new user (the audit columns name it). */
async function asUser(): Promise<Ctx> {
  const { id } = await createUser(t.ctx, {}, testPasswordCost);
  return { ...t.ctx, userId: id };
}

/** The field error keys of a refused save, and that nothing was written. */
async function refused(values: Record<string, unknown>): Promise<Record<string, string>> {
  const before = await t.db.select().from(companyIdentity);
  const keys = fieldKeys(await failureOf(saveCompanyIdentity({ ctx: t.ctx, input: values })));
  expect(await t.db.select().from(companyIdentity)).toEqual(before);
  return keys;
}

const saved = async (values: Record<string, unknown>) => saveCompanyIdentity({ ctx: t.ctx, input: { ...VALID, ...values } });

describe("before the first save", () => {
  test("the identity reads as empty defaults: no name, a VAT payer, offers valid 30 days, no logo", async () => {
    expect(await getCompanyIdentity({ ctx: t.ctx })).toEqual({
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
    });
    expect(await getCompanyLogo({ ctx: t.ctx })).toBeNull();
  });

  test("a logo is refused until the identity is saved; removing none is no error", async () => {
    const error = await failureOf(setCompanyLogo({ ctx: t.ctx, input: file(PNG, "logo.png") }));
    expect(fieldKeys(error)).toEqual({ files: "companyIdentity.logo.saveFirst" });
    expect((await deleteCompanyLogo({ ctx: t.ctx })).hasLogo).toBe(false);
    expect(await t.db.select().from(companyIdentity)).toEqual([]);
  });
});

describe("validation", () => {
  test("a name and the validity are required; a blank name is no name", async () => {
    expect(await refused({})).toEqual({ name: "validation.required", offerValidityDays: "validation.required" });
    expect(await refused({ ...VALID, name: "   " })).toEqual({ name: "validation.required" });
  });

  test("IČO must pass the mod-11 check; spaces are dropped", async () => {
    expect(await refused({ ...VALID, ico: "25596642" })).toEqual({ ico: "companyIdentity.validation.ico" });
    expect(await refused({ ...VALID, ico: "2559664" })).toEqual({ ico: "companyIdentity.validation.ico" });
    expect((await saved({ ico: " 2559 6641 " })).ico).toBe("25596641");
  });

  test("DIČ is CZ and 8–10 digits, written any way; a VAT payer must have one, a non-payer need not", async () => {
    expect(await refused({ ...VALID, dic: "SK25596641" })).toEqual({ dic: "companyIdentity.validation.dic" });
    expect(await refused({ ...VALID, dic: "CZ1234567" })).toEqual({ dic: "companyIdentity.validation.dic" });
    expect(await refused({ ...VALID, dic: "" })).toEqual({ dic: "companyIdentity.validation.vatPayerNeedsDic" });
    expect((await saved({ dic: "cz 2559 6641" })).dic).toBe("CZ25596641");
    const nonPayer = await saved({ vatPayer: false, dic: "" });
    expect([nonPayer.vatPayer, nonPayer.dic]).toEqual([false, null]);
  });

  test("PSČ has 5 digits and is kept as `123 45`", async () => {
    expect(await refused({ ...VALID, postalCode: "6020" })).toEqual({ postalCode: "companyIdentity.validation.postalCode" });
    expect(await refused({ ...VALID, postalCode: "602 0A" })).toEqual({ postalCode: "companyIdentity.validation.postalCode" });
    expect((await saved({ postalCode: "66442" })).postalCode).toBe("664 42");
  });

  test("a phone is digits with the usual separators; spaces collapse", async () => {
    expect(await refused({ ...VALID, phone: "zavolejte" })).toEqual({ phone: "companyIdentity.validation.phone" });
    expect(await refused({ ...VALID, phone: "12345" })).toEqual({ phone: "companyIdentity.validation.phone" });
    expect((await saved({ phone: " +420  602 333  444 " })).phone).toBe("+420 602 333 444");
    expect(normalizePhone("(+420) 541-222-333")).toBe("(+420) 541-222-333");
  });

  test("an e-mail must be one; blank is none", async () => {
    expect(await refused({ ...VALID, email: "info@" })).toEqual({ email: "validation.email" });
    expect((await saved({ email: "" })).email).toBeNull();
  });

  test("a web address is http(s) or a bare domain, normalised", async () => {
    for (const web of ["ftp://ploty.cz", "localhost", "https://jan:heslo@ploty.cz", "javascript:alert(1)", "ploty cz"]) {
      expect({ web, fields: await refused({ ...VALID, web }) }).toEqual({ web, fields: { web: "companyIdentity.validation.web" } });
    }
    expect((await saved({ web: "WWW.Ploty-Ohrada.cz/" })).web).toBe("https://www.ploty-ohrada.cz");
    expect(normalizeWeb("http://ploty-ohrada.cz/kontakt?mapa=1")).toBe("http://ploty-ohrada.cz/kontakt?mapa=1");
    expect(normalizeWeb("ploty-ohrada.cz:8080")).toBe("https://ploty-ohrada.cz:8080");
  });

  test("offers are valid 1–365 whole days", async () => {
    expect(await refused({ ...VALID, offerValidityDays: 0 })).toEqual({ offerValidityDays: "validation.min" });
    expect(await refused({ ...VALID, offerValidityDays: "366" })).toEqual({ offerValidityDays: "validation.max" });
    expect(await refused({ ...VALID, offerValidityDays: "14,5" })).toEqual({ offerValidityDays: "validation.integer" });
    expect((await saved({ offerValidityDays: " 14 " })).offerValidityDays).toBe(14);
  });

  test("the closing text holds at most 2000 characters", async () => {
    expect(await refused({ ...VALID, offerClosingText: "x".repeat(2001) })).toEqual({ offerClosingText: "validation.maxLength" });
    expect((await saved({ offerClosingText: "x".repeat(2000) })).offerClosingText).toHaveLength(2000);
  });

  test("a NUL anywhere and a yes/no that is neither are refused", async () => {
    expect(await refused({ ...VALID, name: "Ploty\u0000" })).toEqual({ name: "validation.nul" });
    expect(await refused({ ...VALID, city: "Brno\u0000" })).toEqual({ city: "validation.nul" });
    expect(await refused({ ...VALID, vatPayer: "možná" })).toEqual({ vatPayer: "validation.invalid" });
  });
});

describe("saving", () => {
  test("the first save creates row 1 with its author, the next updates it and clears what was left blank", async () => {
    await t.db.delete(companyIdentity);
    const first = await asUser();
    const created = await saveCompanyIdentity({ ctx: first, input: VALID });
    expect(created).toMatchObject({ id: 1, name: "Ploty Ohrada s.r.o.", postalCode: "602 00", web: "https://www.ploty-ohrada.cz", vatPayer: true, hasLogo: false });
    expect(created.updatedAt).not.toBeNull();
    let rows = await t.db.select().from(companyIdentity);
    expect(rows.map((row) => [row.id, row.createdBy, row.updatedBy])).toEqual([[1, first.userId, first.userId]]);

    const second = await asUser();
    const updated = await saveCompanyIdentity({ ctx: second, input: { name: "Ploty Ohrada s.r.o.", vatPayer: "off", offerValidityDays: "45", street: "" } });
    expect(updated).toMatchObject({ street: null, city: null, ico: null, dic: null, vatPayer: false, email: null, web: null, offerValidityDays: 45, offerClosingText: null });
    rows = await t.db.select().from(companyIdentity);
    expect(rows.map((row) => [row.id, row.createdBy, row.updatedBy])).toEqual([[1, first.userId, second.userId]]);
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.createdAt.getTime());
    expect(await getCompanyIdentity({ ctx: t.ctx })).toEqual(updated);
  });
});

describe("the logo", () => {
  const INKSCAPE = svg(
    '<defs><linearGradient id="g"><stop offset="0" stop-color="#2e7d32"/></linearGradient></defs>' +
      '<style>.t{font:700 12px sans-serif}</style><rect width="100" height="40" fill="url(#g)"/><use xlink:href="#g"/>' +
      '<image width="10" height="10" href="data:image/png;base64,iVBORw0KGgo="/><text class="t" x="5" y="25">Ohrada</text>',
    '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- Created with Inkscape -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n',
  );

  test("a PNG is stored as image/png, an SVG (with a prolog, gradients, local references, inline pictures) as image/svg+xml", async () => {
    await saved({});
    const withPng = await setCompanyLogo({ ctx: t.ctx, input: file(PNG, "logo.png") });
    expect(withPng.hasLogo).toBe(true);
    expect(await getCompanyLogo({ ctx: t.ctx })).toEqual({ bytes: PNG, mimeType: "image/png" });
    await setCompanyLogo({ ctx: t.ctx, input: file(INKSCAPE) });
    expect(await getCompanyLogo({ ctx: t.ctx })).toEqual({ bytes: INKSCAPE, mimeType: "image/svg+xml" });
    // The identity never carries the bytes.
    expect(Object.keys(await getCompanyIdentity({ ctx: t.ctx }))).not.toContain("logo");
  });

  test("other kinds, empty files, too big files and several files are refused, and the stored logo stays", async () => {
    await saved({});
    await setCompanyLogo({ ctx: t.ctx, input: file(PNG, "logo.png") });
    const keyOf = async (input: { files: { fileName: string; data: Uint8Array }[] }) => fieldKeys(await failureOf(setCompanyLogo({ ctx: t.ctx, input }))).files;
    expect(await keyOf(file(JPEG, "logo.jpg"))).toBe("companyIdentity.logo.type");
    expect(await keyOf(file(GIF, "logo.gif"))).toBe("companyIdentity.logo.type");
    expect(await keyOf(file(TEXT, "logo.svg"))).toBe("companyIdentity.logo.type");
    expect(await keyOf(file(encode("<html><svg></svg></html>"), "logo.svg"))).toBe("companyIdentity.logo.type");
    expect(await keyOf(file(Uint8Array.of(0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0x3e), "logo.svg"))).toBe("companyIdentity.logo.type");
    expect(await keyOf(file(new Uint8Array(0), "logo.png"))).toBe("upload.empty");
    expect(await keyOf({ files: [] })).toBe("upload.noFile");
    expect(await keyOf({ files: [{ fileName: "a.png", data: PNG }, { fileName: "b.png", data: PNG }] })).toBe("upload.tooMany");

    const big = new Uint8Array(COMPANY_LOGO_MAX_BYTES + 1);
    big.set(PNG);
    const tooBig = await failureOf(setCompanyLogo({ ctx: t.ctx, input: file(big, "velke-logo.png") }));
    expect(tooBig.fields.files).toEqual({ key: "companyIdentity.logo.tooLarge", values: { name: "velke-logo.png", sizeKb: 513, maxKb: 512 } });
    expect(await getCompanyLogo({ ctx: t.ctx })).toEqual({ bytes: PNG, mimeType: "image/png" });

    // Exactly at the limit is allowed.
    await setCompanyLogo({ ctx: t.ctx, input: file(big.subarray(0, COMPANY_LOGO_MAX_BYTES), "logo.png") });
    expect((await getCompanyLogo({ ctx: t.ctx }))?.bytes.byteLength).toBe(COMPANY_LOGO_MAX_BYTES);
  });

  test("an SVG with a script, an event handler, entities or a reference outside itself is refused with the reason", async () => {
    await saved({});
    const cases: [string, Uint8Array, string, Record<string, unknown>?][] = [
      ["script element", svg('<script>alert(1)</script>'), "svgScript"],
      ["script, other case and a namespace", svg('<svg:SCRIPT xlink:href="#x"/>'), "svgScript"],
      ["foreignObject", svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'), "svgScript"],
      ["javascript: link", svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'), "svgScript"],
      ["SMIL setting an href", svg('<a><set attributeName="href" to="&#106;avascript:alert(1)"/></a>'), "svgScript"],
      ["onload", svg('<rect width="1" height="1" onload="alert(1)"/>'), "svgEvents", { attribute: "onload" }],
      ["onclick on the root", encode('<svg xmlns="http://www.w3.org/2000/svg"\nonclick = "x()"></svg>'), "svgEvents", { attribute: "onclick" }],
      ["external link", svg('<a href="https://evil.example/"><rect width="1" height="1"/></a>'), "svgExternal", { reference: "https://evil.example/" }],
      ["external picture", svg('<image xlink:href="http://tracker.example/p.png"/>'), "svgExternal", { reference: "http://tracker.example/p.png" }],
      ["relative picture", svg("<image href='logo.png'/>"), "svgExternal", { reference: "logo.png" }],
      ["HTML data", svg('<image href="data:text/html,&lt;script&gt;"/>'), "svgExternal"],
      ["CSS url()", svg('<rect style="fill:url(https://evil.example/f.svg#a)"/>'), "svgExternal", { reference: "https://evil.example/f.svg#a" }],
      ["@import", svg("<style>@import 'https://fonts.example/font.css';</style>"), "svgExternal"],
      ["stylesheet instruction", svg("", '<?xml-stylesheet type="text/css" href="https://evil.example/a.css"?>'), "svgExternal"],
      ["entities", svg("<text>&ent;</text>", '<!DOCTYPE svg [<!ENTITY ent "x">]>'), "svgDoctype"],
    ];
    for (const [label, data, reason, values] of cases) {
      const error = await failureOf(setCompanyLogo({ ctx: t.ctx, input: file(data, "logo.svg") }));
      expect({ label, key: error.fields.files?.key }).toEqual({ label, key: `companyIdentity.logo.${reason}` });
      if (values) expect({ label, values: error.fields.files?.values }).toEqual({ label, values: { name: "logo.svg", ...values } });
    }
    expect(await getCompanyLogo({ ctx: t.ctx })).not.toEqual(expect.objectContaining({ mimeType: "image/svg+xml" }));
  });

  test("the SVG sniffing: the root after a prolog, nothing else", () => {
    expect(svgText(encode('<?xml version="1.0"?><!-- x --><svg/>'))).not.toBeNull();
    expect(svgText(encode("  <svg>"))).not.toBeNull();
    expect(svgText(encode("<svgx>"))).toBeNull();
    expect(svgText(encode("<div><svg/></div>"))).toBeNull();
    expect(unsafeSvgReason('<svg><text>Ploty a brány on-line</text><path d="M0 0"/></svg>', "a.svg")).toBeNull();
  });

  test("removing the logo leaves the identity; removing it again is no error", async () => {
    await saved({});
    await setCompanyLogo({ ctx: t.ctx, input: file(PNG, "logo.png") });
    const removed = await deleteCompanyLogo({ ctx: t.ctx });
    expect([removed.hasLogo, removed.name]).toEqual([false, VALID.name]);
    expect(await getCompanyLogo({ ctx: t.ctx })).toBeNull();
    expect((await deleteCompanyLogo({ ctx: t.ctx })).hasLogo).toBe(false);
    // Saving the identity keeps a logo it does not mention.
    await setCompanyLogo({ ctx: t.ctx, input: file(PNG, "logo.png") });
    expect((await saved({ name: "Ploty Ohrada a syn" })).hasLogo).toBe(true);
  });
});
