export const product = {
  cs: {},
  en: {},
};
