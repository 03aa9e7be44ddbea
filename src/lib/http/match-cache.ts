/**
 * The app's router with the answers it gave kept by method and path (docs/decisions/087-reading-and-rendering-less.md).
 *
 * Hono falls back to its trie router for our routes (the regular-expression router refuses
 * `:id{[0-9]+}` beside static segments), which walks the trie and sorts every middleware and route
 * that matches on every request: a tenth of a small JSON answer's CPU. The routes are all added
 * before the first request and never change after, so a path matches the same handlers with the
 * same parameters every time. Hono only reads a match (the handlers to compose, the parameters
 * `c.req.param` decodes), so one match serves every request for its path.
 */
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import type { Result, Router } from "hono/router";

/** Distinct method and path pairs kept; ids make paths many, a list or an order opened again is the common case. */
export const KEPT_MATCHES = 5_000;

export class MatchCache<T> implements Router<T> {
  name = "MatchCache";
  readonly #router: Router<T>;
  readonly #matches = new Map<string, Result<T>>();

  /** Hono's own choice by default: the regular-expression router where it can, else the trie. */
  constructor(router: Router<T> = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })) {
    this.#router = router;
  }

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const kept = this.#matches.get(key);
    if (kept) return kept;
    const match = this.#router.match(method, path);
    // The oldest first: a Map keeps the order of insertion.
    if (this.#matches.size >= KEPT_MATCHES) this.#matches.delete(this.#matches.keys().next().value!);
    this.#matches.set(key, match);
    return match;
  }
}
