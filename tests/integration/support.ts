/** Small helpers shared by the HTTP integration tests (not a test file itself). */
import { setDefaultTimeout } from "bun:test";
import { ORIGIN, type TestApp } from "../helpers/app";

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
