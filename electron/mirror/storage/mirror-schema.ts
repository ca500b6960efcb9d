/**
 * The local copy's tables, one SQLite file per company, and their migrations. `PRAGMA user_version`
 * is the schema version: a newer app migrates an older file step by step; a file newer than the app
 * is refused (the app says so, rather than losing what it cannot read).
 */
import type { DatabaseSync } from 'node:sqlite';
import { customerStepSql } from './customer-schema';
import { paymentStepSql } from './payment-schema';
import { paymentDayStepSql } from './payment-days-schema';
import { digestStepSql } from './digest-schema';
import { sortIndexSql } from './sort-indexes';
import { supplierStepSql } from './supplier-schema';
import { tallyStepSql } from './tallies';

/** Each step takes the database from version i to i + 1. Never edit a released step: add one. */
const MIGRATIONS: readonly string[] = [
  // 1: invoices (a row per DocumentNumber, its list fields as columns for WHERE and ORDER BY), the
  //    whole item as JSON for the grid in a table of its own (so scans and sorts stay narrow: a
  //    view's sums and a deep page never read the JSON), the search index, customer-name ranks,
  //    and sync state.
  `
  CREATE TABLE invoices (
    document_number TEXT NOT NULL UNIQUE,
    doc_no REAL NOT NULL,
    customer_number TEXT NOT NULL,
    customer_number_key REAL NOT NULL,
    customer_name TEXT NOT NULL,
    name_rank INTEGER NOT NULL DEFAULT 0,
    invoice_date TEXT NOT NULL,
    due_date TEXT NOT NULL,
    total REAL NOT NULL,
    balance REAL NOT NULL,
    currency TEXT NOT NULL,
    booked INTEGER NOT NULL,
    cancelled INTEGER NOT NULL,
    sent INTEGER NOT NULL,
    ocr TEXT NOT NULL,
    invoice_type TEXT NOT NULL,
    project TEXT NOT NULL,
    cost_center TEXT NOT NULL,
    final_pay_date TEXT,
    currency_rate REAL NOT NULL DEFAULT 1,
    currency_unit REAL NOT NULL DEFAULT 1,
    seen_run INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE invoice_data (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
  CREATE INDEX invoices_doc_no ON invoices (doc_no);
  CREATE INDEX invoices_customer_name ON invoices (name_rank, doc_no);
  CREATE INDEX invoices_customer_number ON invoices (customer_number_key, doc_no);
  CREATE INDEX invoices_invoice_date ON invoices (invoice_date, doc_no);
  CREATE INDEX invoices_due_date ON invoices (due_date, doc_no);
  CREATE INDEX invoices_ocr ON invoices (ocr, doc_no);
  CREATE INDEX invoices_total ON invoices (total, doc_no);
  CREATE INDEX invoices_balance ON invoices (balance, doc_no);
  CREATE INDEX invoices_currency ON invoices (currency, doc_no);
  CREATE INDEX invoices_project ON invoices (project, doc_no);
  CREATE INDEX invoices_cost_center ON invoices (cost_center, doc_no);
  CREATE INDEX invoices_invoice_type ON invoices (invoice_type, doc_no);
  CREATE INDEX invoices_final_pay_date ON invoices (final_pay_date, doc_no);
  CREATE INDEX invoices_seen_run ON invoices (seen_run);
  -- Covers a view's sums per currency under any filter and date range without reading the table.
  CREATE INDEX invoices_sums ON invoices (currency, cancelled, booked, balance, total, due_date, invoice_date);
  -- Diacritics removed on both sides: "orebro" finds "Örebro"; prefixes of 2-4 characters indexed.
  CREATE VIRTUAL TABLE invoice_words USING fts5 (words, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
  CREATE TABLE customer_names (name TEXT PRIMARY KEY, rank INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  `,
  // 2: Total and Balance in SEK at each invoice's own rate (CurrencyRate SEK per CurrencyUnit units;
  //    a rate or unit that is not positive counts as 1, as common/value-in-sek.ts valueInSek does), so
  //    the copy sorts EUR among kronor by what they are worth, on an index as fast as the raw
  //    amounts'. Computed here from the columns step 1 already stores: a file migrates in place,
  //    without reading the service again. The store writes both on every upsert from then on.
  `
  ALTER TABLE invoices ADD COLUMN total_sek REAL NOT NULL DEFAULT 0;
  ALTER TABLE invoices ADD COLUMN balance_sek REAL NOT NULL DEFAULT 0;
  UPDATE invoices SET
    total_sek = total * (CASE WHEN currency_rate > 0 THEN currency_rate ELSE 1 END) / (CASE WHEN currency_unit > 0 THEN currency_unit ELSE 1 END),
    balance_sek = balance * (CASE WHEN currency_rate > 0 THEN currency_rate ELSE 1 END) / (CASE WHEN currency_unit > 0 THEN currency_unit ELSE 1 END);
  CREATE INDEX invoices_total_sek ON invoices (total_sek, doc_no);
  CREATE INDEX invoices_balance_sek ON invoices (balance_sek, doc_no);
  `,
  // 3: supplier invoices beside the customer invoices, in tables of their own shaped like theirs
  //    (stored-resources.ts). Their sync state is a meta key of its own ('sync:supplierinvoices');
  //    the customer invoices keep theirs ('sync'), so a copy of schema 1 or 2 keeps its checkpoint and
  //    is not read again. OCR and the approval and payment states are not in the list item: they
  //    are columns the sync fills from the details and the two filtered lists.
  `
  CREATE TABLE supplier_invoices (
    given_number TEXT NOT NULL UNIQUE,
    given_no REAL NOT NULL,
    supplier_number TEXT NOT NULL,
    supplier_number_key REAL NOT NULL,
    supplier_name TEXT NOT NULL,
    name_rank INTEGER NOT NULL DEFAULT 0,
    invoice_number TEXT NOT NULL,
    invoice_date TEXT NOT NULL,
    due_date TEXT NOT NULL,
    total REAL NOT NULL,
    balance REAL NOT NULL,
    currency TEXT NOT NULL,
    booked INTEGER NOT NULL,
    cancelled INTEGER NOT NULL,
    credit INTEGER NOT NULL,
    project TEXT NOT NULL,
    cost_center TEXT NOT NULL,
    final_pay_date TEXT,
    currency_rate REAL NOT NULL DEFAULT 1,
    currency_unit REAL NOT NULL DEFAULT 1,
    ocr TEXT NOT NULL DEFAULT '',
    authorize_pending INTEGER NOT NULL DEFAULT 0,
    payment_pending INTEGER NOT NULL DEFAULT 0,
    -- As step 2's for the customer invoices: amounts in SEK at the invoice's own rate, for sorting.
    total_sek REAL NOT NULL DEFAULT 0,
    balance_sek REAL NOT NULL DEFAULT 0,
    seen_run INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE supplier_invoice_data (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
  CREATE INDEX supplier_invoices_given_no ON supplier_invoices (given_no);
  CREATE INDEX supplier_invoices_supplier_name ON supplier_invoices (name_rank, given_no);
  CREATE INDEX supplier_invoices_supplier_number ON supplier_invoices (supplier_number_key, given_no);
  CREATE INDEX supplier_invoices_invoice_number ON supplier_invoices (invoice_number, given_no);
  CREATE INDEX supplier_invoices_invoice_date ON supplier_invoices (invoice_date, given_no);
  CREATE INDEX supplier_invoices_due_date ON supplier_invoices (due_date, given_no);
  CREATE INDEX supplier_invoices_total ON supplier_invoices (total, given_no);
  CREATE INDEX supplier_invoices_balance ON supplier_invoices (balance, given_no);
  CREATE INDEX supplier_invoices_total_sek ON supplier_invoices (total_sek, given_no);
  CREATE INDEX supplier_invoices_balance_sek ON supplier_invoices (balance_sek, given_no);
  CREATE INDEX supplier_invoices_currency ON supplier_invoices (currency, given_no);
  CREATE INDEX supplier_invoices_final_pay_date ON supplier_invoices (final_pay_date, given_no);
  CREATE INDEX supplier_invoices_seen_run ON supplier_invoices (seen_run);
  CREATE INDEX supplier_invoices_pending ON supplier_invoices (authorize_pending, payment_pending);
  CREATE INDEX supplier_invoices_sums ON supplier_invoices (currency, cancelled, booked, balance, total, due_date, invoice_date);
  CREATE VIRTUAL TABLE supplier_invoice_words USING fts5 (words, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
  CREATE TABLE supplier_names (name TEXT PRIMARY KEY, rank INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
  `,
  // 4: kept tallies (tallies.ts): counts and sums per state and due date, and per day, kept by
  //    triggers in each write's own transaction; customers' payment habits kept per customer; the
  //    partial indexes of what is open. The rows already in the copy are tallied in place. The sort
  //    indexes rebuilt to cover what views filter by (sort-indexes.ts).
  `${tallyStepSql()}\n${sortIndexSql()}\nPRAGMA analysis_limit = 1000;\nANALYZE;`,
  // 5: the search words of a copy's first read, kept here and moved into the search index in large
  //    batches (mirror-store.ts, flushWords): FTS5 with prefix indexes written a page at a time
  //    costs more per page the larger the index grows, so a large first read would slow as it goes.
  `CREATE TABLE pending_words (resource TEXT NOT NULL, id INTEGER NOT NULL, words TEXT NOT NULL, PRIMARY KEY (resource, id)) WITHOUT ROWID;`,
  // 6: the customer register and each customer's figures kept from its invoices (customer-schema.ts).
  customerStepSql(),
  // 7: the payments of both sides (payment-schema.ts).
  paymentStepSql(),
  // 8: each payment's day and SEK amount in DSO and DPO, kept by triggers (payment-days-schema.ts).
  paymentDayStepSql(),
  // 9: the events of "since you last looked", recorded by triggers (digest-schema.ts).
  digestStepSql(),
  // 10: the window's digest reads a page of one kind's shown events in its order, newest first (at,
  //     then seq: the rowid every index ends with), from the last event shown (digest.ts digestView):
  //     a range of this index, where events_state had every shown event of the copy sorted per page.
  `CREATE INDEX events_shown ON events (state, kind, at);`,
  // 11: the supplier register and each supplier's figures kept from its bills (supplier-schema.ts).
  supplierStepSql(),
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export class NewerSchemaError extends Error {
  constructor(readonly found: number) {
    super(`The local copy was written by a newer Invoice Desk (schema ${found}, this app knows ${SCHEMA_VERSION}).`);
  }
}

/** Brings the file to SCHEMA_VERSION (a test may stop at an older `target`), each step in its own transaction. */
export function migrate(db: DatabaseSync, target = SCHEMA_VERSION): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  const found = row.user_version;
  if (found > SCHEMA_VERSION) throw new NewerSchemaError(found);
  for (let version = found; version < Math.min(target, SCHEMA_VERSION); version += 1) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(MIGRATIONS[version] as string);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
