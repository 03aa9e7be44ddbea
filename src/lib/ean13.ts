/** EAN-13 check digits (GS1: weights 1,3,1,3… over the first 12 digits). Browser-safe. */

const EAN13 = /^\d{13}$/;

const checkDigit = (first12: string): number => {
  const sum = [...first12].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
};

/** Thirteen digits whose last one is the check digit of the first twelve. */
export function isValidEan13(code: string): boolean {
  return EAN13.test(code) && checkDigit(code.slice(0, 12)) === Number(code[12]);
}

/** A valid EAN-13 from 12 digits (appends the check digit). */
export function ean13(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error(`ean13 needs 12 digits, got "${first12}"`);
  return `${first12}${checkDigit(first12)}`;
}
