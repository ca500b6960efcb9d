/**
 * Receivables: what is still owed, by whom, and how late, computed once and used by the app (its
 * overview, computed on the local copy), the report CLI and the tests. Pure data and functions:
 * the renderer imports them at run time too. What counts is the rule of common/owed.ts:
 *
 *  - owed:    the Balance of every booked invoice that is not cancelled and has a balance other
 *             than 0 (a credit note's negative balance counts negative);
 *  - overdue: owed, with a due date before today (the service's calendar date, Swedish time);
 *  - drafts:  unbooked invoices (not cancelled), counted apart: never in owed;
 *  - ageing:  owed by days past the due date: not yet due (or no due date), 1-30, 31-60, 61-90, over 90.
 */

import { valueInSek, type Invoice } from './invoices';
import { dueBefore, isDraft, isOwed } from './owed';

export { isDraft, isOverdue, isOwed } from './owed';

export const ageingBuckets = ['notDue', 'd1_30', 'd31_60', 'd61_90', 'd90plus'] as const;
export type AgeingBucket = (typeof ageingBuckets)[number];

/** Days past due that open each bucket (inclusive), and close it (inclusive; null: no end). */
export const bucketDays: Record<AgeingBucket, { from: number | null; to: number | null }> = {
  notDue: { from: null, to: 0 },
  d1_30: { from: 1, to: 30 },
  d31_60: { from: 31, to: 60 },
  d61_90: { from: 61, to: 90 },
  d90plus: { from: 91, to: null },
};

/** The fields the definitions read: an invoice of the list, or a local-copy row. The rate
 * (SEK per `currencyUnit` units of the currency) ranks customers across currencies. */
export type ReceivableInput = Pick<
  Invoice,
  'documentNumber' | 'customerNumber' | 'customerName' | 'invoiceDate' | 'dueDate' | 'total' | 'balance' | 'currency' | 'booked' | 'cancelled' | 'finalPayDate' | 'currencyRate' | 'currencyUnit'
>;

export interface CurrencyReceivables {
  owed: number;
  overdue: number;
  buckets: Record<AgeingBucket, number>;
  counts: Record<'owed' | 'overdue' | AgeingBucket, number>;
}

export interface OverdueCustomer {
  customerNumber: string;
  customerName: string;
  currency: string;
  /** Overdue amount in `currency`. */
  amount: number;
  count: number;
  oldestDueDate: string;
}

/** One month of the last twelve: invoiced (by invoice date, not cancelled) and paid (by FinalPayDate). */
export interface MonthFigures {
  /** YYYY-MM */
  month: string;
  currency: string;
  invoiced: number;
  invoicedCount: number;
  paid: number;
  paidCount: number;
}

/** Unbooked invoices of one currency: how many, and their Total (a draft has nothing paid yet). */
export interface CurrencyDrafts {
  amount: number;
  count: number;
}

export interface ReceivablesReport {
  /** The calendar date the figures are for (YYYY-MM-DD, Swedish). */
  asOf: string;
  currencies: Record<string, CurrencyReceivables>;
  /** Drafts ("Utkast") per currency, apart from owed. */
  drafts: Record<string, CurrencyDrafts>;
  /** The ten customers who owe the most overdue (ranked in SEK at each invoice's rate). */
  topOverdue: OverdueCustomer[];
  /** The last twelve months, oldest first, per currency (months without any invoice are there with zeros). */
  months: MonthFigures[];
}

/** One company's overview; `report` is null until its local copy's first sync is complete. */
export interface CompanyReceivables {
  companyId: string;
  report: ReceivablesReport | null;
  /** When the copy was last synced (ISO), as the sidebar says it. */
  syncedAt: string | null;
}

/** Every connected company's owed and overdue per currency, and the totals per currency. */
export interface AllReceivables {
  asOf: string;
  companies: Array<{ companyId: string; name: string; ready: boolean; currencies: Record<string, { owed: number; overdue: number; countOverdue: number }> }>;
  totals: Record<string, { owed: number; overdue: number; countOverdue: number }>;
}

const DAY_MS = 86_400_000;

/** Whole days between two calendar dates (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.UTC(+b.slice(0, 4), +b.slice(5, 7) - 1, +b.slice(8, 10)) - Date.UTC(+a.slice(0, 4), +a.slice(5, 7) - 1, +a.slice(8, 10))) / DAY_MS);
}

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const ms = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) + days * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

/** The ageing bucket of an owed invoice: 'notDue' exactly when it is not overdue (common/owed.ts). */
export function bucketOf(dueDate: string, today: string): AgeingBucket {
  if (!dueBefore(dueDate, today)) return 'notDue';
  const late = daysBetween(dueDate, today);
  return late <= 30 ? 'd1_30' : late <= 60 ? 'd31_60' : late <= 90 ? 'd61_90' : 'd90plus';
}

