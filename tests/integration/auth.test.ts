/**
 * Login, sessions and the rate limit (docs/domain.md#login), through app.request().
 */
import { describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { loginAttempts, sessions, users } from "@db/schema";
import { authModule } from "@/modules/auth/module";
import { createUser, testPasswordCost } from "@/modules/auth/service";
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_MINUTES } from "@/modules/auth/schemas";
import { json, TEST_PASSWORD, useTestApp } from "../helpers/app";
import { runPeriodicJobsNow } from "../helpers/jobs";
import { cookiePair, postForm, postJson, setCookie } from "./support";

const t = useTestApp();

let counter = 0;
/** A user with a known password and no session yet. */
async function newUser(options: { firstName?: string; lastName?: string } = {}) {
  const email = `auth${++counter}-${process.pid}@ohrada.test`;
  const id = await createUser({
    ctx: t.current.ctx,
    input: { email, firstName: options.firstName ?? "Petr", lastName: options.lastName ?? "Svoboda", password: TEST_PASSWORD },
    cost: testPasswordCost,
  });
  return { id, email };
}

const apiLogin = (body: unknown, ip = "192.0.2.10") => postJson(t.current, "/api/login", body, { "X-Forwarded-For": ip });

describe("POST /api/login", () => {
  test("good credentials answer success with a token and the user, and no password hash", async () => {
    const user = await newUser({ firstName: "Květa", lastName: "Dvořáková" });
    const response = await apiLogin({ email: user.email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.status).toBe("success");
    expect(typeof body.data.token).toBe("string");
    expect(body.data.token.length).toBeGreaterThanOrEqual(32);
    expect(body.data.user).toMatchObject({ id: user.id, firstName: "Květa", lastName: "Dvořáková", email: user.email });
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain("password_hash");
    expect(text).not.toContain("$argon2");
    expect(text).not.toContain(TEST_PASSWORD);
    // The API login also sets the session cookie for a browser client.
    expect(setCookie(response, "ohrada_session")).toContain("HttpOnly");
  });

  test("the email is matched case-insensitively", async () => {
    const user = await newUser();
    const response = await apiLogin({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect((await json(response)).data.user.email).toBe(user.email);
  });

  test("a wrong password answers 401 error BAD_CREDENTIALS", async () => {
    const user = await newUser();
    const response = await apiLogin({ email: user.email, password: "spatne-heslo" });
    expect(response.status).toBe(401);
    const body = await json(response);
    expect(body).toEqual({ status: "error", code: "BAD_CREDENTIALS" });
    expect(setCookie(response, "ohrada_session")).toBeUndefined();
  });

  test("an unknown email gets exactly the same answer as a wrong password", async () => {
    const response = await apiLogin({ email: "nobody-here@ohrada.test", password: TEST_PASSWORD });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ status: "error", code: "BAD_CREDENTIALS" });
  });

  test("an inactive user cannot log in", async () => {
    const user = await newUser();
    await t.current.ctx.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const response = await apiLogin({ email: user.email, password: TEST_PASSWORD });
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe("BAD_CREDENTIALS");
  });

  test("a missing email answers 422 fail with the email field", async () => {
    const response = await apiLogin({ password: TEST_PASSWORD });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.status).toBe("fail");
    expect(body.fields).toEqual({ email: "Povinné pole" });
    expect(body.data).toEqual(["Pole „email“: Povinné pole"]);
  });

  test("an invalid email answers 422 fail with the email message", async () => {
    const response = await apiLogin({ email: "jana.novakova", password: TEST_PASSWORD });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.status).toBe("fail");
    expect(body.fields.email).toBe("Zadejte platný e-mail");
    expect(body.fields.password).toBeUndefined();
  });

  test("a missing password answers 422 fail with the password field", async () => {
    const user = await newUser();
    for (const body of [{ email: user.email }, { email: user.email, password: "" }]) {
      const response = await apiLogin(body);
      expect(response.status).toBe(422);
      const answer = await json(response);
      expect(answer.status).toBe("fail");
      expect(answer.fields).toEqual({ password: "Povinné pole" });
    }
  });

  test("both fields missing, or no JSON at all, name both fields", async () => {
    for (const init of [
      { headers: { "Content-Type": "application/json" }, body: "{}" },
      { headers: { "Content-Type": "application/json" }, body: "not json" },
    ]) {
      const response = await t.current.request("/api/login", { method: "POST", ...init });
      expect(response.status).toBe(422);
      const body = await json(response);
      expect(body.status).toBe("fail");
      expect(Object.keys(body.fields).sort()).toEqual(["email", "password"]);
      expect(body.data).toHaveLength(2);
    }
  });
});

