import { crudApi } from "@/lib/http/crud-api";
import { vatService } from "./service";

/** docs/domain.md#vat: `/vat` generic operations. */
export const vatApi = crudApi(vatService);
