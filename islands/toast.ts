/** Islands show feedback through the page's shared toast area (public/app.js). */
export type ToastKind = "success" | "fail" | "error" | "warning";

declare global {
  interface Window {
    ohrada?: { toast(kind: ToastKind, text: string): void };
  }
}

export function showToast(kind: ToastKind, text: string): void {
  if (typeof window !== "undefined") window.ohrada?.toast(kind, text);
}
