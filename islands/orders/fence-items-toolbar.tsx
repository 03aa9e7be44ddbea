/** The items tab's save bar: the save button (Ctrl+S does the same), whether edits are unsaved, and the way to the manufacture list. */
import type { FenceDrawingT } from "./fence-drawing";

export function ItemsToolbar({ orderId, saving, dirty, onSave, t }: { orderId: number; saving: boolean; dirty: boolean; onSave: () => void; t: FenceDrawingT }) {
  return (
    <div className="fi-toolbar">
      <button type="button" id={`fi-save-${orderId}`} className="button button-primary" onClick={onSave} aria-disabled={saving} aria-keyshortcuts="Control+S" title={t("fenceItem.editor.shortcut")}>
        {saving ? t("fenceItem.editor.saving") : t("fenceItem.editor.save")}
      </button>
      <span className="fi-status" role="status">
        {dirty ? t("fenceItem.editor.unsaved") : ""}
      </span>
      <span className="fi-spring" />
      <a href={`/orders/fenceOrder/manufacture/${orderId}`}>{t("fenceItem.editor.manufacture")}</a>
    </div>
  );
}
