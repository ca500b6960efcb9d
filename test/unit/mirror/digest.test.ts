// The digest's events in a copy (digest-schema.ts, digest.ts): a first read records nothing; each
// later change is one event of its kind with its amount; an unchanged re-read (a full read, a
// resumed page) records nothing; removals under a full read; the date-driven kinds once each, the
// first reading a baseline, a clock gone back listing nothing again; seen, snoozed and dismissed.
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/api/list-response';
import type { Invoice } from '../../../electron/common/invoices';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import type { SupplierInvoice } from '../../../electron/common/supplier-invoices';
import type { Clock } from '../../../electron/kernel/clock';
import { digestPageSql } from '../../../electron/mirror/queries/digest';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { migrate } from '../../../electron/mirror/storage/mirror-schema';
import { syncCompany, syncResources, type PageSource } from '../../../electron/mirror/sync/sync-engine';
import { invoice } from '../export/helpers';

const dirs: string[] = [];
const mirrors: MirrorApi[] = [];
afterEach(async () => {
  for (const m of mirrors.splice(0)) await m.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function bill(overrides: Partial<SupplierInvoice> = {}): SupplierInvoice {
  return {
    givenNumber: '1', supplierNumber: '7', supplierName: 'Åkerby Grossist AB', invoiceNumber: 'F-100', invoiceDate: '2026-06-01', dueDate: '2026-07-30',
    total: 800, balance: 800, currency: 'SEK', currencyRate: 1, currencyUnit: 1, booked: true, cancelled: false, credit: false, finalPayDate: null,
    authorizerName: '', costCenter: '', project: '', externalInvoiceNumber: '', externalInvoiceSeries: '', ocr: '', authorizePending: false, paymentPending: false,
    ...overrides,
  };
}

interface World {
  invoices: Invoice[];
  bills: SupplierInvoice[];
  /** Throw after this many pages of the invoice list were served (a killed sync). */
  failAfterPages?: number;
}

/** A service of two lists (pages of `pageSize`), the filtered list authorizepending from each bill's flag. */
function sourceOf(world: World, clockMs: () => number, pageSize = 1000): PageSource {
  return {
    listPages<R extends ResourceId>(resource: R, query: Record<string, unknown>): AsyncIterable<ListPage<ResourceItems[R]>> {
      return {
        async *[Symbol.asyncIterator]() {
          let all: unknown[] = resource === 'invoices' ? world.invoices : resource === 'supplierinvoices' ? world.bills : [];
          if (query.filter === 'authorizepending') all = world.bills.filter((b) => b.authorizePending && !b.cancelled);
          else if (query.filter === 'pendingpayment') all = world.bills.filter((b) => b.paymentPending && !b.cancelled);
          const pages = Math.max(1, Math.ceil(all.length / pageSize));
          for (let page = Number(query.page ?? 1); page <= pages; page += 1) {
            if (resource === 'invoices' && query.filter === undefined && world.failAfterPages !== undefined) {
              if (world.failAfterPages <= 0) throw new Error('killed');
              world.failAfterPages -= 1;
            }
            yield { items: all.slice((page - 1) * pageSize, page * pageSize) as ResourceItems[R][], currentPage: page, totalPages: pages, totalResources: all.length, serviceTime: clockMs() };
          }
        },
      };
    },
  };
}

async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'digest-'));
  dirs.push(dir);
  const mirror = openInlineMirror(path.join(dir, 'c.sqlite'));
  mirrors.push(mirror);
  let now = Date.parse('2026-06-15T10:00:00Z');
  const clock: Clock = { now: () => now, sleep: () => Promise.resolve() };
  const world: World = {
    invoices: [
      invoice({ documentNumber: '1', total: 1000, balance: 1000, dueDate: '2026-07-01' }),
      invoice({ documentNumber: '2', total: 500, balance: 500, dueDate: '2026-07-01' }),
      invoice({ documentNumber: '3', total: 300, balance: 300, dueDate: '2026-07-01', customerName: 'Bergsala' }),
      invoice({ documentNumber: '4', total: 200, balance: 200, dueDate: '2026-07-01' }),
      invoice({ documentNumber: '5', total: 90, balance: 90, dueDate: '2026-05-01' }), // overdue already at the baseline
      invoice({ documentNumber: '6', total: 40, balance: 40, booked: false, dueDate: '2026-07-01' }), // a draft, deleted later
    ],
    bills: [bill({ givenNumber: '1', authorizePending: true }), bill({ givenNumber: '2', total: 120, balance: 120 }), bill({ givenNumber: '3', dueDate: '2026-06-18' })],
  };
  const sync = async (resource: ResourceId, mode: 'auto' | 'full' = 'full', pageSize = 1000) => {
    now += 60_000;
    return syncCompany({ resource: syncResources[resource], mirror, source: sourceOf(world, () => now, pageSize), clock, mode, priority: 'sync', overlapMs: 10 * 86_400_000 });
  };
  const syncBoth = async (mode: 'auto' | 'full' = 'full') => {
    await sync('invoices', mode);
    await sync('supplierinvoices', mode);
  };
  return { mirror, world, sync, syncBoth, setNow: (ms: number) => (now = ms), now: () => now };
}

