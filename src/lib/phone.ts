/**
 * A phone number as a customer is found again by it: its last nine digits, so "+420 602 333 444",
 * "00420602333444" and "602 333 444" are the same Czech number. The database indexes the same
 * expression over the stored numbers (`phoneKeySql`), so a lookup reads the index, not every row.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

export const phoneKey = (phone: string): string => phone.replace(/[^0-9]/g, "").slice(-9);

/** `phoneKey` in SQL over a text column; an index on it serves `phoneKeySql(column) = phoneKey(typed)`. */
export const phoneKeySql = (column: SQLWrapper): SQL => sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 9)`;
