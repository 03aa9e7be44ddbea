import { describe, expect, test } from "bun:test";
import { useId } from "react";
import { renderToString } from "react-dom/server";
import { RAW_HTML_MARKERS } from "@views/components/raw-html";
import { ViewProvider, type ViewState } from "@views/view-context";
import { tFor } from "@/lib/i18n";
import { Island } from "./Island";

let renders = 0;
/** A label with a character JSON must escape in a script. */
const LABEL = "Šířka <mm>";
const ABOVE = "před";

/** Counts its renders; its id comes from useId, as the items editor's pickers' do. */
function Counted({ label }: { label: string }) {
  renders += 1;
  const id = useId();
  return (
    <label htmlFor={id}>
      {label} <input id={id} />
    </label>
  );
}

/** A page with the island, its markers filled in as src/web/render.tsx fills them. */
function page(props: { label: string }, keep: boolean): string {
  const state: ViewState = { t: tFor("cs"), lang: "cs", user: null, path: "/", toasts: [], islands: new Set(), baskets: [] };
  const html = renderToString(
    <ViewProvider value={state}>
      <main>
        <p>{ABOVE}</p>
        {/* A name of the registry; the component is the test's own. */}
        <Island name="fence-items" component={Counted} props={props} keep={keep} />
      </main>
    </ViewProvider>,
  );
  return html.replace(RAW_HTML_MARKERS, (marker) => state.rawHtml?.get(marker) ?? marker);
}

describe("Island", () => {
  test("renders the component as a root of its own, as the browser hydrates it, and its props after it", () => {
    const html = page({ label: LABEL }, false);
    expect(html).toContain(`<div data-island="fence-items">${renderToString(<Counted label={LABEL} />)}</div>`);
    expect(html).toContain('<script type="application/json" data-island-props="">{"label":"Šířka \\u003cmm>"}</script>');
  });

  test("an island that keeps its markup renders once per distinct props; one that does not, on every page", () => {
    const label = "Výška pole";
    renders = 0;
    const first = page({ label }, true);
    const again = page({ label }, true);
    expect(renders).toBe(1);
    expect(again).toBe(first);
    expect(page({ label: `${label} 2` }, true)).toContain(`${label} 2`);
    expect(renders).toBe(2);
    page({ label }, false);
    page({ label }, false);
    expect(renders).toBe(4);
  });
});
