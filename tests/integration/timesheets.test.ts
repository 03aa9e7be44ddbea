/**
 * Timesheets setup (docs/domain.md#timesheets): workplaces on /api/timesheets/workplace and
 * /timesheets/workplace, work types on /api/timesheets/worktype and /timesheets/worktype with
 * their Code 128 `WT<id>` barcode (docs/domain.md#barcodes) and the printable A4 sheet of all of them.
 */
import { describe, expect, test } from "bun:test";
import { json, useTestApp } from "../helpers/app";
import { createUser, createWorkLog } from "../helpers/factories";
import { flattenText, pdfFontNames, pdfText } from "../helpers/pdf-text";
import { afterRedirect, entityApi, html as htmlOf, type ListBody, pageShowing } from "./support";

const t = useTestApp();

interface Ref {
  id: number;
  name: string;
}
interface WorkType extends Ref {
  workplace: Ref;
}

const WORKPLACES = "/api/timesheets/workplace";
const WORKTYPES = "/api/timesheets/worktype";
const workplacesApi = entityApi<Ref>(t, WORKPLACES);
const workTypesApi = entityApi<WorkType>(t, WORKTYPES, { session: workplacesApi.session });
const { session } = workplacesApi;
const createWorkplace = (name: string) => workplacesApi.create({ name });
const createWorkType = (name: string, workplace: unknown) => workTypesApi.create({ name, workplace });

/** A workplace with work types of these names; answers the work types' ids in order. */
async function workTypesAt(workplaceName: string, ...names: string[]): Promise<number[]> {
  const workplace = await createWorkplace(workplaceName);
  const ids: number[] = [];
  for (const name of names) ids.push(await createWorkType(name, workplace));
  return ids;
}

const list = <T>(path: string, query = ""): Promise<ListBody<T>> => (path === WORKPLACES ? workplacesApi : workTypesApi).list(query) as Promise<ListBody<T>>;
const expectFail = (path: string, body: unknown, fields: Record<string, string>) => (path === WORKPLACES ? workplacesApi : workTypesApi).refused(body, fields);

/** One finished log on a work type, by a new worker (logs have their own tests). */
async function logOn(workTypeId: number): Promise<void> {
  const { id: user } = await createUser(t.current.ctx, { firstName: "Karel", lastName: "Dvořák" });
  await createWorkLog(t.current.ctx, { user, workType: workTypeId, start: "2026-03-02T06:00:00Z", end: "2026-03-02T10:00:00Z" });
}

