import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../errors";
import type { AppEnv } from "../hono-env";
import type { UploadLimit } from "./module";

/** Default request body cap. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const uploadLimitFor = (limits: readonly UploadLimit[], method: string, path: string): UploadLimit | undefined =>
  limits.find((entry) => entry.method === method && entry.pattern.test(path));

const tooLarge = () => AppError.error("PAYLOAD_TOO_LARGE");

/**
 * Each route's cap: its declared upload limit, or MAX_BODY_BYTES. A body whose Content-Length
 * says it is over the cap is refused from the header, before a byte of it is awaited (a
 * client declaring 129 MiB and sending 5 bytes must not hold the request open); one without a
 * Content-Length is counted as it streams and refused at the cap.
 */
export function bodyLimits(limits: readonly UploadLimit[]): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const maxSize = uploadLimitFor(limits, c.req.method, c.req.path)?.maxBytes ?? MAX_BODY_BYTES;
    const declared = c.req.header("Content-Length");
    // A malformed Content-Length never gets here from Bun's server (it answers 400 itself).
    if (declared !== undefined && Number(declared) > maxSize) throw tooLarge();
    return bodyLimit({
      maxSize,
      onError: () => {
        throw tooLarge();
      },
    })(c, next);
  };
}
