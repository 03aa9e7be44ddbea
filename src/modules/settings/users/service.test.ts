import { describe, expect, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { sessions, users } from "@db/schema";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { findSessionUser, login, testPasswordCost } from "@/modules/auth/service";
import type { AdminCtx, IssuedSecret } from "./issued-secrets";
import { createUserAccount, resetUserPassword, userService } from "./service";

const t = useTestDatabase();
let counter = 0;

const person = (extra: Record<string, unknown> = {}) => ({
  firstName: "Marie",
  lastName: "Procházková",
  email: `marie${++counter}@ohrada.test`,
  password: "heslo-marie",
  ...extra,
});

const newAccount = async (extra: Record<string, unknown> = {}) => (await createUserAccount({ ctx: t.ctx, input: person(extra), cost: testPasswordCost })).id;

const sessionOf = async (email: string, password: string) =>
  (await login({ ctx: t.ctx, input: { email, password }, meta: { ip: `10.1.1.${++counter % 250}`, userAgent: null, ttlHours: 1, cost: testPasswordCost } })).token;

describe("last active admin", () => {
  test("a system caller (no user) cannot demote, deactivate or delete the only active admin", async () => {
    await t.db.update(users).set({ isAdmin: false });
    const id = await newAccount({ isAdmin: true });
    const current = await userService.get({ ctx: t.ctx, input: { id } });
    for (const change of [{ isAdmin: false }, { active: false }]) {
      const error = await failureOf(userService.update({ ctx: t.ctx, input: { id, values: { ...current, ...change } } }));
      expect(Object.values(error.fields).map((m) => m.key)).toEqual(["users.lastAdmin"]);
    }
    expect((await failureOf(userService.remove({ ctx: t.ctx, input: { id } }))).fields.id?.key).toBe("users.lastAdmin");
    // An inactive admin does not count: a second admin, once inactive, still leaves one.
    const second = await newAccount({ isAdmin: true, active: false });
    expect((await failureOf(userService.update({ ctx: t.ctx, input: { id, values: { ...current, isAdmin: false } } }))).fields.isAdmin?.key).toBe("users.lastAdmin");
    // With a second active admin, the first may go.
    const other = await userService.get({ ctx: t.ctx, input: { id: second } });
    await userService.update({ ctx: t.ctx, input: { id: second, values: { ...other, active: true } } });
    expect((await userService.update({ ctx: t.ctx, input: { id, values: { ...current, isAdmin: false } } })).isAdmin).toBe(false);
    // Now `second` is the last one.
    expect((await failureOf(userService.update({ ctx: t.ctx, input: { id: second, values: { ...other, active: false } } }))).fields.active?.key).toBe("users.lastAdmin");
  });

  test("editing a non-admin never trips the rule", async () => {
    const id = await newAccount();
    const current = await userService.get({ ctx: t.ctx, input: { id } });
    expect((await userService.update({ ctx: t.ctx, input: { id, values: { ...current, active: false } } })).active).toBe(false);
  });
});

describe("sessions", () => {
  test("deactivation revokes every open session in the update's transaction", async () => {
    const email = `odchazi${++counter}@ohrada.test`;
    const id = await newAccount({ email });
    const tokens = [await sessionOf(email, "heslo-marie"), await sessionOf(email, "heslo-marie")];
    const current = await userService.get({ ctx: t.ctx, input: { id } });
    await userService.update({ ctx: t.ctx, input: { id, values: { ...current, active: false } } });
    expect(await t.db.select().from(sessions).where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))).toEqual([]);
    await userService.update({ ctx: t.ctx, input: { id, values: { ...current, active: true } } });
    for (const token of tokens) expect(await findSessionUser({ ctx: t.ctx, input: { token } })).toBeNull();
  });

  test("a refused deactivation revokes nothing", async () => {
    const email = `zustava${++counter}@ohrada.test`;
    const id = await newAccount({ email, kioskCardCode: `Z-${counter}00` });
    const token = await sessionOf(email, "heslo-marie");
    const other = await newAccount({ kioskCardCode: `Z-${counter}01` });
    const current = await userService.get({ ctx: t.ctx, input: { id } });
    const clash = await userService.get({ ctx: t.ctx, input: { id: other } });
    await failureOf(userService.update({ ctx: t.ctx, input: { id, values: { ...current, active: false, kioskCardCode: clash.kioskCardCode } } }));
    expect(await findSessionUser({ ctx: t.ctx, input: { token } })).not.toBeNull();
  });

  test("a password reset keeps only the caller's own session, and only for their own account", async () => {
    const email = `reset${++counter}@ohrada.test`;
    const id = await newAccount({ email });
    const [kept, ended] = [await sessionOf(email, "heslo-marie"), await sessionOf(email, "heslo-marie")];
    await resetUserPassword({ ctx: { ...t.ctx, userId: id }, input: { id, values: { password: "nove-heslo-1" }, keepToken: kept }, cost: testPasswordCost });
    expect(await findSessionUser({ ctx: t.ctx, input: { token: kept } })).not.toBeNull();
    expect(await findSessionUser({ ctx: t.ctx, input: { token: ended } })).toBeNull();
    // Someone else's token named as "keep" does not save a session of this user.
    await resetUserPassword({ ctx: t.ctx, input: { id, values: { password: "nove-heslo-2" }, keepToken: kept }, cost: testPasswordCost });
    expect(await findSessionUser({ ctx: t.ctx, input: { token: kept } })).toBeNull();
  });
});

describe("create through the generic service", () => {
  test("takes the route's password cost and hands a generated password back through the ctx", async () => {
    const issued: IssuedSecret[] = [];
    const adminCtx: AdminCtx = { ...t.ctx, passwordCost: testPasswordCost, issued };
    const email = `vygenerovany${++counter}@ohrada.test`;
    const id = await userService.create({ ctx: adminCtx, input: { ...person({ email, password: "" }), generatePassword: true } });
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ kind: "password", id, label: `Marie Procházková (${email})` });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.passwordHash).toContain("m=256,t=1");
    expect(await sessionOf(email, issued[0]!.value)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  test("without the route's cost it hashes at the production cost, never weaker", async () => {
    const id = await userService.create({ ctx: t.ctx, input: person() });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.passwordHash).toContain("m=19456,t=2");
  });
});
