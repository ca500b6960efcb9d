// The overview (receivables, payables) on the local copy against the sandbox: the overview's figures equal sums computed
// here, independently, from the service's own data (the rule written out again by hand: owed is
// booked, not cancelled, balance not 0; drafts apart); a link's view (scope, due-date bounds,
// currency, customer) holds exactly the invoices the figure counted; the grid's "Förfallna" and
// "Obetalda" chips hold exactly the overview's overdue and owed; the report CLI's JSON is the app's
// figures.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../electron/kernel/clock';
import { bucketDueRange, type AgeingBucket } from '../../../electron/common/receivables';
import { serviceDate } from '../../../electron/common/invoice-status';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { overviewHandlers } from '../../../electron/overview/overview-handlers';
import { syncCompany, syncResources } from '../../../electron/mirror/sync/sync-engine';
import { runReport } from '../../../electron/cli/run-report';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import type { SandboxInvoice } from '../../../electron/sandbox/types';
import { steadyServiceTime } from '../../support/service-time';
import { company, FAST_LIMITER, serviceSession, tempDir } from '../export/helpers';

let sandbox: Sandbox;
let dir: string;
let mirror: MirrorApi;
let today: string;
let credit: string;
let lateDrafts: string[];
const serviceNow = steadyServiceTime();
const tenant = () => company(sandbox, 'large').tenantId;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 3_000, now: serviceNow });
  sandbox.control.setRateLimits(false);
  // A credit note, overdue: it counts negative.
  credit = sandbox.control.addInvoice(tenant(), { Total: -1250, Balance: -1250, Booked: true, InvoiceDate: '2026-01-01', DueDate: '2026-01-31', CustomerNumber: '7', CustomerName: 'Kreditkund AB' });
  // Drafts long past their due date, one of them a credit note: never owed, never overdue.
  lateDrafts = [
    sandbox.control.addInvoice(tenant(), { Total: 800, Balance: 800, Booked: false, InvoiceDate: '2026-01-01', DueDate: '2026-01-31', CustomerNumber: '7', CustomerName: 'Kreditkund AB' }),
    sandbox.control.addInvoice(tenant(), { Total: -300, Balance: -300, Booked: false, InvoiceDate: '2026-01-01', DueDate: '2026-01-31', CustomerNumber: '7', CustomerName: 'Kreditkund AB' }),
  ];
  dir = await tempDir('receivables-it-');
  mirror = openInlineMirror(path.join(dir, 'large.sqlite'));
  const session = serviceSession(sandbox, 'large', FAST_LIMITER);
  await syncCompany({ resource: syncResources.invoices, mirror, source: session, clock: systemClock, mode: 'auto', priority: 'sync' });
  await syncCompany({ resource: syncResources.supplierinvoices, mirror, source: session, clock: systemClock, mode: 'auto', priority: 'sync' });
  session.close();
  today = serviceDate(serviceNow() + sandbox.control.clockOffsetMs);
}, 60_000);
afterAll(async () => {
  await mirror?.close();
  await sandbox?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** The definitions of the receivables and payables, written out independently of common/owed.ts and receivables.ts. */
function expected(invoices: SandboxInvoice[], asOf: string) {
  const dayMs = 86_400_000;
  const late = (due: string) => Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / dayMs);
  const owed = invoices.filter((i) => i.Booked && !i.Cancelled && i.Balance !== 0);
  const drafts = invoices.filter((i) => !i.Booked && !i.Cancelled);
  const bucket = (i: SandboxInvoice): AgeingBucket => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(i.DueDate ?? '') || i.DueDate >= asOf) return 'notDue';
    const days = late(i.DueDate);
    return days <= 30 ? 'd1_30' : days <= 60 ? 'd31_60' : days <= 90 ? 'd61_90' : 'd90plus';
  };
  const cents = (n: number) => Math.round(n * 100) / 100;
  const byCurrency: Record<string, { owed: number; overdue: number; buckets: Record<string, number>; counts: Record<string, number> }> = {};
  for (const i of owed) {
    const c = (byCurrency[i.Currency] ??= { owed: 0, overdue: 0, buckets: {}, counts: {} });
    const b = bucket(i);
    c.owed += i.Balance;
    c.buckets[b] = (c.buckets[b] ?? 0) + i.Balance;
    c.counts[b] = (c.counts[b] ?? 0) + 1;
    c.counts.owed = (c.counts.owed ?? 0) + 1;
    if (b !== 'notDue') {
      c.overdue += i.Balance;
      c.counts.overdue = (c.counts.overdue ?? 0) + 1;
    }
  }
  for (const c of Object.values(byCurrency)) {
    c.owed = cents(c.owed);
    c.overdue = cents(c.overdue);
    for (const b of Object.keys(c.buckets)) c.buckets[b] = cents(c.buckets[b] as number);
  }
  const draftsByCurrency: Record<string, { amount: number; count: number }> = {};
  for (const i of drafts) {
    const d = (draftsByCurrency[i.Currency] ??= { amount: 0, count: 0 });
    d.amount += i.Total;
    d.count += 1;
  }
  for (const d of Object.values(draftsByCurrency)) d.amount = cents(d.amount);
  return { owed, bucket, byCurrency, drafts, draftsByCurrency };
}