/** What a digest command run prints: the events not yet printed, then marked. */
async function printOnce(mirror: MirrorApi) {
  const events = await mirror.eventsToPrint({});
  if (events.length > 0) await mirror.markPrinted(events.at(-1)!.seq);
  return events;
}

const brief = (events: Array<{ kind: string; id: string; amount: number; balanceAfter: number | null }>) => events.map((e) => `${e.kind} ${e.id} ${e.amount} ${e.balanceAfter}`).sort();

describe('events recorded by the sync', () => {
  it('a first read is not news; each change after it is one event with its amount; an unchanged full read records nothing', async () => {
    const { mirror, world, syncBoth } = await setup();
    await syncBoth();
    expect(await mirror.noteDateEvents('2026-06-15')).toBe(0); // the baseline: invoice 5 (overdue) and bill 3 (due in 3 days) marked
    expect(await printOnce(mirror)).toEqual([]);

    const [one, two, , four, , ] = world.invoices as [Invoice, Invoice, Invoice, Invoice, Invoice, Invoice];
    Object.assign(one, { balance: 0, finalPayDate: '2026-06-15' });
    two.balance = 350.4;
    four.cancelled = true;
    world.invoices = world.invoices.filter((i) => i.documentNumber !== '6');
    world.invoices.push(invoice({ documentNumber: '7', total: 75.5, balance: 75.5, booked: false, customerNumber: '11', customerName: 'Nya Kunden' }));
    (world.invoices[2] as Invoice).dueDate = '2026-06-14'; // invoice 3: due yesterday, overdue tomorrow's read
    (world.bills[0] as SupplierInvoice).authorizePending = false;
    (world.bills[1] as SupplierInvoice).balance = 0;
    world.bills.push(bill({ givenNumber: '4', total: 60, balance: 60 }));
    await syncBoth();
    const dated = await mirror.noteDateEvents('2026-06-15');
    const events = await printOnce(mirror);
    // Invoice 3 is newly overdue; invoice 5, overdue 45 days, is now later than its customer usually pays (0 days, from invoice 1 paid today).
    expect(dated).toBe(2);
    expect(brief(events)).toEqual(
      [
        'invoice-paid 1 1000 0',
        'invoice-part-paid 2 149.6 350.4',
        'invoice-cancelled 4 200 200',
        'invoice-removed 6 40 null',
        'invoice-new 7 75.5 75.5',
        'invoice-overdue 3 300 300',
        'customer-later-than-usual 5 90 90',
        'bill-approved 1 800 800',
        'bill-paid 2 120 0',
        'bill-new 4 60 60',
      ].sort(),
    );
    const overdue = events.find((e) => e.kind === 'invoice-overdue');
    expect(overdue).toMatchObject({ at: '2026-06-15', counterpartyName: 'Bergsala', currency: 'SEK' });
    const paid = events.find((e) => e.kind === 'invoice-paid');
    expect(paid?.at).toMatch(/^2026-06-15T10:0\d:00\.000Z$/);
    // Printed once; nothing new after an unchanged full read and the same day's conditions.
    expect(await printOnce(mirror)).toEqual([]);
    await syncBoth();
    await syncBoth('auto');
    expect(await mirror.noteDateEvents('2026-06-15')).toBe(0);
    expect(await printOnce(mirror)).toEqual([]);
    // --since lists them again without marking.
    expect(await mirror.eventsToPrint({ since: '2026-06-15' })).toHaveLength(10);
    expect(await mirror.eventsToPrint({ since: '2026-06-16' })).toHaveLength(0);
  });

  it('a sync killed mid-read and resumed records each change once', async () => {
    const { mirror, world, sync } = await setup();
    world.invoices = Array.from({ length: 50 }, (_, i) => invoice({ documentNumber: String(i + 1), total: 100, balance: 100, dueDate: '2026-09-01' }));
    await sync('invoices', 'full', 10);
    for (const i of world.invoices.slice(0, 30)) i.balance = 0; // pages 1-3 of 5
    world.failAfterPages = 2;
    await expect(sync('invoices', 'full', 10)).rejects.toThrow('killed');
    world.failAfterPages = undefined;
    await sync('invoices', 'full', 10); // resumes one page early: page 2 read again
    const events = await printOnce(mirror);
    expect(events.map((e) => e.id).sort((a, b) => Number(a) - Number(b))).toEqual(world.invoices.slice(0, 30).map((i) => i.documentNumber));
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(['invoice-paid']));
  });
});

