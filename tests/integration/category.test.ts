/**
 * Categories (docs/domain.md#categories): `GET /api/category/allWithChildren`, the
 * generic CRUD on /api/category, the cycle and delete rules, the tree page and the form under
 * /products/category. Ids come from the answers; sequences may skip.
 */
import { describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { categories, categoryParameterCategories, categoryParameters } from "@db/schema";
import { json, useTestApp } from "../helpers/app";
import { createCategoryTree, createProduct } from "../helpers/factories/catalogue";
import { afterRedirect, cookiePair, entityApi, expectFieldErrors, html as htmlOf, type ListBody, pageShowing } from "./support";

const t = useTestApp();

interface Category {
  id: number;
  name: string;
  parent: { id: number; name: string } | null;
}
interface Node extends Category {
  children: Node[];
}

const categoriesApi = entityApi<Category>(t, "/api/category");
const { session, get, put, remove } = categoriesApi;
const createCategory = categoriesApi.create;
const total = async () => (await categoriesApi.list("?size=9999")).meta.total;

const OWN_ANCESTOR = "Kategorie nemůže být svým vlastním předkem";

/** A → B → C built through the API: Ploty › Poplastované › Zelené, with unique names per call. */
let chainCounter = 0;
async function chain() {
  const n = ++chainCounter;
  const a = await createCategory({ name: `Ploty ${n}`, parent: null });
  const b = await createCategory({ name: `Poplastované ${n}`, parent: { id: a } });
  const c = await createCategory({ name: `Zelené ${n}`, parent: b });
  return { a, b, c, n };
}

async function tree(): Promise<Node[]> {
  const response = await (await session()).api("/api/category/allWithChildren");
  expect(response.status).toBe(200);
  const body = await json(response);
  expect(body.status).toBe("success");
  return body.data;
}

function findNode(nodes: Node[], id: number): Node | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = findNode(node.children, id);
    if (below) return below;
  }
  return undefined;
}

/** A category parameter attached to categories, inserted raw: this file tests categories, not parameters. */
async function attachParameter(name: string, categoryIds: number[]) {
  const db = t.current.ctx.db;
  const [row] = await db.insert(categoryParameters).values({ name }).returning({ id: categoryParameters.id });
  await db.insert(categoryParameterCategories).values(categoryIds.map((categoryId) => ({ parameterId: row!.id, categoryId })));
}

const expectFieldFail = (response: Response, field: string, message: string) => expectFieldErrors(response, { [field]: message });

