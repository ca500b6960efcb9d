// The local copy with a second resource, in this process against a scripted service: a copy of
// schema 1 (customer invoices only, as on users' disks) migrates without a re-read of its
// invoices; supplier invoices sync in the service's own order with their own checkpoint; the
// approval and payment states come from the two filtered lists, read whole with every sync; a
// known OCR survives list pages that lack it; the grid's filters and sorts on the copy.
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/api/list-response';
import type { Invoice } from '../../../electron/common/invoices';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import type { SupplierInvoice } from '../../../electron/common/supplier-invoices';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { migrate } from '../../../electron/mirror/storage/mirror-schema';
import type { Clock } from '../../../electron/kernel/clock';
import { syncCompany, syncResources, type PageSource } from '../../../electron/mirror/sync/sync-engine';

const dirs: string[] = [];
const mirrors: MirrorApi[] = [];
afterEach(async () => {
  for (const m of mirrors.splice(0)) await m.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function fileIn(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'supplier-copy-'));
  dirs.push(dir);
  return path.join(dir, 'c.sqlite');
}
function open(file: string): MirrorApi {
  const m = openInlineMirror(file);
  mirrors.push(m);
  return m;
}

const TODAY = '2026-06-15';
let clockMs = Date.parse('2026-06-15T10:00:00Z');
const clock: Clock = { now: () => clockMs, sleep: () => Promise.resolve() };

function supplier(n: number, over: Partial<SupplierInvoice> = {}): SupplierInvoice {
  return {
    givenNumber: String(n),
    supplierNumber: String(100 + (n % 7)),
    supplierName: ['Åkerlunds Trä AB', 'Byggmax', 'Örebro El', 'Ahlsell'][n % 4] as string,
    invoiceNumber: `F-${n}`,
    invoiceDate: '2026-05-01',
    dueDate: n % 3 === 0 ? '2026-06-01' : '2026-07-01',
    total: 1000 + n,
    balance: n % 5 === 0 ? 0 : 1000 + n,
    currency: n % 4 === 0 ? 'EUR' : 'SEK',
    currencyRate: n % 4 === 0 ? 11.5 : 1,
    currencyUnit: 1,
    booked: n % 2 === 0,
    cancelled: n === 7,
    credit: false,
    finalPayDate: n % 5 === 0 ? '2026-06-01' : null,
    authorizerName: '',
    costCenter: '',
    project: '',
    externalInvoiceNumber: '',
    externalInvoiceSeries: '',
    ocr: '',
    authorizePending: false,
    paymentPending: false,
    ...over,
  };
}

/** A scripted service: supplier invoices in GivenNumber order, the two filters, lastmodified (only `changed`), every request logged. */
function service(items: () => SupplierInvoice[], flags: { authorizepending: string[]; pendingpayment: string[] }, changed: Set<string> = new Set()) {
  const requests: Array<{ resource: ResourceId; query: Record<string, unknown> }> = [];
  const source: PageSource = {
    listPages<R extends ResourceId>(resource: R, query: Record<string, unknown>): AsyncIterable<ListPage<ResourceItems[R]>> {
      return {
        async *[Symbol.asyncIterator]() {
          const limit = Number(query.limit ?? 100);
          let all: SupplierInvoice[] = resource === 'supplierinvoices' ? items() : [];
          const filter = query.filter as 'authorizepending' | 'pendingpayment' | undefined;
          if (filter) all = all.filter((i) => flags[filter].includes(i.givenNumber));
          if (query.lastmodified !== undefined) all = all.filter((i) => changed.has(i.givenNumber));
          const totalPages = Math.ceil(all.length / limit);
          for (let page = Number(query.page ?? 1); ; page += 1) {
            requests.push({ resource, query: { ...query, page } });
            yield { items: all.slice((page - 1) * limit, page * limit) as ResourceItems[R][], currentPage: page, totalPages, totalResources: all.length, serviceTime: clockMs };
            if (page >= totalPages) return;
          }
        },
      };
    },
  };
  return { source, requests };
}

const syncSuppliers = (mirror: MirrorApi, source: PageSource) => syncCompany({ resource: syncResources.supplierinvoices, mirror, source, clock, mode: 'auto', priority: 'sync' });

