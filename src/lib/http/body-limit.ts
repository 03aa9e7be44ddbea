import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../errors";
import type { AppEnv } from "../hono-env";
import type { UploadLimit } from "./module";

/** Default request body cap. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const uploadLimitFor = (limits: readonly UploadLimit[], method: string, path: string): UploadLimit | undefined =>
  limits.find((entry) => entry.method === method && entry.pattern.test(path));

/** Each route's cap: its declared upload limit, or MAX_BODY_BYTES. */
export function bodyLimits(limits: readonly UploadLimit[]): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const upload = uploadLimitFor(limits, c.req.method, c.req.path);
    return bodyLimit({
      maxSize: upload?.maxBytes ?? MAX_BODY_BYTES,
      onError: () => {
        throw AppError.error("PAYLOAD_TOO_LARGE");
      },
    })(c, next);
  };
}
