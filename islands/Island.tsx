import type { ComponentProps, ComponentType } from "react";
import { RawHtml } from "@views/components/raw-html";
import { useView } from "@views/view-context";
import type { IslandName } from "./registry";

/**
 * Server wrapper: renders the component to HTML and marks it for hydration. Props travel as JSON,
 * so they must be plain data. Registering the name makes the page ship the islands runtime.
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
}) {
  const view = useView();
  view.islands.add(props.name);
  const Component = props.component;
  const json = JSON.stringify(props.props).replace(/</g, "\\u003c");
  return (
    <>
      <div data-island={props.name} className={props.className}>
        <Component {...props.props} />
      </div>
      <RawHtml as="script" type="application/json" data-island-props="" html={json} />
    </>
  );
}
