/**
 * Every factory of db/seed/factories (decision 016: the seed and the tests share them), plus what
 * only tests want: accounts hashed at the cheap test cost.
 */
import type { Ctx } from "@/lib/context";
import { testPasswordCost } from "@/modules/auth/service";
import { createUser as createAccount, createUserWithCard as createAccountWithCard, type UserValues } from "@db/seed/factories/users";

export * from "@db/seed/factories";

/** An account hashed at the test cost; answers its id and password. */
export const createUser = (ctx: Ctx, values: UserValues = {}) => createAccount(ctx, values, testPasswordCost);

/** A worker with a kiosk card, hashed at the test cost; answers its id, password and card code. */
export const createUserWithCard = (ctx: Ctx, values: UserValues & { kioskCardCode?: string } = {}) => createAccountWithCard(ctx, values, testPasswordCost);
