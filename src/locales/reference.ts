/** Delivery vans and translation groups (docs/domain.md#delivery-vans). */
export const reference = {
  cs: {
    deliveryVan: {
      title: "Vozidla",
      entity: "Vozidlo",
      id: "Id",
      name: "Název",
      spz: "SPZ",
      spzHint: "Např. 1AB 2345; mezery a pomlčky se vynechají.",
      spzCharacters: "SPZ smí obsahovat jen písmena A–Z bez diakritiky a číslice",
      spzLength: "SPZ má 5 až 8 znaků (bez mezer a pomlček)",
      spzLetters: "SPZ nesmí obsahovat písmena G, O, Q ani W",
      spzFormat: "Neplatná SPZ: očekává se např. 1AB 2345 nebo starší BVA 12-34",
      spzDuplicate: "Vozidlo se SPZ {{spz}} už v evidenci je",
      active: "Aktivní",
      activeHint: "Aktivní vozidlo má sloupec v plánování; neaktivní jen v týdnech, kdy má naplánováno.",
    },
    translationGroup: {
      title: "Překladové skupiny",
      entity: "Překladová skupina",
      id: "Id",
      name: "Název",
    },
  },
  en: {
    deliveryVan: {
      title: "Vehicles",
      entity: "Vehicle",
      id: "Id",
      name: "Name",
      spz: "Licence plate",
      spzHint: "E.g. 1AB 2345; spaces and hyphens are left out.",
      spzCharacters: "A licence plate holds only the letters A–Z without diacritics and digits",
      spzLength: "A licence plate has 5 to 8 characters (without spaces and hyphens)",
      spzLetters: "A licence plate never contains the letters G, O, Q or W",
      spzFormat: "Not a Czech licence plate: expected e.g. 1AB 2345 or the older BVA 12-34",
      spzDuplicate: "A vehicle with the licence plate {{spz}} is already registered",
      active: "Active",
      activeHint: "An active vehicle has its column in planning; an inactive one only in weeks it has plans.",
    },
    translationGroup: {
      title: "Translation groups",
      entity: "Translation group",
      id: "Id",
      name: "Name",
    },
  },
};
