/**
 * Demo staff: 8 workshop workers with kiosk cards K-0001 … K-0008 (the kiosk reads them as
 * UK-0001 …) and 3 office staff, one of them an admin (jana.dvorakova@ploty-ohrada.cz).
 *
 * DEMO ONLY — every demo account has the password `ohrada-demo`. Never in the reference seed.
 *
 * Idempotent: a user whose email (or card) already exists is skipped, so a second run changes
 * nothing, and the first-start admin is left alone.
 */
import { users } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { hashPassword, type PasswordCost, productionPasswordCost } from "@/modules/auth/service";

export const DEMO_PASSWORD = "ohrada-demo";

interface DemoUser {
  firstName: string;
  lastName: string;
  email: string;
  kioskCardCode?: string;
  isAdmin?: boolean;
}

const WORKERS: [firstName: string, lastName: string, login: string][] = [
  ["Josef", "Novák", "josef.novak"],
  ["Petr", "Svoboda", "petr.svoboda"],
  ["Miroslav", "Dvořák", "miroslav.dvorak"],
  ["Tomáš", "Černý", "tomas.cerny"],
  ["Lukáš", "Procházka", "lukas.prochazka"],
  ["Radek", "Kučera", "radek.kucera"],
  ["Zdeněk", "Veselý", "zdenek.vesely"],
  ["Martin", "Horák", "martin.horak"],
];

export const DEMO_USERS: DemoUser[] = [
  ...WORKERS.map(([firstName, lastName, login], index) => ({
    firstName,
    lastName,
    email: `${login}@ploty-ohrada.cz`,
    kioskCardCode: `K-${String(index + 1).padStart(4, "0")}`,
  })),
  { firstName: "Jana", lastName: "Dvořáková", email: "jana.dvorakova@ploty-ohrada.cz", isAdmin: true },
  { firstName: "Kateřina", lastName: "Marková", email: "katerina.markova@ploty-ohrada.cz" },
  { firstName: "Pavel", lastName: "Němec", email: "pavel.nemec@ploty-ohrada.cz" },
];

/** `cost`: the app's argon2id cost (tests pass a cheap one); one hash serves every demo account. */
export async function seedDemoUsers(ctx: Ctx, cost: PasswordCost = productionPasswordCost): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, cost);
  await withTransaction(ctx, async (tx) => {
    await tx.db
      .insert(users)
      .values(
        DEMO_USERS.map((user) => ({
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          kioskCardCode: user.kioskCardCode ?? null,
          isAdmin: user.isAdmin ?? false,
          passwordHash,
        })),
      )
      .onConflictDoNothing();
  });
}
