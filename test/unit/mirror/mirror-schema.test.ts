// Sorting Total and Balance on the local copy by their value in SEK at each invoice's own rate
// (what a user sorting by amount expects): the store writes the SEK columns on every upsert, a copy written by the
// previous version (schema 1) gains them in place from what it already stores, and the sort runs on
// an index.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { valueInSek } from '../../../electron/common/value-in-sek';
import type { GridQueryOf } from '../../../electron/common/lists/grid-types';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { migrate, SCHEMA_VERSION } from '../../../electron/mirror/storage/mirror-schema';
import { invoice } from '../export/helpers';

const TODAY = '2026-11-23';
// 1 000 kr; 100 EUR at 11.45 = 1 145 kr; 80 USD at 10.50 = 840 kr; 9 000 JPY at 7.10 per 100 = 639 kr.
const INVOICES = [
  invoice({ documentNumber: '1', total: 1000, balance: 1000, currency: 'SEK', currencyRate: 1, currencyUnit: 1 }),
  invoice({ documentNumber: '2', total: 100, balance: 100, currency: 'EUR', currencyRate: 11.45, currencyUnit: 1 }),
  invoice({ documentNumber: '3', total: 80, balance: 20, currency: 'USD', currencyRate: 10.5, currencyUnit: 1 }),
  invoice({ documentNumber: '4', total: 9000, balance: 9000, currency: 'JPY', currencyRate: 7.1, currencyUnit: 100 }),
];

let dir: string;
const opened: MirrorApi[] = [];
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mirror-schema-'));
});
afterEach(async () => {
  for (const mirror of opened.splice(0)) await mirror.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function open(file: string): MirrorApi {
  const mirror = openInlineMirror(file);
  opened.push(mirror);
  return mirror;
}

async function order(mirror: MirrorApi, sortby: 'total' | 'balance', sortorder: 'ascending' | 'descending'): Promise<string[]> {
  const query: GridQueryOf<'invoices'> = { page: 1, limit: 50, sortby, sortorder };
  return (await mirror.listPage('invoices', query, TODAY)).rows.map((row) => row.documentNumber);
}

/** A copy as version 1 of the app left it: schema 1, its rows written with step 1's columns only. */
function writeVersionOneCopy(file: string): void {
  const db = new DatabaseSync(file);
  migrate(db, 1);
  const insert = db.prepare(`INSERT INTO invoices (document_number, doc_no, customer_number, customer_number_key, customer_name, invoice_date, due_date,
    total, balance, currency, booked, cancelled, sent, ocr, invoice_type, project, cost_center, final_pay_date, currency_rate, currency_unit)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0, 1, ?, 'INVOICE', '', '', NULL, ?, ?) RETURNING rowid`);
  const data = db.prepare('INSERT INTO invoice_data (id, data) VALUES (?, ?)');
  for (const i of INVOICES) {
    const { rowid } = insert.get(i.documentNumber, Number(i.documentNumber), i.customerNumber, Number(i.customerNumber), i.customerName, i.invoiceDate, i.dueDate, i.total, i.balance, i.currency, i.ocr, i.currencyRate, i.currencyUnit) as { rowid: number };
    data.run(rowid, JSON.stringify(i));
  }
  db.close();
}

describe('the local copy sorts Total and Balance by their value in SEK at each invoice’s own rate', () => {
  it('the arithmetic: SEK per CurrencyUnit units; a rate or unit that is not positive counts as 1', () => {
    expect(valueInSek(100, 11.45, 1)).toBeCloseTo(1145, 9);
    expect(valueInSek(9000, 7.1, 100)).toBeCloseTo(639, 9);
    expect(valueInSek(250, 0, 0)).toBe(250);
    expect(valueInSek(-50, Number.NaN, -1)).toBe(-50);
  });

  it('a fresh copy: 100 EUR sorts above 1 000 kr, 80 USD below it (not by the raw numbers), both directions, Balance too', async () => {
    const mirror = open(path.join(dir, 'fresh.sqlite'));
    await mirror.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    await mirror.savePage('invoices', INVOICES, 1, INVOICES.length);
    // Raw numbers would give 4 (9 000), 1 (1 000), 2 (100), 3 (80).
    expect(await order(mirror, 'total', 'descending')).toEqual(['2', '1', '3', '4']);
    expect(await order(mirror, 'total', 'ascending')).toEqual(['4', '3', '1', '2']);
    // Balances: 1 000 kr, 1 145 kr, 20 USD = 210 kr, 639 kr.
    expect(await order(mirror, 'balance', 'descending')).toEqual(['2', '1', '4', '3']);
  });

  it('an upsert rewrites the SEK value: a payment, or a new rate, moves the invoice', async () => {
    const mirror = open(path.join(dir, 'upsert.sqlite'));
    await mirror.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    await mirror.savePage('invoices', INVOICES, 1, INVOICES.length);
    await mirror.beginInterval('invoices', { kind: 'incremental', startMs: 1, lastmodified: '2026-11-23 10:00:00' });
    await mirror.savePage(
      'invoices',
      [
        { ...(INVOICES[1] as (typeof INVOICES)[number]), balance: 10 }, // 10 EUR left: 114.50 kr
        { ...(INVOICES[2] as (typeof INVOICES)[number]), currencyRate: 60 }, // 20 USD at 60: 1 200 kr
      ],
      1,
      2,
    );
    expect(await order(mirror, 'balance', 'descending')).toEqual(['3', '1', '4', '2']);
  });

  it('a copy written by the previous version migrates in place (no read from the service) and sorts the same', async () => {
    const file = path.join(dir, 'tenant-1.sqlite');
    writeVersionOneCopy(file);
    const mirror = open(file);
    expect((await mirror.summary('invoices')).rows).toBe(4);
    expect(await order(mirror, 'total', 'descending')).toEqual(['2', '1', '3', '4']);
    expect(await order(mirror, 'balance', 'descending')).toEqual(['2', '1', '4', '3']);
    await mirror.close();
    opened.splice(0);

    const db = new DatabaseSync(file);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    // The same numbers the store writes for a new invoice (the SQL and valueInSek agree exactly).
    const stored = db.prepare('SELECT document_number AS n, total_sek, balance_sek FROM invoices ORDER BY doc_no').all() as Array<{ n: string; total_sek: number; balance_sek: number }>;
    expect(stored).toEqual(INVOICES.map((i) => ({ n: i.documentNumber, total_sek: valueInSek(i.total, i.currencyRate, i.currencyUnit), balance_sek: valueInSek(i.balance, i.currencyRate, i.currencyUnit) })));
    db.close();
  });

  it('the sort runs on an index (as fast as the raw amounts’ was), not a sort of the whole table', async () => {
    const file = path.join(dir, 'plan.sqlite');
    const mirror = open(file);
    await mirror.close();
    opened.splice(0);
    const db = new DatabaseSync(file);
    for (const column of ['total_sek', 'balance_sek']) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN SELECT rowid FROM invoices ORDER BY ${column} DESC, doc_no DESC LIMIT 50`).all() as Array<{ detail: string }>).map((row) => row.detail).join('\n');
      expect(plan).toMatch(new RegExp(`USING (COVERING )?INDEX invoices_${column}\\b`));
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
    db.close();
  });
});