describe('what is not news', () => {
  it('a draft edited, a Total changed, and a first read read again because its total moved under it', async () => {
    const { mirror, world, sync } = await setup();
    // The first read: after its first page, an invoice on that page is paid (the service's total moves too).
    world.invoices = Array.from({ length: 6 }, (_, i) => invoice({ documentNumber: String(i + 1), total: 100, balance: 100, dueDate: '2026-09-01' }));
    const source = sourceOf(world, () => Date.parse('2026-06-15T10:00:00Z'), 2);
    let served = 0;
    const moving: PageSource = {
      listPages(resource, query, options) {
        const inner = source.listPages(resource, query, options);
        return {
          async *[Symbol.asyncIterator]() {
            for await (const page of inner) {
              yield page;
              served += 1;
              if (resource === 'invoices' && served === 1) {
                (world.invoices[0] as Invoice).balance = 0;
                world.invoices.push(invoice({ documentNumber: '7', total: 5, balance: 5 }));
              }
            }
          },
        };
      },
    };
    const clock: Clock = { now: () => Date.parse('2026-06-15T10:00:00Z'), sleep: () => Promise.resolve() };
    const read = await syncCompany({ resource: syncResources.invoices, mirror, source: moving, clock, mode: 'full', priority: 'sync' });
    expect(read.pages).toBeGreaterThan(4); // read twice
    expect(await mirror.takeNews(true)).toEqual([]);
    expect(await mirror.eventsToPrint({})).toEqual([]);
    // A draft's Total (and so its balance) edited, a booked invoice's Total and balance changed together: no payment.
    world.invoices.push(invoice({ documentNumber: '8', total: 50, balance: 50, booked: false }));
    await sync('invoices');
    await mirror.eventsToPrint({}).then((events) => mirror.markPrinted(events.at(-1)?.seq ?? 0));
    Object.assign(world.invoices.find((i) => i.documentNumber === '8') as Invoice, { total: 20, balance: 20 });
    Object.assign(world.invoices.find((i) => i.documentNumber === '2') as Invoice, { total: 80, balance: 80 });
    await sync('invoices');
    expect(await mirror.eventsToPrint({})).toEqual([]);
  });

  it('a notification tells what the syncs recorded since the last one, a failed sync\'s too; "Sync now" moves past it', async () => {
    const { mirror, world, sync } = await setup();
    await sync('invoices');
    expect(await mirror.takeNews(true)).toEqual([]); // the first call sets the mark
    world.invoices.push(invoice({ documentNumber: '20', total: 10, balance: 10 }));
    world.failAfterPages = 1; // stored its one page, then failed (the supplier side, say): nothing told yet
    await sync('invoices').catch(() => undefined);
    world.failAfterPages = undefined;
    world.invoices.push(invoice({ documentNumber: '21', total: 20, balance: 20 }));
    await sync('invoices');
    expect(await mirror.takeNews(true)).toEqual([{ kind: 'invoice-new', count: 2, sums: { SEK: 30 } }]);
    expect(await mirror.takeNews(true)).toEqual([]);
    world.invoices.push(invoice({ documentNumber: '22', total: 5, balance: 5 }));
    await sync('invoices');
    expect(await mirror.takeNews(false)).toEqual([]); // "Sync now": the user is looking
    expect(await mirror.takeNews(true)).toEqual([]);
  });
});

describe('10,000 changes in one sync', () => {
  it('are one tally for one notification, and a digest that pages from the last event shown', async () => {
    const { mirror, world, sync } = await setup();
    await sync('invoices', 'full', 500);
    await mirror.noteDateEvents('2026-06-15');
    const before = await mirror.lastEventSeq();
    for (let n = 100; n < 10_100; n += 1) world.invoices.push(invoice({ documentNumber: String(n), total: 1, balance: 1, booked: false, dueDate: '2026-09-01' }));
    await sync('invoices', 'full', 500);
    expect(await mirror.eventsAfter(before)).toEqual([{ kind: 'invoice-new', count: 10_000, sums: { SEK: 10_000 } }]);
    const first = await mirror.digestView('2026-06-15', { limit: 20 });
    expect(first.groups[0]).toMatchObject({ kind: 'invoice-new', count: 10_000 });
    expect(first.groups[0]?.items.map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => String(10_099 - i)));
    // The pages after the last event shown, 50 at a time.
    const ids = (first.groups[0]?.items ?? []).map((e) => e.id);
    for (let page = 0, last = first.groups[0]?.items.at(-1); page < 3 && last; page += 1) {
      const items = (await mirror.digestView('2026-06-15', { limit: 50, kind: 'invoice-new', olderThan: { at: last.at, seq: last.seq } })).groups[0]?.items ?? [];
      ids.push(...items.map((e) => e.id));
      last = items.at(-1);
    }
    expect(ids).toEqual(Array.from({ length: 170 }, (_, i) => String(10_099 - i)));
    // Deep in the list (the sync recorded them in number order, one read's `at`): the last 10, after the event of invoice 110.
    const newest = first.groups[0]?.items[0];
    const deep = await mirror.digestView('2026-06-15', { limit: 50, kind: 'invoice-new', olderThan: { at: newest?.at as string, seq: (newest?.seq as number) - 9_989 } });
    expect(deep.groups[0]?.items.map((e) => e.id)).toEqual(Array.from({ length: 10 }, (_, i) => String(109 - i)));
  });
});

