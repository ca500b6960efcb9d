/**
 * Schema step 6 (mirror-schema.ts): the customer register beside the invoices, in tables
 * shaped like theirs (common/lists/customers.ts), its sort indexes (sort-indexes.ts), and the
 * customers' figures kept from the invoices (common/lists/customer-figures.ts, kept-figures.ts): the columns that hold them and
 * the triggers that mark a customer whose invoices changed. Never change this after release: a
 * change is a new step. A copy of an older schema gets empty tables and its invoices' customers
 * marked; the next sync reads the register (its own checkpoint, 'sync:customers').
 */
import { sortIndexSql } from './sort-indexes';

/** The invoice columns whose change moves a customer's figures (a change of customer moves two). */
const FIGURE_COLUMNS = ['customer_number', 'booked', 'cancelled', 'balance', 'balance_sek', 'due_date', 'invoice_date'];

export function customerStepSql(): string {
  const changed = FIGURE_COLUMNS.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
  const mark = (row: string) => `INSERT INTO figures_dirty (customer_number) VALUES (${row}.customer_number) ON CONFLICT DO NOTHING;`;
  return `
  CREATE TABLE customers (
    customer_number TEXT NOT NULL UNIQUE,
    customer_no REAL NOT NULL,
    name TEXT NOT NULL,
    name_rank INTEGER NOT NULL DEFAULT 0,
    organisation_number TEXT NOT NULL,
    city TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    -- NULL: the item does not say (Active is assumed in the list item): in neither chip.
    active INTEGER,
    owed_sek REAL NOT NULL DEFAULT 0,
    overdue_sek REAL NOT NULL DEFAULT 0,
    open_invoices INTEGER NOT NULL DEFAULT 0,
    overdue_invoices INTEGER NOT NULL DEFAULT 0,
    habit_days INTEGER NOT NULL DEFAULT -1,
    last_invoice TEXT NOT NULL DEFAULT '',
    seen_run INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE customer_data (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
  CREATE INDEX customers_seen_run ON customers (seen_run);
  CREATE VIRTUAL TABLE customer_words USING fts5 (words, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
  CREATE TABLE customer_register_names (name TEXT PRIMARY KEY, rank INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
  ${sortIndexSql(['customers'])}
  CREATE TABLE figures_dirty (customer_number TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TRIGGER customers_figures_insert AFTER INSERT ON customers BEGIN ${mark('NEW')} END;
  CREATE TRIGGER invoices_figures_insert AFTER INSERT ON invoices BEGIN ${mark('NEW')} END;
  CREATE TRIGGER invoices_figures_delete AFTER DELETE ON invoices BEGIN ${mark('OLD')} END;
  CREATE TRIGGER invoices_figures_update AFTER UPDATE OF ${FIGURE_COLUMNS.join(', ')} ON invoices WHEN ${changed} BEGIN ${mark('OLD')} ${mark('NEW')} END;
  `;
}
