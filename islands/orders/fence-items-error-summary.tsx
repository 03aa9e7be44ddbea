/**
 * What a refused save must fix, above the panels: a line per field message, saying which item, line
 * and field, each a link that takes the focus to its field; then the server's messages about no
 * field. The editor focuses it when it appears, so keyboard and screen reader users land on it.
 */
import type { Ref } from "react";
import type { FenceDrawingT } from "./fence-drawing";
import { placeOf } from "./fence-items-model";

export interface ItemsErrorSummaryProps {
  ref: Ref<HTMLDivElement>;
  orderId: number;
  /** Messages of the last save attempt, by bracket path. */
  errors: Record<string, string>;
  /** The server's messages about no field. */
  notices: string[];
  /** The texts the server sent (a field's label is looked up by its name). */
  texts: Record<string, string>;
  t: FenceDrawingT;
  onField: (path: string) => void;
}

export function ItemsErrorSummary({ ref, orderId, errors, notices, texts, t, onField }: ItemsErrorSummaryProps) {
  const errorText = (path: string, message: string): string => {
    const place = placeOf(path);
    const fieldLabel = (field: string) => (field === "parameters" ? t("fenceItem.editor.sectionCreation") : (texts[`fenceItem.field.${field}`] ?? texts[`fenceItem.editor.${field}`] ?? field));
    if (!place) return t("field.field", { field: texts[`fenceItem.editor.${path}`] ?? path, message });
    if (place.list !== "items") return t("fenceItem.editor.errorLine", { list: t(`fenceItem.editor.${place.list}`), line: place.index + 1, field: fieldLabel(place.field), message });
    if (place.sub !== null) return t("fenceItem.editor.errorSubProduct", { position: place.index + 1, line: place.sub + 1, field: fieldLabel(place.field), message });
    return t("fenceItem.editor.errorItem", { position: place.index + 1, field: fieldLabel(place.field), message });
  };
  const errorLines = Object.entries(errors).map(([path, message]) => ({ path, text: errorText(path, message) }));
  if (!errorLines.length && !notices.length) return null;
  return (
    <div ref={ref} className="alert alert-error fi-errors" role="alert" tabIndex={-1} aria-labelledby={`fi-errors-${orderId}`}>
      <strong id={`fi-errors-${orderId}`}>{t("fenceItem.editor.errors")}</strong>
      <ul>
        {errorLines.map((line) => (
          <li key={line.path}>
            <a
              href={`#${line.path}`}
              data-field-link={line.path}
              onClick={(event) => {
                event.preventDefault();
                onField(line.path);
              }}
            >
              {line.text}
            </a>
          </li>
        ))}
        {notices.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
