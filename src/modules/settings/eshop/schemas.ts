import { z } from "zod";
import { httpUrlField, requiredText } from "@/lib/zod-fields";

/** docs/domain.md#eshops: name and url required; the url must be a real http(s) address. */
export const eshopInput = z.object({
  name: requiredText(200),
  url: httpUrlField(),
});
export type EshopInput = z.infer<typeof eshopInput>;

export type Eshop = { id: number } & EshopInput;
