import { Hono } from "hono";
import type { z } from "zod";
import { success } from "../envelope";
import type { AppEnv } from "../hono-env";
import { listInputFromQuery } from "./list-query";
import { idParam, jsonBody } from "../http/request";
import type { CrudService } from "./service";

/** The generic CRUD calls of DESIGN.md §4 on one path: list (paged), get, create (→ id), update (→ entity), delete. */
export function crudApi<TEntity>(service: CrudService<z.ZodType, TEntity>): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const filterKeys = Object.entries(service.listFields)
    .filter(([, field]) => field.filter || field.where)
    .map(([key]) => key);

  router.get("/", async (c) => {
    const { rows, meta } = await service.list({ ctx: c.get("ctx"), input: listInputFromQuery(c.req.query(), filterKeys) });
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
  return router;
}
