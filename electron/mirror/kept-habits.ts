/**
 * The customers' payment habits kept in a copy (customer_habits), apart from the store: they are
 * the overview's and the cash-outlook filters' own figures, recomputed on demand from the paid
 * invoices, while the store only writes and reads rows. The tally triggers (tallies.ts) mark the
 * customers whose paid invoices changed in habit_dirty, in each write's transaction; this module
 * is the only reader of that mark.
 */
import { habitFrom, medianDaysLate, type PaymentHabit } from '../common/cash-outlook';
import { inTransaction, readMeta, writeMeta } from './copy-db';
import type { MirrorStore } from './mirror-store';
import { DATE_GLOB } from '../common/lists/owed-sql';

/**
 * The customers' payment habits on `today` (common/cash-outlook.ts), kept in customer_habits:
 * recomputed for the customers whose paid invoices changed since (habit_dirty, filled by the
 * tally triggers in each write's transaction), and for every customer when the day changed (the
 * 365 days moved). Each customer's paid invoices are read by the partial index invoices_paid_habit.
 */
export function keptHabits(store: MirrorStore, today: string): Map<string, PaymentHabit> {
  const { db } = store;
  const from = habitFrom(today);
  const paidSince = `FROM invoices WHERE booked = 1 AND cancelled = 0 AND balance = 0 AND total > 0 AND final_pay_date IS NOT NULL
    AND final_pay_date >= :from AND final_pay_date <= :today AND final_pay_date GLOB '${DATE_GLOB}' AND due_date GLOB '${DATE_GLOB}'`;
  const late = `CAST(round(julianday(final_pay_date) - julianday(due_date)) AS INTEGER)`;
  inTransaction(db, () => {
    const asOf = readMeta<string>(db, 'habits:asOf');
    const dirty = (store.statement('SELECT customer_number AS c FROM habit_dirty').all() as Array<{ c: string }>).map((row) => row.c);
    if (asOf === today && dirty.length === 0) return;
    const save = store.statement('INSERT INTO customer_habits (customer_number, days, paid) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET days = excluded.days, paid = excluded.paid');
    const keep = (customer: string, days: number[]): void => {
      if (days.length === 0) store.statement('DELETE FROM customer_habits WHERE customer_number = ?').run(customer);
      else save.run(customer, medianDaysLate(days), days.length);
    };
    if (asOf !== today || dirty.length > 200) {
      // Everyone: one pass over the paid invoices of the 365 days.
      const byCustomer = new Map<string, number[]>();
      const rows = store.statement(`SELECT customer_number AS c, ${late} AS late ${paidSince}`);
      rows.setReturnArrays(true);
      for (const [customer, days] of rows.iterate({ from, today }) as unknown as Iterable<[string, number]>) {
        const list = byCustomer.get(customer);
        if (list) list.push(days);
        else byCustomer.set(customer, [days]);
      }
      db.exec('DELETE FROM customer_habits');
      for (const [customer, days] of byCustomer) keep(customer, days);
    } else {
      const rows = store.statement(`SELECT ${late} AS late ${paidSince} AND customer_number = :customer`);
      for (const customer of dirty) keep(customer, (rows.all({ from, today, customer }) as Array<{ late: number }>).map((row) => row.late));
    }
    db.exec('DELETE FROM habit_dirty');
    writeMeta(db, 'habits:asOf', today);
  });
  const kept = store.statement('SELECT customer_number AS c, days, paid FROM customer_habits').all() as Array<{ c: string; days: number; paid: number }>;
  return new Map(kept.map((row) => [row.c, { days: row.days, paid: row.paid }]));
}
