import { crudApi } from "@/lib/http/crud-api";
import { shippingService } from "./service";

export const shippingApi = crudApi(shippingService);
