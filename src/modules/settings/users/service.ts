/**
 * Staff accounts (docs/domain.md#users): list, create with an initial or generated password,
 * edit, reset a password, delete. Rules:
 * - email (case-insensitive) and kiosk card code are unique, with messages that say so;
 * - the last active admin keeps the admin flag, stays active and is not deleted;
 * - an admin does not deactivate, demote or delete themselves;
 * - deactivating a user or resetting their password ends their sessions in the same transaction;
 * - a user still referenced (work logs, baskets) is not deleted: deactivate instead.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { users } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { createCrudService, type CrudService, matchesText, pgErrorCode, translateDbError, type UniqueValue } from "@/lib/crud/service";
import { AppError, type Message, msg } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { generatePassword, hashPassword, type PasswordCost, revokeUserSessions, setPassword } from "@/modules/auth/service";
import { issueSecret, passwordCostOf } from "./issued-secrets";
import { newUserInput, passwordResetInput, type User, userInput, type UserInput } from "./schemas";

type UserRow = typeof users.$inferSelect;

const toUser = (row: UserRow): User => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  name: `${row.firstName} ${row.lastName}`,
  email: row.email,
  kioskCardCode: row.kioskCardCode,
  isAdmin: row.isAdmin,
  active: row.active,
});

/** How a one-time password names its account to the admin. */
export const accountLabel = (user: User) => `${user.name} (${user.email})`;

/** Unique email and card, each refused with a message that names what clashes. */
async function checkUnique(ctx: Ctx, input: Pick<UserInput, "email" | "kioskCardCode">, id: number | null): Promise<void> {
  const others = (condition: ReturnType<typeof eq>) => (id === null ? condition : and(condition, ne(users.id, id)));
  const fields: Record<string, Message> = {};
  const [sameEmail] = await ctx.db
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(others(sql`lower(${users.email}) = lower(${input.email})`))
    .limit(1);
  if (sameEmail) fields.email = msg("users.emailTaken", { name: sameEmail.name });
  if (input.kioskCardCode) {
    const [sameCard] = await ctx.db
      .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
      .from(users)
      .where(others(sql`upper(${users.kioskCardCode}) = ${input.kioskCardCode}`))
      .limit(1);
    if (sameCard) fields.kioskCardCode = msg("users.cardTaken", { name: sameCard.name });
  }
  if (Object.keys(fields).length) throw AppError.invalid(fields);
}

/** The indexes behind `checkUnique`: two requests at once get a field error too (the holder's name is then not known). */
const UNIQUE: UniqueValue<UserInput>[] = [
  { field: "email", index: "users_email_unique" },
  { field: "kioskCardCode", index: "users_kiosk_card_code_unique" },
];

/**
 * Refuses a change that would leave no active admin. The active admins' rows are locked first, so
 * two admins demoting each other at the same moment cannot both pass.
 */
async function keepAnActiveAdmin(ctx: Ctx, id: number, change: { stillAdmin: boolean; stillActive: boolean }, field: string): Promise<void> {
  const admins = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.active, true)))
    .orderBy(asc(users.id))
    .for("update");
  const isActiveAdmin = admins.some((admin) => admin.id === id);
  if (!isActiveAdmin || (change.stillAdmin && change.stillActive)) return;
  if (admins.length <= 1) throw AppError.invalid({ [field]: msg("users.lastAdmin") });
}

async function validateUser({ ctx, input, id }: { ctx: Ctx; input: UserInput; id: number | null }): Promise<void> {
  await checkUnique(ctx, input, id);
  if (id === null) return;
  const field = !input.active ? "active" : "isAdmin";
  await keepAnActiveAdmin(ctx, id, { stillAdmin: input.isAdmin, stillActive: input.active }, field);
  if (id === ctx.userId) {
    if (!input.active) throw AppError.invalid({ active: msg("users.selfDeactivate") });
    const [self] = await ctx.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, id));
    if (self?.isAdmin && !input.isAdmin) throw AppError.invalid({ isAdmin: msg("users.selfDemote") });
  }
}

