/**
 * Product constants without zod, for the islands that need only them (the items editor: its
 * JavaScript budget, docs/decisions/020-items-editor.md); schemas.ts re-exports them.
 */

/**
 * docs/domain.md#reference-products: the virtual product "nový vlastní" (new custom), appended to other products in the
 * order items editor. A value, never a row (docs/decisions/008).
 */
export const VIRTUAL_CUSTOM_PRODUCT_ID = -1;
