import { z } from "zod";
import { optionalRefId, requiredText } from "@/lib/zod-fields";

/**
 * docs/domain.md#categories: name required; the parent comes as `{id}`, an id or null (docs/architecture.md#references).
 * The rules that need the database (no cycles, the parent exists) live in the service.
 */
export const categoryInput = z.object({
  name: requiredText(200),
  // A blank select posts "": no parent. (optionalRefId alone reads "" as a missing required id.)
  parent: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), optionalRefId()),
});
export type CategoryInput = z.infer<typeof categoryInput>;

export interface CategoryRef {
  id: number;
  name: string;
}

export interface Category {
  id: number;
  name: string;
  parent: CategoryRef | null;
}

/** One node of `GET /api/category/allWithChildren`. */
export interface CategoryNode extends Category {
  children: CategoryNode[];
}
