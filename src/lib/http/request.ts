import { isRowId } from "../crud/service";
import { AppError } from "../errors";
import type { AppContext } from "../hono-env";
import { IDEMPOTENCY_HEADER } from "../idempotency";

/** A numeric path parameter (`:id` unless named); anything that is not a row id names a record that cannot exist: 404. */
export function idParam(c: AppContext, name = "id"): number {
  const id = Number(c.req.param(name));
  if (!isRowId(id)) throw AppError.notFound();
  return id;
}

/** The JSON body; unreadable JSON is a 400 BAD_REQUEST. */
export const jsonBody = async (c: AppContext): Promise<unknown> => {
  try {
    return await c.req.json();
  } catch {
    throw AppError.error("BAD_REQUEST");
  }
};

/** A JSON body that must be an object. */
export const objectBody = async (c: AppContext): Promise<Record<string, unknown>> => {
  const body = await jsonBody(c);
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw AppError.error("BAD_REQUEST");
  return body as Record<string, unknown>;
};

/**
 * A JSON object body of a write that may be retried (docs/architecture.md#idempotency): the key comes as the body's
 * `idempotencyKey` or as the Idempotency-Key header (the body's own wins).
 */
export const bodyWithIdempotencyKey = async (c: AppContext): Promise<Record<string, unknown>> => {
  const body = await objectBody(c);
  const header = c.req.header(IDEMPOTENCY_HEADER);
  return header && body.idempotencyKey === undefined ? { ...body, idempotencyKey: header } : body;
};