/** The due-date bounds (inclusive) of a bucket on `today`: what the grid filters by when the bucket is clicked. */
export function bucketDueRange(bucket: AgeingBucket, today: string): { fromduedate?: string; toduedate?: string } {
  const { from, to } = bucketDays[bucket];
  return {
    ...(to !== null ? { fromduedate: addDays(today, -to) } : {}),
    ...(from !== null ? { toduedate: addDays(today, -from) } : {}),
  };
}

/** The twelve months ending with today's, oldest first (YYYY-MM). */
export function lastTwelveMonths(today: string): string[] {
  const year = +today.slice(0, 4);
  const month = +today.slice(5, 7) - 1;
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 11 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
const emptyCurrency = (): CurrencyReceivables => ({
  owed: 0,
  overdue: 0,
  buckets: { notDue: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 },
  counts: { owed: 0, overdue: 0, notDue: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 },
});

/** The whole report from the invoices, in one pass. */
export function computeReceivables(invoices: Iterable<ReceivableInput>, today: string): ReceivablesReport {
  const currencies: Record<string, CurrencyReceivables> = {};
  const drafts: Record<string, CurrencyDrafts> = {};
  const customers = new Map<string, OverdueCustomer & { rank: number }>();
  const months = lastTwelveMonths(today);
  const firstMonth = months[0] as string;
  const monthly = new Map<string, MonthFigures>();
  const monthOf = (month: string, currency: string): MonthFigures => {
    const key = `${currency} ${month}`;
    let figures = monthly.get(key);
    if (!figures) {
      for (const m of months) if (!monthly.has(`${currency} ${m}`)) monthly.set(`${currency} ${m}`, { month: m, currency, invoiced: 0, invoicedCount: 0, paid: 0, paidCount: 0 });
      figures = monthly.get(key) as MonthFigures;
    }
    return figures;
  };
  // A company has a few hundred distinct due dates: each one's bucket is computed once.
  const buckets = new Map<string, AgeingBucket>();
  const bucketFor = (dueDate: string): AgeingBucket => {
    let bucket = buckets.get(dueDate);
    if (bucket === undefined) buckets.set(dueDate, (bucket = bucketOf(dueDate, today)));
    return bucket;
  };
  for (const invoice of invoices) {
    if (!invoice.cancelled) {
      const invoicedMonth = invoice.invoiceDate.slice(0, 7);
      if (invoicedMonth >= firstMonth && invoice.invoiceDate <= today) {
        const figures = monthOf(invoicedMonth, invoice.currency);
        figures.invoiced += invoice.total;
        figures.invoicedCount += 1;
      }
      const paidMonth = invoice.finalPayDate?.slice(0, 7);
      if (paidMonth !== undefined && invoice.balance === 0 && paidMonth >= firstMonth && (invoice.finalPayDate as string) <= today) {
        const figures = monthOf(paidMonth, invoice.currency);
        figures.paid += invoice.total;
        figures.paidCount += 1;
      }
    }
    if (isDraft(invoice)) {
      const draft = (drafts[invoice.currency] ??= { amount: 0, count: 0 });
      draft.amount += invoice.total;
      draft.count += 1;
      continue;
    }
    if (!isOwed(invoice)) continue;
    const figures = (currencies[invoice.currency] ??= emptyCurrency());
    // Owed and not yet due, or overdue (isOverdue): the bucket says which.
    const bucket = bucketFor(invoice.dueDate);
    figures.owed += invoice.balance;
    figures.counts.owed += 1;
    figures.buckets[bucket] += invoice.balance;
    figures.counts[bucket] += 1;
    if (bucket === 'notDue') continue;
    figures.overdue += invoice.balance;
    figures.counts.overdue += 1;
    const key = `${invoice.customerNumber}\u0000${invoice.currency}`;
    const customer = customers.get(key) ?? { customerNumber: invoice.customerNumber, customerName: invoice.customerName, currency: invoice.currency, amount: 0, count: 0, oldestDueDate: invoice.dueDate, rank: 0 };
    customer.amount += invoice.balance;
    customer.rank += valueInSek(invoice.balance, invoice.currencyRate, invoice.currencyUnit);
    customer.count += 1;
    if (invoice.dueDate < customer.oldestDueDate) customer.oldestDueDate = invoice.dueDate;
    customers.set(key, customer);
  }
  for (const figures of Object.values(currencies)) {
    figures.owed = round2(figures.owed);
    figures.overdue = round2(figures.overdue);
    for (const bucket of ageingBuckets) figures.buckets[bucket] = round2(figures.buckets[bucket]);
  }
  for (const draft of Object.values(drafts)) draft.amount = round2(draft.amount);
  const topOverdue = [...customers.values()]
    .sort((a, b) => b.rank - a.rank || a.customerNumber.localeCompare(b.customerNumber))
    .slice(0, 10)
    .map(({ rank: _rank, ...customer }) => ({ ...customer, amount: round2(customer.amount) }));
  const monthList = [...monthly.values()]
    .map((m) => ({ ...m, invoiced: round2(m.invoiced), paid: round2(m.paid) }))
    .sort((a, b) => a.currency.localeCompare(b.currency) || a.month.localeCompare(b.month));
  return { asOf: today, currencies, drafts, topOverdue, months: monthList };
}
