/**
 * Upload routes and their own body caps (each upload's service checks every file again).
 * Modules register theirs where they define the route; everything else is held to MAX_BODY_BYTES.
 */
export interface UploadLimit {
  method: string;
  pattern: RegExp;
  maxBytes: number;
}

const limits: UploadLimit[] = [];

export function registerUploadLimit(limit: UploadLimit): void {
  limits.push(limit);
}

export function uploadLimitFor(method: string, path: string): UploadLimit | undefined {
  return limits.find((entry) => entry.method === method && entry.pattern.test(path));
}

/** Default request body cap. */
export const MAX_BODY_BYTES = 1024 * 1024;
