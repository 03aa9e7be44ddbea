import type { ComponentType } from "react";

/**
 * Every island by name. The browser loads each lazily (one chunk per island); the server renders
 * the same component through <Island>. Keep entries browser-safe: no database, no server imports.
 */
export const islandLoaders = {
  "barcode-box": () => import("./shell/barcode-box"),
  "category-tree-picker": () => import("./catalogue/category-tree-picker"),
  "spacer-calculator": () => import("./manufacture/spacer-calculator"),
  "fence-items": () => import("./orders/fence-items-editor"),
  "basket-table": () => import("./baskets/basket-table"),
  "basket-sources": () => import("./baskets/basket-sources"),
  "basket-id-field": () => import("./baskets/basket-id-field"),
  "planning-board": () => import("./orders/planning-board"),
} satisfies Record<string, () => Promise<{ default: ComponentType<never> }>>;

export type IslandName = keyof typeof islandLoaders;
