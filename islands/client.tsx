import { type ComponentType, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { type IslandName, islandLoaders } from "./registry";

/** Marks the element once React has hydrated it: browser tests wait for this, never for a timeout. */
function Hydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    element.dataset.hydrated = "true";
  }, [element]);
  return children;
}

async function hydrate(element: HTMLElement) {
  const name = element.dataset.island as IslandName;
  const load = islandLoaders[name];
  if (!load) {
    console.error(`Unknown island ${name}`);
    return;
  }
  const module = (await load()) as unknown as { default: ComponentType<Record<string, unknown>> };
  // The props' JSON follows the mount (islands/Island.tsx).
  const script = element.nextElementSibling;
  const json = script instanceof HTMLScriptElement && script.hasAttribute("data-island-props") ? script.textContent : null;
  const props = JSON.parse(json || "{}") as Record<string, unknown>;
  const Component = module.default;
  hydrateRoot(
    element,
    <Hydrated element={element}>
      <Component {...props} />
    </Hydrated>,
  );
}

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  void hydrate(element);
}
