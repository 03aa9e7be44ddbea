/** The company logo's bytes as an image answer, shared by the API (and through it the settings page's preview). */
import { AppError } from "@/lib/errors";
import type { AppContext } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { COMPANY_LOGO_MIME_TYPES } from "./schemas";
import { getCompanyLogo } from "./service";

/**
 * An SVG opened on its own is a document: it gets a CSP that lets it run and fetch nothing (its own
 * inline styles and embedded data pictures and fonts only) and sandboxes it, on top of the checks
 * it passed on upload (logo.ts). `<img>` never runs an SVG's script either way.
 */
export const SVG_LOGO_CSP = "default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'; sandbox";

/** The stored logo inline (no cache: it changes under the same address); 404 when there is none. */
export async function logoResponse(c: AppContext): Promise<Response> {
  const logo = await getCompanyLogo({ ctx: c.get("ctx") });
  if (!logo) throw AppError.notFound();
  const svg = logo.mimeType === COMPANY_LOGO_MIME_TYPES.svg;
  if (svg) c.header("Content-Security-Policy", SVG_LOGO_CSP);
  return sendFile(c, { bytes: logo.bytes, contentType: logo.mimeType, fileName: svg ? "logo.svg" : "logo.png", disposition: "inline" });
}
