/**
 * Users (docs/domain.md#users): admins only (403 for everyone else on every route, API and
 * pages), required fields, unique email and card (case-insensitive), the last-admin and self rules,
 * deactivation and password resets ending sessions at once, generated passwords shown once.
 */
import { czechSortKey } from "@/lib/czech-order";
import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq, isNull, ne } from "drizzle-orm";
import { baskets, sessions, users } from "@db/schema";
import type { User } from "@/modules/settings/users/schemas";
import { json, type Session, TEST_PASSWORD, useTestApp } from "../helpers/app";
import { cookiePair, expectFieldErrors, html as htmlOf, type ListBody, postJson } from "./support";

const t = useTestApp();

let admin: Session;
let worker: Session;
let counter = 0;

beforeAll(async () => {
  admin = await t.current.login({ admin: true });
  worker = await t.current.login();
}, 60_000);

const unique = () => `${Date.now().toString(36)}${++counter}`;
const validUser = (extra: Record<string, unknown> = {}) => ({
  firstName: "Petr",
  lastName: "Dvořák",
  email: `petr.${unique()}@ohrada.test`,
  password: "tajne-heslo-1",
  ...extra,
});

async function createUser(body: Record<string, unknown> = {}): Promise<{ id: number; email: string; generatedPassword?: string }> {
  const input = validUser(body);
  const response = await admin.api("/api/settings/users", { method: "POST", json: input });
  const answer = await json(response);
  expect(response.status, JSON.stringify(answer)).toBe(201);
  expect(typeof answer.data).toBe("number");
  return { id: answer.data, email: input.email as string, generatedPassword: answer.meta?.generatedPassword };
}

const getUser = async (id: number): Promise<User> => (await json(await admin.api(`/api/settings/users/${id}`))).data;

async function apiLogin(email: string, password: string): Promise<Response> {
  return postJson(t.current, "/api/login", { email, password }, { "X-Forwarded-For": `10.9.${++counter % 250}.7` });
}

/** Every concrete route the app registers under the given prefixes (middleware excluded). */
function routesUnder(prefixes: string[]): { method: string; path: string }[] {
  const seen = new Set<string>();
  const list: { method: string; path: string }[] = [];
  for (const route of t.current.app.routes) {
    if (route.method === "ALL") continue;
    if (!prefixes.some((prefix) => route.path === prefix || route.path.startsWith(`${prefix}/`))) continue;
    const path = route.path.replace(/:\w+(\{[^}]*\})?/g, "1");
    const key = `${route.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ method: route.method, path });
  }
  return list;
}

describe("admins only", () => {
  test("a non-admin gets 403 FORBIDDEN on every users route, API and pages, GET and POST", async () => {
    const routes = routesUnder(["/settings/users", "/api/settings/users"]);
    const methods = new Set(routes.map((route) => route.method));
    expect(methods.has("GET") && methods.has("POST") && methods.has("PUT") && methods.has("DELETE")).toBe(true);
    expect(routes.length).toBeGreaterThanOrEqual(11);
    const failures: string[] = [];
    for (const route of routes) {
      if (route.path.startsWith("/api/")) {
        const response = await worker.api(route.path, { method: route.method, json: route.method === "GET" ? undefined : validUser() });
        const body = await response.text();
        if (response.status !== 403 || body !== JSON.stringify({ status: "error", code: "FORBIDDEN" })) failures.push(`${route.method} ${route.path}: ${response.status} ${body}`);
      } else {
        // A role refusal answers "no access" and keeps the session (decision 016).
        const session = await t.current.login();
        const response = await session.page(route.path, route.method === "GET" ? {} : { form: { firstName: "X", lastName: "Y", email: "x@y.cz", password: "12345678" } });
        const stillIn = (await session.api("/api/me")).status === 200;
        const page = await response.text();
        if (response.status !== 403 || !page.includes("K této akci nemáte oprávnění") || !stillIn) failures.push(`${route.method} ${route.path}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    // Nothing was created or changed by the refused posts.
    expect(await t.current.ctx.db.select().from(users).where(eq(users.email, "x@y.cz"))).toEqual([]);
  });

  test("a non-admin's htmx request gets 403 with the no-access toast and stays signed in", async () => {
    const english = await t.current.login();
    await t.current.ctx.db.update(users).set({ language: "en" }).where(eq(users.id, english.user.id));
    const response = await english.page("/settings/users", { headers: { "HX-Request": "true", "HX-Target": "list-users" } });
    expect(response.status).toBe(403);
    expect(response.headers.get("HX-Redirect")).toBeNull();
    expect(JSON.parse(response.headers.get("HX-Trigger")!)).toEqual({ toast: { kind: "error", text: "You are not allowed to do this" } });
    expect((await english.api("/api/me")).status).toBe(200);
  });

  test("an admin gets 200 on the list, API and page; the menu shows users only to admins", async () => {
    expect((await admin.api("/api/settings/users")).status).toBe(200);
    const page = await admin.page("/settings/users");
    expect(page.status).toBe(200);
    expect(await htmlOf(page)).toContain('href="/settings/users"');
    const workerIndex = await htmlOf(await worker.page("/index"));
    expect(workerIndex).not.toContain('href="/settings/users"');
    expect(workerIndex).not.toContain('href="/settings/kioskDevices"');
  });

  test("without a session the API answers 401 and the page goes to /login", async () => {
    expect((await t.current.request("/api/settings/users")).status).toBe(401);
    const page = await t.current.request("/settings/users/new", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
  });
});

