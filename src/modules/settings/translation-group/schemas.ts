import { z } from "zod";
import { requiredText } from "@/lib/zod-fields";

/** Spec 02 §3, §5: a translation group is an id and a required name. */
export const translationGroupInput = z.object({ name: requiredText(200) });
export type TranslationGroup = { id: number } & z.infer<typeof translationGroupInput>;
