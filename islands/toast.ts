/** Islands show feedback through the page's shared toast area and confirm dialog (public/app.js). */
export type ToastKind = "success" | "fail" | "error" | "warning";

declare global {
  interface Window {
    ohrada?: { toast(kind: ToastKind, text: string): void; confirm?(message: string, proceed: () => void): void };
  }
}

export function showToast(kind: ToastKind, text: string): void {
  if (typeof window !== "undefined") window.ohrada?.toast(kind, text);
}

/** Asks `message` in the page's confirm dialog (views/components/confirm-dialog.tsx); true when confirmed. */
export function confirmThen(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ask = window.ohrada?.confirm;
    if (!ask) return resolve(window.confirm(message));
    let answered = false;
    const dialog = document.getElementById("confirm-dialog");
    // The page's dialog calls back only on confirm; a cancel (or Escape) resolves false when it closes.
    dialog?.addEventListener("close", () => setTimeout(() => !answered && resolve(false)), { once: true });
    ask(message, () => {
      answered = true;
      resolve(true);
    });
  });
}
