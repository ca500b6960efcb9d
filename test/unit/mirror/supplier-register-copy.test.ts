// The supplier register in the local copy, in this process against a scripted service: suppliers
// read with their own checkpoint; each supplier's figures (what the company owes it, overdue, open
// bills, how late it pays, the last bill) equal a recount from the bills (test/support/
// supplier-recount.ts) after a first read, after a few bills change and when the day changes; a
// supplier paid early pays 0 days late (never below 0), one without a paid bill has no habit; an
// unbooked bill is owed, a credit counts negative, a cancelled one not at all; any column sorts,
// the chips and the search box by name, number and organisation number.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/api/list-response';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import type { SupplierInvoice } from '../../../electron/common/supplier-invoices';
import type { Supplier, SupplierRow } from '../../../electron/common/suppliers';
import type { Clock } from '../../../electron/kernel/clock';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { syncCompany, syncResources, type PageSource } from '../../../electron/mirror/sync/sync-engine';
import { recountSupplier } from '../../support/supplier-recount';

const dirs: string[] = [];
const mirrors: MirrorApi[] = [];
afterEach(async () => {
  for (const m of mirrors.splice(0)) await m.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function open(): MirrorApi {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'supplier-register-'));
  dirs.push(dir);
  const m = openInlineMirror(path.join(dir, 'c.sqlite'));
  mirrors.push(m);
  return m;
}

let clockMs = Date.parse('2026-06-15T10:00:00Z');
const clock: Clock = { now: () => clockMs, sleep: () => Promise.resolve() };

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const NAMES = ['Ölands Kalk AB', 'Bergs Trävaror', 'Åhléns Grossist', 'Nordic Steel GmbH', 'Zeta Frakt'];
function supplier(n: number, over: Partial<Supplier> = {}): Supplier {
  return {
    supplierNumber: String(n),
    name: NAMES[n % 5] as string,
    organisationNumber: `556${String(n).padStart(3, '0')}-4321`,
    address1: 'Industrigatan 4',
    address2: '',
    zipCode: '702 10',
    city: ['Örebro', 'Malmö', 'Luleå'][n % 3] as string,
    countryCode: 'SE',
    phone: `019-${200000 + n}`,
    email: `lev${n}@exempel.se`,
    bg: `${5000 + n}-1234`,
    pg: '',
    bankAccountNumber: '',
    iban: '',
    bic: '',
    active: n % 7 === 0 ? false : true,
    ...over,
  };
}

const day = (offset: number) => new Date(Date.parse('2026-06-15') + offset * 86_400_000).toISOString().slice(0, 10);

function bills(count: number, suppliers: number, seed = 11): SupplierInvoice[] {
  const next = rng(seed);
  return Array.from({ length: count }, (_, i): SupplierInvoice => {
    const eur = next() < 0.2;
    const credit = next() < 0.08;
    const total = Math.round((credit ? -1 : 1) * (100 + next() * 30_000) * 100) / 100;
    const paid = next() < 0.5;
    const part = !paid && next() < 0.3;
    const invoiceOffset = -Math.floor(next() * 500) + 15;
    const dueDate = next() < 0.03 ? '' : day(invoiceOffset + 30);
    const finalPayDate = paid && dueDate ? day(invoiceOffset + 30 + Math.floor(next() * 30) - 12) : null;
    return {
      givenNumber: String(i + 1),
      supplierNumber: String(1 + Math.floor(next() * suppliers)),
      supplierName: 'Lev',
      invoiceNumber: `F${i + 1}`,
      invoiceDate: day(invoiceOffset),
      dueDate,
      total,
      balance: paid ? 0 : part ? Math.round(total * 0.4 * 100) / 100 : total,
      currency: eur ? 'EUR' : 'SEK',
      currencyRate: eur ? 11.4321 : 1,
      currencyUnit: 1,
      booked: next() > 0.15,
      cancelled: next() < 0.05,
      credit,
      finalPayDate: finalPayDate && finalPayDate <= '2026-06-15' ? finalPayDate : null,
      authorizerName: '',
      costCenter: '',
      project: '',
      externalInvoiceNumber: '',
      externalInvoiceSeries: '',
      ocr: '',
      authorizePending: false,
      paymentPending: false,
    };
  });
}

