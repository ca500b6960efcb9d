// The customer register in the local copy, in this process against a scripted service:
// customers read with their own checkpoint (an unchanged company: one request); each customer's
// figures (owed, overdue, open invoices, usual lateness, last invoice) equal a recount from the
// invoices by the rules of common/owed.ts and common/cash-outlook.ts, after a first read, after
// changes of a few invoices and when the day changes; any column sorts, the chips and the search
// box; an item without Active is in neither chip; a customer no invoice uses and an invoice whose
// customer is missing from the register are kept.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sekOre } from '../../support/sek-ore';
import type { ListPage } from '../../../electron/api/list-response';
import { paymentHabits } from '../../../electron/common/cash-outlook';
import type { Customer, CustomerRow } from '../../../electron/common/customers';
import type { Invoice } from '../../../electron/common/invoices';
import { isOverdue, isOwed } from '../../../electron/common/owed';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import type { Clock } from '../../../electron/kernel/clock';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { syncCompany, syncResources, type PageSource } from '../../../electron/mirror/sync/sync-engine';

const dirs: string[] = [];
const mirrors: MirrorApi[] = [];
afterEach(async () => {
  for (const m of mirrors.splice(0)) await m.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function open(): MirrorApi {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'customer-copy-'));
  dirs.push(dir);
  const m = openInlineMirror(path.join(dir, 'c.sqlite'));
  mirrors.push(m);
  return m;
}

let clockMs = Date.parse('2026-06-15T10:00:00Z');
const clock: Clock = { now: () => clockMs, sleep: () => Promise.resolve() };

/** A small pseudo-random sequence, the same every run. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const CITIES = ['Örebro', 'Malmö', 'Luleå', 'Göteborg'];
function customer(n: number, over: Partial<Customer> = {}): Customer {
  return {
    customerNumber: String(n),
    name: ['Åkerlunds Trä AB', 'Byggmax', 'Örebro El', 'Ahlsell', 'Zeta AB'][n % 5] as string,
    email: `kund${n}@exempel.se`,
    phone: `08-${100000 + n}`,
    organisationNumber: `55${String(n).padStart(4, '0')}-1234`,
    address1: '',
    address2: '',
    zipCode: '111 22',
    city: CITIES[n % 4] as string,
    active: n % 6 === 0 ? false : true,
    ...over,
  };
}

function invoices(count: number, customers: number, seed = 7): Invoice[] {
  const next = rng(seed);
  const day = (offset: number) => new Date(Date.parse('2026-06-15') + offset * 86_400_000).toISOString().slice(0, 10);
  return Array.from({ length: count }, (_, i): Invoice => {
    const eur = next() < 0.2;
    const total = Math.round((next() < 0.1 ? -1 : 1) * (100 + next() * 20_000) * 100) / 100;
    const paid = next() < 0.5;
    const part = !paid && next() < 0.3;
    const invoiceDate = day(-Math.floor(next() * 500) + 20); // a few dated after today
    const dueDate = next() < 0.03 ? '' : day(Date.parse(invoiceDate) / 86_400_000 - Date.parse('2026-06-15') / 86_400_000 + 30);
    const finalPayDate = paid && dueDate ? day(Date.parse(dueDate) / 86_400_000 - Date.parse('2026-06-15') / 86_400_000 + Math.floor(next() * 40) - 10) : null;
    return {
      documentNumber: String(i + 1),
      // Customer 999 is in no register: its invoices are kept all the same.
      customerNumber: i % 37 === 0 ? '999' : String(1 + Math.floor(next() * customers)),
      customerName: 'Kund',
      invoiceDate,
      dueDate,
      total,
      balance: paid ? 0 : part ? Math.round(total * 0.4 * 100) / 100 : total,
      currency: eur ? 'EUR' : 'SEK',
      currencyRate: eur ? 11.4321 : 1,
      currencyUnit: 1,
      booked: next() > 0.1,
      cancelled: next() < 0.05,
      sent: true,
      ocr: '',
      invoiceType: 'INVOICE',
      finalPayDate: finalPayDate && finalPayDate <= '2026-06-15' ? finalPayDate : null,
      costCenter: '',
      project: '',
      termsOfPayment: '30',
      wayOfDelivery: '',
      externalInvoiceReference1: '',
      externalInvoiceReference2: '',
      voucherNumber: null,
      voucherSeries: null,
      voucherYear: null,
      noxFinans: false,
    };
  });
}

/** A scripted service of both lists: in their read order, `lastmodified` answers only `changed`. */
function service(data: { invoices: () => Invoice[]; customers: () => Customer[] }, changed = new Set<string>()) {
  const requests: Array<{ resource: ResourceId; query: Record<string, unknown> }> = [];
  const source: PageSource = {
    listPages<R extends ResourceId>(resource: R, query: Record<string, unknown>): AsyncIterable<ListPage<ResourceItems[R]>> {
      return {
        async *[Symbol.asyncIterator]() {
          const limit = Number(query.limit ?? 100);
          let all: Array<{ id: string; item: unknown }> =
            resource === 'invoices' ? data.invoices().map((i) => ({ id: `i${i.documentNumber}`, item: i })) : resource === 'customers' ? data.customers().map((c) => ({ id: `c${c.customerNumber}`, item: c })) : [];
          if (query.lastmodified !== undefined) all = all.filter((entry) => changed.has(entry.id));
          const totalPages = Math.ceil(all.length / limit);
          for (let page = Number(query.page ?? 1); ; page += 1) {
            requests.push({ resource, query: { ...query, page } });
            yield { items: all.slice((page - 1) * limit, page * limit).map((e) => e.item) as ResourceItems[R][], currentPage: page, totalPages, totalResources: all.length, serviceTime: clockMs };
            if (page >= totalPages) return;
          }
        },
      };
    },
  };
  return { source, requests };
}

