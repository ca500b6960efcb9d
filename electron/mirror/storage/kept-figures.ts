/**
 * A register's figures kept in the copy (common/lists/kept-figures.ts describes them: the
 * customers' from their invoices, customer-figures.ts there): per row of the register, what its
 * documents say on `today`. Triggers (the register's schema step) mark in its dirty table the rows
 * whose documents changed, in each write's own transaction; a row new to the register is marked
 * too. Before the register is read they are brought up to date: the marked rows, or every row
 * when the day changed (what is overdue, the habit's 365 days and "on or before today" moved).
 */
import { numericKey } from '../../common/lists/stored-columns';
import type { KeptFigures } from '../../common/lists/kept-figures';
import type { StoredShape } from '../../common/lists/list-description';
import { inTransaction, readMeta, writeMeta } from './copy-db';
import { keptHabitsOf } from './kept-habits';
import type { MirrorStore } from './mirror-store';

/** More marked rows than this: one pass over every document beats a lookup each. */
const FULL_PASS_OVER = 200;

/** Brings every row's figures of a register (its stored shape, and the figures it keeps) up to date for `today` (a no-op when nothing changed). */
export function keepFigures(store: MirrorStore, register: Pick<StoredShape<unknown>, 'table' | 'identity'>, figures: KeptFigures, today: string): void {
  const { db } = store;
  const { table, identity } = register;
  const { documents, habit } = figures;
  const names = Object.keys(figures.columns);
  const aggregates = Object.entries(figures.columns).map(([name, column]) => `${column.sql} AS ${name}`).join(',\n  ');
  const asOf = readMeta<string>(db, figures.asOfKey);
  const marked = (): string[] => (store.statement(`SELECT ${documents.key} AS c FROM ${figures.dirty}`).all() as Array<{ c: string }>).map((row) => row.c);
  if (asOf === today && marked().length === 0) return;
  // The habits first (their own transaction): the figures copy them.
  keptHabitsOf(store, habit, today);
  inTransaction(db, () => {
    const dirty = marked();
    if (asOf !== today || dirty.length > FULL_PASS_OVER) {
      const none = [...Object.entries(figures.columns).map(([name, column]) => [name, column.none] as const), [habit.column, habit.none] as const];
      db.exec(`UPDATE ${table} SET ${none.map(([name, value]) => `${name} = ${typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : value}`).join(', ')}`);
      store
        .statement(
          `UPDATE ${table} SET ${names.map((name) => `${name} = f.${name}`).join(', ')}
           FROM (SELECT ${documents.key} AS c, ${aggregates} FROM ${documents.table} GROUP BY ${documents.key}) AS f WHERE f.c = ${table}.${identity}`,
        )
        .run({ today });
      db.exec(`UPDATE ${table} SET ${habit.column} = h.days FROM ${habit.table} h WHERE h.${habit.key} = ${table}.${identity}`);
    } else {
      // Each marked row's documents by the documents' index on their key (its numeric key, then the text).
      const read = store.statement(`SELECT ${aggregates} FROM ${documents.table} WHERE ${documents.numericKey} = :key AND ${documents.key} = :row`);
      const habitOf = store.statement(`SELECT days FROM ${habit.table} WHERE ${habit.key} = ?`);
      const save = store.statement(`UPDATE ${table} SET ${[...names, habit.column].map((name) => `${name} = :${name}`).join(', ')} WHERE ${identity} = :row`);
      for (const row of dirty) {
        const kept = read.get({ key: numericKey(row), row, today }) as Record<string, number | string>;
        const days = (habitOf.get(row) as { days: number } | undefined)?.days ?? habit.none;
        save.run({ ...kept, [habit.column]: days, row });
      }
    }
    db.exec(`DELETE FROM ${figures.dirty}`);
    writeMeta(db, figures.asOfKey, today);
  });
}