/** A scripted service of both lists: `lastmodified` answers only `changed`. */
function service(data: { bills: () => SupplierInvoice[]; suppliers: () => Supplier[] }, changed = new Set<string>()) {
  const requests: Array<{ resource: ResourceId; query: Record<string, unknown> }> = [];
  const source: PageSource = {
    listPages<R extends ResourceId>(resource: R, query: Record<string, unknown>): AsyncIterable<ListPage<ResourceItems[R]>> {
      return {
        async *[Symbol.asyncIterator]() {
          const limit = Number(query.limit ?? 100);
          // The two filtered lists of the supplier invoices (approval, payment) are empty here.
          let all: Array<{ id: string; item: unknown }> =
            resource === 'supplierinvoices' && query.filter === undefined
              ? data.bills().map((b) => ({ id: `b${b.givenNumber}`, item: b }))
              : resource === 'suppliers'
                ? data.suppliers().map((s) => ({ id: `s${s.supplierNumber}`, item: s }))
                : [];
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
const figuresOf = (row: SupplierRow) => ({ owed: row.owed, overdue: row.overdue, openBills: row.openBills, paysDaysLate: row.paysDaysLate, lastBill: row.lastBill });
async function allRows(mirror: MirrorApi, today: string, query: Record<string, unknown> = {}): Promise<SupplierRow[]> {
  return (await mirror.listPage('suppliers', { page: 1, limit: 500, ...query }, today)).rows;
}

describe('the supplier register in the local copy', () => {
  it('keeps every supplier with figures that equal a recount from its bills, after changes and on another day', async () => {
    let billData = bills(2500, 50);
    const supplierData = Array.from({ length: 53 }, (_, i) => supplier(i + 1));
    const changed = new Set<string>();
    const { source, requests } = service({ bills: () => billData, suppliers: () => supplierData }, changed);
    const mirror = open();
    await sync(mirror, source, 'supplierinvoices');
    expect((await sync(mirror, source, 'suppliers')).kind).toBe('full');
    expect(requests.find((r) => r.resource === 'suppliers')?.query).toMatchObject({ sortby: 'suppliernumber', sortorder: 'ascending' });

    const today = '2026-06-15';
    let rows = await allRows(mirror, today, { sortby: 'suppliernumber' });
    expect(rows.map((r) => r.supplierNumber)).toEqual(supplierData.map((s) => s.supplierNumber));
    for (const row of rows) expect(figuresOf(row), `supplier ${row.supplierNumber}`).toEqual(recountSupplier(billData, row.supplierNumber, today));
    // The recount is not trivially empty: most owe something, some are overdue, some have a habit.
    expect(rows.filter((r) => (r.owed ?? 0) !== 0).length).toBeGreaterThan(40);
    expect(rows.filter((r) => r.paysDaysLate !== null).length).toBeGreaterThan(40);
    // Suppliers no bill names (51-53): zero, zero, none, empty, empty.
    expect(figuresOf(rows.find((r) => r.supplierNumber === '52')!)).toEqual({ owed: 0, overdue: 0, openBills: 0, paysDaysLate: null, lastBill: null });

    // A few bills change (paid, moved to another supplier, cancelled, unbooked): only their suppliers move.
    const moved = billData.find((b) => !b.cancelled && b.balance !== 0 && b.invoiceDate <= today && Number(b.givenNumber) > 9)?.givenNumber as string;
    billData = billData.map((b) =>
      b.givenNumber === '5' ? { ...b, balance: 0, finalPayDate: '2026-06-14', booked: true, cancelled: false } : b.givenNumber === moved ? { ...b, supplierNumber: '51' } : b.givenNumber === '8' ? { ...b, cancelled: true } : b.givenNumber === '9' ? { ...b, booked: false } : b,
    );
    for (const n of ['5', moved, '8', '9']) changed.add(`b${n}`);
    clockMs += 60_000;
    await sync(mirror, source, 'supplierinvoices');
    rows = await allRows(mirror, today);
    for (const row of rows) expect(figuresOf(row), `supplier ${row.supplierNumber} after changes`).toEqual(recountSupplier(billData, row.supplierNumber, today));
    // The bill moved to supplier 51 is all it owes.
    expect(rows.find((r) => r.supplierNumber === '51')).toMatchObject({ openBills: 1, lastBill: expect.any(String) });

    // Another day: more is overdue, the habit's year moved, bills dated after the old today count.
    const later = '2026-07-20';
    rows = await allRows(mirror, later);
    for (const row of rows) expect(figuresOf(row), `supplier ${row.supplierNumber} on ${later}`).toEqual(recountSupplier(billData, row.supplierNumber, later));
  });

  it('pays an early-paid supplier 0 days late, never less; a supplier without a paid bill has no habit; a credit counts negative, an unbooked bill is owed', async () => {
    const base = bills(1, 1)[0] as SupplierInvoice;
    const bill = (n: number, over: Partial<SupplierInvoice>): SupplierInvoice => ({ ...base, givenNumber: String(n), supplierNumber: '1', currency: 'SEK', currencyRate: 1, cancelled: false, booked: true, ...over });
    const billData = [
      // Supplier 1: three bills paid 10, 4 and 2 days early; one unbooked to pay; a credit; a cancelled one.
      bill(1, { dueDate: day(-40), finalPayDate: day(-50), total: 1000, balance: 0 }),
      bill(2, { dueDate: day(-20), finalPayDate: day(-24), total: 500, balance: 0 }),
      bill(3, { dueDate: day(-10), finalPayDate: day(-12), total: 800, balance: 0 }),
      bill(4, { dueDate: day(-5), finalPayDate: null, total: 1200, balance: 1200, booked: false, invoiceDate: day(-35) }),
      bill(5, { dueDate: day(10), finalPayDate: null, total: -300, balance: -300, credit: true, invoiceDate: day(-1) }),
      bill(6, { dueDate: day(-3), finalPayDate: null, total: 9999, balance: 9999, cancelled: true, invoiceDate: day(0) }),
      // Supplier 2: a bill to pay, none paid: no habit. Supplier 3: paid late by 6 and 9 days (median 8, rounded).
      bill(7, { supplierNumber: '2', dueDate: day(5), finalPayDate: null, total: 100, balance: 100, invoiceDate: day(-25) }),
      bill(8, { supplierNumber: '3', dueDate: day(-30), finalPayDate: day(-24), total: 100, balance: 0 }),
      bill(9, { supplierNumber: '3', dueDate: day(-20), finalPayDate: day(-11), total: 100, balance: 0 }),
    ];
    const { source } = service({ bills: () => billData, suppliers: () => [supplier(1), supplier(2), supplier(3)] });
    const mirror = open();
    await sync(mirror, source, 'supplierinvoices');
    await sync(mirror, source, 'suppliers');
    const rows = await allRows(mirror, '2026-06-15', { sortby: 'suppliernumber' });
    expect(rows.map(figuresOf)).toEqual([
      { owed: 900, overdue: 1200, openBills: 2, paysDaysLate: 0, lastBill: day(-1) },
      { owed: 100, overdue: 0, openBills: 1, paysDaysLate: null, lastBill: day(-25) },
      { owed: 0, overdue: 0, openBills: 0, paysDaysLate: 8, lastBill: base.invoiceDate <= '2026-06-15' ? base.invoiceDate : null },
    ]);
  });

  it('sorts by any column on the copy, filters active, inactive and with overdue, and finds a supplier by name, number or organisation number', async () => {
    const billData = bills(800, 20, 3);
    const supplierData = Array.from({ length: 21 }, (_, i) => supplier(i + 1, i === 20 ? { active: null } : {}));
    const { source } = service({ bills: () => billData, suppliers: () => supplierData });
    const mirror = open();
    await sync(mirror, source, 'supplierinvoices');
    await sync(mirror, source, 'suppliers');
    const today = '2026-06-15';
    const owed = (await allRows(mirror, today, { sortby: 'owed', sortorder: 'descending' })).map((r) => r.owed as number);
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    const late = (await allRows(mirror, today, { sortby: 'payslate', sortorder: 'ascending' })).map((r) => r.paysDaysLate ?? -1);
    expect(late).toEqual([...late].sort((a, b) => a - b));
    const bgs = (await allRows(mirror, today, { sortby: 'bg' })).map((r) => r.bg);
    expect(bgs).toEqual([...bgs].sort());

    const active = await allRows(mirror, today, { filter: 'active' });
    const inactive = await allRows(mirror, today, { filter: 'inactive' });
    expect(active.every((r) => r.status === 'active')).toBe(true);
    expect(inactive.map((r) => r.supplierNumber)).toEqual(['7', '14']);
    // A supplier whose item does not say Active is in neither chip.
    expect(active.length + inactive.length).toBe(20);
    const withOverdue = await allRows(mirror, today, { filter: 'withoverdue' });
    expect(withOverdue.length).toBeGreaterThan(0);
    expect(withOverdue.map((r) => r.supplierNumber).sort()).toEqual(supplierData.map((s) => s.supplierNumber).filter((n) => recountSupplier(billData, n, today).overdue !== 0 || billData.some((b) => b.supplierNumber === n && !b.cancelled && b.balance !== 0 && b.dueDate !== '' && b.dueDate < today)).sort());

    expect((await allRows(mirror, today, { text: 'olands' })).map((r) => r.name)).toEqual(supplierData.filter((s) => s.name.startsWith('Ölands')).map((s) => s.name));
    expect((await allRows(mirror, today, { text: '556013' })).map((r) => r.supplierNumber)).toEqual(['13']);
    expect((await allRows(mirror, today, { search: { field: 'suppliernumber', value: '17' } })).map((r) => r.supplierNumber)).toEqual(['17']);
    const page = await mirror.listPage('suppliers', { page: 1, limit: 5, sortby: 'owed', sortorder: 'descending' }, today);
    expect(page.sums).toEqual([{ currency: 'SEK', count: 21, total: expect.any(Number), balance: expect.any(Number) }]);
  });
});
