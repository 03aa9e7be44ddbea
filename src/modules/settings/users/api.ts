import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import { success } from "@/lib/envelope";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam, jsonBody } from "@/lib/http/request";
import { readSessionToken } from "@/lib/http/session-cookie";
import { createUserAccount, resetUserPassword, userService } from "./service";

/**
 * `/api/settings/users` (admins only; admin-routes.ts guards it): the generic calls, except that
 * - `POST` takes `password` (8+ characters) or `generatePassword: true`; `data` is the new id and a
 *   generated password comes back once as `meta.generatedPassword`;
 * - `POST /:id/password` sets a new password the same way (`data.password` when generated) and
 *   ends the user's sessions (an admin's own: all but the one making the call).
 */
export const usersApi = new Hono<AppEnv>();

usersApi.post("/", async (c) => {
  const { id, generatedPassword } = await createUserAccount({ ctx: c.get("ctx"), input: await jsonBody(c), cost: c.get("deps").passwordCost });
  return c.json(success(id, generatedPassword ? { generatedPassword } : undefined), 201);
});

usersApi.post("/:id{[0-9]+}/password", async (c) => {
  const { generatedPassword } = await resetUserPassword({
    ctx: c.get("ctx"),
    input: { id: idParam(c), values: await jsonBody(c), keepToken: readSessionToken(c)?.token },
    cost: c.get("deps").passwordCost,
  });
  return c.json(success(generatedPassword ? { password: generatedPassword } : null));
});

usersApi.route("/", crudApi(userService));
