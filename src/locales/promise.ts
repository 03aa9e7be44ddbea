export const promise = {
  cs: {},
  en: {},
};
