/**
 * E-shops (docs/domain.md#eshops): the generic CRUD API on /api/settings/eshop and the pages
 * under /settings/eshop. Saving an edit returns to the list.
 */
import { describe, expect, test } from "bun:test";
import type { Eshop } from "@/modules/settings/eshop/schemas";
import { json, useTestApp } from "../helpers/app";
import { afterRedirect, cookiePair, entityApi, html as htmlOf, pageShowing } from "./support";

const t = useTestApp();

const API = "/api/settings/eshop";
const eshops = entityApi<Eshop>(t, API);
const { session, list, create: createEshop } = eshops;
const expectFail = eshops.refused;

describe("API /api/settings/eshop", () => {
  test("names and urls are trimmed", async () => {
    const id = await createEshop({ name: "  Branky Brno  ", url: " http://branky-brno.cz/shop?x=1 " });
    const eshop = (await json(await (await session()).api(`${API}/${id}`))).data as Eshop;
    expect(eshop).toEqual({ id, name: "Branky Brno", url: "http://branky-brno.cz/shop?x=1" });
  });

  test("an update may keep its own name", async () => {
    const id = await createEshop({ name: "Vlastní jméno", url: "https://vlastni.cz" });
    const response = await (await session()).api(`${API}/${id}`, { method: "PUT", json: { name: "vlastní JMÉNO", url: "https://vlastni2.cz" } });
    expect(response.status).toBe(200);
  });

  describe("validation answers 422 fail and saves nothing", () => {
    test("name blank", () => expectFail({ name: "   ", url: "https://a.cz" }, { name: "Povinné pole" }));
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
      await expectFail({ name: "První", url: "https://druhy.cz" }, { name: "Tato hodnota už existuje" }, { id });
      expect((await json(await (await session()).api(`${API}/${id}`))).data.name).toBe("Druhý");
    });
    test("English messages for an English user", async () => {
      const english = await t.current.login();
      expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
      const answer = await expectFail({ name: "", url: "ftp://x" }, { name: "Required", url: "Enter a valid address starting with http:// or https://" }, { as: english });
      expect(answer.data).toEqual(["Field “name”: Required", "Field “url”: Enter a valid address starting with http:// or https://"]);
    });
  });

  describe("list", () => {
    test("text filter, number filter and sorting", async () => {
      const ids: number[] = [];
      for (const [name, url] of [
        ["Alfa ohradník", "https://alfa.cz"],
        ["Beta brána", "https://beta.cz"],
        ["Gama branka", "https://gama.sk"],
        ["Delta ohradník", "https://delta.cz"],
      ] as const) {
        ids.push(await createEshop({ name, url }));
      }
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
    await pageShowing(response, 200, "<html", 'id="list-eshop"', `href="/settings/eshop/${id}"`, "Viditelný e-shop", 'href="https://viditelny.cz"', 'href="/settings/eshop/new"');
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
      const html = await pageShowing(response, 422, "Formulář není vyplněn správně", message, "field-invalid");
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
    const html = await afterRedirect(s, response, "/settings/eshop?size=500");
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
    const html = await afterRedirect(s, response, "/settings/eshop?size=500");
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
