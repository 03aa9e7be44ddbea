import { z } from "zod";
import { booleanField, decimalField, requiredText } from "@/lib/zod-fields";

/** docs/domain.md#shipping: name and price required; priceByDistance optional. Prices in CZK. */
export const shippingInput = z.object({
  name: requiredText(200),
  price: decimalField({ min: 0, max: 999_999_999, places: 2 }),
  priceByDistance: booleanField(false),
});
export type ShippingInput = z.infer<typeof shippingInput>;

export type Shipping = { id: number } & ShippingInput;
