/** Where an invoice line came from, so later invoices know what of each order line is invoiced already. Browser-safe. */
export const INVOICE_LINE_SOURCES = ["ORDER_ITEM", "SUB_PRODUCT", "OTHER_ITEM", "ASSEMBLY_ITEM", "SHIPPING", "DISCOUNT", "ADVANCE"] as const;
export type InvoiceLineSource = (typeof INVOICE_LINE_SOURCES)[number];
