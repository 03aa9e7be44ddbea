/**
 * E-shops (spec 01 §2.11, §5, §7): the generic CRUD API on /api/settings/eshop and the pages
 * under /settings/eshop. Saving an edit returns to the list.
 */
import { describe, expect, test } from "bun:test";
import { json, type Session, useTestApp } from "../helpers/app";
import { cookiePair, createdId, expectFieldErrors, html as htmlOf, type ListBody, okJson } from "./support";

const t = useTestApp();

interface Eshop {
  id: number;
  name: string;
  url: string;
}

const API = "/api/settings/eshop";
let user: Session;
const session = async () => (user ??= await t.current.login());

async function createEshop(body: { name: string; url: string }): Promise<number> {
  return createdId(await (await session()).api(API, { method: "POST", json: body }));
}

async function list(query = ""): Promise<ListBody<Eshop>> {
  return okJson(await (await session()).api(`${API}${query}`));
}

async function expectFail(body: unknown, fields: Record<string, string>, method = "POST", path = API, s?: Session) {
  const before = (await list()).meta.total;
  const answer = await expectFieldErrors(await (s ?? (await session())).api(path, { method, json: body }), fields, s ? "en" : "cs");
  expect((await list()).meta.total).toBe(before);
  return answer;
}

describe("API /api/settings/eshop", () => {
  test("create answers 201 with the new id; get answers the entity", async () => {
    const id = await createEshop({ name: "Ploty Praha", url: "https://ploty-praha.cz" });
    const response = await (await session()).api(`${API}/${id}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: "success", data: { id, name: "Ploty Praha", url: "https://ploty-praha.cz" } });
  });

  test("names and urls are trimmed", async () => {
    const id = await createEshop({ name: "  Branky Brno  ", url: " http://branky-brno.cz/shop?x=1 " });
    const eshop = (await json(await (await session()).api(`${API}/${id}`))).data as Eshop;
    expect(eshop).toEqual({ id, name: "Branky Brno", url: "http://branky-brno.cz/shop?x=1" });
  });

  test("update answers the entity", async () => {
    const id = await createEshop({ name: "Staré jméno", url: "https://stare.cz" });
    const response = await (await session()).api(`${API}/${id}`, { method: "PUT", json: { name: "Nové jméno", url: "https://nove.cz" } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: "success", data: { id, name: "Nové jméno", url: "https://nove.cz" } });
    expect((await json(await (await session()).api(`${API}/${id}`))).data.name).toBe("Nové jméno");
  });

  test("an update may keep its own name", async () => {
    const id = await createEshop({ name: "Vlastní jméno", url: "https://vlastni.cz" });
    const response = await (await session()).api(`${API}/${id}`, { method: "PUT", json: { name: "vlastní JMÉNO", url: "https://vlastni2.cz" } });
    expect(response.status).toBe(200);
  });

  test("delete, then get answers 404 NOT_FOUND", async () => {
    const id = await createEshop({ name: "Na smazání", url: "https://smazat.cz" });
    const response = await (await session()).api(`${API}/${id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect((await json(response)).status).toBe("success");
    const gone = await (await session()).api(`${API}/${id}`);
    expect(gone.status).toBe(404);
    expect(await json(gone)).toEqual({ status: "error", code: "NOT_FOUND" });
  });

  describe("validation answers 422 fail and saves nothing", () => {
    test("name missing", () => expectFail({ url: "https://a.cz" }, { name: "Povinné pole" }));
    test("name blank", () => expectFail({ name: "   ", url: "https://a.cz" }, { name: "Povinné pole" }));
    test("url missing", () => expectFail({ name: "Bez adresy" }, { url: "Povinné pole" }));
    test("both missing", async () => {
      const answer = await expectFail({}, { name: "Povinné pole", url: "Povinné pole" });
      expect(answer.data).toEqual(["Pole „name“: Povinné pole", "Pole „url“: Povinné pole"]);
    });
    test("url ftp://x", () => expectFail({ name: "FTP", url: "ftp://x" }, { url: "Zadejte platnou adresu začínající http:// nebo https://" }));
    test("url not a url", () => expectFail({ name: "Nic", url: "not a url" }, { url: "Zadejte platnou adresu začínající http:// nebo https://" }));
    test("url javascript:", () => expectFail({ name: "JS", url: "javascript:alert(1)" }, { url: "Zadejte platnou adresu začínající http:// nebo https://" }));
    test("url without a host", () => expectFail({ name: "Host", url: "https://" }, { url: "Zadejte platnou adresu začínající http:// nebo https://" }));
    test("name not a string", () => expectFail({ name: 42, url: "https://a.cz" }, { name: "Neplatná hodnota" }));
    test("name too long", () => expectFail({ name: "x".repeat(201), url: "https://a.cz" }, { name: "Nejvýše 200 znaků" }));
    test("duplicate name, in any letter case", async () => {
      await createEshop({ name: "Jediný obchod", url: "https://jediny.cz" });
      await expectFail({ name: "Jediný obchod", url: "https://jiny.cz" }, { name: "Tato hodnota už existuje" });
      await expectFail({ name: "JEDINÝ OBCHOD", url: "https://jiny.cz" }, { name: "Tato hodnota už existuje" });
    });
    test("duplicate name on update", async () => {
      await createEshop({ name: "První", url: "https://prvni.cz" });
      const id = await createEshop({ name: "Druhý", url: "https://druhy.cz" });
      await expectFail({ name: "První", url: "https://druhy.cz" }, { name: "Tato hodnota už existuje" }, "PUT", `${API}/${id}`);
      expect((await json(await (await session()).api(`${API}/${id}`))).data.name).toBe("Druhý");
    });
    test("English messages for an English user", async () => {
      const english = await t.current.login();
      expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
      const answer = await expectFail({ name: "", url: "ftp://x" }, { name: "Required", url: "Enter a valid address starting with http:// or https://" }, "POST", API, english);
      expect(answer.data).toEqual(["Field “name”: Required", "Field “url”: Enter a valid address starting with http:// or https://"]);
    });
  });

  describe("list", () => {
    test("meta paging, text filter, number filter and sorting", async () => {
      const ids: number[] = [];
      for (const [name, url] of [
        ["Alfa ohradník", "https://alfa.cz"],
        ["Beta brána", "https://beta.cz"],
        ["Gama branka", "https://gama.sk"],
        ["Delta ohradník", "https://delta.cz"],
      ] as const) {
        ids.push(await createEshop({ name, url }));
      }
      const all = await list("?size=500");
      const total = all.meta.total;
      expect(total).toBeGreaterThanOrEqual(4);

      const paged = await list("?size=2&page=2");
      expect(paged.meta).toMatchObject({ page: 2, size: 2, total, pages: Math.ceil(total / 2) });
      expect(paged.data).toHaveLength(2);

      // Text filters are case-insensitive substring matches.
      const plots = await list(`?name=${encodeURIComponent("OHRADNÍK")}`);
      expect(plots.data.map((eshop) => eshop.name).sort()).toEqual(["Alfa ohradník", "Delta ohradník"]);
      expect(plots.meta.total).toBe(2);
      // …and ignore diacritics: typed without them, or with capitals, the names still match.
      expect((await list("?name=ohradnik")).data.map((eshop) => eshop.name).sort()).toEqual(["Alfa ohradník", "Delta ohradník"]);
      expect((await list(`?name=${encodeURIComponent("BRÁNA")}`)).data.map((eshop) => eshop.name)).toEqual(["Beta brána"]);
      const slovak = await list("?url=.sk");
      expect(slovak.data.map((eshop) => eshop.name)).toEqual(["Gama branka"]);
      // % and _ are literal characters, not wildcards.
      expect((await list("?name=%25")).meta.total).toBe(0);
      expect((await list("?name=_")).meta.total).toBe(0);

      const byId = await list(`?id=${ids[1]}`);
      expect(byId.data).toEqual([{ id: ids[1]!, name: "Beta brána", url: "https://beta.cz" }]);

      const asc = await list("?sort=name,asc&size=500");
      const names = asc.data.map((eshop) => eshop.name);
      expect(asc.meta.sort).toBe("name,asc");
      const desc = await list("?sort=name,desc&size=500");
      expect(desc.data.map((eshop) => eshop.name)).toEqual([...names].reverse());
      // The four above keep their order relative to each other.
      const ours = names.filter((name) => ["Alfa ohradník", "Beta brána", "Delta ohradník", "Gama branka"].includes(name));
      expect(ours).toEqual(["Alfa ohradník", "Beta brána", "Delta ohradník", "Gama branka"]);

      // Names sort the Czech way: "č" after "c", "ch" after "h".
      for (const [i, name] of ["Čtyřka ploty", "Chlumec ploty", "Hora ploty", "Cesta ploty"].entries()) await createEshop({ name, url: `https://razeni-${i}.cz` });
      const czech = (await list("?sort=name,asc&size=500")).data.map((eshop) => eshop.name).filter((name) => name.endsWith(" ploty"));
      expect(czech).toEqual(["Cesta ploty", "Čtyřka ploty", "Hora ploty", "Chlumec ploty"]);
    });
  });
});

describe("pages /settings/eshop", () => {
  test("the list page shows the rows", async () => {
    const id = await createEshop({ name: "Viditelný e-shop", url: "https://viditelny.cz" });
    const response = await (await session()).page("/settings/eshop?size=500");
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).toContain("<html");
    expect(html).toContain('id="list-eshop"');
    expect(html).toContain(`href="/settings/eshop/${id}"`);
    expect(html).toContain("Viditelný e-shop");
    expect(html).toContain('href="https://viditelny.cz"');
    expect(html).toContain('href="/settings/eshop/new"');
  });

  test("an htmx list request answers only the table fragment", async () => {
    await createEshop({ name: "Fragmentový obchod", url: "https://fragment.cz" });
    const response = await (await session()).page("/settings/eshop?name=Fragment", { headers: { "HX-Request": "true", "HX-Target": "list-eshop" } });
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).not.toContain("<html");
    expect(html.startsWith('<div id="list-eshop"')).toBe(true);
    expect(html).toContain("Fragmentový obchod");
    expect(html).toContain("Celkem 1");
  });

  test("the new form creates, redirects to the list and shows CREATED", async () => {
    const s = await session();
    const response = await s.page("/settings/eshop/new", { form: { name: "Nový z formuláře", url: "https://formular.cz" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/settings/eshop");
    const flash = cookiePair(response, "ohrada_flash")!;
    expect(flash).toBeDefined();
    const html = await htmlOf(await s.page("/settings/eshop?name=formul", { headers: { Cookie: flash } }));
    expect(html).toContain("Vytvořeno");
    expect(html).toContain("Nový z formuláře");
  });

  test("invalid posts answer 422 with FORM_NOT_VALID and the field error, and save nothing", async () => {
    const s = await session();
    await createEshop({ name: "Obsazené jméno", url: "https://obsazene.cz" });
    const before = (await list()).meta.total;
    for (const [form, message] of [
      [{ name: "", url: "https://a.cz" }, "Povinné pole"],
      [{ name: "Bez url", url: "" }, "Povinné pole"],
      [{ name: "FTP", url: "ftp://x" }, "Zadejte platnou adresu začínající http:// nebo https://"],
      [{ name: "Obsazené jméno", url: "https://jine.cz" }, "Tato hodnota už existuje"],
    ] as const) {
      const response = await s.page("/settings/eshop/new", { form });
      expect(response.status).toBe(422);
      const html = await htmlOf(response);
      expect(html).toContain("Formulář není vyplněn správně");
      expect(html).toContain(message);
      expect(html).toContain("field-invalid");
      if (form.name) expect(html).toContain(`value="${form.name}"`);
    }
    expect((await list()).meta.total).toBe(before);
  });

  test("an edit saves with UPDATED and returns to the list", async () => {
    const s = await session();
    const id = await createEshop({ name: "K úpravě", url: "https://upravit.cz" });
    const edit = await htmlOf(await s.page(`/settings/eshop/${id}`));
    expect(edit).toContain('value="K úpravě"');
    expect(edit).toContain(`action="/settings/eshop/${id}/delete"`);
    const response = await s.page(`/settings/eshop/${id}`, { form: { name: "Upraveno", url: "https://upraveno.cz" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/settings/eshop");
    const flash = cookiePair(response, "ohrada_flash")!;
    const html = await htmlOf(await s.page("/settings/eshop?size=500", { headers: { Cookie: flash } }));
    expect(html).toContain("Uloženo");
    expect(html).toContain("Upraveno");
    expect((await json(await s.api(`${API}/${id}`))).data).toEqual({ id, name: "Upraveno", url: "https://upraveno.cz" });
  });

  test("an invalid edit answers 422 and changes nothing", async () => {
    const s = await session();
    const id = await createEshop({ name: "Neměnit", url: "https://nemenit.cz" });
    const response = await s.page(`/settings/eshop/${id}`, { form: { name: "Neměnit", url: "not a url" } });
    expect(response.status).toBe(422);
    expect(await htmlOf(response)).toContain("Formulář není vyplněn správně");
    expect((await json(await s.api(`${API}/${id}`))).data.url).toBe("https://nemenit.cz");
  });

  test("delete redirects to the list with DELETED", async () => {
    const s = await session();
    const id = await createEshop({ name: "Smazat stránkou", url: "https://smazat-strankou.cz" });
    const response = await s.page(`/settings/eshop/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/settings/eshop");
    const flash = cookiePair(response, "ohrada_flash")!;
    const html = await htmlOf(await s.page("/settings/eshop?size=500", { headers: { Cookie: flash } }));
    expect(html).toContain("Smazáno");
    expect(html).not.toContain("Smazat stránkou");
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });

  test("deleting a record that is already gone shows the not-found page", async () => {
    const s = await session();
    const id = await createEshop({ name: "Dvakrát smazat", url: "https://dvakrat.cz" });
    await s.api(`${API}/${id}`, { method: "DELETE" });
    const response = await s.page(`/settings/eshop/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(404);
    expect(await htmlOf(response)).toContain("Stránka nenalezena");
  });

  test("text is escaped on the page", async () => {
    const s = await session();
    await createEshop({ name: "<script>alert(1)</script>", url: "https://xss.cz" });
    const html = await htmlOf(await s.page("/settings/eshop?name=script"));
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
