import { crudApi } from "@/lib/crud/api";
import { eshopService } from "./service";

export const eshopApi = crudApi(eshopService);
