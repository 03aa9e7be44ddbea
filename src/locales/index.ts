import { basket } from "./basket";
import { catalogue } from "./catalogue";
import { category } from "./category";
import { common } from "./common";
import { product } from "./product";
import { productMedia } from "./product-media";
import { suppliers } from "./suppliers";
import { timesheets } from "./timesheets";
import { warehouse } from "./warehouse";
import { orders } from "./orders";
import { admin } from "./admin";
import { reference } from "./reference";
import { fenceOrder } from "./fence-order";
import { fenceOrderFiles } from "./fence-order-files";
import { fenceItem } from "./fence-item";
import { manufacture } from "./manufacture";
import { promise } from "./promise";
import { settings } from "./settings";
import { companyIdentity } from "./company-identity";
import { fenceOffer } from "./fence-offer";
import { manufactureList } from "./manufacture-list";
import { orderedMaterial } from "./ordered-material";
import { warehouseStock } from "./warehouse-stock";
import { warehouseStockView } from "./warehouse-stock-view";
import { savedBaskets } from "./saved-baskets";
import { xlsx } from "./xlsx";
import { invoices } from "./invoices";
import { invoiceDocuments } from "./invoice-documents";
import { kiosk } from "./kiosk";
import { planning } from "./planning";
import { scaleFeed } from "./scale-feed";
import { backup } from "./backup";
import { customers } from "./customers";
import { imports } from "./import";
import { stockImport } from "./stock-import";
import { bankStatement } from "./bank-statement";
import { mail } from "./mail";
import { bankPairing } from "./bank-pairing";
import { email } from "./email";
import { reminders } from "./reminders";

/** Each domain owns a file here; they merge into one flat namespace per language. */
const domains = [common, catalogue, category, product, productMedia, basket, settings, reference, suppliers, timesheets, warehouse, orders, admin, fenceOrder, fenceOrderFiles, fenceItem, promise, manufacture, companyIdentity, fenceOffer, manufactureList, orderedMaterial, warehouseStock, warehouseStockView, savedBaskets, xlsx, invoices, invoiceDocuments, planning, kiosk, scaleFeed, backup, customers, imports, stockImport, bankStatement, mail, bankPairing, reminders, email];

export const resources = {
  cs: { translation: Object.assign({}, ...domains.map((d) => d.cs)) as Record<string, unknown> },
  en: { translation: Object.assign({}, ...domains.map((d) => d.en)) as Record<string, unknown> },
};

export const languages = ["cs", "en"] as const;