describe('receivables on the local copy', () => {
  it('owed, overdue and every ageing bucket per currency equal sums computed from the service data', async () => {
    const report = await mirror.receivables(today);
    const { byCurrency } = expected(sandbox.control.invoicesOf(tenant()), today);
    expect(Object.keys(report.currencies).sort()).toEqual(Object.keys(byCurrency).sort());
    for (const [currency, c] of Object.entries(byCurrency)) {
      const mine = report.currencies[currency]!;
      expect(mine.owed, currency).toBe(c.owed);
      expect(mine.overdue, currency).toBe(c.overdue);
      for (const b of ['notDue', 'd1_30', 'd31_60', 'd61_90', 'd90plus'] as const) {
        expect(mine.buckets[b], `${currency} ${b}`).toBe(c.buckets[b] ?? 0);
        expect(mine.counts[b], `${currency} ${b} count`).toBe(c.counts[b] ?? 0);
      }
      expect(mine.counts.owed).toBe(c.counts.owed ?? 0);
      expect(mine.counts.overdue).toBe(c.counts.overdue ?? 0);
    }
    // Top overdue: ten customers, each one's overdue amount and count as computed here.
    expect(report.topOverdue.length).toBe(10);
    const { owed, bucket } = expected(sandbox.control.invoicesOf(tenant()), today);
    for (const customer of report.topOverdue) {
      const theirs = owed.filter((i) => i.CustomerNumber === customer.customerNumber && i.Currency === customer.currency && bucket(i) !== 'notDue');
      expect(customer.count).toBe(theirs.length);
      expect(customer.amount).toBe(Math.round(theirs.reduce((n, i) => n + i.Balance, 0) * 100) / 100);
      expect(customer.oldestDueDate).toBe(theirs.map((i) => i.DueDate).sort()[0]);
    }
  });

  it('drafts apart: their count and Total per currency, never in owed; their link shows exactly them', async () => {
    const report = await mirror.receivables(today);
    const { drafts, draftsByCurrency } = expected(sandbox.control.invoicesOf(tenant()), today);
    expect(drafts.some((i) => i.DueDate < today && i.Balance < 0), 'an overdue draft credit note').toBe(true);
    expect(report.drafts).toEqual(draftsByCurrency);
    for (const currency of Object.keys(draftsByCurrency)) {
      const wanted = drafts.filter((i) => i.Currency === currency).map((i) => i.DocumentNumber).sort();
      const shown = (await mirror.listRows('invoices', { limit: 500, scope: 'drafts', currency }, today, 0, 100_000)).map((r) => r.documentNumber).sort();
      expect(shown, currency).toEqual(wanted);
    }
  });

  it('the grid\'s "Förfallna" and "Obetalda" chips on the copy hold exactly the overview\'s overdue and owed: count and sum per currency', async () => {
    const report = await mirror.receivables(today);
    const { owed, bucket } = expected(sandbox.control.invoicesOf(tenant()), today);
    const overdue = await mirror.listPage('invoices', { page: 1, limit: 25, filter: 'unpaidoverdue' }, today);
    const unpaid = await mirror.listPage('invoices', { page: 1, limit: 25, filter: 'unpaid' }, today);
    expect(overdue.totalResources).toBe(owed.filter((i) => bucket(i) !== 'notDue').length);
    expect(overdue.totalResources).toBe(Object.values(report.currencies).reduce((n, c) => n + c.counts.overdue, 0));
    expect(unpaid.totalResources).toBe(owed.length);
    for (const [currency, c] of Object.entries(report.currencies)) {
      expect(overdue.sums?.find((s) => s.currency === currency), `${currency} overdue`).toMatchObject({ count: c.counts.overdue, balance: c.overdue });
      expect(unpaid.sums?.find((s) => s.currency === currency), `${currency} owed`).toMatchObject({ count: c.counts.owed, balance: c.owed });
    }
    // The credit note counts in both, negative; the overdue drafts in neither.
    const shown = new Set((await mirror.listRows('invoices', { limit: 500, filter: 'unpaidoverdue', customer: '7' }, today, 0, 1000)).map((r) => r.documentNumber));
    expect(shown.has(credit)).toBe(true);
    expect(lateDrafts.filter((n) => shown.has(n))).toEqual([]);
  });

  it("a bucket's link shows exactly that bucket's invoices", async () => {
    const { owed, bucket } = expected(sandbox.control.invoicesOf(tenant()), today);
    for (const b of ['notDue', 'd1_30', 'd31_60', 'd61_90', 'd90plus'] as const) {
      const wanted = owed.filter((i) => i.Currency === 'SEK' && bucket(i) === b && (b !== 'notDue' || /^\d{4}-\d{2}-\d{2}$/.test(i.DueDate))).map((i) => i.DocumentNumber).sort();
      const page = await mirror.listPage('invoices', { page: 1, limit: 500, scope: 'owed', currency: 'SEK', ...bucketDueRange(b, today) }, today);
      const shown = (await mirror.listRows('invoices', { limit: 500, scope: 'owed', currency: 'SEK', ...bucketDueRange(b, today) }, today, 0, 100_000)).map((r) => r.documentNumber).sort();
      expect(shown, b).toEqual(wanted);
      expect(page.totalResources).toBe(wanted.length);
    }
  });

  it('the report CLI prints the same figures as the app, as the JSON other tools read', async () => {
    const handlers = overviewHandlers({
      chooseFile: async () => null,
      language: () => 'en' as const,
      clock: { now: () => serviceNow() + sandbox.control.clockOffsetMs, sleep: systemClock.sleep },
      companies: () => [],
      record: () => undefined,
      mirrors: { ready: async () => mirror, statusOf: () => undefined },
    });
    const app = (await handlers['receivables:overview']('c1')).report!;
    expect(app.payables).not.toBeNull();
    let stdout = '';
    const code = await runReport(['--tenant', tenant(), '--mirror', 'copies', '--json'], {
      env: { INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret, INVOICE_DESK_AUTH_URL: sandbox.authUrl, INVOICE_DESK_API_URL: sandbox.apiUrl },
      cwd: dir,
      stdout: { write: (text: string) => ((stdout += text), true) },
      stderr: { write: () => true },
      // The service's clock, as the app's above (the report's date is its Swedish calendar day).
      clock: { now: () => serviceNow() + sandbox.control.clockOffsetMs, sleep: systemClock.sleep },
    });
    expect(code).toBe(0);
    const printed = JSON.parse(stdout) as Record<string, unknown>;
    // The receivables' fields first, then the payables' and the outlook's, each added field after the others.
    expect(Object.keys(printed)).toEqual(['asOf', 'currencies', 'topOverdue', 'payables', 'drafts', 'awaitingApproval', 'cashOutlook', 'paymentPending', 'payFirst', 'dso', 'dpo']);
    expect(printed).toEqual({
      asOf: app.asOf,
      currencies: app.currencies,
      topOverdue: app.topOverdue,
      payables: app.payables!.currencies,
      drafts: app.drafts,
      awaitingApproval: app.payables!.awaitingApproval,
      cashOutlook: app.cashOutlook.entries.map((e) => ({ week: e.week, currency: e.currency, in: e.in, out: e.out, inExpected: e.inExpected })),
      paymentPending: app.payables!.paymentPending,
      payFirst: app.payables!.soonest,
      // DSO and DPO, from the payments (report-cli-statement.test.ts recounts them).
      dso: expect.any(Array),
      dpo: expect.any(Array),
    });
    expect((printed.payables as Record<string, Record<string, unknown>>).SEK).toEqual(expect.objectContaining({ owed: expect.any(Number), overdue: expect.any(Number), buckets: expect.any(Object), counts: expect.any(Object) }));
    expect((printed.cashOutlook as unknown[]).length).toBeGreaterThanOrEqual(12);

    // The table: drafts on a line of their own, apart from owed.
    let table = '';
    expect(
      await runReport(['--tenant', tenant(), '--mirror', 'copies'], {
        env: { INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret, INVOICE_DESK_AUTH_URL: sandbox.authUrl, INVOICE_DESK_API_URL: sandbox.apiUrl },
        cwd: dir,
        stdout: { write: (text: string) => ((table += text), true) },
        stderr: { write: () => true },
        clock: { now: () => serviceNow() + sandbox.control.clockOffsetMs, sleep: systemClock.sleep },
      }),
    ).toBe(0);
    const sek = app.drafts.SEK!;
    expect(table).toContain(`Drafts (not booked, not owed): `);
    expect(table).toContain('Payables as of');
    expect(table).toContain('Cash outlook, 12 weeks from the week of');
    expect(table).toContain(`SEK ${sek.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} (${sek.count})`);
  });
});

