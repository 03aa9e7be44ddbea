/**
 * How a domain plugs into the app (decision 016): one declaration per domain, mounted by
 * createApp from one list, the same way for all. Nothing registers itself by being imported.
 */
import { Hono } from "hono";
import type { BarcodeDomain, BarcodeHandler, BasketLoader, UsageCheck, Wiring } from "../context";
import type { AppEnv } from "../hono-env";
import type { JobDefinition } from "../jobs/define";
import type { PieceDeclaration } from "../lifecycle";

/** A route whose body may exceed the default cap (uploads); its service checks every file again. */
export interface UploadLimit {
  method: string;
  /** The whole path, /api included. */
  pattern: RegExp;
  maxBytes: number;
}

/**
 * An admin-only prefix whose API reads (GET and HEAD under /api) every signed-in user may make: a
 * record everyone reads and only admins edit (the company identity). Its pages stay admins'.
 */
export interface AdminPrefix {
  prefix: string;
  apiReadsOpen: true;
}

/** A route that answers without a session (docs/architecture.md#public-routes). */
export interface PublicRoute {
  method: string;
  pattern: RegExp;
}

export interface ModuleDeclaration {
  name: string;
  /** JSON API routes, mounted at /api; paths inside are whole (`/vat`, `/orders/fenceOrder/:id`). */
  api?: Hono<AppEnv>;
  /** Page routes and form posts, mounted at /. */
  pages?: Hono<AppEnv>;
  /** Path prefixes (page paths; /api + prefix too) that only admins may use; an `AdminPrefix` opens its API reads to all. */
  adminOnly?: (string | AdminPrefix)[];
  publicRoutes?: PublicRoute[];
  uploadLimits?: UploadLimit[];
  barcodeHandlers?: Partial<Record<BarcodeDomain, BarcodeHandler>>;
  basketLoaders?: BasketLoader[];
  usageChecks?: UsageCheck[];
  /** Background jobs, periodic or one-off, run by the app's job runner (decision 047). */
  jobs?: JobDefinition<never>[];
  /**
   * What runs beside the requests (the job runner, MQTT feeds, pollers, worker pools), each with
   * start and stop: src/main.ts starts them in the modules' order and stops them in the reverse
   * (src/lib/lifecycle.ts, docs/architecture.md#components).
   */
  pieces?: PieceDeclaration[];
}

export const defineModule = (declaration: ModuleDeclaration): ModuleDeclaration => declaration;

export interface ModuleTables {
  wiring: Wiring;
  uploadLimits: UploadLimit[];
  publicRoutes: PublicRoute[];
  adminPrefixes: (string | AdminPrefix)[];
  /** Every module's jobs, for the runner src/main.ts starts. */
  jobs: JobDefinition<never>[];
  /** Every module's long-running pieces, in start order, for src/main.ts. */
  pieces: PieceDeclaration[];
}

/** The tables the app needs, built from the declarations; a barcode domain claimed twice is a wiring mistake. */
export function moduleTables(modules: readonly ModuleDeclaration[]): ModuleTables {
  const barcodeHandlers: Wiring["barcodeHandlers"] = {};
  for (const module of modules) {
    for (const [domain, handler] of Object.entries(module.barcodeHandlers ?? {}) as [BarcodeDomain, BarcodeHandler][]) {
      if (barcodeHandlers[domain]) throw new Error(`barcode domain "${domain}" is handled twice (module ${module.name})`);
      barcodeHandlers[domain] = handler;
    }
  }
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`module "${module.name}" is declared twice`);
    names.add(module.name);
  }
  const jobNames = new Set<string>();
  for (const job of modules.flatMap((module) => module.jobs ?? [])) {
    if (jobNames.has(job.name)) throw new Error(`job "${job.name}" is declared twice`);
    jobNames.add(job.name);
  }
  const pieceNames = new Set<string>();
  for (const piece of modules.flatMap((module) => module.pieces ?? [])) {
    if (pieceNames.has(piece.name)) throw new Error(`piece "${piece.name}" is declared twice`);
    pieceNames.add(piece.name);
  }
  return {
    wiring: Object.freeze({
      barcodeHandlers,
      basketLoaders: modules.flatMap((module) => module.basketLoaders ?? []),
      usageChecks: modules.flatMap((module) => module.usageChecks ?? []),
    }),
    uploadLimits: modules.flatMap((module) => module.uploadLimits ?? []),
    publicRoutes: modules.flatMap((module) => module.publicRoutes ?? []),
    adminPrefixes: modules.flatMap((module) => module.adminOnly ?? []),
    jobs: modules.flatMap((module) => module.jobs ?? []),
    pieces: modules.flatMap((module) => module.pieces ?? []),
  };
}

/** One router of sub-routers, each at its path, in the order given (the first match answers). */
export function routes(...mounts: [path: string, router: Hono<AppEnv>][]): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  for (const [path, sub] of mounts) router.route(path, sub);
  return router;
}
