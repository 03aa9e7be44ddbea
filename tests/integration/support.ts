/** Small helpers shared by the HTTP integration tests (not a test file itself). */
import { expect, setDefaultTimeout } from "bun:test";
import { json, ORIGIN, type TestApp } from "../helpers/app";

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
