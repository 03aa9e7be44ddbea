/** Issue 11. */
export const companyIdentity = {
  cs: {},
  en: {},
};
