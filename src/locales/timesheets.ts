export const timesheets = {
  cs: {},
  en: {},
};