/** The payables, habits and outlook, written out again from the service's own fields. */
describe('payables, payment habits and the cash outlook on the local copy', () => {
  const dayMs = 86_400_000;
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / dayMs;
  const date = (d: number) => new Date(d * dayMs).toISOString().slice(0, 10);
  const cents = (n: number) => Math.round(n * 100) / 100;
  const isDate = (s: string | null | undefined): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s);

  it('to pay, overdue, buckets, awaiting approval and payments under way equal sums of the service’s supplier invoices', async () => {
    const report = (await mirror.receivables(today, true)).payables!;
    const open = sandbox.control.supplierInvoicesOf(tenant()).filter((i) => !i.Cancelled && i.Balance !== 0);
    expect(open.some((i) => !i.Booked), 'a registered, unbooked bill is to pay').toBe(true);
    const currencies = [...new Set(open.map((i) => i.Currency))].sort();
    expect(Object.keys(report.currencies).sort()).toEqual(currencies);
    for (const currency of currencies) {
      const mine = open.filter((i) => i.Currency === currency);
      const overdue = mine.filter((i) => isDate(i.DueDate) && i.DueDate < today);
      const d1_30 = overdue.filter((i) => day(today) - day(i.DueDate) <= 30);
      const approval = mine.filter((i) => i.AuthorizePending);
      const paying = mine.filter((i) => i.PaymentPending);
      const total = (items: typeof open) => cents(items.reduce((n, i) => n + i.Balance, 0));
      expect(report.currencies[currency], currency).toMatchObject({ owed: total(mine), overdue: total(overdue), counts: { owed: mine.length, overdue: overdue.length, d1_30: d1_30.length } });
      expect(report.currencies[currency]!.buckets.d1_30).toBe(total(d1_30));
      expect(report.awaitingApproval[currency] ?? { amount: 0, count: 0 }).toEqual({ amount: total(approval), count: approval.length });
      expect(report.paymentPending[currency] ?? { amount: 0, count: 0 }).toEqual({ amount: total(paying), count: paying.length });
      // The links: exactly these invoices.
      const shown = async (query: Record<string, unknown>) => (await mirror.listRows('supplierinvoices', { limit: 500, currency, ...query }, today, 0, 100_000)).map((r) => r.givenNumber).sort();
      const numbers = (items: typeof open) => items.map((i) => i.GivenNumber).sort();
      expect(await shown({ scope: 'topay' })).toEqual(numbers(mine));
      expect(await shown({ scope: 'topay', toduedate: date(day(today) - 1) })).toEqual(numbers(overdue));
      expect(await shown({ scope: 'approval' })).toEqual(numbers(approval));
      expect(await shown({ scope: 'paying' })).toEqual(numbers(paying));
    }
    expect(Object.values(report.awaitingApproval).some((a) => a.count > 0)).toBe(true);
    expect(Object.values(report.paymentPending).some((a) => a.count > 0)).toBe(true);
  });

  it('each customer’s usual delay is the median over their invoices paid in the last 365 days, and the outlook’s weeks add up', async () => {
    const report = await mirror.receivables(today, true);
    const invoices = sandbox.control.invoicesOf(tenant());
    // The habit, from the definition: whole days FinalPayDate − DueDate of paid invoices (not credit notes), median, at least 0.
    const late = new Map<string, number[]>();
    for (const i of invoices) {
      if (!i.Booked || i.Cancelled || i.Balance !== 0 || i.Total <= 0 || !isDate(i.FinalPayDate) || !isDate(i.DueDate)) continue;
      if (day(i.FinalPayDate) > day(today) || day(i.FinalPayDate) <= day(today) - 365) continue;
      late.set(i.CustomerNumber, [...(late.get(i.CustomerNumber) ?? []), day(i.FinalPayDate) - day(i.DueDate)]);
    }
    const habit = (customer: string) => {
      const days = [...(late.get(customer) ?? [])].sort((a, b) => a - b);
      if (days.length === 0) return 0;
      const m = days.length >> 1;
      return Math.max(0, days.length % 2 ? days[m]! : Math.round((days[m - 1]! + days[m]!) / 2));
    };
    expect([...late.keys()].some((c) => habit(c) > 0), 'some customers pay late').toBe(true);
    for (const customer of report.topOverdue) expect(customer.usualDaysLate, customer.customerNumber).toBe(habit(customer.customerNumber));

    // The outlook: weeks from this week's Monday; in by due date, expected in by due date + habit, out by due date.
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    const monday = day(today) - weekday;
    expect(report.cashOutlook.weeks).toEqual(Array.from({ length: 12 }, (_, k) => date(monday + 7 * k)));
    const owed = invoices.filter((i) => i.Booked && !i.Cancelled && i.Balance !== 0 && isDate(i.DueDate));
    const toPay = sandbox.control.supplierInvoicesOf(tenant()).filter((i) => !i.Cancelled && i.Balance !== 0 && isDate(i.DueDate));
    const weekIndex = (d: number) => Math.floor((d - monday) / 7);
    for (const entry of report.cashOutlook.entries) {
      const k = weekIndex(day(entry.week));
      const inWeek = (d: number) => d >= day(today) && weekIndex(d) === k;
      const dueIn = owed.filter((i) => i.Currency === entry.currency && inWeek(day(i.DueDate)));
      const expected = owed.filter((i) => {
        const e = day(i.DueDate) + habit(i.CustomerNumber);
        return i.Currency === entry.currency && (e < day(today) ? k === 0 : weekIndex(e) === k);
      });
      const out = toPay.filter((i) => i.Currency === entry.currency && inWeek(day(i.DueDate)));
      const total = (items: ReadonlyArray<{ Balance: number }>) => cents(items.reduce((n, i) => n + i.Balance, 0));
      expect(entry, `${entry.currency} ${entry.week}`).toMatchObject({ in: total(dueIn), inExpected: total(expected), out: total(out) });
    }
    expect(report.cashOutlook.entries.some((e) => e.in > 0 && (e.out ?? 0) > 0 && e.inExpected !== e.in)).toBe(true);
  });
});
