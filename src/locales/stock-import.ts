/** The opening stock import (docs/domain.md#imports): its fields and row reasons. */
export const stockImport = {
  cs: {
    stockImport: {
      warehouse: "Sklad",
      product: "Produkt (EAN-13 nebo číslo)",
      quantity: "Množství",
      exportTitle: "Stav skladů",
      exportFile: "stav-skladu",
      warehouseUnknown: "Sklad „{{name}}“ neexistuje",
      warehouseAmbiguous: "Skladů jménem „{{name}}“ je víc; uveďte číslo skladu",
      productInvalid: "„{{code}}“ není EAN-13 ani číslo produktu",
      productUnknown: "Produkt {{code}} neexistuje",
    },
  },
  en: {
    stockImport: {
      warehouse: "Warehouse",
      product: "Product (EAN-13 or number)",
      quantity: "Quantity",
      exportTitle: "Warehouse stock",
      exportFile: "warehouse-stock",
      warehouseUnknown: "There is no warehouse “{{name}}”",
      warehouseAmbiguous: "More than one warehouse is named “{{name}}”; give the warehouse number",
      productInvalid: "“{{code}}” is neither an EAN-13 nor a product number",
      productUnknown: "There is no product {{code}}",
    },
  },
};
