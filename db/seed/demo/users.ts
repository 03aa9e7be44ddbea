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
import { type PasswordCost, productionPasswordCost } from "@/modules/auth/service";
import { createUser } from "../factories";

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

/**
 * `cost`: the app's argon2id cost (tests pass a cheap one). Each account is made by the users
 * factory (the service's rules: unique e-mail and card, the card's format); one that exists already,
 * by e-mail or card, is left alone and costs no hashing.
 */
export async function seedDemoUsers(ctx: Ctx, cost: PasswordCost = productionPasswordCost): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const existing = await tx.db.select({ email: users.email, card: users.kioskCardCode }).from(users);
    const emails = new Set(existing.map((row) => row.email.toLowerCase()));
    const cards = new Set(existing.map((row) => row.card).filter((card) => card !== null));
    for (const user of DEMO_USERS) {
      if (emails.has(user.email.toLowerCase()) || (user.kioskCardCode && cards.has(user.kioskCardCode))) continue;
      await createUser(tx, { ...user, password: DEMO_PASSWORD }, cost);
    }
  });
}
