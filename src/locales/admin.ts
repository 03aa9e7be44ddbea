export const admin = {
  cs: {},
  en: {},
};