const crud = createCrudService({
  table: users,
  input: userInput,
  toEntity: toUser,
  toValues: (input) => ({
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    kioskCardCode: input.kioskCardCode ?? null,
    isAdmin: input.isAdmin,
    active: input.active,
  }),
  listFields: {
    id: { column: users.id, filter: "number", sortable: true },
    name: {
      column: users.lastName,
      sortable: true,
      // "First Last" holds whatever either name holds.
      where: (value) => matchesText(sql`${users.firstName} || ' ' || ${users.lastName}`, value),
    },
    email: { column: users.email, filter: "text", sortable: true },
    kioskCardCode: { column: users.kioskCardCode, filter: "text", sortable: true },
    isAdmin: { column: users.isAdmin, filter: "boolean", sortable: true },
    active: { column: users.active, filter: "boolean", sortable: true },
  },
  defaultSort: ["name", "asc"],
  validate: validateUser,
  unique: UNIQUE,
  beforeDelete: async ({ ctx, id }) => {
    await keepAnActiveAdmin(ctx, id, { stillAdmin: false, stillActive: false }, "id");
    if (id === ctx.userId) throw AppError.fail(msg("users.selfDelete"));
  },
  // A deactivated user's sessions end with the same commit (the session lookup also refuses
  // inactive users, so nothing slips through; revoking keeps a later reactivation from reviving them).
  afterSave: async ({ ctx, id, input }) => {
    if (!input.active) await revokeUserSessions({ ctx, input: { userId: id } });
  },
});

/** Creates an account with a typed or a generated password; the generated one comes back once. */
export async function createUserAccount({ ctx, input, cost }: { ctx: Ctx; input: unknown; cost: PasswordCost }): Promise<{ id: number; generatedPassword?: string }> {
  const values = parseInput(newUserInput, input);
  const generatedPassword = values.generatePassword ? generatePassword() : undefined;
  const passwordHash = await hashPassword(generatedPassword ?? values.password!, cost);
  const id = await withTransaction(ctx, async (tx) => {
    await validateUser({ ctx: tx, input: values, id: null });
    const [row] = await tx.db
      .insert(users)
      .values({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        kioskCardCode: values.kioskCardCode ?? null,
        isAdmin: values.isAdmin,
        active: values.active,
        passwordHash,
        createdBy: tx.userId,
        updatedBy: tx.userId,
      })
      .returning({ id: users.id })
      .catch((error) => translateDbError(error, UNIQUE, values));
    return row!.id;
  });
  return { id, generatedPassword };
}

/** An admin sets a new password (typed or generated); every session of the user ends (an admin's own: all but the current). */
export async function resetUserPassword({
  ctx,
  input,
  cost,
}: {
  ctx: Ctx;
  /** `keepToken`: the caller's own session, kept when an admin resets their own password. */
  input: { id: number; values: unknown; keepToken?: string };
  cost: PasswordCost;
}): Promise<{ generatedPassword?: string }> {
  const values = parseInput(passwordResetInput, input.values);
  const generatedPassword = values.generatePassword ? generatePassword() : undefined;
  const keepToken = input.id === ctx.userId ? input.keepToken : undefined;
  await setPassword({ ctx, input: { userId: input.id, password: generatedPassword ?? values.password!, keepToken }, cost });
  return { generatedPassword };
}

/**
 * The generic verbs over `users`. `create` takes its password cost from the admin routes' ctx and
 * hands a generated password back through it (the shared pages only learn the new id); `remove`
 * explains a refused delete in this module's words.
 */
export const userService: CrudService<typeof userInput, User> = {
  ...crud,
  async create({ ctx, input }) {
    const { id, generatedPassword } = await createUserAccount({ ctx, input, cost: passwordCostOf(ctx) });
    if (generatedPassword) {
      issueSecret(ctx, { kind: "password", id, label: accountLabel(await crud.get({ ctx, input: { id } })), value: generatedPassword });
    }
    return id;
  },
  async remove({ ctx, input }) {
    try {
      await crud.remove({ ctx, input });
    } catch (error) {
      // 23001: work logs and baskets refer to users ON DELETE RESTRICT, which PostgreSQL reports
      // as restrict_violation rather than the foreign_key_violation the shared service maps.
      const code = pgErrorCode(error);
      const inUse = error instanceof AppError ? error.messages.some((message) => message.key === "validation.inUse") : code === "23001" || code === "23503";
      if (inUse) throw AppError.fail(msg("users.inUse"));
      throw error;
    }
  },
};
