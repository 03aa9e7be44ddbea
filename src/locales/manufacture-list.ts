/** Issue 11. */
export const manufactureList = {
  cs: {},
  en: {},
};
