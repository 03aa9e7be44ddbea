import { defineModule } from "@/lib/http/module";
import { barcodeApi } from "./api";
import { barcodePages } from "./pages";

/** The menu's barcode box (DESIGN.md §8.1); the domains answer their codes through their own barcodeHandlers. */
export const barcodeModule = defineModule({ name: "barcode", api: barcodeApi, pages: barcodePages });
