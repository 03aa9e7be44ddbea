/**
 * Worked examples of the four documents of one order, as snapshots: the deposit proforma, the tax
 * document for its payment, the final invoice that deducts it, and a credit note cancelling the
 * final invoice; plus a supplier that is not a VAT payer. The format tests read them, and so can
 * the PDF, export and bench code that comes later. Czech diacritics everywhere on purpose.
 */
import type { InvoiceParty, InvoiceSnapshot } from "./snapshot";
import { invoiceTotals, paymentParts } from "./vat";

export const EXAMPLE_SUPPLIER: InvoiceParty = {
  name: "Ploty Ohrada s.r.o.",
  street: "Průmyslová 1472/8",
  city: "Kuřim",
  postalCode: "664 34",
  countryCode: "CZ",
  ico: "29305713",
  dic: "CZ29305713",
  email: "kancelar@ploty-ohrada.cz",
  phone: "+420 541 230 456",
};

export const EXAMPLE_CUSTOMER: InvoiceParty = {
  name: "Žluťoučký kůň & syn, s.r.o.",
  street: "Řípská 12",
  city: "Brno – Líšeň",
  postalCode: "628 00",
  countryCode: "CZ",
  ico: "25596641",
  dic: "CZ25596641",
};

const common = {
  vatPayer: true,
  supplier: EXAMPLE_SUPPLIER,
  customer: EXAMPLE_CUSTOMER,
  bank: { accountNumber: "19-2000145399/0800", iban: "CZ6508000000192000145399", swift: "GIBACZPX" },
  issuedBy: "Jiří Šťastný",
  orderId: 1234,
  originalDocument: null,
} satisfies Partial<InvoiceSnapshot>;

/** The order's lines, 21 %: a fence, a gate, assembly, shipping and the discount. */
const ORDER_LINES: InvoiceSnapshot["lines"] = [
  { description: "Plotový dílec 3D – antracit, 2 500 × 1 530 mm", quantity: 24, unit: "ks", baseHalere: 24 * 1_890_00, vatRate: 21 },
  { description: "Brána dvoukřídlá „Šumava“ 3 600 mm", quantity: 1, unit: "ks", baseHalere: 18_450_50, vatRate: 21 },
  { description: "Montáž plotu", quantity: 62.5, unit: "bm", baseHalere: 62.5 * 210_00, vatRate: 21 },
  { description: "Doprava 42,5 km", quantity: 1, unit: "ks", baseHalere: 1_530_00, vatRate: 21 },
  { description: "Sleva", quantity: 1, unit: "ks", baseHalere: -2_000_00, vatRate: 21 },
];

const orderTotal = invoiceTotals({ ...common, lines: ORDER_LINES, deductions: [], payment: { method: "TRANSFER" } }).totalHalere;

/** The deposit proforma: 10 % of the order with VAT, as one line of its base. */
export const EXAMPLE_PROFORMA: InvoiceSnapshot = {
  ...common,
  kind: "PROFORMA",
  number: "2026200007",
  uuid: "6f1c2a1e-3b7d-4c55-9a0e-1d2b3c4d5e6f",
  issueDate: "2026-03-02",
  taxableSupplyDate: null,
  dueDate: "2026-03-16",
  payment: { method: "TRANSFER", variableSymbol: "2026200007", constantSymbol: "0308" },
  note: "Záloha 10 % při potvrzení objednávky č. 1234",
  lines: [{ description: "Záloha na plot a bránu dle objednávky č. 1234", quantity: 1, unit: "ks", baseHalere: Math.round(ORDER_LINES.reduce((sum, line) => sum + line.baseHalere, 0) / 10), vatRate: 21 }],
  deductions: [],
};

const proformaTotals = invoiceTotals(EXAMPLE_PROFORMA);
const PAID_PARTS = paymentParts(proformaTotals.totalHalere, proformaTotals.recap);

