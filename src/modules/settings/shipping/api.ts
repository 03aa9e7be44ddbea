import { crudApi } from "@/lib/crud/api";
import { shippingService } from "./service";

export const shippingApi = crudApi(shippingService);
