import { useView } from "../view-context";

/** One dialog per page; app.js opens it for forms with data-confirm and for hx-confirm. */
export function ConfirmDialog() {
  const { t } = useView();
  return (
    <dialog id="confirm-dialog" className="dialog" aria-labelledby="confirm-dialog-title">
      <form method="dialog">
        <h2 id="confirm-dialog-title">{t("confirm.title")}</h2>
        <p className="dialog-message" />
        <div className="dialog-actions">
          <button type="submit" value="cancel" className="button">
            {t("action.cancel")}
          </button>
          <button type="submit" value="confirm" className="button button-danger" autoFocus>
            {t("action.confirm")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
