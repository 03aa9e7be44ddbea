/**
 * The logged-in shell (docs/domain.md#routes, docs/architecture.md#pages, docs/domain.md#barcodes): tiles, menu, user menu, baskets
 * column, islands only where needed, the language switch and the barcode box's API.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "@db/schema";
import { menuLinks } from "@views/layouts/menu";
import { isValidEan13 } from "@/lib/ean13";
import { validFenceOrder } from "../helpers/factories/fence-order";
import { json, useTestApp } from "../helpers/app";
import { html as htmlOf, setCookie } from "./support";

const t = useTestApp();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("/index", () => {
  test("shows the five tiles of docs/domain.md#index-page with their links", async () => {
    const session = await t.current.login();
    const response = await session.page("/index");
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    const tiles = [...html.matchAll(/<a class="tile" href="([^"]+)"/g)].map((match) => match[1]);
    expect(tiles).toEqual(["/orders/fenceOrder/new", "/orders/fenceOrder", "/warehouse/selectWarehouse", "/orders/promises", "/products"]);
    for (const label of ["Nová objednávka plotu", "Otevřené objednávky", "Sklady", "Přísliby", "Produkty"]) expect(html).toContain(label);
  });

  test("every tile leads to a page that answers for a logged-in user", async () => {
    const session = await t.current.login();
    for (const href of ["/orders/fenceOrder/new", "/orders/fenceOrder", "/warehouse/selectWarehouse", "/orders/promises", "/products"]) {
      const response = await session.page(href);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
  });
});

describe("the logged-in layout", () => {
  test("contains every top-menu link, submenus included", async () => {
    const session = await t.current.login();
    const html = await htmlOf(await session.page("/index"));
    const links = menuLinks();
    expect(links.length).toBeGreaterThanOrEqual(25);
    for (const href of links) expect(html).toMatch(new RegExp(`<a href="${escapeRegExp(href)}" role="menuitem"`));
    // Admin-only entries (users, kiosk devices) are not offered to other staff.
    for (const href of menuLinks({ admin: true }).filter((link) => !links.includes(link))) expect(html).not.toContain(`href="${href}"`);
  });

  test("admins also see the admin-only entries", async () => {
    const session = await t.current.login({ admin: true });
    const html = await htmlOf(await session.page("/index"));
    for (const href of ["/settings/users", "/settings/kioskDevices"]) expect(html).toContain(`<a href="${href}" role="menuitem"`);
    for (const label of ["Přehled", "DPH", "Kategorie", "Parametry kategorií", "Plánování", "Stavy", "Výchozí přísliby", "E-shopy", "Doprava", "Vozidla", "Překladové skupiny", "Regálové váhy"]) {
      expect(html).toContain(`>${label}</`);
    }
  });

  test("every top-menu entry opens a page for a logged-in user", async () => {
    const session = await t.current.login();
    for (const href of menuLinks()) {
      const response = await session.page(href);
      expect({ href, status: response.status }).toEqual({ href, status: 200 });
      await response.body?.cancel();
    }
  });

  test("marks the current page in the menu", async () => {
    const session = await t.current.login();
    const html = await htmlOf(await session.page("/settings/shipping"));
    expect(html).toContain('<a href="/settings/shipping" role="menuitem" aria-current="page">');
  });

  test("shows the user's first name, last name, email, and a Logout form", async () => {
    const session = await t.current.login();
    const html = await htmlOf(await session.page("/products/dph"));
    expect(html).toContain("Jana Nováková");
    expect(html).toContain(`<div class="user-menu-email">${session.user.email}</div>`);
    expect(html).toMatch(/<form action="\/logout" method="post">[\s\S]*?Odhlásit[\s\S]*?<\/form>/);
  });

  test("has the baskets column with the empty common basket", async () => {
    const session = await t.current.login();
    const html = await htmlOf(await session.page("/index"));
    expect(html).toMatch(/<aside class="baskets-column" aria-label="Košíky">/);
    expect(html).toContain('<a href="/warehouse/basket/common" class="basket-link" data-common="true"><span>Společný košík</span><span class="basket-count">0</span></a>');
  });

  test("/index ships the islands runtime and the barcode-box island", async () => {
    const session = await t.current.login();
    const html = await htmlOf(await session.page("/index"));
    expect(html).toContain('<script type="module" src="/build/client.js">');
    expect(html).toMatch(/<div data-island="barcode-box"/);
    expect(html.match(/data-island="/g)).toHaveLength(1);
    expect(html).toContain('src="/static/htmx.min.js"');
  });

  test("/products/dph ships htmx but no React: no island, no /build/client.js", async () => {
    const session = await t.current.login();
    const html = await htmlOf(await session.page("/products/dph"));
    expect(html).not.toContain("/build/client.js");
    expect(html).not.toContain("data-island");
    expect(html).toContain('<script src="/static/htmx.min.js"');
    // The barcode box is still in the menu, as a plain form that works without React.
    expect(html).toMatch(/<form[^>]*class="barcode-box"[^>]*>/);
    expect(html).toMatch(/<form[^>]*action="\/barcode"[^>]*>/);
    expect(html).toContain('name="code"');
  });

  test("the other list pages ship no React either", async () => {
    const session = await t.current.login();
    for (const path of ["/settings/eshop", "/settings/shipping", "/settings/eshop/new", "/products/dph/new"]) {
      const html = await htmlOf(await session.page(path));
      expect({ path, react: html.includes("/build/client.js") }).toEqual({ path, react: false });
    }
  });

  test("the login page ships no React", async () => {
    const html = await htmlOf(await t.current.request("/login"));
    expect(html).not.toContain("/build/client.js");
  });
});

describe("language", () => {
  test("POST /language switches to English, remembered on the next request and in the database", async () => {
    const session = await t.current.login();
    const response = await session.page("/language", { form: { lang: "en" }, headers: { Referer: "http://localhost/products/dph?rate=21" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products/dph?rate=21");
    expect(setCookie(response, "ohrada_lang")).toContain("ohrada_lang=en");

    // Without the language cookie: the user's own setting decides.
    const html = await htmlOf(await session.page("/index"));
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("New fence order");
    expect(html).toContain("Logout");
    expect(html).toContain("Common basket");
    expect(html).not.toContain("Nová objednávka plotu");

    const [row] = await t.current.ctx.db.select({ language: users.language }).from(users).where(eq(users.id, session.user.id));
    expect(row!.language).toBe("en");
    expect((await json(await session.api("/api/me"))).data.language).toBe("en");

    // And back to Czech.
    const back = await session.page("/language", { form: { lang: "cs" } });
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe("/index");
    expect(await htmlOf(await session.page("/index"))).toContain("Nová objednávka plotu");
  });

  test("the user's language beats a language cookie from the login page", async () => {
    const session = await t.current.login();
    const html = await htmlOf(await session.page("/index", { headers: { Cookie: "ohrada_lang=en" } }));
    expect(html).toContain('<html lang="cs"');
  });

  test("a foreign Referer is not followed back", async () => {
    const session = await t.current.login();
    const response = await session.page("/language", { form: { lang: "cs" }, headers: { Referer: "http://evil.example/x" } });
    // A foreign Referer next to our Origin: the origin check passes, the redirect stays home.
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/index");
  });

  test("an unknown language changes nothing", async () => {
    const session = await t.current.login();
    const response = await session.page("/language", { form: { lang: "de" } });
    expect(response.status).toBe(303);
    const [row] = await t.current.ctx.db.select({ language: users.language }).from(users).where(eq(users.id, session.user.id));
    expect(row!.language).toBe("cs");
  });
});

describe("POST /api/barcode/scan", () => {
  const scan = async (code: unknown) => {
    const session = await t.current.login();
    const response = await session.api("/api/barcode/scan", { method: "POST", json: { code } });
    return { status: response.status, body: await json(response) };
  };

  test("P123 answers 422 fail: not found (no products yet)", async () => {
    const { status, body } = await scan("P123");
    expect(status).toBe(422);
    expect(body.status).toBe("fail");
    expect(body.data).toEqual(["Kód P123 nebyl nalezen"]);
  });

  test("O<id> opens the order and W<id> the warehouse (docs/domain.md#barcodes); missing ones are not found", async () => {
    const session = await t.current.login();
    const order = await session.api("/api/orders/fenceOrder", { method: "POST", json: validFenceOrder });
    expect(order.status).toBe(201);
    const orderId = (await json(order)).data as number;
    const warehouse = await session.api("/api/warehouse", { method: "POST", json: { name: "Sklad Brno", expedition: false } });
    expect(warehouse.status).toBe(201);
    const warehouseId = (await json(warehouse)).data as number;

    // The box reads more than 2 characters (docs/domain.md#barcode-input): a one-digit id is scanned zero-padded.
    const opened = await scan(`O${String(orderId).padStart(3, "0")}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ action: "open", url: `/orders/fenceOrder/${orderId}` });
    const openedWarehouse = await scan(`w${String(warehouseId).padStart(3, "0")}`);
    expect(openedWarehouse.status).toBe(200);
    expect(openedWarehouse.body.data).toMatchObject({ action: "open", url: `/warehouse/${warehouseId}`, message: "Otevírám sklad Sklad Brno" });

    for (const code of [`O${orderId + 1000}`, `W${warehouseId + 1000}`]) {
      const { status, body } = await scan(code);
      expect(status).toBe(422);
      expect(body.data).toEqual([`Kód ${code} nebyl nalezen`]);
    }
  });

  test("the page box opens the order with a redirect", async () => {
    const session = await t.current.login();
    const orderId = (await json(await session.api("/api/orders/fenceOrder", { method: "POST", json: validFenceOrder }))).data as number;
    const response = await session.page("/barcode", { form: { code: `O${String(orderId).padStart(3, "0")}` } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/orders/fenceOrder/${orderId}`);
  });

  test("two characters or fewer are refused with a message that says the code is too short", async () => {
    for (const code of ["ab", "  ab  ", "P0"]) {
      const { status, body } = await scan(code);
      expect(status).toBe(422);
      expect(body.status).toBe("fail");
      expect(body.fields).toEqual({ code: "Kód je příliš krátký: čtečka musí poslat alespoň 3 znaky" });
    }
    for (const code of ["", undefined]) {
      const { status, body } = await scan(code);
      expect(status).toBe(422);
      expect(Object.keys(body.fields)).toEqual(["code"]);
    }
  });

  test("an unknown code answers 422 with the unknown-code message", async () => {
    const { status, body } = await scan("XYZ123");
    expect(status).toBe(422);
    expect(body.data).toEqual(["Neznámý kód XYZ123"]);
  });

  test("WT5 and a card are read by the kiosk", async () => {
    const workType = await scan("WT5");
    expect(workType.status).toBe(422);
    expect(workType.body.data).toEqual(["Kód pracovní činnosti WT5 se čte v kiosku"]);
    const card = await scan("U1234");
    expect(card.status).toBe(422);
    expect(card.body.data).toEqual(["Kód karty U1234 se čte v kiosku"]);
  });

  test("a valid EAN-13 is a product, not found while there are no products", async () => {
    const ean = "8594001234561";
    expect(isValidEan13(ean)).toBe(true);
    const { status, body } = await scan(ean);
    expect(status).toBe(422);
    expect(body.data).toEqual([`Kód ${ean} nebyl nalezen`]);
  });

  test("an EAN-13 with a wrong check digit is an unknown code", async () => {
    const { status, body } = await scan("8594001234560");
    expect(status).toBe(422);
    expect(body.data).toEqual(["Neznámý kód 8594001234560"]);
  });

  test("messages follow the user's language", async () => {
    const session = await t.current.login();
    await session.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const response = await session.api("/api/barcode/scan", { method: "POST", json: { code: "P123" } });
    expect((await json(response)).data).toEqual(["Code P123 was not found"]);
  });

  test("needs a session", async () => {
    const response = await t.current.request("/api/barcode/scan", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: "P123" }),
    });
    expect(response.status).toBe(401);
  });
});

describe("POST /barcode (the barcode box without React)", () => {
  test("a code that is not found goes back to the page with a warning toast", async () => {
    const session = await t.current.login();
    const response = await session.page("/barcode", { form: { code: "P123" }, headers: { Referer: "http://localhost/settings/eshop" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/settings/eshop");
    const flash = setCookie(response, "ohrada_flash")!.split(";")[0]!;
    const html = await htmlOf(await session.page("/settings/eshop", { headers: { Cookie: flash } }));
    expect(html).toContain("Kód P123 nebyl nalezen");
    expect(html).toContain("toast-warning");
  });

  test("too short a code goes back with the too-short warning; an empty box changes nothing", async () => {
    const session = await t.current.login();
    const response = await session.page("/barcode", { form: { code: "ab" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/index");
    const flash = setCookie(response, "ohrada_flash")!.split(";")[0]!;
    expect(await htmlOf(await session.page("/index", { headers: { Cookie: flash } }))).toContain("Kód je příliš krátký");
    const empty = await session.page("/barcode", { form: { code: "" } });
    expect(empty.status).toBe(303);
    expect(setCookie(empty, "ohrada_flash")).toBeUndefined();
  });
});
