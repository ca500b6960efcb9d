/**
 * A register's own figures, kept in its table in the local copy from its documents' copy (the
 * customers' from their invoices, the suppliers' from their bills): what a row owes, how much of
 * it is overdue, how many are open, how late it usually pays, its last document. Described here
 * as data (their SQL, the key that joins the two tables, the tables the marks and the habits are
 * kept in); one implementation keeps every register's (mirror/storage/kept-figures.ts), and its schema
 * step writes the triggers that mark a row whose documents changed (mirror/storage/kept-figures-schema.ts).
 * Kept as columns of the register, so sorting and summing it by them never reads every document.
 */

/**
 * A party's payment habit on :today (common/cash-outlook.ts): the median of FinalPayDate − DueDate
 * in whole days, never below 0, over its documents that count, paid within the last 365 days.
 * Kept per party in `table` (key, days, paid), recomputed for the parties marked in `dirty`
 * (key) and for every party when the day changed (`asOfKey`: the day it was computed for).
 */
export interface HabitKeeping {
  /** The documents' table and its column naming the party (`table`'s and `dirty`'s key column too). */
  documents: string;
  key: string;
  /** A document that counts: paid, not cancelled, not a credit note (its FinalPayDate is known). */
  counts: string;
  table: string;
  dirty: string;
  asOfKey: string;
}

export interface KeptFigures {
  /** The documents' table, its column naming the register's row (by the register's identity), and
   * that column's numeric key (what the documents' index on it leads with). */
  documents: { table: string; key: string; numericKey: string };
  /** Each figure column of the register's table (among stored.extraColumns): its aggregate over one
   * row's documents (may read :today), and its value for a row without documents. */
  columns: Readonly<Record<string, { sql: string; none: number | string }>>;
  /** The documents' columns whose change moves a row's figures (a change of `key` moves two rows). */
  moves: readonly string[];
  /** The habit, kept apart (HabitKeeping) and copied into `column`; `none` without one. */
  habit: HabitKeeping & { column: string; none: number };
  /** The table of the rows marked changed (a column named as documents.key), and the meta key of the day the figures are for. */
  dirty: string;
  asOfKey: string;
}

/**
 * A sum in SEK rounded to öre, half away from zero on its decimal value: amounts of two decimals at
 * rates of four make sums of six, and a sum exactly half an öre (x.xx5) is stored in binary a hair
 * above or below it, by the order of the adds. Nudged by 5e-7 (under the sums' least digit, over
 * their float error), the half goes away from zero whatever the order.
 */
export const oreSql = (sum: string): string => `round(coalesce(${sum}, 0) + (CASE WHEN coalesce(${sum}, 0) < 0 THEN -5e-7 ELSE 5e-7 END), 2)`;
