export const FENCE_ORDER_STATUSES = ["PRICE_OFFER", "MEASURED", "ORDER_CONFIRMATION", "MATERIAL_ORDER", "PLANNED", "CLOSED", "CANCELED"] as const;
export type FenceOrderStatus = (typeof FENCE_ORDER_STATUSES)[number];
