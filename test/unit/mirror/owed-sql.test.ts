// One rule of owed and overdue: the predicates of common/owed.ts, which the overview
// counts by, and the copy's SQL conditions, which its links and the grid's chips filter by, hold
// exactly the same invoices, on every combination of booked, cancelled, balance (a credit note, 0,
// partly paid, unpaid) and due date (none, long ago, yesterday, today, tomorrow), in two currencies.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../../electron/common/invoices';
import { isDraft, isOverdue, isOwed, isToPay, isToPayOverdue } from '../../../electron/common/owed';
import type { SupplierInvoice } from '../../../electron/common/supplier-invoices';
import type { MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { invoice } from '../export/helpers';
import { copyOf, numbers, viewsOf } from './copy-views';

const TODAY = '2026-11-23';
const DUE = ['', '2026-01-31', '2026-11-22', TODAY, '2026-11-24'];
const BALANCE = [-250, 0, 400, 1000];

/** Every combination, numbered 1..n. */
function combinations<T>(make: (n: number, booked: boolean, cancelled: boolean, balance: number, dueDate: string, currency: string) => T): T[] {
  const out: T[] = [];
  for (const booked of [true, false])
    for (const cancelled of [false, true])
      for (const balance of BALANCE)
        for (const dueDate of DUE)
          for (const currency of ['SEK', 'EUR']) out.push(make(out.length + 1, booked, cancelled, balance, dueDate, currency));
  return out;
}

const customerInvoices: Invoice[] = combinations((n, booked, cancelled, balance, dueDate, currency) =>
  invoice({ documentNumber: String(n), customerNumber: String(n % 3), booked, cancelled, balance, total: balance < 0 ? balance : 1000, dueDate, currency, currencyRate: currency === 'EUR' ? 11.5 : 1, finalPayDate: balance === 0 ? '2026-11-02' : null }),
);

const supplierInvoices: SupplierInvoice[] = combinations((n, booked, cancelled, balance, dueDate, currency) => ({
  givenNumber: String(n),
  supplierNumber: String(n % 3),
  supplierName: 'Leverantör AB',
  invoiceNumber: `F-${n}`,
  invoiceDate: '2026-10-01',
  dueDate,
  total: balance < 0 ? balance : 1000,
  balance,
  currency,
  currencyRate: currency === 'EUR' ? 11.5 : 1,
  currencyUnit: 1,
  booked,
  cancelled,
  credit: balance < 0,
  finalPayDate: balance === 0 ? '2026-11-02' : null,
  authorizerName: '',
  costCenter: '',
  project: '',
  externalInvoiceNumber: '',
  externalInvoiceSeries: '',
  ocr: '',
  authorizePending: false,
  paymentPending: false,
}));

let dir: string;
let mirror: MirrorApi;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'owed-sql-'));
  mirror = await copyOf(path.join(dir, 'c.sqlite'), customerInvoices, supplierInvoices, Date.parse(`${TODAY}T12:00:00Z`));
});
afterAll(async () => {
  await mirror?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const { customers, suppliers } = viewsOf(() => mirror, TODAY);
const wanted = <T extends { documentNumber: string } | { givenNumber: string }>(items: T[], keep: (item: T) => boolean) => numbers(items.filter(keep));

describe('the rule of owed and overdue: the predicates and the copy’s SQL agree', () => {
  it('is a varied set: each predicate holds some invoices and leaves some out', () => {
    for (const keep of [isOwed, (i: Invoice) => isOverdue(i, TODAY), isDraft]) {
      const held = customerInvoices.filter(keep).length;
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThan(customerInvoices.length);
    }
    // Credit notes and invoices without a due date are among the owed; drafts with a balance are not.
    expect(customerInvoices.some((i) => isOwed(i) && i.balance < 0)).toBe(true);
    expect(customerInvoices.some((i) => isOwed(i) && i.dueDate === '')).toBe(true);
    expect(customerInvoices.some((i) => isDraft(i) && i.balance !== 0 && i.dueDate !== '' && i.dueDate < TODAY)).toBe(true);
    expect(customerInvoices.filter(isDraft).some(isOwed)).toBe(false);
  });

  it('customer invoices: the chips Obetalda, Förfallna and Ej bokförda, and the overview links’ scopes', async () => {
    const owed = wanted(customerInvoices, isOwed);
    const overdue = wanted(customerInvoices, (i) => isOverdue(i, TODAY));
    const drafts = wanted(customerInvoices, isDraft);
    expect(await customers({ filter: 'unpaid' })).toEqual(owed);
    expect(await customers({ scope: 'owed' })).toEqual(owed);
    expect(await customers({ filter: 'unpaidoverdue' })).toEqual(overdue);
    // The overview's "overdue" link: owed, due before today.
    expect(await customers({ scope: 'owed', toduedate: '2026-11-22' })).toEqual(overdue);
    expect(await customers({ filter: 'unbooked' })).toEqual(drafts);
    expect(await customers({ scope: 'drafts' })).toEqual(drafts);
    expect(await customers({ scope: 'drafts', currency: 'EUR' })).toEqual(wanted(customerInvoices, (i) => isDraft(i) && i.currency === 'EUR'));
  });

  it('supplier invoices: Obetalda and Förfallna are to pay and overdue, booked or not', async () => {
    expect(await suppliers({ filter: 'unpaid' })).toEqual(wanted(supplierInvoices, isToPay));
    expect(await suppliers({ filter: 'unpaidoverdue' })).toEqual(wanted(supplierInvoices, (i) => isToPayOverdue(i, TODAY)));
  });

  it('the overview computed on the copy counts what the predicates hold, and the chips’ sums are its figures', async () => {
    const report = await mirror.receivables(TODAY);
    const overdueView = await mirror.listPage('invoices', { page: 1, limit: 25, filter: 'unpaidoverdue' }, TODAY);
    const owedView = await mirror.listPage('invoices', { page: 1, limit: 25, filter: 'unpaid' }, TODAY);
    const draftView = await mirror.listPage('invoices', { page: 1, limit: 25, filter: 'unbooked' }, TODAY);
    for (const currency of ['SEK', 'EUR']) {
      const mine = customerInvoices.filter((i) => i.currency === currency);
      const sum = (items: Invoice[], field: 'balance' | 'total') => items.reduce((n, i) => n + i[field], 0);
      const owed = mine.filter(isOwed);
      const overdue = mine.filter((i) => isOverdue(i, TODAY));
      const drafts = mine.filter(isDraft);
      expect(report.currencies[currency]).toMatchObject({ owed: sum(owed, 'balance'), overdue: sum(overdue, 'balance'), counts: { owed: owed.length, overdue: overdue.length } });
      expect(report.drafts[currency]).toEqual({ amount: sum(drafts, 'total'), count: drafts.length });
      expect(overdueView.sums?.find((s) => s.currency === currency)).toMatchObject({ count: report.currencies[currency]?.counts.overdue, balance: report.currencies[currency]?.overdue });
      expect(owedView.sums?.find((s) => s.currency === currency)).toMatchObject({ count: report.currencies[currency]?.counts.owed, balance: report.currencies[currency]?.owed });
      expect(draftView.sums?.find((s) => s.currency === currency)).toMatchObject({ count: report.drafts[currency]?.count, total: report.drafts[currency]?.amount });
    }
  });
});
