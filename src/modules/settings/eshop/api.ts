import { crudApi } from "@/lib/http/crud-api";
import { eshopService } from "./service";

export const eshopApi = crudApi(eshopService);
