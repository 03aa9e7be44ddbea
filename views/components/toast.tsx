import { useView } from "../view-context";

/** Server-side toasts (flash after a redirect) render here; app.js adds client-side ones. */
export function ToastArea() {
  const { toasts, t } = useView();
  return (
    <div id="toasts" className="toasts" aria-live="polite" data-close-label={t("action.close")}>
      {toasts.map((toast, index) => (
        <div key={index} className={`toast toast-${toast.kind}`} role={toast.kind === "success" ? "status" : "alert"}>
          <span className="toast-text">{toast.text}</span>
          <button type="button" className="toast-close" aria-label={t("action.close")}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
