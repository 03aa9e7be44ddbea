/**
 * A stand-in for the items editor, for tests/e2e/spacer-calculator.test.ts: one item whose spacer
 * and slat count the SpacerCalculatorDialog writes back, opened by a button, exactly as the
 * editor island will use it. Built with Bun.build by the test and served on its own page.
 */
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { SpacerCalculatorDialog, type SpacerCalculatorTexts } from "@islands/manufacture/spacer-calculator-dialog";
import { spacerCalculatorInputFor } from "@/modules/orders/fence-item/spacer-calculator";

interface HarnessData {
  texts: SpacerCalculatorTexts;
  openLabel: string;
}

/** FENCE-1's filling of docs/fence-geometry.md: real filling height 1665, slats of 100, spacer 20. */
const item = { productType: "FENCE", spacerHeight: 20 } as const;

function Harness({ texts, openLabel }: HarnessData) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<{ spacerHeight: number | null; actualSlatCount: number | null }>({ spacerHeight: item.spacerHeight, actualSlatCount: null });
  const [closes, setCloses] = useState(0);
  useEffect(() => {
    document.getElementById("root")!.dataset.hydrated = "true";
  }, []);
  return (
    <main>
      <input id="before" aria-label={openLabel} />
      <button id="open-spacer" type="button" onClick={() => setOpen(true)}>
        {openLabel}
      </button>
      <output id="item-spacer">{saved.spacerHeight ?? ""}</output>
      <output id="item-slats">{saved.actualSlatCount ?? ""}</output>
      <output id="closes">{closes}</output>
      <SpacerCalculatorDialog
        open={open}
        texts={texts}
        initial={spacerCalculatorInputFor({ ...item, spacerHeight: saved.spacerHeight ?? undefined }, { realFillingHeight: 1665 }, { pieceHeight: 100 }, "main")}
        onApply={({ spacerHeight, slatCount }) => setSaved({ spacerHeight, actualSlatCount: slatCount })}
        onClose={() => {
          setOpen(false);
          setCloses((count) => count + 1);
        }}
      />
    </main>
  );
}

const data = JSON.parse(document.getElementById("harness-data")!.textContent!) as HarnessData;
createRoot(document.getElementById("root")!).render(<Harness {...data} />);