/** The tax document for the proforma's payment: its taxable supply date is the payment's date; nothing is left to pay. */
export const EXAMPLE_PAYMENT_TAX_DOCUMENT: InvoiceSnapshot = {
  ...common,
  kind: "PAYMENT_TAX_DOCUMENT",
  number: "2026300003",
  uuid: "0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d",
  issueDate: "2026-03-05",
  taxableSupplyDate: "2026-03-04",
  dueDate: "2026-03-04",
  payment: { method: "TRANSFER", variableSymbol: "2026200007", constantSymbol: "0308" },
  note: "Daňový doklad k přijaté platbě k zálohové faktuře 2026200007",
  lines: PAID_PARTS.map((part) => ({ description: "Přijatá záloha k zálohové faktuře 2026200007", quantity: 1, unit: "ks", baseHalere: part.baseHalere, vatRate: part.vatRate })),
  deductions: [{ taxed: false, number: "2026200007", variableSymbol: "2026200007", amountHalere: proformaTotals.totalHalere }],
  originalDocument: { number: "2026200007", issueDate: "2026-03-02", uuid: "6f1c2a1e-3b7d-4c55-9a0e-1d2b3c4d5e6f" },
};

/** The final invoice: the whole order, the paid advance deducted per rate. */
export const EXAMPLE_FINAL_INVOICE: InvoiceSnapshot = {
  ...common,
  kind: "FINAL",
  number: "2026100042",
  uuid: "c3d4e5f6-a7b8-4c9d-8e0f-112233445566",
  issueDate: "2026-05-20",
  taxableSupplyDate: "2026-05-18",
  dueDate: "2026-06-03",
  payment: { method: "TRANSFER", variableSymbol: "2026100042", constantSymbol: "0308" },
  note: null,
  lines: ORDER_LINES,
  deductions: [{ taxed: true, number: "2026300003", variableSymbol: "2026200007", parts: PAID_PARTS }],
};

/** A credit note cancelling the final invoice whole: its lines negated. */
export const EXAMPLE_CREDIT_NOTE: InvoiceSnapshot = {
  ...common,
  kind: "CREDIT_NOTE",
  number: "2026400001",
  uuid: "99887766-5544-4332-a110-ffeeddccbbaa",
  issueDate: "2026-05-25",
  taxableSupplyDate: "2026-05-25",
  dueDate: "2026-06-08",
  payment: { method: "TRANSFER", variableSymbol: "2026400001", constantSymbol: null },
  note: "Opravný daňový doklad k faktuře 2026100042: zrušení faktury",
  lines: ORDER_LINES.map((line) => ({ ...line, baseHalere: -line.baseHalere })),
  deductions: [],
  originalDocument: { number: "2026100042", issueDate: "2026-05-20", uuid: "c3d4e5f6-a7b8-4c9d-8e0f-112233445566" },
};

/** A supplier that is not a VAT payer: a final invoice paid in cash, one paid proforma deducted. */
export const EXAMPLE_NON_PAYER_INVOICE: InvoiceSnapshot = {
  ...common,
  vatPayer: false,
  supplier: { ...EXAMPLE_SUPPLIER, name: "Jan Plotař", dic: null, ico: "27074358" },
  customer: { name: "Věra Nováková", street: "U Hřiště 7", city: "Tišnov", postalCode: "666 01", countryCode: "CZ", ico: null, dic: null },
  kind: "FINAL",
  number: "2026100001",
  uuid: "12345678-9abc-4def-8123-456789abcdef",
  issueDate: "2026-04-01",
  taxableSupplyDate: "2026-04-01",
  dueDate: "2026-04-15",
  payment: { method: "CASH", variableSymbol: "2026100001", constantSymbol: null },
  note: "Nejsem plátce DPH.",
  lines: ORDER_LINES.map((line) => ({ ...line, vatRate: 0 })),
  deductions: [{ taxed: false, number: "2026200001", variableSymbol: "2026200001", amountHalere: 10_000_00 }],
};

export const EXAMPLE_SNAPSHOTS: readonly InvoiceSnapshot[] = [EXAMPLE_PROFORMA, EXAMPLE_PAYMENT_TAX_DOCUMENT, EXAMPLE_FINAL_INVOICE, EXAMPLE_CREDIT_NOTE, EXAMPLE_NON_PAYER_INVOICE];

/** The total of the order the examples invoice, with VAT. */
export const EXAMPLE_ORDER_TOTAL_HALERE = orderTotal;
