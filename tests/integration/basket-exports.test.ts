/**
 * The common basket's downloads (docs/domain.md#basket-exports; decision 028) through app.request():
 * `GET /pdf/barcodesFromBasket/{userId}` read back with poppler (pdftotext: names with diacritics
 * intact, the codes and quantities as text; pdftoppm + zbarimg: exactly one decodable code per line,
 * EAN-13 or Code 128 `P<id>`), the empty basket's page, and `GET /basket/exportToCsv/{userId}` read
 * back byte by byte (BOM, `;`, quotes, decimal comma, Czech characters); only the caller's own id is
 * served; both also at /api; the session.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ean13 } from "@/lib/ean13";
import { todayInPrague } from "@/lib/dates";
import { type Session, useTestApp } from "../helpers/app";
import { createProduct } from "../helpers/factories";
import { flat, popplerText } from "../helpers/fence-offer";

const t = useTestApp();
let session: Session;
let english: Session;
const products = {} as Record<"panel" | "post" | "lock" | "formula", number>;
const PANEL_EAN = ean13("859400012345");
const LOCK_EAN = ean13("859400054321");

beforeAll(async () => {
  const db = t.current.ctx.db;
  products.panel = await createProduct(db, { name: "Plotový panel Žluťoučký kůň – řetízek ťňů", ean13: PANEL_EAN });
  products.post = await createProduct(db, { name: 'Sloupek 60 × 60; "čtyřhranný"' });
  products.lock = await createProduct(db, { name: "Zámek branky Ďábel ŘŤŇ", ean13: LOCK_EAN });
  products.formula = await createProduct(db, { name: "=HYPERLINK(\"x\") úchyt" });
  session = await t.current.login();
  for (const [productId, amount] of [
    [products.panel, "2,5"],
    [products.post, "1234,5"],
    [products.lock, "0,125"],
    [products.formula, 3],
  ] as const) {
    expect((await session.api("/api/basket/add", { method: "POST", json: { type: "COMMON", productId, amount } })).status).toBe(200);
  }
  english = await t.current.login();
  expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
});

async function run(command: string[], stdin?: Uint8Array): Promise<{ code: number; stdout: string; stderr: string }> {
  const binary = Bun.which(command[0]!);
  if (!binary) throw new Error(`${command[0]} is missing: apt-get install -y poppler-utils zbar-tools`);
  const process = Bun.spawn([binary, ...command.slice(1)], { stdin: stdin ?? "ignore", stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(process.stdout).text(), new Response(process.stderr).text(), process.exited]);
  return { code, stdout, stderr };
}

/** Every code zbarimg finds on the PDF's pages rendered at 300 dpi, as `SYMBOLOGY:value`, sorted. */
async function decodedCodes(pdf: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "basket-barcodes-"));
  try {
    const rendered = await run(["pdftoppm", "-r", "300", "-gray", "-png", "-", join(dir, "page")], pdf);
    if (rendered.code !== 0) throw new Error(`pdftoppm failed: ${rendered.stderr}`);
    const pages = (await readdir(dir)).filter((name) => name.endsWith(".png")).map((name) => join(dir, name));
    expect(pages.length).toBeGreaterThan(0);
    // Exit 4: no code found on a page.
    const decoded = await run(["zbarimg", "-q", ...pages]);
    if (decoded.code !== 0 && decoded.code !== 4) throw new Error(`zbarimg failed (${decoded.code}): ${decoded.stderr}`);
    return decoded.stdout.split("\n").filter(Boolean).sort();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const pdfBytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("GET /pdf/barcodesFromBasket/{userId}", () => {
  test("one label per line: the names with Czech diacritics, the code as text and as one decodable barcode each (EAN-13 or Code 128 P<id>), the quantity", async () => {
    const response = await session.page(`/pdf/barcodesFromBasket/${session.user.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="carove-kody-kosiku-${todayInPrague()}.pdf"`);
    const pdf = await pdfBytes(response);
    const text = flat(await popplerText(pdf));
    for (const name of ["Plotový panel Žluťoučký kůň – řetízek ťňů", 'Sloupek 60 × 60; "čtyřhranný"', "Zámek branky Ďábel ŘŤŇ", '=HYPERLINK("x") úchyt']) expect(text).toContain(name);
    for (const code of [PANEL_EAN, `P${products.post}`, LOCK_EAN, `P${products.formula}`]) expect(text).toContain(code);
    for (const quantity of ["Množství: 2,5", "Množství: 1 234,5", "Množství: 0,125", "Množství: 3"]) expect(text).toContain(quantity);
    expect(await decodedCodes(pdf)).toEqual([`CODE-128:P${products.formula}`, `CODE-128:P${products.post}`, `EAN-13:${LOCK_EAN}`, `EAN-13:${PANEL_EAN}`].sort());
  });

  test("30 lines fill a sheet of 24 and a second one; every line's code decodes exactly once", async () => {
    const user = await t.current.login();
    const ids: number[] = [];
    for (let index = 0; index < 30; index++) {
      const id = await createProduct(t.current.ctx.db, { name: `Štítek č. ${index + 1} – úhelník`, ean13: index % 3 === 0 ? ean13(String(859400100000 + index)) : null });
      ids.push(id);
      expect((await user.api("/api/basket/add", { method: "POST", json: { type: "COMMON", productId: id, amount: index + 1 } })).status).toBe(200);
    }
    const pdf = await pdfBytes(await user.page(`/pdf/barcodesFromBasket/${user.user.id}`));
    const text = await popplerText(pdf);
    expect(text.split("\f").filter((page) => page.trim()).length).toBe(2);
    expect(flat(text)).toContain("Štítek č. 30 – úhelník");
    const expected = ids.map((id, index) => (index % 3 === 0 ? `EAN-13:${ean13(String(859400100000 + index))}` : `CODE-128:P${id}`)).sort();
    expect(await decodedCodes(pdf)).toEqual(expected);
  });

  test("an empty basket gives one page saying so, in the caller's language", async () => {
    const user = await t.current.login();
    const czech = await popplerText(await pdfBytes(await user.page(`/pdf/barcodesFromBasket/${user.user.id}`)));
    expect(flat(czech)).toBe("Čárové kódy – společný košík Společný košík je prázdný: nejsou žádné čárové kódy k vytištění.");
    const response = await english.page(`/pdf/barcodesFromBasket/${english.user.id}`);
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="basket-barcodes-${todayInPrague()}.pdf"`);
    expect(flat(await popplerText(await pdfBytes(response)))).toBe("Barcodes – common basket The common basket is empty: there are no barcodes to print.");
  });
});

/** The CSV's rows, read as RFC 4180 with `;` (quoted cells may hold `;`, `""` and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') (cell += '"'), index++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ";") row.push(cell), (cell = "");
    else if (char === "\r" && text[index + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), index++;
    else cell += char;
  }
  expect(cell).toBe("");
  expect(row).toEqual([]);
  return rows;
}

describe("GET /basket/exportToCsv/{userId}", () => {
  test("UTF-8 with a BOM, `;` between cells, quotes escaped, a formula defused, EAN-13 kept as text, quantities with a decimal comma; an attachment named by the date", async () => {
    const response = await session.page(`/basket/exportToCsv/${session.user.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="kosik-${todayInPrague()}.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFF")).toBe(true);
    // The quoted cell as written: quotes doubled.
    expect(text).toContain('"Sloupek 60 × 60; ""čtyřhranný"""');
    // An EAN-13 as a formula giving text (="…", RFC 4180 quoted): Czech Excel would show a bare 13-digit number as 8,59568E+12.
    expect(text).toContain(`;"=""${PANEL_EAN}""";`);
    expect(text).not.toMatch(new RegExp(`;${PANEL_EAN};`));
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(["Id", "Id produktu", "EAN", "Název", "Množství"]);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      [String(products.panel), `="${PANEL_EAN}"`, "Plotový panel Žluťoučký kůň – řetízek ťňů", "2,5"],
      [String(products.post), "", 'Sloupek 60 × 60; "čtyřhranný"', "1234,5"],
      [String(products.lock), `="${LOCK_EAN}"`, "Zámek branky Ďábel ŘŤŇ", "0,125"],
      [String(products.formula), "", "'=HYPERLINK(\"x\") úchyt", "3"],
    ]);
    // The first column is the basket line's id, as the basket's API answers it.
    const items = (await (await session.api("/api/basket/items?type=COMMON")).json()).data as { id: number }[];
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(items.map((item) => item.id));
  });

  test("in English the headers are English; an empty basket is the header row alone", async () => {
    const response = await english.page(`/basket/exportToCsv/${english.user.id}`);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="basket-${todayInPrague()}.csv"`);
    // Read with the BOM kept (Response.text() drops it).
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer())).toBe("\uFEFFId;Product id;EAN;Name;Quantity\r\n");
  });
});

describe("access", () => {
  test("another user's id is 404 (page and API); an id that cannot be one is 404; the API serves the caller's own", async () => {
    const other = await t.current.login();
    for (const path of [`/pdf/barcodesFromBasket/${other.user.id}`, `/basket/exportToCsv/${other.user.id}`, "/pdf/barcodesFromBasket/99999999999", "/basket/exportToCsv/0"]) {
      expect((await session.page(path)).status).toBe(404);
      expect((await session.api(`/api${path}`)).status).toBe(404);
    }
    const api = await session.api(`/api/basket/exportToCsv/${session.user.id}`);
    expect(api.status).toBe(200);
    expect(await api.text()).toContain("Zámek branky Ďábel ŘŤŇ");
    expect((await session.api(`/api/pdf/barcodesFromBasket/${session.user.id}`)).headers.get("Content-Type")).toBe("application/pdf");
  });

  test("without a session: the page goes to /login, the API is 401", async () => {
    for (const path of [`/pdf/barcodesFromBasket/${session.user.id}`, `/basket/exportToCsv/${session.user.id}`]) {
      const page = await t.current.request(path, { redirect: "manual" });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toStartWith("/login");
      expect((await t.current.request(`/api${path}`)).status).toBe(401);
    }
  });
});
