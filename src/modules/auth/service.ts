import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { loginAttempts, sessions, users } from "@db/schema";
import { type Ctx, type Lang, withTransaction } from "@/lib/context";
import { preparedFor, startUpLock } from "@/lib/db";
import { cachedRead, tableNames } from "@/lib/read-cache";
import { AppError, msg } from "@/lib/errors";
import { defineJob } from "@/lib/jobs/define";
import type { SessionUser } from "@/lib/hono-env";
import { parseInput } from "@/lib/validation";
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_MINUTES, loginInput, newUserInput } from "./schemas";

export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

/** argon2id at OWASP's baseline (19 MiB, t=2) in production; tests pass a cheap cost. */
export const productionPasswordCost: PasswordCost = { memoryCost: 19456, timeCost: 2 };
export const testPasswordCost: PasswordCost = { memoryCost: 256, timeCost: 1 };

export const hashPassword = (password: string, cost: PasswordCost) =>
  Bun.password.hash(password, { algorithm: "argon2id", memoryCost: cost.memoryCost, timeCost: cost.timeCost });

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

// Verifying against a real hash even for unknown emails keeps response times from revealing accounts.
let dummyHash: Promise<string> | null = null;

const toSessionUser = (row: Pick<typeof users.$inferSelect, "id" | "email" | "firstName" | "lastName" | "isAdmin" | "language">): SessionUser => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  isAdmin: row.isAdmin,
  language: row.language === "en" ? "en" : "cs",
});

export async function login({
  ctx,
  input,
  meta,
}: {
  ctx: Ctx;
  input: unknown;
  meta: { ip: string; userAgent: string | null; ttlHours: number; cost: PasswordCost };
}): Promise<{ token: string; user: SessionUser; expiresAt: Date }> {
  const { email, password } = parseInput(loginInput, input);
  const normalized = email.toLowerCase();
  const windowStart = new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000);
  await refuseWhenLimited(ctx, { email: normalized, ip: meta.ip, windowStart });

  const [user] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${normalized}`).limit(1);
  dummyHash ??= hashPassword("not-a-real-password", meta.cost);
  const valid = await Bun.password.verify(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !valid || !user.active) {
    // Failures older than the window count for nothing; purgeOldLoginAttemptsJob deletes them.
    await ctx.db.insert(loginAttempts).values({ email: normalized, ip: meta.ip });
    throw AppError.error("BAD_CREDENTIALS");
  }

  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + meta.ttlHours * 3600_000);
  await withTransaction(ctx, async (tx) => {
    await tx.db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, expiresAt, userAgent: meta.userAgent?.slice(0, 300) ?? null });
    await tx.db.delete(loginAttempts).where(and(eq(loginAttempts.email, normalized), eq(loginAttempts.ip, meta.ip)));
  });
  return { token, user: toSessionUser(user), expiresAt };
}

/**
 * The login limits: LOGIN_MAX_FAILURES for one e-mail from one IP, LOGIN_MAX_FAILURES_PER_IP
 * for one IP across e-mails, both within the window. The refusal says when a retry can pass:
 * when the failure that completed the limit leaves the window.
 */
async function refuseWhenLimited(ctx: Ctx, input: { email: string; ip: string; windowStart: Date }): Promise<void> {
  const recent = await ctx.db
    .select({ email: loginAttempts.email, createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, input.ip), gt(loginAttempts.createdAt, input.windowStart)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(LOGIN_MAX_FAILURES_PER_IP);
  const sameEmail = recent.filter((attempt) => attempt.email === input.email);
  const freedAt = [
    recent.length >= LOGIN_MAX_FAILURES_PER_IP ? recent[LOGIN_MAX_FAILURES_PER_IP - 1]! : null,
    sameEmail.length >= LOGIN_MAX_FAILURES ? sameEmail[LOGIN_MAX_FAILURES - 1]! : null,
  ].flatMap((limiting) => (limiting ? [new Date(limiting.createdAt).getTime() + LOGIN_WINDOW_MINUTES * 60_000] : []));
  if (freedAt.length) throw AppError.tooManyAttempts((Math.max(...freedAt) - Date.now()) / 1000);
}

/**
 * The login limits for another kind of guess (the kiosk's pairing secrets): failed attempts are kept
 * under `key` in place of an e-mail, so they count per address like failed logins, and the address's
 * limit across keys covers both. `refuseGuessing` before the attempt, `recordFailedGuess` after a failure.
 */
export async function refuseGuessing({ ctx, input }: { ctx: Ctx; input: { key: string; ip: string } }): Promise<void> {
  await refuseWhenLimited(ctx, { email: input.key, ip: input.ip, windowStart: new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000) });
}

export async function recordFailedGuess({ ctx, input }: { ctx: Ctx; input: { key: string; ip: string } }): Promise<void> {
  await ctx.db.insert(loginAttempts).values({ email: input.key, ip: input.ip });
}

/** Every request asks it: only the columns a session user needs, and the SQL assembled once. */
const sessionUserQuery = preparedFor((db) =>
  db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, isAdmin: users.isAdmin, language: users.language, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder("now")}::timestamptz`),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare("find_session_user"),
);

