import { createContext, useContext, type ReactNode } from "react";
import type { BasketSummary, Lang } from "@/lib/context";
import type { SessionUser } from "@/lib/hono-env";
import type { T } from "@/lib/i18n";

export interface Toast {
  kind: "success" | "fail" | "error" | "warning";
  text: string;
}

export type { BasketSummary };

/** Per-request facts every view may read; collected `islands` decide which scripts ship. */
export interface ViewState {
  t: T;
  lang: Lang;
  user: SessionUser | null;
  path: string;
  toasts: Toast[];
  islands: Set<string>;
  baskets: BasketSummary[];
  /** Markup built as strings (views/components/raw-html.tsx), put in place after React renders. */
  rawHtml?: Map<string, string>;
}

const ViewContext = createContext<ViewState | null>(null);

export function ViewProvider({ value, children }: { value: ViewState; children: ReactNode }) {
  return <ViewContext.Provider value={value}>{children}</ViewContext.Provider>;
}

export function useView(): ViewState {
  const value = useContext(ViewContext);
  if (!value) throw new Error("useView outside ViewProvider");
  return value;
}

export const useT = (): T => useView().t;
