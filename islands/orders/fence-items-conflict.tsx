/**
 * Someone else saved the tab meanwhile (409 CONFLICT, docs/decisions/034-items-tab-version.md): the
 * server's words (who and when), the edits kept in the form, and the two ways on: reload what is
 * stored (dropping the edits) or save these over it.
 */
import type { FenceDrawingT } from "./fence-drawing";

export function ItemsConflict({ message, onReload, onOverwrite, t }: { message: string; onReload: () => void; onOverwrite: () => void; t: FenceDrawingT }) {
  return (
    <div className="alert alert-warning fi-conflict" role="alert" data-conflict>
      <strong>{message}</strong>
      <p>{t("fenceItem.editor.conflictKeep")}</p>
      <button type="button" className="button" onClick={onReload}>
        {t("fenceItem.editor.reloadDiscard")}
      </button>{" "}
      <button type="button" className="button" onClick={onOverwrite}>
        {t("fenceItem.editor.overwrite")}
      </button>
    </div>
  );
}
