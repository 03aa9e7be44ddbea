import type { ComponentProps, ComponentType } from "react";
import { useView } from "@views/view-context";
import type { IslandName } from "./registry";

/**
 * Server wrapper: renders the component to HTML and marks it for hydration. Props travel as JSON,
 * so they must be plain data. Registering the name makes the page ship the islands runtime.
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
  return (
    <div data-island={props.name} data-props={JSON.stringify(props.props)} className={props.className}>
      <Component {...props.props} />
    </div>
  );
}
