/**
 * Translation groups (docs/domain.md#translation-groups): CRUD /api/settings/translationGroup and the pages
 * under /settings/translationGroup (Id read-only, Name required).
 */
import { czechSortKey } from "@/lib/czech-order";
import { describe, expect, test } from "bun:test";
import { json, useTestApp } from "../helpers/app";
import { afterRedirect, entityApi, expectReadOnlyId, html as htmlOf, pageShowing } from "./support";

const t = useTestApp();
const PATH = "/settings/translationGroup";
const API = "/api/settings/translationGroup";

const groups = entityApi<{ id: number; name: string }>(t, API);
const { session, list } = groups;
const createGroup = (name: string) => groups.create({ name });

describe("API /api/settings/translationGroup", () => {
  test("the name filter finds a group by a part of its name", async () => {
    const id = await createGroup("Ploty, brány a branky");
    expect((await list("?name=brány a branky")).data).toEqual([{ id, name: "Ploty, brány a branky" }]);
  });

  test.each([
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
    // The app's own Czech key (src/lib/czech-order.ts), not the platform's collation, which may differ from it.
    expect(czechSortKey(body.data[0]!.name) <= czechSortKey(body.data[1]!.name)).toBe(true);
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
    expect(await afterRedirect(s, created, PATH)).toContain("Vytvořeno");
    expect((await list("?name=Výplně")).meta.total).toBe(1);
  });

  test("an empty name answers 422 with FORM_NOT_VALID", async () => {
    const response = await (await session()).page(`${PATH}/new`, { form: { name: "" } });
    await pageShowing(response, 422, "Formulář není vyplněn správně", "Povinné pole");
  });

  test("edit shows the id read-only; a posted id is ignored; delete answers DELETED", async () => {
    const s = await session();
    const id = await createGroup("Branky");
    const edit = await htmlOf(await s.page(`${PATH}/${id}`));
    expectReadOnlyId(edit, id);
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
