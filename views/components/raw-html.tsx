import type { HTMLAttributes } from "react";
import { useView } from "../view-context";

/**
 * An element whose content is markup already built as a string (escaped by its builder), such
 * as a 2,000-node category tree. React's stream writes a big inner-HTML string slowly (a
 * megabyte took ~8 ms), so the element carries a marker and renderPage puts the markup in
 * after rendering, in one string operation.
 */
/** Every marker RawHtml leaves in a page, for the one pass that puts the markup in (src/web/render.tsx). */
export const RAW_HTML_MARKERS = /<!--raw-html:\d+-->/g;

export function RawHtml({ html, as: Tag = "div", ...attributes }: { html: string; as?: "div" | "ul" | "nav" | "section" | "tbody" | "script" } & HTMLAttributes<HTMLElement> & { type?: string; "data-island"?: string; "data-island-props"?: string }) {
  const view = useView();
  view.rawHtml ??= new Map();
  const marker = `<!--raw-html:${view.rawHtml.size}-->`;
  view.rawHtml.set(marker, html);
  return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: marker }} />;
}

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** Text or an attribute value for markup built as a string (RawHtml). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => entities[char]!);
