import { z } from "zod";
import { booleanField, decimalField } from "@/lib/zod-fields";

/** docs/domain.md#vat: any decimal step, an active flag; rates are percentages. */
export const vatInput = z.object({
  rate: decimalField({ min: 0, max: 100, places: 2 }),
  active: booleanField(true),
});
export type VatInput = z.infer<typeof vatInput>;

export interface Vat extends VatInput {
  id: number;
  /** `21 %`, for selects. */
  name: string;
}

/** docs/domain.md#vat: orders offer these rates; they are seeded on first start. */
export const SEEDED_VAT_RATES = [12, 15, 21] as const;
