import { useEffect, useId, useRef } from "react";
import SpacerCalculator, { type SpacerChoice, type SpacerInitialValues } from "./spacer-calculator";
import type { SpacerCalculatorTexts } from "./spacer-texts";

export type { SpacerChoice, SpacerInitialValues, SpacerCalculatorTexts };

export interface SpacerCalculatorDialogProps {
  /** Shown while true (a modal <dialog>); the calculator starts again from `initial` each time it opens. */
  open: boolean;
  /** `spacerCalculatorTexts(t)` from views/manufacture/spacer-calculator.tsx, passed down as island props. */
  texts: SpacerCalculatorTexts;
  /** The item's values, e.g. `spacerCalculatorInputFor(item, computed, parameters, "main")`. */
  initial?: SpacerInitialValues;
  /** The chosen option's spacer (mm, 2 decimals) and slat count; the dialog closes after it. */
  onApply: (choice: SpacerChoice) => void;
  /** Called whenever the dialog closes: Escape, the close button, or after onApply. Set `open` false here. */
  onClose: () => void;
  /** A heading other than the calculator's own, e.g. naming the item and its part. */
  title?: string;
}

/**
 * The spacer calculator as a modal dialog, for the items editor island (docs/domain.md#items-tab): the same
 * calculator as /manufacture/spacerCalculator, with an Apply button that hands the chosen
 * option back to the item.
 *
 * ```tsx
 * const [spacerFor, setSpacerFor] = useState<{ index: number; part: "main" | "alt" } | null>(null);
 * <button type="button" onClick={() => setSpacerFor({ index, part: "main" })}>…</button>
 * <SpacerCalculatorDialog
 *   open={spacerFor !== null}
 *   texts={props.spacerTexts}
 *   initial={spacerFor ? spacerCalculatorInputFor(items[spacerFor.index], computed[spacerFor.index], parameters, spacerFor.part) : undefined}
 *   onApply={({ spacerHeight, slatCount }) =>
 *     updateItem(spacerFor!.index, spacerFor!.part === "main"
 *       ? { spacerHeight, actualSlatCount: slatCount }
 *       : { spacerHeightAlt: spacerHeight, actualSlatCountAlt: slatCount })}
 *   onClose={() => setSpacerFor(null)}
 * />
 * ```
 *
 * Keyboard: the first field takes focus when it opens, Enter inside never submits anything,
 * Escape closes it, and focus goes back to the element that opened it.
 */
export function SpacerCalculatorDialog({ open, texts, initial, onApply, onClose, title }: SpacerCalculatorDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const closed = () => {
    const back = opener.current;
    opener.current = null;
    onClose();
    if (back?.isConnected) back.focus();
  };

  return (
    <dialog ref={dialog} className="dialog spacer-dialog" aria-labelledby={titleId} onClose={closed}>
      <div className="spacer-dialog-head">
        <h2 id={titleId}>{title ?? texts.title}</h2>
      </div>
      {open ? (
        <SpacerCalculator
          texts={texts}
          initial={initial}
          onApply={(choice) => {
            onApply(choice);
            dialog.current?.close();
          }}
        />
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          {texts.close}
        </button>
      </div>
    </dialog>
  );
}

export default SpacerCalculatorDialog;