describe("login rate limit", () => {
  test(`after ${LOGIN_MAX_FAILURES} failures for one email and IP, even the right password answers 429 TOO_MANY_ATTEMPTS`, async () => {
    expect(LOGIN_MAX_FAILURES).toBe(10);
    const user = await newUser();
    const ip = "198.51.100.7";
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await apiLogin({ email: user.email, password: `wrong-${attempt}` }, ip);
      expect(response.status).toBe(401);
      expect((await json(response)).code).toBe("BAD_CREDENTIALS");
    }
    const blocked = await apiLogin({ email: user.email, password: TEST_PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toEqual({ status: "error", code: "TOO_MANY_ATTEMPTS" });
    expect(setCookie(blocked, "ohrada_session")).toBeUndefined();

    // The same email in a different letter case is the same account.
    const upper = await apiLogin({ email: user.email.toUpperCase(), password: TEST_PASSWORD }, ip);
    expect(upper.status).toBe(429);

    // Another IP for the same email is not blocked.
    const otherIp = await apiLogin({ email: user.email, password: TEST_PASSWORD }, "198.51.100.8");
    expect(otherIp.status).toBe(200);
    expect((await json(otherIp)).status).toBe("success");

    // Another email from the blocked IP is not blocked.
    const other = await newUser();
    const otherEmail = await apiLogin({ email: other.email, password: TEST_PASSWORD }, ip);
    expect(otherEmail.status).toBe(200);

    // The blocked pair stays blocked.
    const still = await apiLogin({ email: user.email, password: TEST_PASSWORD }, ip);
    expect(still.status).toBe(429);
  });

  test("nine failures do not block, and a success clears the count", async () => {
    const user = await newUser();
    const ip = "198.51.100.20";
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect((await apiLogin({ email: user.email, password: "wrong" }, ip)).status).toBe(401);
    }
    expect((await apiLogin({ email: user.email, password: TEST_PASSWORD }, ip)).status).toBe(200);
    // The count starts again: nine more failures still leave the account open.
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect((await apiLogin({ email: user.email, password: "wrong" }, ip)).status).toBe(401);
    }
    expect((await apiLogin({ email: user.email, password: TEST_PASSWORD }, ip)).status).toBe(200);
  });

  test("the login page is rate limited too and shows the TOO_MANY_ATTEMPTS text", async () => {
    const user = await newUser();
    const ip = "198.51.100.30";
    for (let attempt = 1; attempt <= 10; attempt++) {
      await postForm(t.current, "/login", { email: user.email, password: "wrong" }, { "X-Forwarded-For": ip });
    }
    const response = await postForm(t.current, "/login", { email: user.email, password: TEST_PASSWORD }, { "X-Forwarded-For": ip });
    expect(response.status).toBe(429);
    expect(setCookie(response, "ohrada_session")).toBeUndefined();
    expect(await response.text()).toContain("Příliš mnoho neúspěšných pokusů");
  });

  test(`one IP gets ${LOGIN_MAX_FAILURES_PER_IP} failures across e-mails, then every e-mail is refused from it; other IPs are not`, async () => {
    expect(LOGIN_MAX_FAILURES_PER_IP).toBe(30);
    const ip = "198.51.100.40";
    const target = await newUser();
    // 25 made-up e-mails, one failure each (no single e-mail comes near its own limit of 10).
    for (let attempt = 1; attempt <= 25; attempt++) {
      expect((await apiLogin({ email: `guess${attempt}@ohrada.test`, password: "wrong" }, ip)).status).toBe(401);
    }
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await apiLogin({ email: target.email, password: "wrong" }, ip)).status).toBe(401);
    }
    const blocked = await apiLogin({ email: target.email, password: TEST_PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toEqual({ status: "error", code: "TOO_MANY_ATTEMPTS" });
    const fresh = await newUser();
    expect((await apiLogin({ email: fresh.email, password: TEST_PASSWORD }, ip)).status).toBe(429);
    expect((await apiLogin({ email: target.email, password: TEST_PASSWORD }, "198.51.100.41")).status).toBe(200);
  });

  test("a 429 says in Retry-After when a retry can pass: when the failure that completed the limit leaves the window", async () => {
    const ip = "198.51.100.50";
    const user = await newUser();
    for (let attempt = 1; attempt <= LOGIN_MAX_FAILURES; attempt++) await apiLogin({ email: user.email, password: "wrong" }, ip);
    const blocked = await apiLogin({ email: user.email, password: TEST_PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    const seconds = Number(blocked.headers.get("Retry-After"));
    // All ten failed just now, so the block lifts about a whole window from now.
    expect(seconds).toBeGreaterThan(LOGIN_WINDOW_MINUTES * 60 - 60);
    expect(seconds).toBeLessThanOrEqual(LOGIN_WINDOW_MINUTES * 60);

    // When the failures are older, the block lifts sooner: move them 10 minutes back.
    await t.current.ctx.db.update(loginAttempts).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(loginAttempts.ip, ip));
    const later = await apiLogin({ email: user.email, password: TEST_PASSWORD }, ip);
    expect(later.status).toBe(429);
    const sooner = Number(later.headers.get("Retry-After"));
    expect(sooner).toBeGreaterThan((LOGIN_WINDOW_MINUTES - 10) * 60 - 60);
    expect(sooner).toBeLessThanOrEqual((LOGIN_WINDOW_MINUTES - 10) * 60);
  });

  test("failed-login rows older than the window are forgotten by the hourly job, not by the next failure", async () => {
    const ip = "198.51.100.60";
    await t.current.ctx.db.insert(loginAttempts).values([
      { email: "old1@ohrada.test", ip, createdAt: new Date(Date.now() - (LOGIN_WINDOW_MINUTES + 5) * 60_000) },
      { email: "old2@ohrada.test", ip: "198.51.100.61", createdAt: new Date(Date.now() - 24 * 3600_000) },
    ]);
    await apiLogin({ email: "nobody@ohrada.test", password: "wrong" }, ip);
    const emails = async () => (await t.current.ctx.db.select({ email: loginAttempts.email }).from(loginAttempts).where(inArray(loginAttempts.ip, [ip, "198.51.100.61"]))).map((row) => row.email).sort();
    expect(await emails()).toEqual(["nobody@ohrada.test", "old1@ohrada.test", "old2@ohrada.test"]);
    await runHourlyAuthJobs();
    expect(await emails()).toEqual(["nobody@ohrada.test"]);
  });
});

