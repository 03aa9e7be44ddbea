/** A valid fence order header (spec 02 §5, §9 defaults) for service and HTTP tests. */
export const validFenceOrder = {
  firstName: "Jan",
  lastName: "Novák",
  phone: "+420 777 123 456",
  email: "jan.novak@example.cz",
  paymentRuleConfirmation: 10,
  paymentRuleDelivery: 55,
  paymentRuleCompletion: 35,
  delivery: "výroba 1–14 týdnů, montáž 1–7 dní",
  vat: 21,
  offerDate: "2026-03-01",
};
