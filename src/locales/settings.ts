export const settings = {
  cs: {
    eshop: {
      title: "E-shopy",
      entity: "E-shop",
      id: "Id",
      name: "Název",
      url: "Adresa (URL)",
    },
    shipping: {
      title: "Doprava",
      entity: "Způsob dopravy",
      id: "Id",
      name: "Název",
      price: "Cena",
      priceByDistance: "Cena podle vzdálenosti",
      priceByDistanceHint: "Cena je za kilometr; v objednávce se násobí vzdáleností.",
    },
  },
  en: {
    eshop: {
      title: "E-shop list",
      entity: "E-shop",
      id: "Id",
      name: "Name",
      url: "Address (URL)",
    },
    shipping: {
      title: "Shipping",
      entity: "Shipping type",
      id: "Id",
      name: "Name",
      price: "Price",
      priceByDistance: "Price by distance",
      priceByDistanceHint: "The price is per kilometre; an order multiplies it by the distance.",
    },
  },
};
