import { crudApi } from "@/lib/http/crud-api";
import { vatService } from "./service";

/** Spec 01 §7: `/vat` generic operations. */
export const vatApi = crudApi(vatService);
