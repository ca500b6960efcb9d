// The cash outlook's definitions (common/cash-outlook.ts) and their SQL on the copy. The
// habits computed in SQL (HABITS_SQL, which the expected-date links filter by) equal paymentHabits
// on a varied, random set of paid invoices; each outlook bar's link (due weeks, expected weeks,
// money out) holds exactly the invoices the bar counts; the payables' links too.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../electron/common/calendar';
import { expectedDate, habitFrom, outlookWeeks, paymentHabits } from '../../../electron/common/cash-outlook';
import type { Invoice } from '../../../electron/common/invoices';
import { isOwed, isToPay } from '../../../electron/common/owed';
import { dueSoonEnd } from '../../../electron/common/payables';
import type { SupplierInvoice } from '../../../electron/common/supplier-invoices';
import type { MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { customerHabits } from '../../../electron/mirror/queries/mirror-query';
import { MirrorStore } from '../../../electron/mirror/storage/mirror-store';
import { createRng } from '../../../electron/sandbox/prng';
import { invoice } from '../export/helpers';
import { copyOf, numbers, viewsOf } from './copy-views';

const TODAY = '2026-11-25'; // a Wednesday: week 1 began on Monday the 23rd
const rng = createRng('cash-outlook-sql');
const pick = <T>(items: readonly T[]): T => items[Math.floor(rng.next() * items.length)] as T;

/** 1,500 customer invoices of 40 customers: paid ones early, on time, late (in and out of the last 365 days), credit notes, and open ones around the 12 weeks. */
const customerInvoices: Invoice[] = Array.from({ length: 1500 }, (_, i) => {
  const n = i + 1;
  const due = addDays(TODAY, Math.floor(rng.next() * 600) - 480);
  const state = pick(['paid', 'paid', 'paid', 'open', 'open', 'draft', 'cancelled', 'credit'] as const);
  const total = state === 'credit' ? -500 : 1000 + (n % 7) * 10;
  const paidOn = state === 'paid' ? addDays(due, Math.floor(rng.next() * 50) - 15) : null;
  const finalPayDate = paidOn !== null && paidOn <= TODAY ? paidOn : null;
  const open = state === 'open' || state === 'credit' || (state === 'paid' && finalPayDate === null);
  return invoice({
    documentNumber: String(n),
    customerNumber: String(1 + (n % 40)),
    customerName: `Kund ${1 + (n % 40)}`,
    invoiceDate: addDays(due, -30),
    dueDate: n % 97 === 0 ? '' : due,
    total,
    balance: open ? total : 0,
    booked: state !== 'draft',
    cancelled: state === 'cancelled',
    currency: n % 5 === 0 ? 'EUR' : 'SEK',
    currencyRate: n % 5 === 0 ? 11.2 : 1,
    finalPayDate: state === 'credit' ? addDays(due, 3) : finalPayDate,
  });
});

const supplierInvoices: SupplierInvoice[] = Array.from({ length: 400 }, (_, i) => {
  const n = i + 1;
  const due = addDays(TODAY, Math.floor(rng.next() * 140) - 50);
  const open = rng.next() < 0.6;
  const total = n % 17 === 0 ? -300 : 2000;
  return {
    givenNumber: String(n),
    supplierNumber: String(1 + (n % 15)),
    supplierName: `Leverantör ${1 + (n % 15)}`,
    invoiceNumber: `F-${n}`,
    invoiceDate: addDays(due, -30),
    dueDate: due,
    total,
    balance: open ? total : 0,
    currency: n % 4 === 0 ? 'EUR' : 'SEK',
    currencyRate: n % 4 === 0 ? 11.2 : 1,
    currencyUnit: 1,
    booked: n % 9 !== 0,
    cancelled: n % 23 === 0,
    credit: total < 0,
    finalPayDate: open ? null : due,
    authorizerName: '',
    costCenter: '',
    project: '',
    externalInvoiceNumber: '',
    externalInvoiceSeries: '',
    ocr: '',
    authorizePending: open && n % 6 === 0,
    paymentPending: open && n % 5 === 1,
  };
});

let dir: string;
let mirror: MirrorApi;
let file: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cash-outlook-sql-'));
  file = path.join(dir, 'c.sqlite');
  mirror = await copyOf(file, customerInvoices, supplierInvoices, Date.parse(`${TODAY}T12:00:00Z`));
});
afterAll(async () => {
  await mirror?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const { customers, suppliers } = viewsOf(() => mirror, TODAY);
const sum = (items: ReadonlyArray<{ balance: number }>) => Math.round(items.reduce((n, i) => n + i.balance, 0) * 100) / 100;

describe('payment habits: the SQL and the definition agree', () => {
  it('is a varied set: late payers, early payers, credit notes and payments older than 365 days', () => {
    const habits = paymentHabits(customerInvoices, TODAY);
    const days = [...habits.values()].map((h) => h.days);
    expect(days.some((d) => d === 0)).toBe(true);
    expect(days.some((d) => d > 5)).toBe(true);
    expect(customerInvoices.some((i) => i.finalPayDate !== null && i.finalPayDate < habitFrom(TODAY))).toBe(true);
    expect([...habits.values()].some((h) => h.paid % 2 === 0)).toBe(true);
  });

  it('HABITS_SQL gives each customer the median paymentHabits gives', async () => {
    // A second connection on the same file (the worker-free store): the one the app's worker uses.
    const store = new MirrorStore(file);
    try {
      const sql = customerHabits(store, TODAY);
      const js = paymentHabits(customerInvoices, TODAY);
      expect(Object.fromEntries([...sql].sort())).toEqual(Object.fromEntries([...js].sort()));
    } finally {
      store.close();
    }
  });
});

describe('the outlook on the copy, and its links', () => {
  const weeks = outlookWeeks(TODAY);
  const sunday = (monday: string) => addDays(monday, 6);
  const owed = customerInvoices.filter(isOwed);
  const toPay = supplierInvoices.filter(isToPay);
  const habits = paymentHabits(customerInvoices, TODAY);
  const expectedOf = (i: Invoice) => expectedDate(i.dueDate, habits.get(i.customerNumber)?.days ?? 0);

  it('twelve Mondays from the current week', () => {
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe('2026-11-23');
    expect(weeks[11]).toBe('2027-02-08');
  });

  it('each week and currency: in, expected in and out equal the invoices counted here, and each bar’s link shows exactly them', async () => {
    const report = await mirror.receivables(TODAY, true);
    expect(report.cashOutlook.payablesKnown).toBe(true);
    for (const currency of ['SEK', 'EUR']) {
      for (const [index, week] of weeks.entries()) {
        const entry = report.cashOutlook.entries.find((e) => e.currency === currency && e.week === week);
        const from = index === 0 ? TODAY : week;
        const dueIn = owed.filter((i) => i.currency === currency && i.dueDate !== '' && i.dueDate >= from && i.dueDate <= sunday(week));
        const expectedIn = owed.filter((i) => {
          const expected = expectedOf(i);
          return i.currency === currency && expected !== null && (index === 0 ? expected <= sunday(week) : expected >= week && expected <= sunday(week));
        });
        const out = toPay.filter((i) => i.currency === currency && i.dueDate >= from && i.dueDate <= sunday(week));
        expect(entry, `${currency} ${week}`).toMatchObject({ in: sum(dueIn), inCount: dueIn.length, inExpected: sum(expectedIn), inExpectedCount: expectedIn.length, out: sum(out), outCount: out.length });
        // The bars' links: the due week (from today in week 1), the expected week (week 1 takes everything expected before), the week to pay.
        expect(await customers({ scope: 'owed', currency, fromduedate: from, toduedate: sunday(week) }), `in ${currency} ${week}`).toEqual(numbers(dueIn));
        expect(await customers({ scope: 'owed', currency, ...(index === 0 ? {} : { fromexpecteddate: week }), toexpecteddate: sunday(week) }), `expected ${currency} ${week}`).toEqual(numbers(expectedIn));
        expect(await suppliers({ scope: 'topay', currency, fromduedate: from, toduedate: sunday(week) }), `out ${currency} ${week}`).toEqual(numbers(out));
      }
      const overdueIn = owed.filter((i) => i.currency === currency && i.dueDate !== '' && i.dueDate < TODAY);
      const overdueOut = toPay.filter((i) => i.currency === currency && i.dueDate < TODAY);
      expect(report.cashOutlook.overdue[currency]).toEqual({ in: sum(overdueIn), inCount: overdueIn.length, out: sum(overdueOut), outCount: overdueOut.length });
    }
    // Something in every kind of bar, so the comparisons above compared something.
    expect(report.cashOutlook.entries.filter((e) => e.in !== 0 && e.inExpected !== 0 && (e.out ?? 0) !== 0).length).toBeGreaterThan(3);
  });

  it('without the supplier copy: money out is unknown (null), not zero', async () => {
    const report = await mirror.receivables(TODAY, false);
    expect(report.payables).toBeNull();
    expect(report.cashOutlook.payablesKnown).toBe(false);
    expect(report.cashOutlook.entries.every((e) => e.out === null)).toBe(true);
  });
});

describe('payables on the copy, and their links', () => {
  const toPay = supplierInvoices.filter(isToPay);

  it('to pay, overdue, awaiting approval and payment under way per currency, and their links', async () => {
    const report = (await mirror.receivables(TODAY, true)).payables!;
    for (const currency of ['SEK', 'EUR']) {
      const mine = toPay.filter((i) => i.currency === currency);
      const overdue = mine.filter((i) => i.dueDate < TODAY);
      const approval = mine.filter((i) => i.authorizePending);
      const paying = mine.filter((i) => i.paymentPending);
      expect(report.currencies[currency]).toMatchObject({ owed: sum(mine), overdue: sum(overdue), counts: { owed: mine.length, overdue: overdue.length } });
      expect(report.awaitingApproval[currency]).toEqual({ amount: sum(approval), count: approval.length });
      expect(report.paymentPending[currency]).toEqual({ amount: sum(paying), count: paying.length });
      expect(await suppliers({ scope: 'topay', currency })).toEqual(numbers(mine));
      expect(await suppliers({ scope: 'topay', currency, toduedate: addDays(TODAY, -1) })).toEqual(numbers(overdue));
      expect(await suppliers({ scope: 'approval', currency })).toEqual(numbers(approval));
      expect(await suppliers({ scope: 'paying', currency })).toEqual(numbers(paying));
    }
  });

  it('the ten suppliers to pay soonest: overdue plus due within 30 days, ranked in SEK; each link shows exactly both', async () => {
    const report = (await mirror.receivables(TODAY, true)).payables!;
    const soonEnd = dueSoonEnd(TODAY);
    const groups = new Map<string, { rank: number; overdue: SupplierInvoice[]; soon: SupplierInvoice[] }>();
    for (const i of toPay) {
      if (i.dueDate > soonEnd) continue;
      const g = groups.get(`${i.supplierNumber} ${i.currency}`) ?? { rank: 0, overdue: [], soon: [] };
      (i.dueDate < TODAY ? g.overdue : g.soon).push(i);
      g.rank += i.balance * i.currencyRate;
      groups.set(`${i.supplierNumber} ${i.currency}`, g);
    }
    // Ties (many bills of 2,000 here) go to the earliest due date, then the supplier number.
    const first = (g: { overdue: SupplierInvoice[]; soon: SupplierInvoice[] }) => [...g.overdue, ...g.soon].map((i) => i.dueDate).sort()[0] as string;
    const ranked = [...groups.entries()]
      .filter(([, g]) => g.rank > 0)
      .sort((a, b) => b[1].rank - a[1].rank || first(a[1]).localeCompare(first(b[1])) || a[0].localeCompare(b[0]));
    expect(report.soonest.map((s) => `${s.supplierNumber} ${s.currency}`)).toEqual(ranked.slice(0, 10).map(([key]) => key));
    for (const s of report.soonest) {
      const g = groups.get(`${s.supplierNumber} ${s.currency}`)!;
      expect(s).toMatchObject({ overdue: sum(g.overdue), overdueCount: g.overdue.length, dueSoon: sum(g.soon), dueSoonCount: g.soon.length });
      expect(await suppliers({ scope: 'topay', supplier: s.supplierNumber, currency: s.currency, toduedate: soonEnd })).toEqual(numbers([...g.overdue, ...g.soon]));
    }
  });
});
