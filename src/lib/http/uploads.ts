/**
 * Uploads as a route reads them: the body cap a module declares for its upload route, and the files
 * of a multipart field, checked by the rules in src/lib/uploads.ts.
 */
import type { Context } from "hono";
import { AppError, msg } from "../errors";
import { checkFiles, type CheckedFile, type IncomingFile, type UploadRules, uploadRefusal } from "../uploads";
import type { UploadLimit } from "./module";

/** Multipart framing and small form fields around the files. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The request body cap for a route that takes up to `maxFiles` files of `maxBytes`. */
export const uploadBodyLimit = (rules: Pick<UploadRules, "maxBytes" | "maxFiles">): number =>
  rules.maxBytes * rules.maxFiles + MULTIPART_OVERHEAD;

/** A module's upload route and the body cap its rules allow (the whole path, /api included). */
export const uploadLimit = (method: string, pattern: RegExp, rules: Pick<UploadRules, "maxBytes" | "maxFiles">): UploadLimit => ({
  method,
  pattern,
  maxBytes: uploadBodyLimit(rules),
});

/**
 * The files of a multipart form field, checked. A browser sends an empty part (no name, no
 * bytes) when nothing was chosen; that counts as no file.
 */
export async function readUploadedFiles(c: Context, rules: UploadRules): Promise<CheckedFile[]> {
  return checkFiles(await readFileParts(c, rules), rules);
}

/**
 * The files of a multipart form field as sent, for a service with its own checks of their content
 * (the company logo's SVG): not multipart, or more than `maxFiles` files, is refused here already.
 */
export async function readFileParts(c: Context, rules: Pick<UploadRules, "field" | "maxFiles">): Promise<IncomingFile[]> {
  const type = c.req.header("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw uploadRefusal(rules, [msg("upload.noFile")]);
  let body: Record<string, unknown>;
  try {
    body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  } catch {
    throw AppError.error("BAD_REQUEST");
  }
  const posted = body[rules.field];
  const parts = (Array.isArray(posted) ? posted : posted === undefined ? [] : [posted]).filter(
    (part): part is File => part instanceof Blob && !(part.size === 0 && !(part as File).name),
  );
  if (parts.length > rules.maxFiles) throw uploadRefusal(rules, [msg("upload.tooMany", { count: rules.maxFiles })]);
  return Promise.all(
    parts.map(async (part) => ({
      fileName: part.name ?? "",
      data: new Uint8Array(await part.arrayBuffer()),
    })),
  );
}
