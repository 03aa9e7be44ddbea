/** Baskets (spec 01 §2.6, §3; spec 02 "Baskets") and idempotent submits (src/lib/idempotency.ts). */
export const basket = {
  cs: {
    basket: {
      addToBasket: "Přidat do košíku",
      addToBasketProduct: "Přidat do košíku: {{name}}",
      amount: "Množství",
      ok: "OK",
      addedProduct: "Přidáno: {{name}}",
      amountPositive: "Množství musí být větší než 0",
      productNotFound: "Produkt {{id}} neexistuje",
      commonWarehouse: "Společný košík patří ke skladu 0",
      warehouseRequired: "Vyberte sklad",
      warehouseNotFound: "Sklad {{id}} neexistuje",
      quantityTooLarge: "Množství v košíku by bylo příliš velké",
      warehouseName: "Sklad {{id}}",
      field: {
        amount: "Množství",
        productId: "Produkt",
        type: "Typ košíku",
        warehouseId: "Sklad",
        idempotencyKey: "Klíč požadavku",
      },
    },
    idempotency: {
      keyInvalid: "Klíč požadavku musí mít 8 až 100 znaků (písmena, číslice, _ . : -)",
      keyReused: "Tento klíč požadavku už byl použit pro jinou operaci",
    },
  },
  en: {
    basket: {
      addToBasket: "Add to basket",
      addToBasketProduct: "Add to basket: {{name}}",
      amount: "Amount",
      ok: "OK",
      addedProduct: "Added: {{name}}",
      amountPositive: "The amount must be greater than 0",
      productNotFound: "Product {{id}} does not exist",
      commonWarehouse: "The common basket belongs to warehouse 0",
      warehouseRequired: "Choose a warehouse",
      warehouseNotFound: "Warehouse {{id}} does not exist",
      quantityTooLarge: "The quantity in the basket would be too large",
      warehouseName: "Warehouse {{id}}",
      field: {
        amount: "Amount",
        productId: "Product",
        type: "Basket type",
        warehouseId: "Warehouse",
        idempotencyKey: "Request key",
      },
    },
    idempotency: {
      keyInvalid: "The request key must have 8 to 100 characters (letters, digits, _ . : -)",
      keyReused: "This request key was already used for another operation",
    },
  },
};
