/** Issue 20: invoices, proformas, payment tax documents and credit notes; the accountant export. */
export const invoices = {
  cs: {
    invoices: {
      kind: {
        FINAL: "Faktura",
        PROFORMA: "Zálohová faktura",
        PAYMENT_TAX_DOCUMENT: "Daňový doklad k přijaté platbě",
        CREDIT_NOTE: "Dobropis",
      },
      paymentMethod: {
        TRANSFER: "Převodem",
        CASH: "Hotově",
        CARD: "Kartou",
      },
      notVatPayer: "Nejsem plátce DPH.",
      seriesFull: "Číselná řada dokladů na rok {{year}} je vyčerpaná ({{max}} dokladů)",
      csv: {
        number: "Číslo",
        kind: "Typ",
        issueDate: "Vystaveno",
        taxableSupplyDate: "DUZP",
        dueDate: "Splatnost",
        customer: "Odběratel",
        ico: "IČO",
        dic: "DIČ",
        base: "Základ {{rate}} %",
        vat: "DPH {{rate}} %",
        total: "Celkem",
        deducted: "Odpočet záloh",
        payable: "K úhradě",
        original: "Původní doklad",
      },
    },
  },
  en: {
    invoices: {
      kind: {
        FINAL: "Invoice",
        PROFORMA: "Proforma invoice",
        PAYMENT_TAX_DOCUMENT: "Tax document for a received payment",
        CREDIT_NOTE: "Credit note",
      },
      paymentMethod: {
        TRANSFER: "Bank transfer",
        CASH: "Cash",
        CARD: "Card",
      },
      notVatPayer: "Not a VAT payer.",
      seriesFull: "The document number series for {{year}} is used up ({{max}} documents)",
      csv: {
        number: "Number",
        kind: "Type",
        issueDate: "Issued",
        taxableSupplyDate: "Date of taxable supply",
        dueDate: "Due",
        customer: "Customer",
        ico: "Company ID",
        dic: "VAT ID",
        base: "Base {{rate}} %",
        vat: "VAT {{rate}} %",
        total: "Total",
        deducted: "Advances deducted",
        payable: "To pay",
        original: "Original document",
      },
    },
  },
};
