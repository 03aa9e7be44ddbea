export const warehouse = {
  cs: {},
  en: {},
};
