/** Issue 11. */
export const fenceOffer = {
  cs: {},
  en: {},
};
