import { shippingTypes } from "@db/schema";
import { createCrudService } from "@/lib/crud/service";
import { halereToNumeric, toHalere } from "@/lib/money";
import { shippingInput } from "./schemas";

export const shippingService = createCrudService({
  table: shippingTypes,
  input: shippingInput,
  toEntity: (row) => ({ id: row.id, name: row.name, price: Number(row.price), priceByDistance: row.priceByDistance }),
  toValues: (input) => ({ name: input.name, price: halereToNumeric(toHalere(input.price)), priceByDistance: input.priceByDistance }),
  listFields: {
    id: { column: shippingTypes.id, filter: "number", sortable: true },
    name: { column: shippingTypes.name, filter: "text", sortable: true },
    price: { column: shippingTypes.price, filter: "number", sortable: true },
    priceByDistance: { column: shippingTypes.priceByDistance, filter: "boolean", sortable: true },
  },
  defaultSort: ["name", "asc"],
  unique: [{ field: "name", column: shippingTypes.name, index: "shipping_types_name_unique" }],
});