const sync = (mirror: MirrorApi, source: PageSource, resource: ResourceId) => syncCompany({ resource: syncResources[resource], mirror, source, clock, mode: 'auto', priority: 'sync' });

/** The figures recounted from the invoices by the rules themselves (what the copy keeps must equal). */
function recount(all: readonly Invoice[], customerNumber: string, today: string) {
  const mine = all.filter((i) => i.customerNumber === customerNumber);
  const sek = (list: Invoice[]) => sekOre(list.map((i) => ({ amount: i.balance, rate: i.currencyRate, unit: i.currencyUnit })));
  const owed = mine.filter((i) => isOwed(i));
  const overdue = mine.filter((i) => isOverdue(i, today));
  const dated = mine.filter((i) => !i.cancelled && /^\d{4}-\d{2}-\d{2}$/.test(i.invoiceDate) && i.invoiceDate <= today).map((i) => i.invoiceDate).sort();
  const habit = paymentHabits(mine, today).get(customerNumber);
  return {
    owed: sek(owed),
    overdue: sek(overdue),
    openInvoices: owed.length,
    usuallyPaysDaysLate: habit ? habit.days : null,
    lastInvoice: dated.length ? (dated[dated.length - 1] as string) : null,
  };
}

const figuresOf = (row: CustomerRow) => ({ owed: row.owed, overdue: row.overdue, openInvoices: row.openInvoices, usuallyPaysDaysLate: row.usuallyPaysDaysLate, lastInvoice: row.lastInvoice });

async function allRows(mirror: MirrorApi, today: string, query: Record<string, unknown> = {}): Promise<CustomerRow[]> {
  return (await mirror.listPage('customers', { page: 1, limit: 500, ...query }, today)).rows;
}

