import type { ComponentProps, ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { RawHtml } from "@views/components/raw-html";
import { useView } from "@views/view-context";
import { boundedCache } from "@/lib/held-cache";
import type { IslandName } from "./registry";

/**
 * Markup of the islands that keep theirs (`keep`), by name and props: at most this many characters
 * of props and markup together (the items editor of an order with 30 items: about 90,000).
 */
export const KEPT_ISLAND_CHARS = 8_000_000;
const keptMarkup = boundedCache<{ json: string; html: string }>(KEPT_ISLAND_CHARS, (kept) => kept.json.length + kept.html.length);

/**
 * Server wrapper: renders the component to HTML and marks it for hydration. Props travel as JSON,
 * so they must be plain data. Registering the name makes the page ship the islands runtime.
 *
 * The component is rendered as a root of its own, as the browser hydrates it (islands/client.tsx),
 * and put in as a string (RawHtml). An island whose markup is a function of its props alone (it
 * reads no clock and no random number while rendering) may `keep` it: the same props, the same
 * markup, rendered once (docs/decisions/087-reading-and-rendering-less.md). The items editor of an
 * order people open again and again is one.
 *
 * The JSON goes in a `<script type="application/json">` right after the mount, put in as a string
 * after React renders (RawHtml), not in an attribute: React escaped an attribute character by
 * character, and the items editor's 170 KB of props became 260 KB and a good part of the page's
 * CPU (docs/decisions/083-throughput.md). `<` is written `\u003c`, so no `</script>` can end it early.
 */
export function Island<C extends ComponentType<any>>(props: {
  name: IslandName;
  component: C;
  props: ComponentProps<C>;
  className?: string;
  /** The markup depends on the props alone: kept by them (see above). */
  keep?: boolean;
}) {
  const view = useView();
  view.islands.add(props.name);
  const Component = props.component;
  const json = JSON.stringify(props.props).replace(/</g, "\\u003c");
  const render = () => renderToString(<Component {...props.props} />);
  return (
    <>
      <RawHtml data-island={props.name} className={props.className} html={props.keep ? markupKept(props.name, json, render) : render()} />
      <RawHtml as="script" type="application/json" data-island-props="" html={json} />
    </>
  );
}

/** The kept markup of these props, rendered now when none is kept; the props compared whole, not by their hash alone. */
function markupKept(name: IslandName, json: string, render: () => string): string {
  const key = `${name}:${json.length}:${Bun.hash(json).toString(36)}`;
  const kept = keptMarkup.get(key);
  if (kept?.json === json) return kept.html;
  const html = render();
  keptMarkup.set(key, { json, html });
  return html;
}
