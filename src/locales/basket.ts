export const basket = {
  cs: {},
  en: {},
};
