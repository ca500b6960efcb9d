/**
 * The customers' figures, kept per customer of the register from the customer invoices
 * (kept-figures.ts): the balance of its owed invoices and of those overdue (common/owed.ts, in SEK
 * at each invoice's own rate, rounded to öre), how many are owed and overdue, its payment habit
 * (-1: none) and its latest InvoiceDate on or before today of an invoice not cancelled ('': none).
 * Schema step 6 (mirror/storage/customer-schema.ts) made the columns and the triggers; the habits are the
 * overview's and the cash outlook's too (mirror/storage/kept-habits.ts).
 */
import type { HabitKeeping, KeptFigures } from './kept-figures';
import { oreSql } from './kept-figures';
import { DATE_GLOB, OVERDUE_SQL, OWED_SQL } from './owed-sql';

/** Each customer's payment habit: its paid invoices, not credit notes (tallies.ts marks them, schema step 4). */
export const customerHabits: HabitKeeping = {
  documents: 'invoices',
  key: 'customer_number',
  counts: 'booked = 1 AND cancelled = 0 AND balance = 0 AND total > 0 AND final_pay_date IS NOT NULL',
  table: 'customer_habits',
  dirty: 'habit_dirty',
  asOfKey: 'habits:asOf',
};

export const customerFigures: KeptFigures = {
  documents: { table: 'invoices', key: 'customer_number', numericKey: 'customer_number_key' },
  columns: {
    owed_sek: { sql: oreSql(`sum(CASE WHEN ${OWED_SQL} THEN balance_sek END)`), none: 0 },
    overdue_sek: { sql: oreSql(`sum(CASE WHEN ${OVERDUE_SQL} THEN balance_sek END)`), none: 0 },
    open_invoices: { sql: `count(CASE WHEN ${OWED_SQL} THEN 1 END)`, none: 0 },
    overdue_invoices: { sql: `count(CASE WHEN ${OVERDUE_SQL} THEN 1 END)`, none: 0 },
    last_invoice: { sql: `coalesce(max(CASE WHEN cancelled = 0 AND invoice_date GLOB '${DATE_GLOB}' AND invoice_date <= :today THEN invoice_date END), '')`, none: '' },
  },
  moves: ['customer_number', 'booked', 'cancelled', 'balance', 'balance_sek', 'due_date', 'invoice_date'],
  habit: { ...customerHabits, column: 'habit_days', none: -1 },
  dirty: 'figures_dirty',
  asOfKey: 'figures:asOf',
};
