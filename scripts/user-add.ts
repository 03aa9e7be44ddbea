/**
 * Creates a staff user from the shell (docs/domain.md#users):
 *   npm run user:add -- --email jana@firma.cz --first Jana --last Nováková [--password …] [--admin]
 * Without --password a random one is generated and printed once.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { systemCtx } from "@/lib/context";
import { lockDataDir } from "@/lib/data-dir-lock";
import { migrate, openDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { tFor, translateMessage } from "@/lib/i18n";
import { EnvError, parseEnv } from "@/env";
import { createUser, productionPasswordCost } from "@/modules/auth/service";

const usage = "usage: npm run user:add -- --email EMAIL --first FIRST --last LAST [--password PASSWORD] [--admin]";

let args;
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      first: { type: "string" },
      last: { type: "string" },
      password: { type: "string" },
      admin: { type: "boolean", default: false },
    },
  }).values;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(1);
}

try {
  const env = parseEnv(process.env);
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  const database = await openDatabase(env);
  try {
    await migrate(database);
    const password = args.password ?? randomBytes(12).toString("base64url");
    const id = await createUser({
      ctx: systemCtx(database.db),
      input: { email: args.email, firstName: args.first, lastName: args.last, password, isAdmin: args.admin },
      cost: productionPasswordCost,
    });
    console.log(`user ${id} created: ${args.email}${args.admin ? " (admin)" : ""}${args.password ? "" : ` / ${password}`}`);
  } finally {
    await database.close();
    unlock();
  }
} catch (error) {
  if (error instanceof AppError) {
    const t = tFor("en");
    const lines = Object.entries(error.fields).map(([field, message]) => `  --${field}: ${translateMessage(t, message)}`);
    console.error(`user not created:\n${lines.join("\n") || error.code}\n${usage}`);
  } else {
    console.error(error instanceof EnvError ? error.message : String(error));
  }
  process.exit(1);
}
