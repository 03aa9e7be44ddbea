/**
 * Translation groups (spec 02 §2, §3, §5, §7): CRUD /api/settings/translationGroup and the pages
 * under /settings/translationGroup (Id read-only, Name required).
 */
import { describe, expect, test } from "bun:test";
import { json, type Session, useTestApp } from "../helpers/app";
import { cookiePair, createdId, html as htmlOf, type ListBody } from "./support";

const t = useTestApp();
const PATH = "/settings/translationGroup";
const API = "/api/settings/translationGroup";

let shared: Session;
const session = async () => (shared ??= await t.current.login());

async function createGroup(name: string): Promise<number> {
  return createdId(await (await session()).api(API, { method: "POST", json: { name } }));
}

const list = async (query = ""): Promise<ListBody<{ id: number; name: string }>> => json(await (await session()).api(`${API}${query}`));

describe("API /api/settings/translationGroup", () => {
  test("create, get, update, list and delete", async () => {
    const id = await createGroup("  Ploty a brány  ");
    expect((await json(await (await session()).api(`${API}/${id}`))).data).toEqual({ id, name: "Ploty a brány" });
    const updated = await (await session()).api(`${API}/${id}`, { method: "PUT", json: { name: "Ploty, brány a branky", id: 12345 } });
    expect(updated.status).toBe(200);
    expect((await json(updated)).data).toEqual({ id, name: "Ploty, brány a branky" });
    const found = await list("?name=brány a branky");
    expect(found.data).toEqual([{ id, name: "Ploty, brány a branky" }]);
    expect((await (await session()).api(`${API}/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await (await session()).api(`${API}/${id}`)).status).toBe(404);
  });

  test.each([
    [{}, "Povinné pole"],
    [{ name: "" }, "Povinné pole"],
    [{ name: "   " }, "Povinné pole"],
    [{ name: null }, "Povinné pole"],
    [{ name: "x".repeat(201) }, "Nejvýše 200 znaků"],
  ])("name %j is refused with 422 and nothing is saved", async (body, message) => {
    const before = (await list()).meta.total;
    const response = await (await session()).api(API, { method: "POST", json: body });
    expect(response.status).toBe(422);
    const answer = await json(response);
    expect(answer).toMatchObject({ status: "fail", fields: { name: message } });
    expect((await list()).meta.total).toBe(before);
  });

  test("the list is sorted by name and pages with meta", async () => {
    for (const name of ["Žaluzie", "Automatika", "Kování"]) await createGroup(name);
    const body = await list("?size=2");
    expect(body.meta).toMatchObject({ page: 1, size: 2, sort: "name,asc" });
    expect(body.data).toHaveLength(2);
    expect(body.data[0]!.name.localeCompare(body.data[1]!.name, "cs")).toBeLessThanOrEqual(0);
  });
});

describe("pages /settings/translationGroup", () => {
  test("list with an add button; new form; create redirects with CREATED", async () => {
    const s = await session();
    const id = await createGroup("Sloupky");
    const listHtml = await htmlOf(await s.page(PATH));
    expect(listHtml).toContain("Překladové skupiny");
    expect(listHtml).toContain(`href="${PATH}/${id}"`);
    expect(listHtml).toContain(`href="${PATH}/new"`);
    const form = await htmlOf(await s.page(`${PATH}/new`));
    expect(form).toContain('name="name"');
    expect(form).not.toContain('id="field-id"');
    const created = await s.page(`${PATH}/new`, { form: { name: "Výplně" } });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe(PATH);
    expect(await htmlOf(await s.page(PATH, { headers: { Cookie: cookiePair(created, "ohrada_flash")! } }))).toContain("Vytvořeno");
    expect((await list("?name=Výplně")).meta.total).toBe(1);
  });

  test("an empty name answers 422 with FORM_NOT_VALID", async () => {
    const response = await (await session()).page(`${PATH}/new`, { form: { name: "" } });
    expect(response.status).toBe(422);
    const html = await htmlOf(response);
    expect(html).toContain("Formulář není vyplněn správně");
    expect(html).toContain("Povinné pole");
  });

  test("edit shows the id read-only; a posted id is ignored; delete answers DELETED", async () => {
    const s = await session();
    const id = await createGroup("Branky");
    const edit = await htmlOf(await s.page(`${PATH}/${id}`));
    expect(edit).toMatch(new RegExp(`<input[^>]*id="field-id"[^>]*disabled=""[^>]*value="${id}"|<input[^>]*value="${id}"[^>]*disabled=""`));
    const saved = await s.page(`${PATH}/${id}`, { form: { id: String(id + 1000), name: "Branky a dvířka" } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${PATH}/${id}`);
    expect((await json(await s.api(`${API}/${id}`))).data.name).toBe("Branky a dvířka");
    const removed = await s.page(`${PATH}/${id}/delete`, { method: "POST" });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe(PATH);
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });
});
