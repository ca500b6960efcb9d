// A customer's statement from a copy that holds 200,000 payments whose invoice it does not know (they
// may be anyone's): it lists the customer's own unplaced payments and the earliest of the others, at
// most 100 in all, and counts the rest; those dated after the day are on no statement of that day.
// The customer's own statement (the exported file) has none of them.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/api/list-response';
import type { Invoice } from '../../../electron/common/invoices';
import type { Payment } from '../../../electron/common/payments';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import { NOT_PLACED_LIMIT } from '../../../electron/common/statement';
import type { Clock } from '../../../electron/kernel/clock';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { syncCompany, syncResources, type PageSource } from '../../../electron/mirror/sync/sync-engine';
import { invoice } from '../../unit/export/helpers';

const AS_OF = '2026-06-30';
const ANYONES = 200_000;
const LATER = 1_000;

const payment = (number: number, invoiceNumber: string, paymentDate: string, amount = 10): Payment => ({ number: String(number), invoiceNumber, paymentDate, amount, amountSek: null, currency: 'SEK', currencyRate: 1, currencyUnit: 1, booked: true, source: 'manual' });

const invoices: Invoice[] = [
  invoice({ documentNumber: '1', customerNumber: '10', invoiceDate: '2026-03-01', dueDate: '2026-03-31', total: 1000, balance: 400 }),
  invoice({ documentNumber: '2', customerNumber: '10', invoiceDate: '2026-04-01', dueDate: '2026-05-01', total: 500, balance: 500, booked: false }),
  invoice({ documentNumber: '3', customerNumber: '20', invoiceDate: '2026-04-01', dueDate: '2026-05-01', total: 300, balance: 300 }),
];
const day = (n: number) => `2026-0${1 + (n % 5)}-${String(1 + (n % 28)).padStart(2, '0')}`;
const payments: Payment[] = [
  payment(1, '1', '2026-03-15', 600),
  payment(2, '2', '2026-04-10', 50), // of a draft: the customer's own, not placed
  // Of invoices the copy does not know, numbered from 1000: all on or before the day, then some after it.
  ...Array.from({ length: ANYONES }, (_, i) => payment(1000 + i, String(900_000 + i), day(i))),
  ...Array.from({ length: LATER }, (_, i) => payment(1000 + ANYONES + i, String(900_000 + ANYONES + i), '2026-07-15')),
];

const dirs: string[] = [];
let mirror: MirrorApi;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'statement-bounded-'));
  dirs.push(dir);
  mirror = openInlineMirror(path.join(dir, 'c.sqlite'));
  const now = Date.parse('2026-07-20T10:00:00Z');
  const clock: Clock = { now: () => now, sleep: () => Promise.resolve() };
  const pageSize = 5_000;
  const source: PageSource = {
    listPages<R extends ResourceId>(resource: R, query: Record<string, unknown>): AsyncIterable<ListPage<ResourceItems[R]>> {
      return {
        async *[Symbol.asyncIterator]() {
          const all = (resource === 'invoices' ? invoices : resource === 'invoicepayments' ? payments : []) as ResourceItems[R][];
          const pages = Math.max(1, Math.ceil(all.length / pageSize));
          for (let page = Number(query.page ?? 1); page <= pages; page += 1) yield { items: all.slice((page - 1) * pageSize, page * pageSize), currentPage: page, totalPages: pages, totalResources: all.length, serviceTime: now };
        },
      };
    },
  };
  for (const resource of ['invoices', 'invoicepayments'] as const) await syncCompany({ resource: syncResources[resource], mirror, source, clock, mode: 'full', priority: 'sync' });
}, 300_000);

afterAll(async () => {
  await mirror.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('a statement beside 200,000 payments of invoices the copy does not know', () => {
  it('lists the customer\'s own first and the earliest of the others, 100 in all, and counts the rest', async () => {
    const statement = await mirror.customerStatement('10', AS_OF);
    expect(statement).not.toBeNull();
    const sek = statement!.currencies['SEK']!;
    expect(sek.balance).toBe(400);
    expect(sek.rows.map((r) => [r.kind, r.amount])).toEqual([['invoice', 1000], ['payment', -600]]);
    expect(sek.notPlaced).toHaveLength(NOT_PLACED_LIMIT);
    expect(sek.notPlaced.filter((p) => p.reason === 'draft').map((p) => p.number)).toEqual(['2']);
    const others = sek.notPlaced.filter((p) => p.reason === 'invoice-unknown');
    expect(others).toHaveLength(NOT_PLACED_LIMIT - 1);
    // The earliest: every one listed is dated no later than any left out.
    const dates = payments.filter((p) => Number(p.number) >= 1000 && p.paymentDate <= AS_OF).map((p) => p.paymentDate).sort();
    expect(others.every((p) => p.paymentDate <= (dates[NOT_PLACED_LIMIT - 2] as string))).toBe(true);
    expect(statement!.notPlacedMore).toBe(ANYONES - (NOT_PLACED_LIMIT - 1));
    // The customer's own listed whatever the day; nothing dated after it, listed or counted.
    expect(sek.notPlaced.every((p) => p.paymentDate <= AS_OF)).toBe(true);
  });

  it('another customer\'s statement counts the same others; the customer\'s statement none; a day before them all, none', async () => {
    const other = await mirror.customerStatement('20', AS_OF);
    expect(other!.currencies['SEK']!.notPlaced.every((p) => p.reason === 'invoice-unknown')).toBe(true);
    expect(other!.currencies['SEK']!.notPlaced).toHaveLength(NOT_PLACED_LIMIT);
    expect(other!.notPlacedMore).toBe(ANYONES - NOT_PLACED_LIMIT);
    // The customer's statement (the file the owner sends) reads none of them.
    const customers = await mirror.customerStatement('10', AS_OF, 'customer');
    expect(customers!.currencies['SEK']!.notPlaced.map((p) => [p.number, p.reason])).toEqual([['2', 'draft']]);
    expect(customers!.notPlacedMore).toBe(0);
    const early = await mirror.customerStatement('10', '2025-12-31');
    expect(Object.keys(early!.currencies)).toEqual([]);
    expect(early!.notPlacedMore).toBe(0);
  });
});
