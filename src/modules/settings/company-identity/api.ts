/**
 * The company identity over the API (docs/domain.md#company-identity), mounted at /api/settings/company: GET and PUT
 * the record, GET, PUT (multipart, field `files`) and DELETE its logo. Reads are every signed-in
 * user's, writes admins' (the module's admin prefix opens the API's reads).
 */
import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { jsonBody } from "@/lib/http/request";
import { readFileParts } from "@/lib/http/uploads";
import { logoResponse } from "./logo-response";
import { COMPANY_LOGO_RULES } from "./schemas";
import { deleteCompanyLogo, getCompanyIdentity, saveCompanyIdentity, setCompanyLogo } from "./service";

export const companyIdentityApi = new Hono<AppEnv>();

companyIdentityApi.get("/", async (c) => c.json(success(await getCompanyIdentity({ ctx: c.get("ctx") }))));

companyIdentityApi.put("/", async (c) => c.json(success(await saveCompanyIdentity({ ctx: c.get("ctx"), input: await jsonBody(c) }))));

companyIdentityApi.get("/logo", (c) => logoResponse(c));

companyIdentityApi.put("/logo", async (c) => {
  const files = await readFileParts(c, COMPANY_LOGO_RULES);
  return c.json(success(await setCompanyLogo({ ctx: c.get("ctx"), input: { files } })));
});

companyIdentityApi.delete("/logo", async (c) => c.json(success(await deleteCompanyLogo({ ctx: c.get("ctx") }))));
