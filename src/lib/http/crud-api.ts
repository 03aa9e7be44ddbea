import { Hono } from "hono";
import type { z } from "zod";
import { success } from "../envelope";
import type { AppEnv } from "../hono-env";
import { filterKeysOf, listInputFromQuery } from "../crud/list-query";
import { idParam, jsonBody } from "./request";
import type { CrudService } from "../crud/service";

const SERVED_BY = Symbol("crud service");
type ServedHandler = { [SERVED_BY]?: CrudService<z.ZodType, unknown> };

/**
 * The service a generic CRUD route's handler answers with: code that walks `app.routes` (the
 * bad-input test) reads the route's body schema and list filters from it, so a new entity is
 * covered the moment it is mounted.
 */
export const crudServiceOf = (handler: unknown): CrudService<z.ZodType, unknown> | undefined => (handler as ServedHandler)[SERVED_BY];

/**
 * The generic CRUD calls of docs/architecture.md#crud-calls on one path: list (paged), get, create (→ id), update (→ entity), delete.
 * `maxPageSize` raises the list's page limit (MAX_PAGE_SIZE) where the spec asks more (category lists).
 */
export function crudApi<TEntity>(service: CrudService<z.ZodType, TEntity>, options: { maxPageSize?: number } = {}): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const filterKeys = filterKeysOf(service.listFields);

  router.get("/", async (c) => {
    const { rows, meta } = await service.list({ ctx: c.get("ctx"), input: listInputFromQuery(c.req.query(), filterKeys, options.maxPageSize) });
    return c.json(success(rows, { ...meta }));
  });
  router.get("/:id{[0-9]+}", async (c) => c.json(success(await service.get({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
  router.post("/", async (c) => c.json(success(await service.create({ ctx: c.get("ctx"), input: await jsonBody(c) })), 201));
  router.put("/:id{[0-9]+}", async (c) =>
    c.json(success(await service.update({ ctx: c.get("ctx"), input: { id: idParam(c), values: await jsonBody(c) } }))),
  );
  router.delete("/:id{[0-9]+}", async (c) => {
    await service.remove({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json(success(null));
  });
  for (const route of router.routes) (route.handler as ServedHandler)[SERVED_BY] = service as CrudService<z.ZodType, unknown>;
  return router;
}
