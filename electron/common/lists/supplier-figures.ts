/**
 * The suppliers' figures, kept per supplier of the register from the supplier invoices
 * (kept-figures.ts): what the company owes it by the payables' own rule (owed-sql.ts TO_PAY_SQL:
 * not cancelled, a balance, booked or not; credit invoices count, negative), in SEK at each bill's
 * own rate rounded to öre, and of that what is overdue (due before today); how many bills are to
 * pay and overdue; how late the company pays it (the customers' habit rule of common/cash-outlook.ts
 * over its paid bills that count as the customers' invoices do: booked, not cancelled, paid in full,
 * not a credit; -1: none) and its latest InvoiceDate on or before today of a bill not cancelled
 * ('': none). Its schema step (mirror/storage/supplier-schema.ts) makes the columns, tables and triggers.
 */
import { oreSql, type KeptFigures } from './kept-figures';
import { DATE_GLOB, TO_PAY_OVERDUE_SQL, TO_PAY_SQL } from './owed-sql';

export const supplierFigures: KeptFigures = {
  documents: { table: 'supplier_invoices', key: 'supplier_number', numericKey: 'supplier_number_key' },
  columns: {
    owed_sek: { sql: oreSql(`sum(CASE WHEN ${TO_PAY_SQL} THEN balance_sek END)`), none: 0 },
    overdue_sek: { sql: oreSql(`sum(CASE WHEN ${TO_PAY_OVERDUE_SQL} THEN balance_sek END)`), none: 0 },
    open_bills: { sql: `count(CASE WHEN ${TO_PAY_SQL} THEN 1 END)`, none: 0 },
    overdue_bills: { sql: `count(CASE WHEN ${TO_PAY_OVERDUE_SQL} THEN 1 END)`, none: 0 },
    last_bill: { sql: `coalesce(max(CASE WHEN cancelled = 0 AND invoice_date GLOB '${DATE_GLOB}' AND invoice_date <= :today THEN invoice_date END), '')`, none: '' },
  },
  moves: ['supplier_number', 'cancelled', 'balance', 'balance_sek', 'due_date', 'invoice_date'],
  habit: {
    documents: 'supplier_invoices',
    key: 'supplier_number',
    counts: 'booked = 1 AND cancelled = 0 AND balance = 0 AND total > 0 AND final_pay_date IS NOT NULL',
    table: 'supplier_habits',
    dirty: 'supplier_habit_dirty',
    asOfKey: 'supplierHabits:asOf',
    column: 'habit_days',
    none: -1,
  },
  dirty: 'supplier_figures_dirty',
  asOfKey: 'supplierFigures:asOf',
};
