import { Island } from "@islands/Island";
import FenceItemsEditor, { type FenceItemsEditorProps } from "@islands/orders/fence-items-editor";
import { FENCE_ITEMS_TEXT_KEYS } from "@islands/orders/fence-items-texts";
import type { T } from "@/lib/i18n";
import { spacerCalculatorTexts } from "../manufacture/spacer-calculator";
import { useView } from "../view-context";

/** The editor's texts in the request's language: exactly FENCE_ITEMS_TEXT_KEYS, `{{name}}` placeholders left for the browser. */
export const fenceItemsTexts = (t: T): Record<string, string> => Object.fromEntries(FENCE_ITEMS_TEXT_KEYS.map((key) => [key, t(key) as string]));

/** The editor's texts per language (a language's `t` is one function for the process), made on the first page that needs them. */
const textsByLanguage = new WeakMap<T, Pick<FenceItemsEditorProps, "texts" | "spacerTexts">>();
const editorTexts = (t: T) => {
  let texts = textsByLanguage.get(t);
  if (!texts) textsByLanguage.set(t, (texts = { texts: fenceItemsTexts(t), spacerTexts: spacerCalculatorTexts(t) }));
  return texts;
};

/** Tab 1 of the order editor (docs/domain.md#items-tab): the items editor island, rendered with the tab's data for the first paint. */
export function FenceItemsTab(props: Omit<FenceItemsEditorProps, "texts" | "spacerTexts" | "lang">) {
  const { t, lang } = useView();
  // Its markup is a function of the props (the order's version among them): kept by them, so an order opened again renders no editor.
  return <Island name="fence-items" component={FenceItemsEditor} props={{ ...props, ...editorTexts(t), lang }} className="fence-items-island" keep />;
}
