/**
 * The customers' figures kept in the copy: per customer of the register, what its
 * invoices say on `today`: the balance of its owed invoices and of those overdue (common/owed.ts,
 * in SEK at each invoice's own rate, rounded to öre), how many are owed and overdue, its payment
 * habit (kept-habits.ts; -1: none) and its latest InvoiceDate on or before today of an invoice not
 * cancelled ('' : none). Kept as columns of `customers`, so sorting and summing the register by
 * them never counts every invoice. Triggers (schema step 6) mark in figures_dirty the customers
 * whose invoices changed, in each write's own transaction; a customer new to the register is
 * marked too. Before the register is read they are brought up to date: the marked customers, or
 * everyone when the day changed (what is overdue, the habit's 365 days and "on or before today" moved).
 */
import { inTransaction, readMeta, writeMeta } from './copy-db';
import { keptHabits } from './kept-habits';
import type { MirrorStore } from './mirror-store';
import { DATE_GLOB, OVERDUE_SQL, OWED_SQL } from '../common/lists/owed-sql';

/** More marked customers than this: one pass over every invoice beats a lookup each. */
const FULL_PASS_OVER = 200;

/**
 * A sum in SEK rounded to öre, half away from zero on its decimal value: amounts of two decimals at
 * rates of four make sums of six, and a sum exactly half an öre (x.xx5) is stored in binary a hair
 * above or below it, by the order of the adds. Nudged by 5e-7 (under the sums' least digit, over
 * their float error), the half goes away from zero whatever the order.
 */
const ore = (sum: string): string => `round(coalesce(${sum}, 0) + (CASE WHEN coalesce(${sum}, 0) < 0 THEN -5e-7 ELSE 5e-7 END), 2)`;

/** The figures of the invoices in scope, grouped by customer (SQL; :today). */
const FIGURES = `${ore(`sum(CASE WHEN ${OWED_SQL} THEN balance_sek END)`)} AS owed,
  ${ore(`sum(CASE WHEN ${OVERDUE_SQL} THEN balance_sek END)`)} AS overdue,
  count(CASE WHEN ${OWED_SQL} THEN 1 END) AS open,
  count(CASE WHEN ${OVERDUE_SQL} THEN 1 END) AS late,
  coalesce(max(CASE WHEN cancelled = 0 AND invoice_date GLOB '${DATE_GLOB}' AND invoice_date <= :today THEN invoice_date END), '') AS last`;

/** Brings every customer's figures up to date for `today` (a no-op when nothing changed). */
export function keepCustomerFigures(store: MirrorStore, today: string): void {
  const { db } = store;
  const asOf = readMeta<string>(db, 'figures:asOf');
  const marked = (): string[] => (store.statement('SELECT customer_number AS c FROM figures_dirty').all() as Array<{ c: string }>).map((row) => row.c);
  if (asOf === today && marked().length === 0) return;
  // The habits first (their own transaction): the figures copy them.
  keptHabits(store, today);
  inTransaction(db, () => {
    const dirty = marked();
    if (asOf !== today || dirty.length > FULL_PASS_OVER) {
      db.exec(`UPDATE customers SET owed_sek = 0, overdue_sek = 0, open_invoices = 0, overdue_invoices = 0, habit_days = -1, last_invoice = ''`);
      store
        .statement(
          `UPDATE customers SET owed_sek = f.owed, overdue_sek = f.overdue, open_invoices = f.open, overdue_invoices = f.late, last_invoice = f.last
           FROM (SELECT customer_number AS c, ${FIGURES} FROM invoices GROUP BY customer_number) AS f WHERE f.c = customers.customer_number`,
        )
        .run({ today });
      db.exec('UPDATE customers SET habit_days = h.days FROM customer_habits h WHERE h.customer_number = customers.customer_number');
    } else {
      // Each marked customer's invoices by the customer-number index (its numeric key, then the text).
      const figures = store.statement(`SELECT ${FIGURES} FROM invoices WHERE customer_number_key = :key AND customer_number = :customer`);
      const habit = store.statement('SELECT days FROM customer_habits WHERE customer_number = ?');
      const save = store.statement(
        'UPDATE customers SET owed_sek = :owed, overdue_sek = :overdue, open_invoices = :open, overdue_invoices = :late, last_invoice = :last, habit_days = :habit WHERE customer_number = :customer',
      );
      for (const customer of dirty) {
        const key = /^\d+$/.test(customer) ? Number(customer) : Number.MAX_VALUE;
        const row = figures.get({ key, customer, today }) as { owed: number; overdue: number; open: number; late: number; last: string };
        const days = (habit.get(customer) as { days: number } | undefined)?.days ?? -1;
        save.run({ ...row, habit: days, customer });
      }
    }
    db.exec('DELETE FROM figures_dirty');
    writeMeta(db, 'figures:asOf', today);
  });
}
