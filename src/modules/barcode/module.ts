import { defineModule } from "@/lib/http/module";
import { barcodeApi } from "./api";
import { barcodePages } from "./pages";

/** The menu's barcode box (docs/domain.md#barcodes); the domains answer their codes through their own barcodeHandlers. */
export const barcodeModule = defineModule({ name: "barcode", api: barcodeApi, pages: barcodePages });