describe('a page of the window\'s digest', () => {
  it('is a range of an index in its order, never a sort of every event shown', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db);
    for (const afterCursor of [false, true]) {
      const params = { today: '2026-06-15', kind: 'invoice-new', limit: 50, ...(afterCursor ? { at: '2026-06-15T10:00:00.000Z', seq: 9 } : {}) };
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${digestPageSql(afterCursor)}`).all(params) as Array<{ detail: string }>).map((row) => row.detail).join('\n');
      expect(plan).toMatch(/USING INDEX events_shown \(state=\? AND kind=\?/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
    db.close();
  });
});

describe('date-driven events', () => {
  it('each once: a day skipped, a clock gone back; a moved due date that passes again is news again', async () => {
    const { mirror, world, syncBoth } = await setup();
    await syncBoth();
    await mirror.noteDateEvents('2026-06-15');
    // Bill 1 is due on 2026-07-30: within 7 days from 2026-07-23. Invoices 1-4 fall due on 2026-07-01.
    expect(await mirror.noteDateEvents('2026-07-25')).toBe(6);
    // Invoice 5 (overdue) and bill 3 (due soon) were true at the baseline: not listed. The draft is not owed.
    expect(brief(await printOnce(mirror))).toEqual(['bill-due-soon 1 800 800', 'bill-due-soon 2 120 120', 'invoice-overdue 1 1000 1000', 'invoice-overdue 2 500 500', 'invoice-overdue 3 300 300', 'invoice-overdue 4 200 200']);
    expect(await mirror.noteDateEvents('2026-06-20')).toBe(0); // the clock went back
    expect(await mirror.noteDateEvents('2026-07-26')).toBe(0);
    // Invoice 1 moved to a later due date, which passes: overdue again, once.
    (world.invoices[0] as Invoice).dueDate = '2026-08-01';
    await syncBoth();
    expect(await mirror.noteDateEvents('2026-07-27')).toBe(0);
    expect(await mirror.noteDateEvents('2026-08-02')).toBe(1);
    expect(brief(await printOnce(mirror))).toEqual(['invoice-overdue 1 1000 1000']);
  });
});

describe('the window\'s digest', () => {
  it('groups by kind with sums, newest first; seen, dismissed and snoozed', async () => {
    const { mirror, world, syncBoth } = await setup();
    await syncBoth();
    await mirror.noteDateEvents('2026-06-15');
    world.invoices.push(invoice({ documentNumber: '8', total: 10, balance: 10 }), invoice({ documentNumber: '9', total: 20, balance: 20, currency: 'EUR' }), invoice({ documentNumber: '10', total: 30, balance: 30 }));
    await syncBoth();
    const view = await mirror.digestView('2026-06-15', { limit: 2 });
    expect(view.unseen).toBe(3);
    expect(view.groups).toHaveLength(1);
    expect(view.groups[0]).toMatchObject({ kind: 'invoice-new', count: 3, sums: { SEK: 40, EUR: 20 } });
    expect(view.groups[0]?.items.map((e) => e.id)).toEqual(['10', '9']);
    const shown = view.groups[0]?.items.at(-1);
    const more = await mirror.digestView('2026-06-15', { limit: 2, kind: 'invoice-new', olderThan: { at: shown?.at as string, seq: shown?.seq as number } });
    expect(more.groups[0]?.items.map((e) => e.id)).toEqual(['8']);
    const [ten, nine] = view.groups[0]?.items ?? [];
    await mirror.markDigest('2026-06-15', { action: 'dismiss', seq: ten?.seq as number });
    await mirror.markDigest('2026-06-15', { action: 'snooze', seq: nine?.seq as number, until: '2026-06-16' });
    expect(await mirror.unseenCount('2026-06-15')).toBe(1);
    expect(await mirror.unseenCount('2026-06-16')).toBe(2); // the snoozed one is back
    const today = await mirror.digestView('2026-06-16', { limit: 10 });
    await mirror.markDigest('2026-06-16', { action: 'seen-all', upToSeq: today.lastSeq });
    expect(await mirror.unseenCount('2026-06-16')).toBe(0);
    expect((await printOnce(mirror)).length).toBe(3); // the command's own mark is apart from the window's
  });
});
