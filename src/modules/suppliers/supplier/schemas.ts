import { z } from "zod";
import { emailField, requiredText } from "@/lib/zod-fields";

/** docs/domain.md#supplier: a supplier has a required name and a required, valid e-mail. */
export const supplierInput = z.object({ name: requiredText(200), email: emailField() });
export type Supplier = { id: number } & z.infer<typeof supplierInput>;
