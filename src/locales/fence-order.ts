export const fenceOrder = {
  cs: {},
  en: {},
};
