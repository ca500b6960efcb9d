/**
 * The schema of a register's kept figures (common/lists/kept-figures.ts), for the register's own
 * schema step (mirror-schema.ts): the table of its marked rows, its habits and their marks, the
 * partial index its habits read the paid documents by, and the triggers that mark a row whose
 * documents changed, in each write's own transaction. The customers' step 6 wrote the same by hand
 * (customer-schema.ts, tallies.ts) before this existed; a step is never changed once released, so a
 * register added since writes its step with this. The documents already in the copy need no mark:
 * a register's first read marks every row it inserts, and its figures and habits have no day yet,
 * so the first pass computes them all.
 */
import type { KeptFigures } from '../../common/lists/kept-figures';

/** The columns whose change moves a party's habit (a paid document's dates, amounts and state). */
const HABIT_MOVES = ['booked', 'cancelled', 'balance', 'total', 'due_date', 'final_pay_date'];

export function keptFiguresSql(register: { table: string; identity: string }, figures: KeptFigures): string {
  const { documents, habit } = figures;
  const { key } = documents;
  const moves = [...new Set([...figures.moves, ...HABIT_MOVES, key])];
  const changed = moves.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
  const mark = (row: string) => `INSERT INTO ${figures.dirty} (${key}) VALUES (${row}.${key}) ON CONFLICT DO NOTHING;`;
  const markHabit = (row: string) => `INSERT INTO ${habit.dirty} (${key}) SELECT ${row}.${key} WHERE ${row}.final_pay_date IS NOT NULL ON CONFLICT DO NOTHING;`;
  const prefix = `${documents.table}_${register.table}`;
  return `
  CREATE TABLE ${figures.dirty} (${key} TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TABLE ${habit.dirty} (${key} TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TABLE ${habit.table} (${key} TEXT PRIMARY KEY, days INTEGER NOT NULL, paid INTEGER NOT NULL) WITHOUT ROWID;
  -- Only the documents that count, so its size follows the paid history, not every document.
  CREATE INDEX ${prefix}_paid_habit ON ${documents.table} (${key}, final_pay_date, due_date) WHERE ${habit.counts};
  CREATE TRIGGER ${register.table}_figures_insert AFTER INSERT ON ${register.table} BEGIN INSERT INTO ${figures.dirty} (${key}) VALUES (NEW.${register.identity}) ON CONFLICT DO NOTHING; END;
  CREATE TRIGGER ${prefix}_figures_insert AFTER INSERT ON ${documents.table} BEGIN ${mark('NEW')} ${markHabit('NEW')} END;
  CREATE TRIGGER ${prefix}_figures_delete AFTER DELETE ON ${documents.table} BEGIN ${mark('OLD')} ${markHabit('OLD')} END;
  CREATE TRIGGER ${prefix}_figures_update AFTER UPDATE OF ${moves.join(', ')} ON ${documents.table} WHEN ${changed} BEGIN ${mark('OLD')} ${mark('NEW')} ${markHabit('OLD')} ${markHabit('NEW')} END;
  `;
}
