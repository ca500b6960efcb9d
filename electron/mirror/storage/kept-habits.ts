/**
 * The parties' payment habits kept in a copy (common/lists/kept-figures.ts HabitKeeping: the
 * customers' in customer_habits), apart from the store: they are the overview's, the cash-outlook
 * filters' and the registers' own figures, recomputed on demand from the paid documents, while the
 * store only writes and reads rows. Triggers mark the parties whose paid documents changed, in
 * each write's transaction (the customers': the tally triggers, tallies.ts); this module is the
 * only reader of that mark.
 */
import { habitFrom, medianDaysLate, type PaymentHabit } from '../../common/cash-outlook';
import { customerHabits } from '../../common/lists/customer-figures';
import type { HabitKeeping } from '../../common/lists/kept-figures';
import { inTransaction, readMeta, writeMeta } from './copy-db';
import type { MirrorStore } from './mirror-store';
import { DATE_GLOB } from '../../common/lists/owed-sql';

/** More marked parties than this: one pass over every paid document beats a lookup each. */
const FULL_PASS_OVER = 200;

/**
 * The habits of `keeping` on `today` (common/cash-outlook.ts), kept in its table: recomputed for
 * the parties whose paid documents changed since (its dirty marks), and for every party when the
 * day changed (the 365 days moved). The customers' paid invoices are read by the partial index
 * invoices_paid_habit, a register's by its own.
 */
export function keptHabitsOf(store: MirrorStore, keeping: HabitKeeping, today: string): Map<string, PaymentHabit> {
  const { db } = store;
  const { documents, key, table, dirty: dirtyTable } = keeping;
  const from = habitFrom(today);
  const paidSince = `FROM ${documents} WHERE ${keeping.counts}
    AND final_pay_date >= :from AND final_pay_date <= :today AND final_pay_date GLOB '${DATE_GLOB}' AND due_date GLOB '${DATE_GLOB}'`;
  const late = `CAST(round(julianday(final_pay_date) - julianday(due_date)) AS INTEGER)`;
  inTransaction(db, () => {
    const asOf = readMeta<string>(db, keeping.asOfKey);
    const dirty = (store.statement(`SELECT ${key} AS c FROM ${dirtyTable}`).all() as Array<{ c: string }>).map((row) => row.c);
    if (asOf === today && dirty.length === 0) return;
    const save = store.statement(`INSERT INTO ${table} (${key}, days, paid) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET days = excluded.days, paid = excluded.paid`);
    const keep = (party: string, days: number[]): void => {
      if (days.length === 0) store.statement(`DELETE FROM ${table} WHERE ${key} = ?`).run(party);
      else save.run(party, medianDaysLate(days), days.length);
    };
    if (asOf !== today || dirty.length > FULL_PASS_OVER) {
      // Everyone: one pass over the paid documents of the 365 days.
      const byParty = new Map<string, number[]>();
      const rows = store.statement(`SELECT ${key} AS c, ${late} AS late ${paidSince}`);
      rows.setReturnArrays(true);
      for (const [party, days] of rows.iterate({ from, today }) as unknown as Iterable<[string, number]>) {
        const list = byParty.get(party);
        if (list) list.push(days);
        else byParty.set(party, [days]);
      }
      db.exec(`DELETE FROM ${table}`);
      for (const [party, days] of byParty) keep(party, days);
    } else {
      const rows = store.statement(`SELECT ${late} AS late ${paidSince} AND ${key} = :party`);
      for (const party of dirty) keep(party, (rows.all({ from, today, party }) as Array<{ late: number }>).map((row) => row.late));
    }
    db.exec(`DELETE FROM ${dirtyTable}`);
    writeMeta(db, keeping.asOfKey, today);
  });
  const kept = store.statement(`SELECT ${key} AS c, days, paid FROM ${table}`).all() as Array<{ c: string; days: number; paid: number }>;
  return new Map(kept.map((row) => [row.c, { days: row.days, paid: row.paid }]));
}

/** The customers' payment habits on `today` (what the overview and the cash outlook read). */
export function keptHabits(store: MirrorStore, today: string): Map<string, PaymentHabit> {
  return keptHabitsOf(store, customerHabits, today);
}