describe("API /api/settings/users", () => {
  test("create answers 201 with the id; get answers the user without any password hash", async () => {
    const { id, email } = await createUser({ kioskCardCode: " k-7001 ", isAdmin: false });
    const response = await admin.api(`/api/settings/users/${id}`);
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).not.toContain("argon2");
    expect(body).not.toContain("password");
    expect(JSON.parse(body).data).toEqual({
      id,
      firstName: "Petr",
      lastName: "Dvořák",
      name: "Petr Dvořák",
      email,
      kioskCardCode: "K-7001",
      isAdmin: false,
      active: true,
    });
    const [row] = await t.current.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row!.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(row!.createdBy).toBe(admin.user.id);
    expect((await apiLogin(email, "tajne-heslo-1")).status).toBe(200);
  });

  test("each required field is refused with its message and nothing is created", async () => {
    const before = (await json<ListBody<User>>(await admin.api("/api/settings/users?size=500"))).meta.total;
    for (const field of ["firstName", "lastName", "email"]) {
      await expectFieldErrors(await admin.api("/api/settings/users", { method: "POST", json: validUser({ [field]: "  " }) }), { [field]: "Povinné pole" });
    }
    await expectFieldErrors(await admin.api("/api/settings/users", { method: "POST", json: validUser({ password: "" }) }), {
      password: "Zadejte heslo (alespoň 8 znaků), nebo zaškrtněte Vygenerovat heslo",
    });
    expect((await json<ListBody<User>>(await admin.api("/api/settings/users?size=500"))).meta.total).toBe(before);
  });

  test("all problems of one request are reported together", async () => {
    const response = await admin.api("/api/settings/users", { method: "POST", json: { email: "spatny" } });
    await expectFieldErrors(response, {
      firstName: "Povinné pole",
      lastName: "Povinné pole",
      email: "Zadejte platný e-mail",
      password: "Zadejte heslo (alespoň 8 znaků), nebo zaškrtněte Vygenerovat heslo",
    });
  });

  test("a password needs 8 characters; a password and generate together are refused", async () => {
    await expectFieldErrors(await admin.api("/api/settings/users", { method: "POST", json: validUser({ password: "1234567" }) }), { password: "Alespoň 8 znaků" });
    await expectFieldErrors(await admin.api("/api/settings/users", { method: "POST", json: validUser({ generatePassword: true }) }), {
      generatePassword: "Buď zadejte heslo, nebo ho nechte vygenerovat, ne obojí",
    });
    const ok = await createUser({ password: "12345678" });
    expect(ok.id).toBeGreaterThan(0);
  });

  test("a generated password comes back once in meta and logs in", async () => {
    const { email, generatedPassword } = await createUser({ password: undefined, generatePassword: true });
    expect(generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await apiLogin(email, generatedPassword!)).status).toBe(200);
  });

  test("the email is unique case-insensitively, with a message naming the owner", async () => {
    const { email } = await createUser({ firstName: "Eva", lastName: "Malá" });
    await expectFieldErrors(await admin.api("/api/settings/users", { method: "POST", json: validUser({ email: email.toUpperCase() }) }), {
      email: "Tento e-mail už má uživatel Eva Malá",
    });
    const other = await createUser();
    const existing = await getUser(other.id);
    await expectFieldErrors(await admin.api(`/api/settings/users/${other.id}`, { method: "PUT", json: { ...existing, email: ` ${email.toUpperCase()} ` } }), {
      email: "Tento e-mail už má uživatel Eva Malá",
    });
    // Saving a user with its own email is no clash.
    expect((await admin.api(`/api/settings/users/${other.id}`, { method: "PUT", json: existing })).status).toBe(200);
  });

  test("the card code is optional, upper-cased, unique case-insensitively, and well-formed", async () => {
    const none = await createUser({ kioskCardCode: "" });
    expect((await getUser(none.id)).kioskCardCode).toBeNull();
    await createUser({ firstName: "Karel", lastName: "Svoboda", kioskCardCode: "k-7100" });
    await expectFieldErrors(await admin.api("/api/settings/users", { method: "POST", json: validUser({ kioskCardCode: "K-7100" }) }), {
      kioskCardCode: "Tuto kartu už má uživatel Karel Svoboda",
    });
    for (const bad of ["K-1", "K 0001", "KÁ-0001", "K_0001", "x".repeat(41)]) {
      await expectFieldErrors(await admin.api("/api/settings/users", { method: "POST", json: validUser({ kioskCardCode: bad }) }), {
        kioskCardCode: "Kód karty smí mít jen písmena bez diakritiky, číslice a pomlčky, 4–40 znaků",
      });
    }
    const four = await createUser({ kioskCardCode: "ab12" });
    expect((await getUser(four.id)).kioskCardCode).toBe("AB12");
  });

  test("update answers the entity; a password in a PUT changes nothing", async () => {
    const { id, email } = await createUser();
    const response = await admin.api(`/api/settings/users/${id}`, {
      method: "PUT",
      json: { firstName: "Pavel", lastName: "Novotný", email, kioskCardCode: "K-7200", isAdmin: true, active: true, password: "jine-heslo-99" },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual({ id, firstName: "Pavel", lastName: "Novotný", name: "Pavel Novotný", email, kioskCardCode: "K-7200", isAdmin: true, active: true });
    expect((await apiLogin(email, "jine-heslo-99")).status).toBe(401);
    expect((await apiLogin(email, "tajne-heslo-1")).status).toBe(200);
  });

  test("the list filters by name, email, card and flags, and sorts", async () => {
    const tag = unique();
    await createUser({ firstName: "Zdeněk", lastName: `Filtr${tag}`, kioskCardCode: `F-${tag}`.slice(0, 40).toUpperCase() });
    const byName = await json<ListBody<User>>(await admin.api(`/api/settings/users?name=filtr${tag}`));
    expect(byName.data.map((user) => user.lastName)).toEqual([`Filtr${tag}`]);
    const byFullName = await json<ListBody<User>>(await admin.api(`/api/settings/users?name=${encodeURIComponent(`Zdeněk Filtr${tag}`)}`));
    expect(byFullName.meta.total).toBe(1);
    const withoutDiacritics = await json<ListBody<User>>(await admin.api(`/api/settings/users?name=${encodeURIComponent(`ZDENEK FILTR${tag}`)}`));
    expect(withoutDiacritics.meta.total).toBe(1);
    const byCard = await json<ListBody<User>>(await admin.api(`/api/settings/users?kioskCardCode=f-${tag}`));
    expect(byCard.meta.total).toBe(1);
    const admins = await json<ListBody<User>>(await admin.api("/api/settings/users?isAdmin=true&size=500"));
    expect(admins.data.every((user) => user.isAdmin)).toBe(true);
    expect(admins.data.some((user) => user.id === admin.user.id)).toBe(true);
    // Fixed values with a "ch", which sorts after "h" the Czech way: the list's order is never compared byte by byte.
    await createUser({ email: `ch.${tag}@ohrada.test` });
    await createUser({ email: `hz.${tag}@ohrada.test` });
    const sorted = await json<ListBody<User>>(await admin.api("/api/settings/users?sort=email,desc&size=500"));
    const emails = sorted.data.map((user) => user.email);
    const keyOf = (email: string) => czechSortKey(email);
    expect(emails).toEqual([...emails].sort((a, b) => (keyOf(a) < keyOf(b) ? 1 : keyOf(a) > keyOf(b) ? -1 : 0)));
    expect(emails.indexOf(`ch.${tag}@ohrada.test`)).toBeLessThan(emails.indexOf(`hz.${tag}@ohrada.test`));
  });
});

