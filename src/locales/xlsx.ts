/** An uploaded workbook refused by its unpacked size or its cells (src/lib/xlsx/read.ts). */
export const xlsx = {
  cs: {
    xlsx: {
      tooLarge: "Soubor {{name}} je po rozbalení větší než {{maxMb}} MB",
      tooManyCells: "Soubor má víc než {{max}} buněk",
    },
  },
  en: {
    xlsx: {
      tooLarge: "The file {{name}} unpacks to more than {{maxMb}} MB",
      tooManyCells: "The file has more than {{max}} cells",
    },
  },
};
