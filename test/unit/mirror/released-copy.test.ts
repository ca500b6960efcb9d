// A copy on a user's disk, written by the released app (schema 5, before the list registry: the
// sandbox's tenant 8000001 read by `npm run -s export -- --mirror`, once per list, then VACUUMed
// and gzipped), opens with this version and keeps every invoice and checkpoint: nothing is read
// again, and the CSV written from it is byte for byte the file the released app wrote the same day;
// the supplier register it gains is empty until read, and then its figures come from the bills the
// file already held.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceId } from '../../../electron/common/resources';
import { listColumns } from '../../../electron/export/columns';
import { exportResources } from '../../../electron/export/export-resources';
import { runExport } from '../../../electron/export/export-job';
import { systemClock } from '../../../electron/kernel/clock';
import { localExportSession } from '../../../electron/mirror/access/local-export';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { lists } from '../../../electron/common/lists/registry';
import { SCHEMA_VERSION } from '../../../electron/mirror/storage/mirror-schema';
import { sortIndexOf } from '../../../electron/mirror/storage/sort-indexes';
import { syncCompany, syncResources, type PageSource } from '../../../electron/mirror/sync/sync-engine';
import type { ListPage } from '../../../electron/api/list-response';
import type { Supplier } from '../../../electron/common/suppliers';
import { recountSupplier } from '../../support/supplier-recount';
import { fakeSession } from '../export/helpers';

const FIXTURES = path.resolve(__dirname, '../../fixtures/copies');
/** The day the released app wrote the fixture's CSV files (the status column depends on it). */
const WRITTEN_ON = '2026-11-27';

let dir: string;
let file: string;
let mirror: MirrorApi;
/** What the released app left in the file, read before this version opens it. */
let before: { meta: Record<string, string>; rows: Record<string, number> };

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'released-copy-'));
  file = path.join(dir, 'tenant-8000001.sqlite');
  await fs.writeFile(file, gunzipSync(await fs.readFile(path.join(FIXTURES, 'schema5-tenant-8000001.sqlite.gz'))));
  const db = new DatabaseSync(file);
  const meta = Object.fromEntries((db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((row) => [row.key, row.value]));
  const rows = { invoices: (db.prepare('SELECT count(*) AS n FROM invoices').get() as { n: number }).n, supplierinvoices: (db.prepare('SELECT count(*) AS n FROM supplier_invoices').get() as { n: number }).n };
  expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(5);
  db.close();
  before = { meta, rows };
  mirror = openInlineMirror(file);
});

afterAll(async () => {
  await mirror?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a copy written by the released app (schema 5)', () => {
  it('opens at this schema with every invoice and both checkpoints as they were', async () => {
    expect(before.rows).toEqual({ invoices: 300, supplierinvoices: 120 });
    const customer = await mirror.summary('invoices');
    const supplier = await mirror.summary('supplierinvoices');
    expect(customer).toMatchObject({ ready: true, rows: 300, ...JSON.parse(before.meta.sync as string) });
    expect(supplier).toMatchObject({ ready: true, rows: 120, ...JSON.parse(before.meta['sync:supplierinvoices'] as string) });
    const db = new DatabaseSync(file, { readOnly: true });
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    db.close();
  });

  // The queries walk a sort's index by name (INDEXED BY): the names derived from the registry are
  // those the released app's schema steps gave the file.
  it.each(['invoices', 'supplierinvoices'] as ResourceId[])('keeps the %s sort indexes the queries name, each led by its column', (resource) => {
    const { stored, fields } = lists[resource];
    const db = new DatabaseSync(file, { readOnly: true });
    const leadOf = (index: string) => (db.prepare(`PRAGMA index_info(${index})`).all() as Array<{ seqno: number; name: string }>).find((column) => column.seqno === 0)?.name;
    const sorted = Object.values(fields).flatMap((field) => (field.sort && /^[a-z_]+$/.test(field.sort.sql) ? [field.sort.sql] : []));
    expect(sorted.length).toBeGreaterThan(10);
    for (const column of sorted) {
      const index = sortIndexOf(stored.table, column);
      expect(index && leadOf(index), `${stored.table} by ${column}: ${index}`).toBe(column);
    }
    db.close();
  });

  it.each(['invoices', 'supplierinvoices'] as ResourceId[])('writes the same %s CSV, byte for byte, as the released app did', async (resource) => {
    const target = path.join(dir, `${resource}.csv`);
    // The copy answers alone: no request, so the limiter never waits.
    const limiter = { ...fakeSession([]).limiter };
    const session = localExportSession({ upToDate: async () => mirror, limiter, today: WRITTEN_ON });
    await runExport({
      resource: exportResources[resource],
      session,
      query: { limit: 500 },
      pages: 'all',
      columns: listColumns(resource, 'en'),
      format: 'standard',
      target,
      clock: systemClock,
      today: WRITTEN_ON,
      statusLabels: exportResources[resource].statusLabels.en,
    });
    expect(await fs.readFile(target)).toEqual(await fs.readFile(path.join(FIXTURES, `schema5-${resource}.csv`)));
  });

  it('gains the supplier register in place (schema step 11): the bills it already holds give the suppliers their figures, none read again', async () => {
    const bills = await mirror.listRows('supplierinvoices', { limit: 500, sortby: 'givennumber' }, WRITTEN_ON, 0, 1_000);
    expect(bills).toHaveLength(120);
    expect((await mirror.listPage('suppliers', { page: 1, limit: 50 }, WRITTEN_ON)).totalResources).toBe(0);
    const numbers = [...new Set(bills.map((bill) => bill.supplierNumber))];
    const suppliers = numbers.map((n): Supplier => ({ supplierNumber: n, name: `Leverantör ${n}`, organisationNumber: '', address1: '', address2: '', zipCode: '', city: '', countryCode: 'SE', phone: '', email: '', bg: '', pg: '', bankAccountNumber: '', iban: '', bic: '', active: true }));
    const requested: string[] = [];
    // Only the register is read: its figures come from the bills the released app stored.
    const source = {
      listPages: (resource: string) => ({
        async *[Symbol.asyncIterator]() {
          requested.push(resource);
          yield { items: suppliers, currentPage: 1, totalPages: 1, totalResources: suppliers.length, serviceTime: Date.parse(`${WRITTEN_ON}T12:00:00Z`) } as ListPage<Supplier>;
        },
      }),
    } as unknown as PageSource;
    await syncCompany({ resource: syncResources.suppliers, mirror, source, clock: systemClock, mode: 'auto', priority: 'sync' });
    expect(requested).toEqual(['suppliers']);
    const rows = (await mirror.listPage('suppliers', { page: 1, limit: 500, sortby: 'suppliernumber' }, WRITTEN_ON)).rows;
    expect(rows.map((row) => row.supplierNumber).sort()).toEqual([...numbers].sort());
    for (const row of rows) {
      expect({ owed: row.owed, overdue: row.overdue, openBills: row.openBills, paysDaysLate: row.paysDaysLate, lastBill: row.lastBill }, `supplier ${row.supplierNumber}`).toEqual(recountSupplier(bills, row.supplierNumber, WRITTEN_ON));
    }
    expect(rows.some((row) => (row.owed ?? 0) !== 0)).toBe(true);
  });
});
