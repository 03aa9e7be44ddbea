/** What the items editor (fence-items-editor.tsx) gives its panels to change the form with. */
import type { ItemProductChoice } from "@/modules/orders/fence-item/schemas";
import type { Draft } from "./fence-items-model";

export interface EditorActions {
  /** An edit of the form (counted as unsaved); `clear` names the field whose message it clears. */
  change: (update: (draft: Draft) => Draft, clear?: string) => void;
  /** A product as the engine computes with it: the tab's, else fetched once. */
  loadProduct: (id: number) => Promise<ItemProductChoice | null>;
  /** A saved row is deleted at once (after the `question`); a new one just leaves the form (`done`). */
  remove: (id: number | null, path: string, question: string, done: () => void) => Promise<void>;
}
