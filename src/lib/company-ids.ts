/** Czech company ids. Browser-safe. */

/** IČO: 8 digits; weights 8..2 on the first seven, check digit c = (11 - (sum mod 11)) mod 10. */
export function isValidIco(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits.slice(0, 7).reduce((total, digit, index) => total + digit * (8 - index), 0);
  return (11 - (sum % 11)) % 10 === digits[7];
}

/** DIČ: `CZ` and 8–10 digits (spaces dropped, upper-cased before the check). */
export function normalizeDic(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function isValidDic(value: string): boolean {
  return /^CZ\d{8,10}$/.test(normalizeDic(value));
}

/** PSČ: 3 + 2 digits, stored as `123 45`. Null when it is not one. */
export function normalizePostalCode(value: string): string | null {
  const match = /^(\d{3})\s?(\d{2})$/.exec(value.trim());
  return match ? `${match[1]} ${match[2]}` : null;
}
