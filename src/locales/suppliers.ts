export const suppliers = {
  cs: {},
  en: {},
};
