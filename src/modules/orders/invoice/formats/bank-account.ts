import { checkCzechBankAccount } from "@/lib/bank";

/**
 * `19-2000145399/0800` → the account `19-2000145399` and the bank code `0800`, as ISDOC's Details
 * and Pohoda's account want them apart; null for text that is no Czech account.
 */
export function czechBankAccountParts(text: string): { number: string; bankCode: string } | null {
  const checked = checkCzechBankAccount(text);
  if (!checked.ok) return null;
  const { prefix, number, bankCode } = checked.value;
  return { number: prefix ? `${prefix}-${number}` : number, bankCode };
}
