/** The supplier order forms' shared fields: the order's header and "Create a supplier order" from ordered material. */
import type { FormField } from "@views/components/form";
import type { Ctx } from "@/lib/context";
import type { T } from "@/lib/i18n";
import { supplierOptions } from "../supplier/service";

/** The supplier, required, chosen from every supplier by name. */
export const supplierField = async (t: T, ctx: Ctx): Promise<FormField> => ({
  name: "supplier",
  label: t("supplierOrder.supplier"),
  kind: "select",
  required: true,
  emptyOption: "--",
  options: (await supplierOptions({ ctx })).map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
});
