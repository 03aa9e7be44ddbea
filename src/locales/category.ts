export const category = {
  cs: {},
  en: {},
};