/**
 * The user behind a token, or null when it is unknown, expired, revoked or the user is inactive.
 * Asked by every request, so kept for a few seconds (src/lib/read-cache.ts): a logout, a revoked
 * session or a changed user on this instance shows at once, on another within the cache's lifetime.
 */
export async function findSessionUser({ ctx, input }: { ctx: Ctx; input: { token: string } }): Promise<SessionUser | null> {
  if (!input.token || input.token.length > 200) return null;
  const tokenHash = hashToken(input.token);
  const row = await cachedRead(ctx.db, `session:${tokenHash}`, SESSION_TABLES, async () => {
    const [found] = await sessionUserQuery(ctx.db).execute({ tokenHash, now: new Date().toISOString() });
    return found ? { user: toSessionUser(found), expiresAt: new Date(found.expiresAt).getTime() } : null;
  });
  // A kept answer must not outlive the session itself.
  return row && row.expiresAt > Date.now() ? row.user : null;
}

const SESSION_TABLES = tableNames(sessions, users);

export async function logout({ ctx, input }: { ctx: Ctx; input: { token: string } }): Promise<void> {
  await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.tokenHash, hashToken(input.token)), isNull(sessions.revokedAt)));
}

export async function setLanguage({ ctx, input }: { ctx: Ctx; input: { userId: number; lang: Lang } }): Promise<void> {
  await ctx.db.update(users).set({ language: input.lang, updatedAt: new Date(), updatedBy: ctx.userId }).where(eq(users.id, input.userId));
}

export async function createUser({ ctx, input, cost }: { ctx: Ctx; input: unknown; cost: PasswordCost }): Promise<number> {
  const values = parseInput(newUserInput, input);
  const passwordHash = await hashPassword(values.password, cost);
  return withTransaction(ctx, async (tx) => {
    const [existing] = await tx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${values.email})`).limit(1);
    if (existing) throw AppError.invalid({ email: msg("validation.duplicate") });
    const [row] = await tx.db
      .insert(users)
      .values({
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        passwordHash,
        isAdmin: values.isAdmin,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning({ id: users.id });
    return row!.id;
  });
}

/** First start: an empty user table gets an admin. Returns the password only when it was generated. */
export async function ensureAdmin({
  ctx,
  input,
  cost,
}: {
  ctx: Ctx;
  input: { email: string; password?: string };
  cost: PasswordCost;
}): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  // Instances starting together on an empty database take turns: one creates the admin, the other finds it (docs/architecture.md#several-instances).
  return withTransaction(ctx, async (tx) => {
    await startUpLock(tx.db);
    const [existing] = await tx.db.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return { created: false, email: input.email };
    const generatedPassword = input.password ? undefined : generatePassword();
    await createUser({
      ctx: tx,
      input: { email: input.email, firstName: "Admin", lastName: "Ohrada", password: input.password ?? generatedPassword, isAdmin: true },
      cost,
    });
    return { created: true, email: input.email, generatedPassword };
  });
}

/**
 * Ends every open session of a user at once (deactivation, a password reset), except the one
 * `exceptToken` names (an admin resetting their own password stays logged in). Joins the caller's
 * transaction.
 */
export async function revokeUserSessions({ ctx, input }: { ctx: Ctx; input: { userId: number; exceptToken?: string } }): Promise<number> {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
        input.exceptToken ? ne(sessions.tokenHash, hashToken(input.exceptToken)) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/** A random password people can type: 16 base64url characters (96 bits). */
export const generatePassword = (): string => randomBytes(12).toString("base64url");

/** Stores a new password (argon2id) and ends the user's sessions (but `keepToken`'s), in one transaction. */
export async function setPassword({
  ctx,
  input,
  cost,
}: {
  ctx: Ctx;
  input: { userId: number; password: string; keepToken?: string };
  cost: PasswordCost;
}): Promise<void> {
  const passwordHash = await hashPassword(input.password, cost);
  await withTransaction(ctx, async (tx) => {
    const updated = await tx.db
      .update(users)
      .set({ passwordHash, updatedAt: new Date(), updatedBy: tx.userId })
      .where(eq(users.id, input.userId))
      .returning({ id: users.id });
    if (!updated.length) throw AppError.notFound();
    await revokeUserSessions({ ctx: tx, input: { userId: input.userId, exceptToken: input.keepToken } });
  });
}

/** Failed logins older than the limits' window count for nothing: forgotten every hour (decision 047). */
export const purgeOldLoginAttemptsJob = defineJob({
  name: "auth.purgeOldLoginAttempts",
  schedule: { everyMinutes: 60 },
  async run({ ctx, now }) {
    await ctx.db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000)));
  },
});

/** Expired and revoked sessions can never sign anyone in again: forgotten every hour (decision 047). */
export const purgeEndedSessionsJob = defineJob({
  name: "auth.purgeEndedSessions",
  schedule: { everyMinutes: 60 },
  async run({ ctx, now }) {
    await ctx.db.delete(sessions).where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)));
  },
});
