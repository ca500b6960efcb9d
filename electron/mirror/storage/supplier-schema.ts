/**
 * Schema step 11 (mirror-schema.ts): the supplier register beside the supplier invoices, in tables
 * shaped like the customers' (common/lists/suppliers.ts), its sort indexes (sort-indexes.ts
 * sortIndexSql: one per sorted column, covering what its views narrow by), and the suppliers'
 * figures kept from their bills (common/lists/supplier-figures.ts): the columns that hold them,
 * and the marks, habits and triggers of kept-figures-schema.ts. Never change this after release: a
 * change is a new step (one that changes the sorted columns runs sortIndexSql(['suppliers']) again:
 * its statements drop and make each index). A copy of an older schema gets empty tables; the next sync
 * reads the register (its own checkpoint, 'sync:suppliers'), and the first read of it computes
 * every supplier's figures.
 */
import { supplierFigures } from '../../common/lists/supplier-figures';
import { keptFiguresSql } from './kept-figures-schema';
import { sortIndexSql } from './sort-indexes';

export function supplierStepSql(): string {
  return `
  CREATE TABLE suppliers (
    supplier_number TEXT NOT NULL UNIQUE,
    supplier_no REAL NOT NULL,
    name TEXT NOT NULL,
    name_rank INTEGER NOT NULL DEFAULT 0,
    organisation_number TEXT NOT NULL,
    city TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    bg TEXT NOT NULL,
    pg TEXT NOT NULL,
    iban TEXT NOT NULL,
    -- NULL: the item does not say (Active is assumed in the list item): in neither chip.
    active INTEGER,
    owed_sek REAL NOT NULL DEFAULT 0,
    overdue_sek REAL NOT NULL DEFAULT 0,
    open_bills INTEGER NOT NULL DEFAULT 0,
    overdue_bills INTEGER NOT NULL DEFAULT 0,
    habit_days INTEGER NOT NULL DEFAULT -1,
    last_bill TEXT NOT NULL DEFAULT '',
    seen_run INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE supplier_data (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
  CREATE INDEX suppliers_seen_run ON suppliers (seen_run);
  CREATE VIRTUAL TABLE supplier_words USING fts5 (words, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
  CREATE TABLE supplier_register_names (name TEXT PRIMARY KEY, rank INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
  ${sortIndexSql(['suppliers'])}
  ${keptFiguresSql({ table: 'suppliers', identity: 'supplier_number' }, supplierFigures)}
  `;
}