describe("API /api/category", () => {
  test("the parent is accepted as {id}, an id, a numeric string or null (docs/architecture.md#references)", async () => {
    const root = await createCategory({ name: "Branky" });
    for (const parent of [{ id: root }, root, String(root)]) {
      const id = await createCategory({ name: "Podbranka", parent });
      expect((await get(id)).parent).toEqual({ id: root, name: "Branky" });
    }
    for (const parent of [null, "", undefined]) {
      const orphan = await createCategory({ name: "Bez rodiče", parent });
      expect((await get(orphan)).parent).toBeNull();
    }
  });

  test("the name is trimmed", async () => {
    const id = await createCategory({ name: "  Příslušenství  " });
    expect((await get(id)).name).toBe("Příslušenství");
  });

  describe("validation answers 422 fail and saves nothing", () => {
    for (const [label, body] of [
      ["name empty", { name: "" }],
      ["name blank", { name: "   " }],
      ["name null", { name: null }],
    ] as const) {
      test(label, async () => {
        const before = await total();
        await expectFieldFail(await (await session()).api("/api/category", { method: "POST", json: body }), "name", "Povinné pole");
        expect(await total()).toBe(before);
      });
    }

    test("a name over 200 characters", async () => {
      await expectFieldFail(await (await session()).api("/api/category", { method: "POST", json: { name: "x".repeat(201) } }), "name", "Nejvýše 200 znaků");
    });

    test("a parent that does not exist", async () => {
      const before = await total();
      const response = await (await session()).api("/api/category", { method: "POST", json: { name: "Sirotek", parent: { id: 2_000_000_000 } } });
      await expectFieldFail(response, "parent", "Nadřazená kategorie neexistuje");
      expect(await total()).toBe(before);
    });

    test("a parent that is no id", async () => {
      await expectFieldFail(await (await session()).api("/api/category", { method: "POST", json: { name: "X", parent: 0 } }), "parent", "Neplatná hodnota");
      await expectFieldFail(await (await session()).api("/api/category", { method: "POST", json: { name: "X", parent: { id: -3 } } }), "parent", "Neplatná hodnota");
    });
  });

  describe("a category can never become its own ancestor", () => {
    test("A → B → C: A under C is refused on the parent field, nothing changes", async () => {
      const { a, b, c, n } = await chain();
      await expectFieldFail(await put(a, { name: `Ploty ${n}`, parent: { id: c } }), "parent", OWN_ANCESTOR);
      expect(await get(a)).toEqual({ id: a, name: `Ploty ${n}`, parent: null });
      expect((await get(c)).parent?.id).toBe(b);
    });

    test("A under its child B is refused too", async () => {
      const { a, b, n } = await chain();
      await expectFieldFail(await put(a, { name: `Ploty ${n}`, parent: b }), "parent", OWN_ANCESTOR);
    });

    test("a category under itself is refused", async () => {
      const { a, b, n } = await chain();
      await expectFieldFail(await put(a, { name: `Ploty ${n}`, parent: { id: a } }), "parent", OWN_ANCESTOR);
      await expectFieldFail(await put(b, { name: `Poplastované ${n}`, parent: b }), "parent", OWN_ANCESTOR);
      expect((await get(b)).parent?.id).toBe(a);
    });

    test("the refusal comes before other changes: the name stays as it was", async () => {
      const { a, c, n } = await chain();
      expect((await put(a, { name: "Přejmenováno", parent: c })).status).toBe(422);
      expect((await get(a)).name).toBe(`Ploty ${n}`);
    });

    test("moves that keep the tree a tree are fine: C to the root, then A under C", async () => {
      const { a, b, c, n } = await chain();
      const moved = await put(c, { name: `Zelené ${n}`, parent: null });
      expect(moved.status).toBe(200);
      expect((await json(moved)).data).toEqual({ id: c, name: `Zelené ${n}`, parent: null });
      const under = await put(a, { name: `Ploty ${n}`, parent: { id: c } });
      expect(under.status).toBe(200);
      expect((await json(under)).data).toEqual({ id: a, name: `Ploty ${n}`, parent: { id: c, name: `Zelené ${n}` } });
      // Now B (below A, below C) cannot take C's place above… C cannot go under B.
      await expectFieldFail(await put(c, { name: `Zelené ${n}`, parent: b }), "parent", OWN_ANCESTOR);
    });

    test("two moves at once that would close a loop: exactly one wins", async () => {
      const s = await session();
      const x = await createCategory({ name: "Souběh X" });
      const y = await createCategory({ name: "Souběh Y" });
      const [first, second] = await Promise.all([
        s.api(`/api/category/${x}`, { method: "PUT", json: { name: "Souběh X", parent: y } }),
        s.api(`/api/category/${y}`, { method: "PUT", json: { name: "Souběh Y", parent: x } }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 422]);
      const parents = [(await get(x)).parent?.id ?? null, (await get(y)).parent?.id ?? null];
      expect(parents.filter((parent) => parent !== null)).toHaveLength(1);
    });

    test("the message is English for an English user", async () => {
      const english = await t.current.login();
      await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
      const { a, c } = await chain();
      const response = await english.api(`/api/category/${a}`, { method: "PUT", json: { name: "A", parent: c } });
      expect(response.status).toBe(422);
      expect((await json(response)).fields).toEqual({ parent: "A category cannot be its own ancestor" });
    });
  });

  describe("delete", () => {
    test("a category with sub-categories is refused with a readable message; nothing is removed", async () => {
      const { a, b, c } = await chain();
      const before = await total();
      const response = await remove(a);
      expect(response.status).toBe(422);
      const answer = await json(response);
      expect(answer.status).toBe("fail");
      expect(answer.data).toEqual(["Kategorie má podkategorie (1), nejdříve je přesuňte nebo smažte"]);
      expect(await total()).toBe(before);
      for (const id of [a, b, c]) expect((await (await session()).api(`/api/category/${id}`)).status).toBe(200);
    });

    test("a category with products is refused, naming the products", async () => {
      const { c } = await chain();
      await createProduct(t.current.ctx.db, { name: "Pletivo zelené 150 cm", categoryIds: [c] });
      await createProduct(t.current.ctx.db, { name: "Pletivo zelené 180 cm", categoryIds: [c] });
      const response = await remove(c);
      expect(response.status).toBe(422);
      expect((await json(response)).data).toEqual(["Kategorie obsahuje produkty (2), nejdříve je přeřaďte do jiné kategorie"]);
      expect((await get(c)).id).toBe(c);
    });

    test("a category with category parameters attached is refused", async () => {
      const { c } = await chain();
      await attachParameter("Výška", [c]);
      const response = await remove(c);
      expect(response.status).toBe(422);
      expect((await json(response)).data).toEqual(["Kategorie má přiřazené parametry (1), nejdříve je od ní odeberte"]);
      expect((await get(c)).id).toBe(c);
    });

    test("every reason is listed at once", async () => {
      const { b, c } = await chain();
      await createProduct(t.current.ctx.db, { categoryIds: [b] });
      await attachParameter("Barva", [b, c]);
      const answer = await json(await remove(b));
      expect(answer.data).toEqual([
        "Kategorie má podkategorie (1), nejdříve je přesuňte nebo smažte",
        "Kategorie obsahuje produkty (1), nejdříve je přeřaďte do jiné kategorie",
        "Kategorie má přiřazené parametry (1), nejdříve je od ní odeberte",
      ]);
    });
  });

  describe("allWithChildren", () => {
    test("a three-level tree comes nested, each node with its parent reference and children", async () => {
      const ids = await createCategoryTree(t.current.ctx.db, [
        {
          name: "Strom ploty",
          children: [
            { name: "Strom poplastované", children: [{ name: "Strom zelené" }, { name: "Strom antracit" }] },
            { name: "Strom betonové" },
          ],
        },
      ]);
      const root = findNode(await tree(), ids["Strom ploty"]!);
      const ref = (name: string) => ({ id: ids[name]!, name });
      expect(root).toEqual({
        ...ref("Strom ploty"),
        parent: null,
        children: [
          { ...ref("Strom betonové"), parent: ref("Strom ploty"), children: [] },
          {
            ...ref("Strom poplastované"),
            parent: ref("Strom ploty"),
            children: [
              { ...ref("Strom antracit"), parent: ref("Strom poplastované"), children: [] },
              { ...ref("Strom zelené"), parent: ref("Strom poplastované"), children: [] },
            ],
          },
        ],
      });
    });

    test("only roots are at the top, and every category appears exactly once", async () => {
      await chain();
      const nodes = await tree();
      expect(nodes.every((node) => node.parent === null)).toBe(true);
      const seen: number[] = [];
      const walk = (list: Node[]) => list.forEach((node) => (seen.push(node.id), walk(node.children)));
      walk(nodes);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(await total());
    });

    test("siblings sort by sort order, then by name the Czech way (ch after h, č after c)", async () => {
      const ids = await createCategoryTree(t.current.ctx.db, [
        { name: "Řazení", children: [{ name: "Chata" }, { name: "Hrad" }, { name: "Čep" }, { name: "Cihla" }, { name: "Žebřík" }, { name: "Zámek" }] },
      ]);
      const names = () => tree().then((nodes) => findNode(nodes, ids["Řazení"]!)!.children.map((node) => node.name));
      expect(await names()).toEqual(["Cihla", "Čep", "Hrad", "Chata", "Zámek", "Žebřík"]);
      await t.current.ctx.db.update(categories).set({ sortOrder: -1 }).where(eq(categories.id, ids["Žebřík"]!));
      expect(await names()).toEqual(["Žebřík", "Cihla", "Čep", "Hrad", "Chata", "Zámek"]);
    });
  });

  describe("tree (what the list filter fetches)", () => {
    test("the bare tree answers {id, name, children}, and an unchanged tree answers 304 to its ETag", async () => {
      const ids = await createCategoryTree(t.current.ctx.db, [{ name: "Holý strom", children: [{ name: "Holá větev" }] }]);
      const first = await (await session()).api("/api/category/tree");
      expect(first.status).toBe(200);
      expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
      const tag = first.headers.get("ETag");
      expect(tag).toBeTruthy();
      const nodes = (await json(first)).data as Node[];
      expect(findNode(nodes, ids["Holý strom"]!)).toEqual({
        id: ids["Holý strom"]!,
        name: "Holý strom",
        children: [{ id: ids["Holá větev"]!, name: "Holá větev", children: [] }],
      } as unknown as Node);

      const again = await (await session()).api("/api/category/tree", { headers: { "If-None-Match": tag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");

      // A renamed category changes the tree, so the old tag no longer matches.
      expect((await put(ids["Holá větev"]!, { name: "Přejmenovaná větev", parent: { id: ids["Holý strom"]! } })).status).toBe(200);
      const changed = await (await session()).api("/api/category/tree", { headers: { "If-None-Match": tag! } });
      expect(changed.status).toBe(200);
      expect(findNode((await json(changed)).data, ids["Holý strom"]!)!.children[0]!.name).toBe("Přejmenovaná větev");
    });
  });

  describe("list", () => {
    test("size=9999 is honoured for category lists (docs/domain.md#categories); the name filter narrows", async () => {
      const { a, b, n } = await chain();
      const all = (await json(await (await session()).api("/api/category?size=9999"))) as ListBody<Category>;
      expect(all.meta.size).toBe(9999);
      expect(all.meta.pages).toBe(1);
      expect(all.data).toHaveLength(all.meta.total);
      const filtered = (await json(await (await session()).api(`/api/category?name=${encodeURIComponent(`poplastované ${n}`)}`))) as ListBody<Category>;
      expect(filtered.data).toEqual([{ id: b, name: `Poplastované ${n}`, parent: { id: a, name: `Ploty ${n}` } }]);
    });

    test("the parent filter lists the children of one category", async () => {
      const { a, b } = await chain();
      const body = (await json(await (await session()).api(`/api/category?parent=${a}`))) as ListBody<Category>;
      expect(body.data.map((category) => category.id)).toEqual([b]);
    });
  });
});

describe("pages /products/category", () => {
  test("the tree page shows every category fully expanded, with tooltips, edit and add-child buttons", async () => {
    const { a, b, c, n } = await chain();
    for (const path of ["/products/category", "/products/category/"]) {
      const response = await (await session()).page(path);
      const html = await pageShowing(response, 200, 'href="/products/category/new"');
      for (const [id, name] of [
        [a, `Ploty ${n}`],
        [b, `Poplastované ${n}`],
        [c, `Zelené ${n}`],
      ] as const) {
        expect(html).toContain(`title="Id ${id}">${name}</span>`);
        expect(html).toContain(`href="/products/category/${id}"`);
        expect(html).toContain(`href="/products/category/new?parentCategoryId=${id}"`);
      }
      // Nested: C's item sits inside B's list, inside A's.
      const start = html.indexOf(`data-category-id="${a}"`);
      const inB = html.indexOf(`data-category-id="${b}"`);
      const inC = html.indexOf(`data-category-id="${c}"`);
      expect(start).toBeGreaterThan(-1);
      expect(inB).toBeGreaterThan(start);
      expect(inC).toBeGreaterThan(inB);
      const slice = html.slice(start, inC);
      expect(slice.split("<ul>").length - 1).toBe(2);
      // A page without islands ships no React.
      expect(html).not.toContain("data-island=");
    }
  });

  test("a tree over EXPANDED_NODES sends the levels that fit; a collapsed node's children come from /children when opened", async () => {
    // One root with 20 children of 20 children each: 421 nodes, so the third level stays behind.
    const db = t.current.ctx.db;
    const [root] = await db.insert(categories).values({ name: "Velký strom" }).returning({ id: categories.id });
    const mids = await db
      .insert(categories)
      .values(Array.from({ length: 20 }, (_, i) => ({ name: `Střed ${i}`, parentId: root!.id })))
      .returning({ id: categories.id });
    const leaves = await db
      .insert(categories)
      .values(mids.flatMap((mid, i) => Array.from({ length: 20 }, (_, j) => ({ name: `List ${i}-${j}`, parentId: mid.id }))))
      .returning({ id: categories.id });
    const mid = mids[3]!.id;
    try {
      const html = await pageShowing(await (await session()).page("/products/category"), 200, `data-category-id="${root!.id}"`);
      // The root is open with its 20 children; each child is closed and names where its children come from.
      expect(html).toContain(`<li data-category-id="${root!.id}"><details open><summary class="category-node">`);
      expect(html).toContain(`<li data-category-id="${mid}"><details hx-get="/products/category/${mid}/children" hx-trigger="toggle once"`);
      for (const leaf of leaves) expect(html).not.toContain(`data-category-id="${leaf.id}"`);

      // Opening it: its 20 leaves, each with its tooltip and both links, as list items.
      const fragment = await pageShowing(await (await session()).page(`/products/category/${mid}/children`), 200, "<li ");
      const below = leaves.slice(60, 80);
      expect(fragment.match(/<li /g)?.length).toBe(20);
      for (const [j, leaf] of below.entries()) {
        expect(fragment).toContain(`<li data-category-id="${leaf.id}"><span class="category-node"><span class="category-name" title="Id ${leaf.id}">List 3-${j}</span>`);
        expect(fragment).toContain(`href="/products/category/${leaf.id}"`);
        expect(fragment).toContain(`href="/products/category/new?parentCategoryId=${leaf.id}"`);
      }
      expect(fragment).not.toContain("<html");
      // A leaf has no children to open; an id that is no category is a 404.
      expect((await (await session()).page(`/products/category/${below[0]!.id}/children`)).status).toBe(200);
      expect((await (await session()).page(`/products/category/999999999/children`)).status).toBe(404);
    } finally {
      // The tests after this one share the database and expect their small trees fully expanded.
      for (const level of [leaves, mids, [root!]]) await db.delete(categories).where(inArray(categories.id, level.map((row) => row.id)));
    }
  });

  test("names are escaped on the tree page", async () => {
    const id = await createCategory({ name: `Ploty <b>"A&B"</b>` });
    const html = await (await (await session()).page("/products/category")).text();
    expect(html).toContain(`title="Id ${id}">Ploty &lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;</span>`);
    expect(html).not.toContain("<b>");
  });

  test("add-child preselects the parent from parentCategoryId", async () => {
    const { b, n } = await chain();
    const response = await (await session()).page(`/products/category/new?parentCategoryId=${b}`);
    const html = await pageShowing(response, 200, 'action="/products/category/new"');
    expect(html).toMatch(new RegExp(`<option value="${b}" selected="">Ploty ${n} › Poplastované ${n}</option>`));
    expect(html).toContain('<option value="">--</option>');
    // Without the query nothing is preselected.
    const plain = await htmlOf(await (await session()).page("/products/category/new"));
    expect(plain).not.toMatch(/<option value="\d+" selected="">/);
    expect(plain).not.toContain('name="id"');
  });

  test("the edit form offers every category as its path except the category itself and its subtree", async () => {
    const { a, b, c, n } = await chain();
    const other = await chain();
    const html = await htmlOf(await (await session()).page(`/products/category/${b}`));
    expect(html).toMatch(new RegExp(`<input[^>]*value="${b}"[^>]*disabled=""|<input[^>]*disabled=""[^>]*value="${b}"`));
    expect(html).toContain(`value="Poplastované ${n}"`);
    expect(html).toMatch(new RegExp(`<option value="${a}" selected="">Ploty ${n}</option>`));
    expect(html).not.toContain(`<option value="${b}"`);
    expect(html).not.toContain(`<option value="${c}"`);
    expect(html).toContain(`<option value="${other.c}">Ploty ${other.n} › Poplastované ${other.n} › Zelené ${other.n}</option>`);
    expect(html).toContain(`action="/products/category/${b}/delete"`);
    expect(html).toContain("data-confirm=");
  });

  test("create posts, redirects to the list with CREATED", async () => {
    const s = await session();
    const { b } = await chain();
    const response = await s.page("/products/category/new", { form: { name: "Nová podkategorie", parent: String(b) } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products/category");
    const html = await afterRedirect(s, response, "/products/category");
    expect(html).toContain("Vytvořeno");
    expect(html).toContain(">Nová podkategorie</span>");
    const [row] = await t.current.ctx.db.select().from(categories).where(eq(categories.name, "Nová podkategorie"));
    expect(row!.parentId).toBe(b);
    expect(row!.createdBy).toBe(s.user.id);
  });

  test("an empty parent saves a root category", async () => {
    const s = await session();
    const response = await s.page("/products/category/new", { form: { name: "Kořenová z formuláře", parent: "" } });
    expect(response.status).toBe(303);
    const [row] = await t.current.ctx.db.select().from(categories).where(eq(categories.name, "Kořenová z formuláře"));
    expect(row!.parentId).toBeNull();
  });

  test("a missing name answers 422 with FORM_NOT_VALID and saves nothing", async () => {
    const s = await session();
    const { b } = await chain();
    const before = await total();
    const response = await s.page("/products/category/new", { form: { name: "  ", parent: String(b) } });
    expect(response.status).toBe(422);
    expect(cookiePair(response, "ohrada_flash")).toBeUndefined();
    const html = await htmlOf(response);
    expect(html).toContain("Formulář není vyplněn správně");
    expect(html).toContain("Povinné pole");
    expect(html).toContain("field-invalid");
    // The chosen parent stays chosen.
    expect(html).toMatch(new RegExp(`<option value="${b}" selected="">`));
    expect(await total()).toBe(before);
  });

  test("edit saves with UPDATED and stays on the form", async () => {
    const s = await session();
    const { a, c } = await chain();
    const response = await s.page(`/products/category/${c}`, { form: { name: "Zelené přesunuté", parent: String(a) } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/products/category/${c}`);
    const html = await afterRedirect(s, response, `/products/category/${c}`);
    expect(html).toContain("Uloženo");
    expect(html).toContain('value="Zelené přesunuté"');
    expect(await get(c)).toMatchObject({ name: "Zelené přesunuté", parent: { id: a } });
  });

  test("a crafted post that puts a category under its own descendant answers 422 on the parent field", async () => {
    const s = await session();
    const { a, c, n } = await chain();
    const response = await s.page(`/products/category/${a}`, { form: { name: `Ploty ${n}`, parent: String(c) } });
    await pageShowing(response, 422, "Formulář není vyplněn správně", OWN_ANCESTOR);
    expect((await get(a)).parent).toBeNull();
  });

  test("delete goes back to /products/category/ with DELETED", async () => {
    const s = await session();
    const { c } = await chain();
    const response = await s.page(`/products/category/${c}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products/category/");
    const html = await afterRedirect(s, response, "/products/category/");
    expect(html).toContain("Smazáno");
    expect((await s.page(`/products/category/${c}`)).status).toBe(404);
  });

  test("a refused delete returns to the edit page and shows the reason as a toast", async () => {
    const s = await session();
    const { a } = await chain();
    const response = await s.page(`/products/category/${a}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/products/category/${a}`);
    const html = await afterRedirect(s, response, `/products/category/${a}`);
    expect(html).toContain("Kategorie má podkategorie (1), nejdříve je přesuňte nebo smažte");
    expect(html).not.toContain("Smazáno");
    expect((await get(a)).id).toBe(a);
  });

  test("an unknown category answers the not-found page", async () => {
    const s = await session();
    expect((await s.page("/products/category/2147483647")).status).toBe(404);
    expect((await s.page("/products/category/99999999999")).status).toBe(404);
  });

  test("the pages are English for an English user", async () => {
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const { a } = await chain();
    const page = await htmlOf(await english.page("/products/category"));
    expect(page).toContain("Categories");
    expect(page).toContain("Add a sub-category");
    const form = await htmlOf(await english.page(`/products/category/${a}`));
    expect(form).toContain("Parent category");
  });
});
