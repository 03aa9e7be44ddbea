/**
 * The spacer calculator for one fence item's slats (the main part, or a two-wing item's other part):
 * it starts from the item's numbers and its choice goes back into the item's spacer height and slat
 * count. It comes when first opened: most visits never open it, so the tab loads without it.
 */
import { lazy, Suspense } from "react";
import { type FenceItemComputation, type FenceParameters, spacerCalculatorInputFor } from "@/modules/orders/fence-item/engine";
import type { SpacerCalculatorTexts } from "../manufacture/spacer-texts";
import type { FenceDrawingT } from "./fence-drawing";
import { formatNumber } from "./fence-items-fields";
import { engineFields, type ItemDraft } from "./fence-items-model";

const SpacerCalculatorDialog = lazy(() => import("../manufacture/spacer-calculator-dialog"));

export interface ItemSpacerProps {
  item: ItemDraft;
  index: number;
  computed: FenceItemComputation;
  parameters: FenceParameters;
  part: "main" | "alt";
  texts: SpacerCalculatorTexts;
  t: FenceDrawingT;
  /** Changes the item (an edit of the form). */
  onItem: (update: (item: ItemDraft) => ItemDraft) => void;
  onClose: () => void;
}

export function ItemSpacer({ item, index, computed, parameters, part, texts, t, onItem, onClose }: ItemSpacerProps) {
  return (
    <Suspense fallback={null}>
      <SpacerCalculatorDialog
        open
        texts={texts}
        title={t("fenceItem.editor.spacerTitle", { item: t("fenceItem.editor.item", { position: index + 1 }) })}
        initial={spacerCalculatorInputFor(engineFields(item), computed, parameters, part)}
        onApply={({ spacerHeight, slatCount }) => {
          const alt = part === "alt";
          onItem((current) => ({
            ...current,
            v: { ...current.v, [alt ? "spacerHeightAlt" : "spacerHeight"]: formatNumber(spacerHeight), [alt ? "actualSlatCountAlt" : "actualSlatCount"]: String(slatCount) },
          }));
        }}
        onClose={onClose}
      />
    </Suspense>
  );
}
