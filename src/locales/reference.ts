export const reference = {
  cs: {},
  en: {},
};
