import { z } from "zod";
import { refId, requiredText } from "@/lib/zod-fields";
import type { NamedEntity } from "@/lib/crud/named-entity";

/** docs/domain.md#work-types: a work type has a name and a workplace, both required. */
export const workTypeInput = z.object({
  name: requiredText(200),
  workplace: refId(),
});
export type WorkTypeInput = z.infer<typeof workTypeInput>;

export interface WorkType {
  id: number;
  name: string;
  workplace: NamedEntity;
}

/** docs/domain.md#barcodes: the Code 128 value a work type's label carries, read by the kiosk. */
export const workTypeCode = (id: number): string => `WT${id}`;
