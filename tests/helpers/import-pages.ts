/** Settings → Import over HTTP (docs/domain.md#imports): an upload of one file, and the mapping the page proposes. */
import type { Session } from "./app";

export function uploadImport(session: Session, kind: string, name: string, data: Uint8Array): Promise<Response> {
  const form = new FormData();
  form.set("file", new File([Buffer.from(data)], name));
  return session.page(`/settings/import/${kind}`, { method: "POST", body: form });
}

/** The mapping form as the page proposes it, read from the page's selects. */
export function proposedForm(html: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const match of html.matchAll(/<select name="(col\.[^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    form[match[1]!] = /<option value="(\d*)" selected="">/.exec(match[2]!)?.[1] ?? "";
  }
  return form;
}