describe("rules", () => {
  test("deactivating a user ends their sessions at once: their bearer token answers 401 right after", async () => {
    const victim = await t.current.login();
    expect((await victim.api("/api/vat")).status).toBe(200);
    const current = await getUser(victim.user.id);
    const response = await admin.api(`/api/settings/users/${victim.user.id}`, { method: "PUT", json: { ...current, active: false } });
    expect(response.status).toBe(200);
    expect((await victim.api("/api/vat")).status).toBe(401);
    expect((await victim.page("/index")).status).toBe(302);
    const open = await t.current.ctx.db.select().from(sessions).where(and(eq(sessions.userId, victim.user.id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    expect((await apiLogin(victim.user.email, TEST_PASSWORD)).status).toBe(401);
    // Reactivated, the old session stays ended; a new login works.
    await admin.api(`/api/settings/users/${victim.user.id}`, { method: "PUT", json: { ...current, active: true } });
    expect((await victim.api("/api/vat")).status).toBe(401);
    expect((await apiLogin(victim.user.email, TEST_PASSWORD)).status).toBe(200);
  });

  test("an admin cannot deactivate, demote or delete themselves", async () => {
    const other = await t.current.login({ admin: true });
    const self = await getUser(other.user.id);
    await expectFieldErrors(await other.api(`/api/settings/users/${self.id}`, { method: "PUT", json: { ...self, active: false } }), {
      active: "Sami sebe deaktivovat nemůžete",
    });
    await expectFieldErrors(await other.api(`/api/settings/users/${self.id}`, { method: "PUT", json: { ...self, isAdmin: false } }), {
      isAdmin: "Sami sobě oprávnění správce odebrat nemůžete; požádejte jiného správce",
    });
    const removal = await other.api(`/api/settings/users/${self.id}`, { method: "DELETE" });
    expect(removal.status).toBe(422);
    expect((await json(removal)).data).toEqual(["Sami sebe smazat nemůžete"]);
    expect(await getUser(self.id)).toEqual(self);
    // Another admin may demote them.
    expect((await admin.api(`/api/settings/users/${self.id}`, { method: "PUT", json: { ...self, isAdmin: false } })).status).toBe(200);
  });

  test("the last active admin cannot lose the admin flag, be deactivated or deleted", async () => {
    const db = t.current.ctx.db;
    // Make `admin` the only active admin for this test.
    const others = await db
      .update(users)
      .set({ isAdmin: false })
      .where(and(eq(users.isAdmin, true), ne(users.id, admin.user.id)))
      .returning({ id: users.id });
    try {
      const self = await getUser(admin.user.id);
      const message = "Poslední aktivní správce musí zůstat aktivním správcem";
      await expectFieldErrors(await admin.api(`/api/settings/users/${self.id}`, { method: "PUT", json: { ...self, isAdmin: false } }), { isAdmin: message });
      await expectFieldErrors(await admin.api(`/api/settings/users/${self.id}`, { method: "PUT", json: { ...self, active: false } }), { active: message });
      const removal = await admin.api(`/api/settings/users/${self.id}`, { method: "DELETE" });
      expect(removal.status).toBe(422);
      expect((await json(removal)).fields).toEqual({ id: message });
      expect(await getUser(self.id)).toEqual(self);
      // The page says the same in the form.
      const page = await admin.page(`/settings/users/${self.id}`, {
        form: { firstName: self.firstName, lastName: self.lastName, email: self.email, active: "on" },
      });
      expect(page.status).toBe(422);
      const body = await htmlOf(page);
      expect(body).toContain("Formulář není vyplněn správně");
      expect(body).toContain(message);
    } finally {
      for (const { id } of others) await db.update(users).set({ isAdmin: true }).where(eq(users.id, id));
    }
  });

  test("a user still referenced (a basket) is not deleted: the answer suggests deactivating", async () => {
    const { id } = await createUser();
    await t.current.ctx.db.insert(baskets).values({ type: "COMMON", userId: id, warehouseId: 0 });
    const response = await admin.api(`/api/settings/users/${id}`, { method: "DELETE" });
    expect(response.status).toBe(422);
    expect((await json(response)).data).toEqual([
      "Uživatele nelze smazat, má na sebe navázané záznamy (výkazy práce, košíky). Místo smazání ho deaktivujte.",
    ]);
    expect((await admin.api(`/api/settings/users/${id}`)).status).toBe(200);
  });

  test("an unreferenced user is deleted, sessions and all", async () => {
    const gone = await t.current.login();
    const response = await admin.api(`/api/settings/users/${gone.user.id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect((await admin.api(`/api/settings/users/${gone.user.id}`)).status).toBe(404);
    expect((await gone.api("/api/vat")).status).toBe(401);
  });
});

describe("password reset", () => {
  test("a typed password: the old one is refused, the new one accepted, and the user's sessions end", async () => {
    const victim = await t.current.login();
    expect((await victim.api("/api/vat")).status).toBe(200);
    const response = await admin.api(`/api/settings/users/${victim.user.id}/password`, { method: "POST", json: { password: "uplne-nove-heslo" } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: "success", data: null });
    expect((await victim.api("/api/vat")).status).toBe(401);
    expect((await apiLogin(victim.user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await apiLogin(victim.user.email, "uplne-nove-heslo")).status).toBe(200);
  });

  test("a generated password comes back once and works", async () => {
    const { id, email } = await createUser();
    const response = await admin.api(`/api/settings/users/${id}/password`, { method: "POST", json: { generatePassword: true } });
    expect(response.status).toBe(200);
    const password = (await json(response)).data.password as string;
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await apiLogin(email, "tajne-heslo-1")).status).toBe(401);
    expect((await apiLogin(email, password)).status).toBe(200);
  });

  test("a short or missing password is refused; an unknown user is 404", async () => {
    const { id } = await createUser();
    await expectFieldErrors(await admin.api(`/api/settings/users/${id}/password`, { method: "POST", json: { password: "kratke" } }), { password: "Alespoň 8 znaků" });
    await expectFieldErrors(await admin.api(`/api/settings/users/${id}/password`, { method: "POST", json: {} }), {
      password: "Zadejte heslo (alespoň 8 znaků), nebo zaškrtněte Vygenerovat heslo",
    });
    expect((await admin.api("/api/settings/users/999999999/password", { method: "POST", json: { password: "dost-dlouhe" } })).status).toBe(404);
  });

  test("an admin resetting their own password keeps the session they are using; others end", async () => {
    const self = await t.current.login({ admin: true });
    const secondLogin = await apiLogin(self.user.email, TEST_PASSWORD);
    const secondToken = (await json(secondLogin)).data.token as string;
    const response = await self.api(`/api/settings/users/${self.user.id}/password`, { method: "POST", json: { password: "moje-nove-heslo" } });
    expect(response.status).toBe(200);
    expect((await self.api("/api/vat")).status).toBe(200);
    expect((await t.current.request("/api/vat", { headers: { Authorization: `Bearer ${secondToken}` } })).status).toBe(401);
  });
});

describe("pages /settings/users", () => {
  test("the list shows name, email, card and flags; the new form has the password choice", async () => {
    const { id } = await createUser({ firstName: "Alena", lastName: "Veselá", kioskCardCode: "K-7300" });
    const list = await htmlOf(await admin.page("/settings/users?size=500"));
    expect(list).toContain("Uživatelé");
    expect(list).toContain(`href="/settings/users/${id}"`);
    expect(list).toContain("Alena Veselá");
    expect(list).toContain("K-7300");
    const form = await admin.page("/settings/users/new");
    expect(form.status).toBe(200);
    const body = await htmlOf(form);
    for (const name of ["firstName", "lastName", "email", "kioskCardCode", "isAdmin", "active", "password", "generatePassword"]) {
      expect(body).toContain(`name="${name}"`);
    }
  });

  test("an invalid post re-renders with 422, FORM_NOT_VALID and the field errors", async () => {
    const response = await admin.page("/settings/users/new", { form: { firstName: "", lastName: "Novák", email: "nic", password: "" } });
    expect(response.status).toBe(422);
    const body = await htmlOf(response);
    expect(body).toContain("Formulář není vyplněn správně");
    expect(body).toContain("Povinné pole");
    expect(body).toContain("Zadejte platný e-mail");
    expect(body).toContain("Zadejte heslo (alespoň 8 znaků), nebo zaškrtněte Vygenerovat heslo");
    expect(body).toContain('value="Novák"');
  });

  test("create with a typed password: 303 to the list with CREATED; no password shown", async () => {
    const email = `stranka.${unique()}@ohrada.test`;
    const response = await admin.page("/settings/users/new", {
      form: { firstName: "Tomáš", lastName: "Černý", email, kioskCardCode: "k-7400", active: "on", password: "stranka-heslo" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/settings/users");
    const flash = cookiePair(response, "ohrada_flash");
    expect(decodeURIComponent(flash!)).toContain("CREATED");
    expect(cookiePair(response, "ohrada_once_password")).toBeUndefined();
    const list = await htmlOf(await admin.page("/settings/users?size=500", { headers: { Cookie: flash! } }));
    expect(list).toContain("Vytvořeno");
    const [row] = await t.current.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row!.kioskCardCode).toBe("K-7400");
    expect((await apiLogin(email, "stranka-heslo")).status).toBe(200);
  });

  test("create with a generated password shows it once, on the next page", async () => {
    const email = `generovane.${unique()}@ohrada.test`;
    const response = await admin.page("/settings/users/new", {
      form: { firstName: "Lucie", lastName: "Horáková", email, active: "on", generatePassword: "on" },
    });
    expect(response.status).toBe(303);
    const once = cookiePair(response, "ohrada_once_password")!;
    expect(once).toBeDefined();
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith("ohrada_once_password="))!;
    expect(line).toContain("HttpOnly");
    expect(line).toContain("Path=/settings/users");
    const first = await admin.page("/settings/users", { headers: { Cookie: once } });
    const body = await htmlOf(first);
    const password = /data-testid="generated-password">([^<]+)</.exec(body)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(body).toContain("Lucie Horáková");
    // Read once: the page deletes the cookie.
    expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith("ohrada_once_password=;"))).toBe(true);
    expect(await htmlOf(await admin.page("/settings/users"))).not.toContain("generated-password");
    expect((await apiLogin(email, password!)).status).toBe(200);
  });

  test("the edit form never shows the password hash and links the reset; saving goes back to the list", async () => {
    const { id, email } = await createUser({ firstName: "Jiří", lastName: "Kučera" });
    const form = await admin.page(`/settings/users/${id}`);
    expect(form.status).toBe(200);
    const body = await htmlOf(form);
    expect(body).toContain(email);
    expect(body).not.toContain("argon2");
    expect(body).not.toContain('name="password"');
    expect(body).toContain(`href="/settings/users/${id}/password"`);
    const saved = await admin.page(`/settings/users/${id}`, { form: { firstName: "Jiří", lastName: "Kučera ml.", email, kioskCardCode: "", active: "on" } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/settings/users");
    expect((await getUser(id)).lastName).toBe("Kučera ml.");
  });

  test("the reset page: invalid → 422; generated → shown once beside the list; sessions end", async () => {
    const victim = await t.current.login();
    const page = await admin.page(`/settings/users/${victim.user.id}/password`);
    expect(page.status).toBe(200);
    expect(await htmlOf(page)).toContain('name="generatePassword"');
    const invalid = await admin.page(`/settings/users/${victim.user.id}/password`, { form: { password: "kratke" } });
    expect(invalid.status).toBe(422);
    const invalidBody = await htmlOf(invalid);
    expect(invalidBody).toContain("Formulář není vyplněn správně");
    expect(invalidBody).toContain("Alespoň 8 znaků");
    expect((await victim.api("/api/vat")).status).toBe(200);

    const response = await admin.page(`/settings/users/${victim.user.id}/password`, { form: { generatePassword: "on" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/settings/users");
    expect((await victim.api("/api/vat")).status).toBe(401);
    const list = await htmlOf(await admin.page("/settings/users", { headers: { Cookie: [cookiePair(response, "ohrada_once_password"), cookiePair(response, "ohrada_flash")].join("; ") } }));
    const password = /data-testid="generated-password">([^<]+)</.exec(list)?.[1];
    expect(password).toBeDefined();
    expect(list).toContain("bylo změněno");
    expect((await apiLogin(victim.user.email, password!)).status).toBe(200);
  });

  test("delete: 303 with DELETED; a referenced user stays, with the reason as a toast", async () => {
    const { id } = await createUser();
    const removed = await admin.page(`/settings/users/${id}/delete`, { method: "POST" });
    expect(removed.status).toBe(303);
    expect(decodeURIComponent(cookiePair(removed, "ohrada_flash")!)).toContain("DELETED");
    expect((await admin.api(`/api/settings/users/${id}`)).status).toBe(404);

    const kept = await createUser();
    await t.current.ctx.db.insert(baskets).values({ type: "COMMON", userId: kept.id, warehouseId: 0 });
    const refused = await admin.page(`/settings/users/${kept.id}/delete`, { method: "POST" });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe(`/settings/users/${kept.id}`);
    expect(decodeURIComponent(decodeURIComponent(cookiePair(refused, "ohrada_flash")!))).toContain("Místo smazání ho deaktivujte");
  });

  test("English: the form speaks English for an English user", async () => {
    const english = await t.current.login({ admin: true });
    await t.current.ctx.db.update(users).set({ language: "en" }).where(eq(users.id, english.user.id));
    const response = await english.page("/settings/users/new", { form: { firstName: "A", lastName: "B", email: "a@b.cz", password: "short" } });
    expect(response.status).toBe(422);
    const body = await htmlOf(response);
    expect(body).toContain("The form is not valid");
    expect(body).toContain("At least 8 characters");
  });
});
