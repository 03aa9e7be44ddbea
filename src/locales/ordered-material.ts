/** Issue 11. */
export const orderedMaterial = {
  cs: {},
  en: {},
};
