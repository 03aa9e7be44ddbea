/** Small helpers shared by the HTTP integration tests (not a test file itself). */
import { expect, setDefaultTimeout } from "bun:test";
import { type Ctx, systemCtx } from "@/lib/context";
import { json, ORIGIN, type Session, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/db";

// An upper bound, never a timing assertion: a plain `bun test` (no --timeout) gives tests and
// hooks 5 s, which a busy 2-core machine can overrun on the route walk or the rate-limit logins.
setDefaultTimeout(60_000);

export { ORIGIN };

/** The `name=value` pair of a Set-Cookie header, or undefined. */
export function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** Just `name=value` of a cookie the response sets, ready for a Cookie header. */
export function cookiePair(response: Response, name: string): string | undefined {
  return setCookie(response, name)?.split(";")[0];
}

export async function postJson(t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return t.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** A form post without any session, the way a browser on the login page sends it. */
export async function postForm(t: TestApp, path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return t.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}

/** Counts non-overlapping occurrences of `needle` in `text`. */
export const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/** Rows of the generic list envelope. */
export interface ListBody<T> {
  status: string;
  data: T[];
  meta: { page: number; size: number; total: number; pages: number; sort?: string };
}

/** The page's HTML without React's `<!-- -->` text separators, so `17,5 %` reads as typed. */
export async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** The JSON body of an answer that must be 200 (a get or a list). */
export async function okJson<T = any>(response: Response): Promise<T> {
  expect(response.status).toBe(200);
  return json<T>(response);
}

/** The new id of a create's answer: 201 `success` with a number. */
export async function createdId(response: Response): Promise<number> {
  expect(response.status).toBe(201);
  const answer = await json(response);
  expect(answer.status).toBe("success");
  expect(typeof answer.data).toBe("number");
  return answer.data as number;
}

/**
 * A 422 `fail` naming exactly these fields, each also in data as "Pole „field“: message"
 * ("Field “field”: message" in English) and nothing else there; answers the body.
 */
export async function expectFieldErrors(response: Response, fields: Record<string, string>, lang: "cs" | "en" = "cs") {
  const answer = await json(response);
  expect(response.status, JSON.stringify(answer)).toBe(422);
  expect(answer.status).toBe("fail");
  expect(answer.fields).toEqual(fields);
  const line = (field: string, message: string) => (lang === "cs" ? `Pole „${field}“: ${message}` : `Field “${field}”: ${message}`);
  expect([...answer.data].sort()).toEqual(Object.entries(fields).map(([field, message]) => line(field, message)).sort());
  return answer;
}

/**
 * One entity's generic API (docs/architecture.md#crud-calls) as one lazily signed-in user, for the entity's own
 * tests (`session` shares another's user): create (→ id), get, put, remove, list, total, and `refused`. What every entity answers
 * alike is the CRUD contract's (crud-contract.test.ts); these serve the entity's own rules.
 */
export function entityApi<T = any>(t: { readonly current: TestApp }, path: string, options: { admin?: boolean; session?: () => Promise<Session> } = {}) {
  let signedIn: Promise<Session> | undefined;
  const session = options.session ?? (() => (signedIn ??= t.current.login({ admin: options.admin })));
  const list = async (query = ""): Promise<ListBody<T>> => okJson(await (await session()).api(`${path}${query}`));
  const total = async () => (await list("?size=1")).meta.total;
  return {
    path,
    session,
    list,
    total,
    create: async (body: unknown): Promise<number> => createdId(await (await session()).api(path, { method: "POST", json: body })),
    get: async (id: number): Promise<T> => (await okJson(await (await session()).api(`${path}/${id}`))).data,
    put: async (id: number, body: unknown): Promise<Response> => (await session()).api(`${path}/${id}`, { method: "PUT", json: body }),
    remove: async (id: number): Promise<Response> => (await session()).api(`${path}/${id}`, { method: "DELETE" }),
    /**
     * A create (or with `id`, an update) refused with 422 naming exactly `fields`, each also as a
     * readable line (expectFieldErrors), and the count of rows unchanged; answers the body.
     * `as`: another session (an English user, whose messages are English).
     */
    async refused(body: unknown, fields: Record<string, string>, options: { id?: number; as?: Session; lang?: "cs" | "en" } = {}) {
      const before = await total();
      const url = options.id === undefined ? path : `${path}/${options.id}`;
      const response = await (options.as ?? (await session())).api(url, { method: options.id === undefined ? "POST" : "PUT", json: body });
      const answer = await expectFieldErrors(response, fields, options.lang ?? (options.as ? "en" : "cs"));
      expect(await total()).toBe(before);
      return answer;
    },
  };
}

/** A page's HTML after checking its status and that it shows each of `texts`. */
export async function pageShowing(response: Response, status: number, ...texts: string[]): Promise<string> {
  expect(response.status).toBe(status);
  const page = await html(response);
  for (const text of texts) expect(page).toContain(text);
  return page;
}

/** The page a redirect leads to, opened with the flash cookie it set (where the toast shows). */
export async function afterRedirect(session: Session, response: Response, path = response.headers.get("Location")!): Promise<string> {
  return html(await session.page(path, { headers: { Cookie: cookiePair(response, "ohrada_flash")! } }));
}

/** The edit form shows the id read-only (a disabled input holding it). */
export function expectReadOnlyId(page: string, id: number) {
  expect(page).toMatch(new RegExp(`<input[^>]*id="field-id"[^>]*disabled=""[^>]*value="${id}"|<input[^>]*value="${id}"[^>]*disabled=""`));
}

/** Runs `work` on a database of its own (migrated and reference-seeded, nothing else: a seed's first run), then drops it. */
export async function withFreshDatabase<T>(work: (ctx: Ctx) => Promise<T>): Promise<T> {
  const database = await createTestDatabase();
  try {
    return await work(systemCtx(database.db));
  } finally {
    await database.destroy();
  }
}
