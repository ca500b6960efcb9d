/**
 * Schema step 7 (mirror-schema.ts): the payments of both sides, each in tables shaped
 * like the other lists' (common/lists/payments.ts) with its sort indexes (sort-indexes.ts) and an
 * index by invoice number (an invoice's payments, a statement). Never change this after release: a
 * change is a new step. A copy of an older schema gets empty tables; the next sync reads them (each
 * with its own checkpoint).
 */
import { sortIndexSql } from './sort-indexes';

function paymentTables(table: string): string {
  const stem = table.replace(/s$/, '');
  return `
  CREATE TABLE ${table} (
    number TEXT NOT NULL UNIQUE,
    number_key REAL NOT NULL,
    invoice_number TEXT NOT NULL,
    invoice_key REAL NOT NULL,
    payment_date TEXT NOT NULL,
    amount REAL NOT NULL,
    -- In SEK when the service sent it beside the amount in the invoice's currency.
    amount_sek REAL,
    currency TEXT NOT NULL,
    booked INTEGER NOT NULL,
    source TEXT NOT NULL,
    name_rank INTEGER NOT NULL DEFAULT 0,
    seen_run INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE ${stem}_data (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
  CREATE INDEX ${table}_seen_run ON ${table} (seen_run);
  CREATE INDEX ${table}_of_invoice ON ${table} (invoice_number, payment_date, amount, currency);
  CREATE VIRTUAL TABLE ${stem}_words USING fts5 (words, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
  CREATE TABLE ${stem}_sources (name TEXT PRIMARY KEY, rank INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;`;
}

export function paymentStepSql(): string {
  return `${paymentTables('invoice_payments')}\n${paymentTables('supplier_invoice_payments')}\n${sortIndexSql(['invoice_payments', 'supplier_invoice_payments'])}`;
}