describe('the local copy of supplier invoices', () => {
  it('migrates a schema-1 copy without reading its customer invoices again, and keeps their checkpoint', async () => {
    const file = fileIn();
    // A copy as the previous app left it: schema 1, one invoice, a completed read.
    const old = new DatabaseSync(file);
    migrate(old, 1);
    old.exec(`INSERT INTO invoices (document_number, doc_no, customer_number, customer_number_key, customer_name, invoice_date, due_date, total, balance, currency, booked, cancelled, sent, ocr, invoice_type, project, cost_center)
      VALUES ('1', 1, '7', 7, 'Kund AB', '2026-05-01', '2026-05-31', 100, 100, 'SEK', 1, 0, 1, '', 'INVOICE', '', '')`);
    old.exec(`INSERT INTO invoice_data (id, data) VALUES (1, '{"documentNumber":"1","customerName":"Kund AB"}')`);
    const checkpointMs = clockMs - 60_000;
    old.prepare(`INSERT INTO meta (key, value) VALUES ('sync', ?)`).run(JSON.stringify({ checkpointMs, interval: null, lastSyncedAt: checkpointMs, lastFullAt: checkpointMs, lastRun: 1 }));
    expect((old.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(1);
    old.close();

    const mirror = open(file);
    const invoices = await mirror.summary('invoices');
    expect(invoices).toMatchObject({ ready: true, rows: 1, checkpointMs });
    expect(await mirror.summary('supplierinvoices')).toMatchObject({ ready: false, rows: 0, checkpointMs: null });

    // The next sync of the customer invoices is incremental (lastmodified), not a first read.
    const asked: Array<Record<string, unknown>> = [];
    const source: PageSource = {
      listPages: <R extends ResourceId>(resource: R, query: Record<string, unknown>) => ({
        async *[Symbol.asyncIterator]() {
          asked.push({ resource, ...query });
          yield { items: [] as ResourceItems[R][], currentPage: 1, totalPages: 0, totalResources: 0, serviceTime: clockMs };
        },
      }),
    };
    const result = await syncCompany({ resource: syncResources.invoices, mirror, source, clock, mode: 'auto', priority: 'sync' });
    expect(result.kind).toBe('incremental');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ resource: 'invoices', sortby: 'documentnumber' });
    expect(asked[0]?.lastmodified).toEqual(expect.any(String));
    expect((await mirror.listRows('invoices', { limit: 10 }, TODAY, 0, 10)).map((r: Invoice) => r.documentNumber)).toEqual(['1']);
  });

  it('reads supplier invoices in the service order with a checkpoint of their own; unchanged, a sync costs 3 requests', async () => {
    const data = Array.from({ length: 1203 }, (_, i) => supplier(i + 1));
    const flags = { authorizepending: ['3', '9'], pendingpayment: ['4'] };
    const { source, requests } = service(() => data, flags);
    const mirror = open(fileIn());

    const first = await syncSuppliers(mirror, source);
    expect(first.kind).toBe('full');
    // Three list pages of 500 and one page of each filtered list (read alongside the list); never a
    // sortby (the service sorts this list by nothing).
    expect(requests.map((r) => r.query.filter ?? 'all').sort()).toEqual(['all', 'all', 'all', 'authorizepending', 'pendingpayment']);
    expect(requests.every((r) => r.resource === 'supplierinvoices' && !('sortby' in r.query))).toBe(true);
    expect(await mirror.summary('supplierinvoices')).toMatchObject({ ready: true, rows: 1203 });
    expect(await mirror.summary('invoices')).toMatchObject({ ready: false, rows: 0 });

    requests.length = 0;
    clockMs += 60_000;
    const second = await syncSuppliers(mirror, source);
    expect(second.kind).toBe('incremental');
    expect(requests).toHaveLength(3);
    expect(requests.find((r) => r.query.filter === undefined)?.query.lastmodified).toEqual(expect.any(String));
  });

  it('keeps exactly the invoices of the filtered lists awaiting approval and in payment, and sorts and filters by them', async () => {
    const data = Array.from({ length: 30 }, (_, i) => supplier(i + 1));
    const flags = { authorizepending: ['3', '9'], pendingpayment: ['4'] };
    const { source } = service(() => data, flags);
    const mirror = open(fileIn());
    await syncSuppliers(mirror, source);
    const page = (query: Record<string, unknown>) => mirror.listPage('supplierinvoices', { page: 1, limit: 100, ...query }, TODAY);

    expect((await page({ filter: 'authorizepending' })).rows.map((r) => r.givenNumber)).toEqual(['3', '9']);
    expect((await page({ filter: 'pendingpayment' })).rows.map((r) => [r.givenNumber, r.status])).toEqual([['4', 'payment-pending']]);
    // Approved meanwhile: gone from the list, so gone from the filter at the next sync.
    flags.authorizepending = ['9'];
    clockMs += 60_000;
    await syncSuppliers(mirror, source);
    const nine = (await page({ filter: 'authorizepending' })).rows;
    expect(nine.map((r) => [r.givenNumber, r.status])).toEqual([['9', 'awaiting-approval']]);

    // The filters' semantics and the sort by status: overdue first.
    const today = new Set(data.filter((i) => !i.cancelled && i.balance !== 0 && i.dueDate < TODAY).map((i) => i.givenNumber));
    expect(new Set((await page({ filter: 'unpaidoverdue' })).rows.map((r) => r.givenNumber))).toEqual(today);
    expect((await page({ filter: 'cancelled' })).rows.map((r) => r.givenNumber)).toEqual(['7']);
    const byStatus = (await page({ sortby: 'status' })).rows.map((r) => r.status);
    expect(byStatus[0]).toBe('overdue');
    expect(byStatus[byStatus.length - 1]).toBe('cancelled');
    // Swedish order of names: Å and Ö after Z.
    const names = (await page({ sortby: 'suppliername' })).rows.map((r) => r.supplierName);
    expect([...new Set(names)]).toEqual(['Ahlsell', 'Byggmax', 'Åkerlunds Trä AB', 'Örebro El']);
    // Sums per currency of the whole view, never mixed.
    const sums = (await page({})).sums ?? [];
    expect(sums.map((s) => s.currency).sort()).toEqual(['EUR', 'SEK']);
  });

  it('a known OCR (from the details) is kept through list pages without one, and the search box finds it', async () => {
    const data = Array.from({ length: 5 }, (_, i) => supplier(i + 1));
    const { source } = service(() => data, { authorizepending: [], pendingpayment: [] });
    const mirror = open(fileIn());
    await syncSuppliers(mirror, source);
    await mirror.noteOcr('supplierinvoices', '2', '55512345678');
    clockMs += 10 * 60_000;
    await syncCompany({ resource: syncResources.supplierinvoices, mirror, source, clock, mode: 'full', priority: 'sync' });
    const found = await mirror.listPage('supplierinvoices', { page: 1, limit: 10, text: '55512345' }, TODAY);
    expect(found.rows.map((r) => [r.givenNumber, r.ocr])).toEqual([['2', '55512345678']]);
    expect((await mirror.listPage('supplierinvoices', { page: 1, limit: 10, text: 'orebro' }, TODAY)).rows.map((r) => r.supplierName)).toEqual(['Örebro El']);
  });
});