describe('the customer register in the local copy', () => {
  it('keeps every customer with figures that equal a recount from the invoices; unchanged, a sync costs one request', async () => {
    let invoiceData = invoices(3000, 60);
    // 60 customers with invoices, and 3 no invoice uses (61-63).
    const customerData = Array.from({ length: 63 }, (_, i) => customer(i + 1));
    const changed = new Set<string>();
    const { source, requests } = service({ invoices: () => invoiceData, customers: () => customerData }, changed);
    const mirror = open();
    await sync(mirror, source, 'invoices');
    const first = await sync(mirror, source, 'customers');
    expect(first.kind).toBe('full');
    expect(requests.filter((r) => r.resource === 'customers')).toHaveLength(1);
    expect(requests.find((r) => r.resource === 'customers')?.query).toMatchObject({ sortby: 'customernumber', sortorder: 'ascending' });

    const today = '2026-06-15';
    let rows = await allRows(mirror, today);
    expect(rows.map((r) => r.customerNumber)).toEqual(customerData.map((c) => c.customerNumber));
    for (const row of rows) expect(figuresOf(row), `customer ${row.customerNumber}`).toEqual(recount(invoiceData, row.customerNumber, today));
    // Customers no invoice uses: zero, zero, none, empty, empty.
    expect(figuresOf(rows.find((r) => r.customerNumber === '62')!)).toEqual({ owed: 0, overdue: 0, openInvoices: 0, usuallyPaysDaysLate: null, lastInvoice: null });
    // The invoices of customer 999 (not in the register) stay in the invoice list.
    expect((await mirror.listPage('invoices', { page: 1, limit: 10, customer: '999' }, today)).totalResources).toBeGreaterThan(0);

    // Unchanged: one request for the customers (lastmodified).
    requests.length = 0;
    clockMs += 60_000;
    expect((await sync(mirror, source, 'customers')).kind).toBe('incremental');
    expect(requests).toHaveLength(1);

    // A few invoices change (paid, moved to another customer, cancelled): only their customers move.
    invoiceData = invoiceData.map((i) => (i.documentNumber === '5' ? { ...i, balance: 0, finalPayDate: '2026-06-14' } : i.documentNumber === '6' ? { ...i, customerNumber: '61' } : i.documentNumber === '8' ? { ...i, cancelled: true } : i));
    for (const n of ['5', '6', '8']) changed.add(`i${n}`);
    clockMs += 60_000;
    await sync(mirror, source, 'invoices');
    rows = await allRows(mirror, today);
    for (const row of rows) expect(figuresOf(row), `customer ${row.customerNumber} after changes`).toEqual(recount(invoiceData, row.customerNumber, today));

    // The next day: more is overdue, the habit's year moved, invoices dated today count.
    const tomorrow = '2026-07-20';
    rows = await allRows(mirror, tomorrow);
    for (const row of rows) expect(figuresOf(row), `customer ${row.customerNumber} on ${tomorrow}`).toEqual(recount(invoiceData, row.customerNumber, tomorrow));
  });

  it('sorts by any column, filters by the chips and searches the register; an item without Active is in neither chip', async () => {
    const invoiceData = invoices(800, 20, 11);
    const customerData = Array.from({ length: 24 }, (_, i) => customer(i + 1, i === 3 ? { active: null } : {}));
    const { source } = service({ invoices: () => invoiceData, customers: () => customerData });
    const mirror = open();
    await sync(mirror, source, 'invoices');
    await sync(mirror, source, 'customers');
    const today = '2026-06-15';
    const page = (query: Record<string, unknown>) => mirror.listPage('customers', { page: 1, limit: 100, ...query }, today);

    const byOwed = (await page({ sortby: 'owed', sortorder: 'descending' })).rows;
    const owed = byOwed.map((r) => r.owed as number);
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    expect(byOwed[0]?.owed).toBe(Math.max(...customerData.map((c) => recount(invoiceData, c.customerNumber, today).owed)));
    const names = [...new Set((await page({ sortby: 'name' })).rows.map((r) => r.name))];
    expect(names).toEqual(['Ahlsell', 'Byggmax', 'Zeta AB', 'Åkerlunds Trä AB', 'Örebro El']);
    for (const sortby of ['organisationnumber', 'city', 'email', 'phone', 'active', 'overdue', 'openinvoices', 'usuallypays', 'lastinvoice']) {
      expect((await page({ sortby })).rows, sortby).toHaveLength(24);
    }

    const active = (await page({ filter: 'active' })).rows.map((r) => r.customerNumber);
    const inactive = (await page({ filter: 'inactive' })).rows.map((r) => r.customerNumber);
    expect(active).not.toContain('4');
    expect(inactive).not.toContain('4');
    expect(active.length + inactive.length).toBe(23);
    expect(inactive).toEqual(['6', '12', '18', '24']);
    const four = (await page({ text: customerData[3]!.email })).rows;
    expect(four.map((r) => [r.customerNumber, r.active, r.status])).toEqual([['4', null, 'unknown']]);

    const withOverdue = await page({ filter: 'withoverdue' });
    const expected = customerData.filter((c) => invoiceData.some((i) => i.customerNumber === c.customerNumber && isOverdue(i, today))).map((c) => c.customerNumber);
    expect(withOverdue.rows.map((r) => r.customerNumber)).toEqual(expected);
    // The sums of the view: count, owed and overdue in SEK.
    const sum = (key: 'owed' | 'overdue') => Math.round(withOverdue.rows.reduce((n, r) => n + (r[key] as number), 0) * 100) / 100;
    expect(withOverdue.sums).toEqual([{ currency: 'SEK', count: expected.length, total: sum('owed'), balance: sum('overdue') }]);

    // The search box: name without diacritics, organisation number, city.
    expect((await page({ text: 'orebro el' })).rows.every((r) => r.name === 'Örebro El')).toBe(true);
    expect((await page({ text: '550007' })).rows.map((r) => r.customerNumber)).toEqual(['7']);
    expect((await page({ text: 'lulea' })).rows.every((r) => r.city === 'Luleå')).toBe(true);
  });
});
