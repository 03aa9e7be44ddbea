/**
 * A tab's file upload form: the refusals of the last attempt above it, a multiple file input
 * with its hint, and a submit button. A plain multipart form that htmx posts too, swapping the
 * whole tab (`targetId`) with the answer.
 */
import type { CSSProperties } from "react";

/** The grid of uploaded files under the form: cards with a thumbnail, a caption and actions. */
export const fileGridStyles: Record<"gridStyle" | "cardStyle" | "thumbStyle" | "captionStyle" | "actionsStyle", CSSProperties> = {
  gridStyle: { listStyle: "none", padding: 0, margin: "1rem 0 0", display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))", gap: "1rem" },
  cardStyle: { border: "1px solid #d0d5dd", borderRadius: 6, padding: "0.5rem", display: "flex", flexDirection: "column", gap: "0.4rem" },
  thumbStyle: { width: "100%", height: 140, objectFit: "contain", background: "#f5f5f5", display: "block" },
  captionStyle: { fontSize: "0.85em", overflowWrap: "anywhere" },
  actionsStyle: { display: "flex", flexWrap: "wrap", gap: "0.3rem", alignItems: "center" },
};

export interface UploadFormProps {
  action: string;
  /** The tab element the htmx answer replaces. */
  targetId: string;
  inputId: string;
  label: string;
  hint: string;
  submitText: string;
  /** Accepted MIME types, comma-separated. */
  accept: string;
  errors: string[];
  className?: string;
  /** Several files at once (the default), or one (a logo). */
  multiple?: boolean;
}

export function UploadForm({ action, targetId, inputId, label, hint, submitText, accept, errors, className, multiple = true }: UploadFormProps) {
  return (
    <>
      {errors.length ? (
        <div className="alert alert-warning" role="alert">
          <ul>
            {errors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        hx-post={action}
        hx-encoding="multipart/form-data"
        hx-target={`#${targetId}`}
        hx-swap="outerHTML"
        hx-disabled-elt="find button"
        className={className}
      >
        <div className={`field${errors.length ? " field-invalid" : ""}`}>
          <label htmlFor={inputId}>{label}</label>
          <input id={inputId} type="file" name="files" multiple={multiple} required accept={accept} aria-describedby={`${inputId}-hint`} />
          <small id={`${inputId}-hint`} className="field-hint">
            {hint}
          </small>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            {submitText}
          </button>
        </div>
      </form>
    </>
  );
}
