/**
 * What the menu box acts on, without zod (docs/domain.md#barcode-input): the box
 * (islands/shell/barcode-box.tsx) is on every page, and zod would add 26 KB gzip to each of them.
 * schemas.ts re-exports these for the scan API.
 */

/** The menu box acts only on more than 2 characters… */
export const BARCODE_MIN_LENGTH = 3;
/** …or on a whole code the app prints for an id 1–9 (P5, O7, W9: decision 032), which has 2. */
const SHORT_PRINTED_CODE = /^[POW][1-9]$/i;

/** Whether the menu box acts on `raw`: the box and the scan API read it the same. */
export const isLongEnoughCode = (raw: string): boolean => {
  const code = raw.trim();
  return code.length >= BARCODE_MIN_LENGTH || SHORT_PRINTED_CODE.test(code);
};
