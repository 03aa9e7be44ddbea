import { z } from "zod";
import { requiredText } from "@/lib/zod-fields";

/** Spec 02 §3: a workplace is an id and a name. */
export const workplaceInput = z.object({
  name: requiredText(200),
});
export type WorkplaceInput = z.infer<typeof workplaceInput>;

export interface Workplace {
  id: number;
  name: string;
}

/** How an answer references a workplace (DESIGN.md §4). */
export type WorkplaceRef = Workplace;