/** The auth module's hourly purges, run once now. */
async function runHourlyAuthJobs() {
  const outcomes = await runPeriodicJobsNow(t.current.database, authModule.jobs!);
  expect(outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`).sort()).toEqual(["auth.purgeEndedSessions done", "auth.purgeOldLoginAttempts done"]);
}

describe("ended sessions", () => {
  test("expired and revoked sessions are forgotten by the hourly job; live ones stay", async () => {
    const live = await t.current.login();
    const expired = await t.current.login();
    const revoked = await t.current.login();
    await t.current.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(sessions.userId, expired.user.id));
    await t.current.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, revoked.user.id));
    await runHourlyAuthJobs();
    const left = await t.current.ctx.db.select({ userId: sessions.userId }).from(sessions).where(inArray(sessions.userId, [live.user.id, expired.user.id, revoked.user.id]));
    expect(left).toEqual([{ userId: live.user.id }]);
    expect((await live.api("/api/me")).status).toBe(200);
  });
});

describe("sessions", () => {
  test("the bearer token works for /api/me", async () => {
    const session = await t.current.login();
    const response = await session.api("/api/me");
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.status).toBe("success");
    expect(body.data).toMatchObject({ id: session.user.id, email: session.user.email, firstName: "Jana", lastName: "Nováková" });
    expect(JSON.stringify(body)).not.toContain("password");
  });

  test("the session cookie works for /api/me", async () => {
    const session = await t.current.login();
    const response = await t.current.request("/api/me", { headers: { Cookie: session.cookie } });
    expect(response.status).toBe(200);
    expect((await json(response)).data.email).toBe(session.user.email);
  });

  test("without a session, or with a made-up token, /api/me answers 401 UNAUTHORIZED", async () => {
    for (const headers of [{}, { Authorization: "Bearer made-up-token" }, { Cookie: "ohrada_session=made-up-token" }] as Record<string, string>[]) {
      const response = await t.current.request("/api/me", { headers });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ status: "error", code: "UNAUTHORIZED" });
    }
  });

  test("a dead session cookie is cleared", async () => {
    const response = await t.current.request("/api/me", { headers: { Cookie: "ohrada_session=made-up-token" } });
    expect(response.status).toBe(401);
    expect(setCookie(response, "ohrada_session")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  test("logout revokes the token: the next call answers 401", async () => {
    const session = await t.current.login();
    expect((await session.api("/api/me")).status).toBe(200);
    const out = await session.api("/api/logout", { method: "POST" });
    expect(out.status).toBe(200);
    expect((await json(out)).status).toBe("success");
    const after = await session.api("/api/me");
    expect(after.status).toBe(401);
    expect((await json(after)).code).toBe("UNAUTHORIZED");
    // The cookie carries the same token, so it is dead too.
    expect((await t.current.request("/api/me", { headers: { Cookie: session.cookie } })).status).toBe(401);
  });

  test("the page logout revokes the cookie session and goes to /login", async () => {
    const session = await t.current.login();
    const out = await session.page("/logout", { method: "POST" });
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe("/login");
    expect(setCookie(out, "ohrada_session")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await session.api("/api/me")).status).toBe(401);
    const page = await session.page("/index");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
  });

  test("logging out one session leaves another session of the same user alive", async () => {
    const session = await t.current.login();
    const second = await apiLogin({ email: session.user.email, password: TEST_PASSWORD }, "192.0.2.99");
    const token = (await json(second)).data.token as string;
    await session.api("/api/logout", { method: "POST" });
    const response = await t.current.request("/api/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
  });

  test("an expired session answers 401", async () => {
    const session = await t.current.login();
    expect((await session.api("/api/me")).status).toBe(200);
    await t.current.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, session.user.id));
    const response = await session.api("/api/me");
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe("UNAUTHORIZED");
    const page = await session.page("/index");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
  });

  test("an inactive user's session answers 401", async () => {
    const session = await t.current.login();
    expect((await session.api("/api/me")).status).toBe(200);
    await t.current.ctx.db.update(users).set({ active: false }).where(eq(users.id, session.user.id));
    const response = await session.api("/api/me");
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe("UNAUTHORIZED");
  });

  test("tokens are stored hashed, never as sent", async () => {
    const session = await t.current.login();
    const rows = await t.current.ctx.db.select().from(sessions).where(eq(sessions.userId, session.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(session.token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("the login page", () => {
  test("GET /login renders the form with email, password, logo and the Login button", async () => {
    const response = await t.current.request("/login");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('name="email"');
    expect(html).toContain('type="password"');
    expect(html).toContain("/static/logo.svg");
    expect(html).toContain("Přihlásit");
    expect(html).toContain('<html lang="cs"');
  });

  test("good credentials redirect 303 to /index with an HttpOnly SameSite=Lax session cookie", async () => {
    const user = await newUser();
    const response = await postForm(t.current, "/login", { email: user.email, password: TEST_PASSWORD }, { "X-Forwarded-For": "192.0.2.50" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/index");
    const cookie = setCookie(response, "ohrada_session");
    expect(cookie).toBeDefined();
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    // The cookie opens /index.
    const index = await t.current.request("/index", { headers: { Cookie: cookiePair(response, "ohrada_session")! } });
    expect(index.status).toBe(200);
    expect(await index.text()).toContain(user.email);
  });

  test("a logged-in user on /login goes to /index", async () => {
    const session = await t.current.login();
    const response = await session.page("/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/index");
  });

  test("bad credentials show the red error line and keep the email", async () => {
    const user = await newUser();
    const response = await postForm(t.current, "/login", { email: user.email, password: "wrong" }, { "X-Forwarded-For": "192.0.2.51" });
    expect(response.status).toBe(401);
    expect(setCookie(response, "ohrada_session")).toBeUndefined();
    const html = await response.text();
    expect(html).toMatch(/<p class="login-error" role="alert">[\s\S]*Špatný e-mail nebo heslo/);
    expect(html).toContain(`value="${user.email}"`);
  });

  test("an invalid form answers 422 with field errors and no session", async () => {
    const response = await postForm(t.current, "/login", { email: "no-at-sign", password: "" });
    expect(response.status).toBe(422);
    expect(setCookie(response, "ohrada_session")).toBeUndefined();
    const html = await response.text();
    expect(html).toContain("Zadejte platný e-mail");
    expect(html).toContain("Povinné pole");
    expect(html).toContain("Formulář není vyplněn správně");
    expect(html).toContain("field-invalid");
  });

  test("an empty form names both fields as required", async () => {
    const response = await postForm(t.current, "/login", {});
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html.match(/class="field-error"[^>]*>Povinné pole</g)?.length).toBe(2);
  });

  test("?lang=en sets the language cookie and the login page is English afterwards", async () => {
    const response = await t.current.request("/login?lang=en", { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    const lang = cookiePair(response, "ohrada_lang");
    expect(lang).toBe("ohrada_lang=en");
    const page = await t.current.request("/login", { headers: { Cookie: lang! } });
    const html = await page.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(">Login<");
    expect(html).toContain("Password");
    expect(html).not.toContain("Přihlásit");
    // Errors come in English too.
    const failed = await postForm(t.current, "/login", { email: "nobody@ohrada.test", password: "x" }, { Cookie: lang!, "X-Forwarded-For": "192.0.2.52" });
    expect(await failed.text()).toContain("Wrong email or password");
  });

  test("an unknown ?lang is ignored", async () => {
    const response = await t.current.request("/login?lang=de", { redirect: "manual" });
    expect(response.status).toBe(200);
    expect(setCookie(response, "ohrada_lang")).toBeUndefined();
  });
});