/** The width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("API /api/timesheets/workplace", () => {
  test("a blank name is refused", () => expectFail(WORKPLACES, { name: "   " }, { name: "Povinné pole" }));

  test("names are unique, whatever the case", async () => {
    await createWorkplace("Lakovna");
    await expectFail(WORKPLACES, { name: "LAKOVNA" }, { name: "Tato hodnota už existuje" });
  });

  test("a workplace with work types is not deleted, readably", async () => {
    const s = await session();
    const id = await createWorkplace("Svařovna");
    await createWorkType("Svařování polí", id);
    await createWorkType("Broušení svárů", id);
    const response = await s.api(`${WORKPLACES}/${id}`, { method: "DELETE" });
    expect(response.status).toBe(422);
    expect(await json(response)).toMatchObject({ status: "fail", data: ["Pracoviště nelze smazat, patří k němu 2 činnosti"] });
    expect((await s.api(`${WORKPLACES}/${id}`)).status).toBe(200);
  });
});

describe("API /api/timesheets/worktype", () => {
  test("the workplace is sent as an id or {id} and answered as {id, name}", async () => {
    const s = await session();
    const workplace = await createWorkplace("Montáž");
    const id = await createWorkType("Montáž sloupků", { id: workplace });
    const expected = { id, name: "Montáž sloupků", workplace: { id: workplace, name: "Montáž" } };
    expect((await json(await s.api(`${WORKTYPES}/${id}`))).data).toEqual(expected);
    const other = await createWorkplace("Montáž brán");
    const updated = await s.api(`${WORKTYPES}/${id}`, { method: "PUT", json: { name: "Montáž křídel", workplace: String(other) } });
    expect((await json(updated)).data).toEqual({ id, name: "Montáž křídel", workplace: { id: other, name: "Montáž brán" } });
  });

  test("name and workplace are required each on their own; a blank workplace is none", async () => {
    const workplace = await createWorkplace("Povinná pole");
    await expectFail(WORKTYPES, { workplace }, { name: "Povinné pole" });
    await expectFail(WORKTYPES, { name: "Bez pracoviště" }, { workplace: "Povinné pole" });
    await expectFail(WORKTYPES, { name: "Prázdné pracoviště", workplace: "" }, { workplace: "Povinné pole" });
  });

  test("an unknown workplace is refused on the field", async () => {
    await expectFail(WORKTYPES, { name: "Nikde", workplace: 2_000_000_000 }, { workplace: "Zvolené pracoviště neexistuje" });
    await expectFail(WORKTYPES, { name: "Nikde", workplace: -3 }, { workplace: "Neplatná hodnota" });
  });

  test("a name is unique within its workplace, not across workplaces", async () => {
    const sklad = await createWorkplace("Sklad balení");
    const lakovna = await createWorkplace("Lakovna balení");
    const first = await createWorkType("Balení", sklad);
    await createWorkType("Balení", lakovna);
    await expectFail(WORKTYPES, { name: "balení", workplace: sklad }, { name: "Činnost s tímto názvem na pracovišti už je" });
    // Saving a work type under its own name is no duplicate.
    expect((await (await session()).api(`${WORKTYPES}/${first}`, { method: "PUT", json: { name: "Balení", workplace: sklad } })).status).toBe(200);
  });

  test("filters: name, workplace name (the list column) and workplace id", async () => {
    const cutting = await createWorkplace("Filtr Řezárna");
    const painting = await createWorkplace("Filtr Lakovna");
    const a = await createWorkType("Řezání profilů", cutting);
    const b = await createWorkType("Řezání plechů", cutting);
    const c = await createWorkType("Práškové lakování", painting);
    const ids = (body: ListBody<WorkType>) => body.data.map((row) => row.id).sort((x, y) => x - y);
    expect(ids(await list<WorkType>(WORKTYPES, `?workplaceId=${cutting}`))).toEqual([a, b].sort((x, y) => x - y));
    expect(ids(await list<WorkType>(WORKTYPES, `?workplace=${encodeURIComponent("filtr lak")}`))).toEqual([c]);
    expect(ids(await list<WorkType>(WORKTYPES, `?name=${encodeURIComponent("řezání p")}&workplaceId=${cutting}`))).toEqual([a, b].sort((x, y) => x - y));
    const rows = (await list<WorkType>(WORKTYPES, `?workplaceId=${painting}`)).data;
    expect(rows).toEqual([{ id: c, name: "Práškové lakování", workplace: { id: painting, name: "Filtr Lakovna" } }]);
  });

  test("a work type with logs is not deleted, readably; without logs it is", async () => {
    const s = await session();
    const workplace = await createWorkplace("Mazání");
    const used = await createWorkType("Použitá činnost", workplace);
    const unused = await createWorkType("Nepoužitá činnost", workplace);
    await logOn(used);
    const refused = await s.api(`${WORKTYPES}/${used}`, { method: "DELETE" });
    expect(refused.status).toBe(422);
    expect((await json(refused)).data).toEqual(["Činnost nelze smazat, je na ní 1 záznam práce"]);
    expect((await s.api(`${WORKTYPES}/${used}`)).status).toBe(200);
    expect((await s.api(`${WORKTYPES}/${unused}`, { method: "DELETE" })).status).toBe(200);
    expect((await s.api(`${WORKTYPES}/${unused}`)).status).toBe(404);
  });
});

describe("barcode GET /api/timesheets/worktype/barcode?id=", () => {
  test("a real Code 128 PNG, wider than tall, different for another id", async () => {
    const s = await session();
    const [first, second] = (await workTypesAt("Kódy", "Svařování rámů", "Svařování křídel")) as [number, number];
    const response = await s.api(`${WORKTYPES}/barcode?id=${first}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    const png = new Uint8Array(await response.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const size = pngSize(png);
    expect(size.width).toBeGreaterThan(size.height);
    expect(size.height).toBeGreaterThan(20);
    const other = new Uint8Array(await (await s.api(`${WORKTYPES}/barcode?id=${second}`)).arrayBuffer());
    expect([...other.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(Buffer.from(other).equals(Buffer.from(png))).toBe(false);
    // The same id always draws the same code.
    const again = new Uint8Array(await (await s.api(`${WORKTYPES}/barcode?id=${first}`)).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(png))).toBe(true);
  });

  test("an unknown id answers the 404 envelope; a missing or malformed id 400", async () => {
    const s = await session();
    for (const id of ["2000000000", "99999999999"]) {
      const response = await s.api(`${WORKTYPES}/barcode?id=${id}`);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ status: "error", code: "NOT_FOUND" });
    }
    for (const query of ["", "?id=", "?id=abc", "?id=-1"]) {
      const response = await s.api(`${WORKTYPES}/barcode${query}`);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ status: "error", code: "BAD_REQUEST" });
    }
  });

  test("no session, no image", async () => {
    const response = await t.current.request(`${WORKTYPES}/barcode?id=1`);
    expect(response.status).toBe(401);
  });
});

describe("barcode sheet GET /timesheets/worktype/barcodes.pdf", () => {
  test("an A4 PDF with every work type's name, workplace and code, Czech diacritics intact", async () => {
    const s = await session();
    const [first, second] = (await workTypesAt("Řezárna – štítky", "Řezání profilů ťňů", "Příprava dílců")) as [number, number];
    const response = await s.page("/timesheets/worktype/barcodes.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    expect(new TextDecoder("latin1").decode(pdf)).toContain("/MediaBox [0 0 595.28");
    const text = flattenText(pdfText(pdf));
    expect(text).toContain("Řezání profilů ťňů");
    expect(text).toContain("Příprava dílců");
    expect(text).toContain("Řezárna – štítky");
    expect(text).toContain(`WT${first}`);
    expect(text).toContain(`WT${second}`);
    expect(pdfFontNames(pdf).join(" ")).not.toContain("Helvetica");
  });

  test("one workplace's sheet, and one work type's label (the edit page's print)", async () => {
    const s = await session();
    const a = await createWorkplace("Sklad listů A");
    const b = await createWorkplace("Sklad listů B");
    const inA = await createWorkType("Vychystání zboží", a);
    const inB = await createWorkType("Nakládka vozu", b);
    const ofA = flattenText(pdfText(new Uint8Array(await (await s.page(`/timesheets/worktype/barcodes.pdf?workplaceId=${a}`)).arrayBuffer())));
    expect(ofA).toContain("Vychystání zboží");
    expect(ofA).not.toContain("Nakládka vozu");
    const one = flattenText(pdfText(new Uint8Array(await (await s.page(`/timesheets/worktype/barcodes.pdf?id=${inB}`)).arrayBuffer())));
    expect(one).toContain("Nakládka vozu");
    expect(one).toContain(`WT${inB}`);
    expect(one).not.toContain(`WT${inA} `);
    expect((await s.page("/timesheets/worktype/barcodes.pdf?id=2000000000")).status).toBe(404);
  });
});

describe("pages /timesheets/workplace", () => {
  test("list, new, edit and delete with their toasts", async () => {
    const s = await session();
    const listPage = await s.page("/timesheets/workplace");
    expect(listPage.status).toBe(200);
    expect(await htmlOf(listPage)).toContain('href="/timesheets/workplace/new"');
    const form = await htmlOf(await s.page("/timesheets/workplace/new"));
    expect(form).toContain('name="name"');

    const created = await s.page("/timesheets/workplace/new", { form: { name: "Stránková dílna" } });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe("/timesheets/workplace");
    expect(await afterRedirect(s, created, "/timesheets/workplace?name=Stránková")).toContain("Vytvořeno");
    const id = (await list<Ref>(WORKPLACES, `?name=${encodeURIComponent("Stránková dílna")}`)).data[0]!.id;

    const edit = await htmlOf(await s.page(`/timesheets/workplace/${id}`));
    expect(edit).toContain('value="Stránková dílna"');
    const saved = await s.page(`/timesheets/workplace/${id}`, { form: { name: "Stránková dílna 2" } });
    expect(saved.status).toBe(303);
    expect((await json(await s.api(`${WORKPLACES}/${id}`))).data.name).toBe("Stránková dílna 2");

    const deleted = await s.page(`/timesheets/workplace/${id}/delete`, { method: "POST" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/timesheets/workplace");
    expect((await s.api(`${WORKPLACES}/${id}`)).status).toBe(404);
  });

  test("an empty name answers 422 with FORM_NOT_VALID and the field error", async () => {
    const response = await (await session()).page("/timesheets/workplace/new", { form: { name: "" } });
    await pageShowing(response, 422, "Formulář není vyplněn správně", "Povinné pole", "field-invalid");
  });

  test("deleting a workplace with work types stays on the form with the reason", async () => {
    const s = await session();
    const id = await createWorkplace("Obsazené pracoviště");
    await createWorkType("Obsazená činnost", id);
    const response = await s.page(`/timesheets/workplace/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/timesheets/workplace/${id}`);
    const html = await afterRedirect(s, response, `/timesheets/workplace/${id}`);
    expect(html).toContain("Pracoviště nelze smazat, patří k němu 1 činnost");
  });
});

describe("pages /timesheets/worktype", () => {
  test("the list has an add button, the workplace column and a workplace filter beside it", async () => {
    const s = await session();
    const workplace = await createWorkplace("Seznamová dílna");
    const id = await createWorkType("Seznamová činnost", workplace);
    const html = await htmlOf(await s.page(`/timesheets/worktype?workplaceId=${workplace}`));
    expect(html).toContain('href="/timesheets/worktype/new"');
    expect(html).toContain(`href="/timesheets/worktype/${id}"`);
    expect(html).toContain("Seznamová dílna");
    expect(html).toContain(`href="/timesheets/worktype/barcodes.pdf?workplaceId=${workplace}"`);
    expect(html).toContain('aria-current="true"');
    // The filtered list holds only that workplace's work types.
    const other = await createWorkType("Cizí činnost", await createWorkplace("Cizí dílna"));
    expect(html).not.toContain(`href="/timesheets/worktype/${other}"`);
    const all = await htmlOf(await s.page("/timesheets/worktype"));
    expect(all).toContain('href="/timesheets/worktype/barcodes.pdf"');
  });

  test("new: name and workplace required (422), then created with CREATED", async () => {
    const s = await session();
    const workplace = await createWorkplace("Formulářová dílna");
    const form = await htmlOf(await s.page("/timesheets/worktype/new"));
    expect(form).toContain('name="workplace"');
    expect(form).toContain(`<option value="${workplace}">Formulářová dílna</option>`);
    for (const [posted, field] of [
      [{ name: "", workplace: String(workplace) }, "name"],
      [{ name: "Bez pracoviště", workplace: "" }, "workplace"],
    ] as const) {
      const response = await s.page("/timesheets/worktype/new", { form: posted });
      const html = await pageShowing(response, 422, "Formulář není vyplněn správně");
      expect(html).toMatch(new RegExp(`field-invalid[^>]*>\\s*<label for="field-${field}"`));
    }
    const created = await s.page("/timesheets/worktype/new", { form: { name: "Formulářová činnost", workplace: String(workplace) } });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe("/timesheets/worktype");
    expect((await list<WorkType>(WORKTYPES, `?workplaceId=${workplace}`)).data.map((row) => row.name)).toEqual(["Formulářová činnost"]);
  });

  test("the edit page shows the barcode image, WT<id> under it and a print button", async () => {
    const s = await session();
    const id = await createWorkType("Kódová činnost", await createWorkplace("Kódová dílna"));
    const html = await htmlOf(await s.page(`/timesheets/worktype/${id}`));
    expect(html).toContain(`<img src="/api/timesheets/worktype/barcode?id=${id}"`);
    expect(html).toContain(`<figcaption`);
    expect(html).toContain(`>WT${id}</figcaption>`);
    expect(html).toContain(`href="/timesheets/worktype/barcodes.pdf?id=${id}"`);
    expect(html).toContain("Vytisknout štítek");
    // The new form has no code yet.
    expect(await htmlOf(await s.page("/timesheets/worktype/new"))).not.toContain("/api/timesheets/worktype/barcode");
  });

  test("an edit saves with UPDATED; deleting a used work type keeps it with the reason", async () => {
    const s = await session();
    const workplace = await createWorkplace("Úpravy");
    const id = await createWorkType("Před úpravou", workplace);
    const saved = await s.page(`/timesheets/worktype/${id}`, { form: { name: "Po úpravě", workplace: String(workplace) } });
    expect(saved.status).toBe(303);
    expect((await json(await s.api(`${WORKTYPES}/${id}`))).data.name).toBe("Po úpravě");
    await logOn(id);
    const refused = await s.page(`/timesheets/worktype/${id}/delete`, { method: "POST" });
    expect(refused.headers.get("Location")).toBe(`/timesheets/worktype/${id}`);
    const html = await afterRedirect(s, refused, `/timesheets/worktype/${id}`);
    expect(html).toContain("Činnost nelze smazat, je na ní 1 záznam práce");
  });

  test("English labels and messages", async () => {
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const html = await htmlOf(await english.page("/timesheets/worktype"));
    expect(html).toContain("Work types");
    const response = await english.api(WORKTYPES, { method: "POST", json: { name: "" } });
    expect((await json(response)).fields).toEqual({ name: "Required", workplace: "Required" });
  });
});
