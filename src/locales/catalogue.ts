export const catalogue = {
  cs: {
    vat: {
      title: "DPH",
      entity: "Sazba DPH",
      id: "Id",
      rate: "Sazba (%)",
      active: "Aktivní",
      activeHint: "Neaktivní sazba se nenabízí na nových dokladech, na starých zůstává.",
      rateRange: "Sazba musí být mezi 0 a 100 %",
    },
  },
  en: {
    vat: {
      title: "VAT",
      entity: "VAT rate",
      id: "Id",
      rate: "Rate (%)",
      active: "Active",
      activeHint: "An inactive rate is not offered on new documents but stays on old ones.",
      rateRange: "The rate must be between 0 and 100 %",
    },
  },
};
