export const orders = {
  cs: {},
  en: {},
};
