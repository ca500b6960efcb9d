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

import { addDays, daysBetween } from './calendar';
import { createOutlook, paymentHabits, type CashOutlook, type PaymentHabit } from './cash-outlook';
import { valueInSek, type Invoice } from './invoices';
import { computePayables, type PayableInput, type PayablesReport } from './payables';
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
  /** Days after the due date this customer usually pays (common/cash-outlook.ts: the median, clamped at 0). */
  usualDaysLate: number;
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
  /** What the owner must pay (common/payables.ts); null until the supplier invoices' copy is ready (or where it cannot be read). */
  payables: PayablesReport | null;
  /** The 12-week cash outlook (common/cash-outlook.ts): money in, expected in, and money out where the payables are known. */
  cashOutlook: CashOutlook;
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
  companies: Array<{ companyId: string; name: string; ready: boolean; payablesKnown: boolean; currencies: Record<string, CompanyCurrencyFigures> }>;
  totals: Record<string, CompanyCurrencyFigures>;
}

/** One company's (or the totals') figures in one currency: owed to you, you owe (null where unknown), net. */
export interface CompanyCurrencyFigures {
  owed: number;
  overdue: number;
  countOverdue: number;
  /** What you owe (supplier invoices to pay); null while the supplier copy is not ready. */
  toPay: number | null;
  /** owed − toPay; null while toPay is unknown. */
  net: number | null;
}

export { addDays, daysBetween } from './calendar';

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

/**
 * The whole overview: receivables from the customer invoices (one pass), payables from the supplier
 * invoices (null: not known), and the cash outlook of both. `habits` are the customers' payment
 * habits (common/cash-outlook.ts); without them they are computed from `invoices`, which must then
 * be iterable twice (an array).
 */
export function computeReceivables(
  invoices: Iterable<ReceivableInput>,
  today: string,
  supplierInvoices: Iterable<PayableInput> | null = null,
  habits: ReadonlyMap<string, PaymentHabit> = paymentHabits(invoices, today),
): ReceivablesReport {
  const outlook = createOutlook(today, habits, supplierInvoices !== null);
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
    outlook.addIn(invoice);
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
    const customer = customers.get(key) ?? {
      customerNumber: invoice.customerNumber,
      customerName: invoice.customerName,
      currency: invoice.currency,
      amount: 0,
      count: 0,
      oldestDueDate: invoice.dueDate,
      usualDaysLate: habits.get(invoice.customerNumber)?.days ?? 0,
      rank: 0,
    };
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
  const payables = supplierInvoices === null ? null : computePayables(supplierInvoices, today, (invoice) => outlook.addOut(invoice));
  return { asOf: today, currencies, drafts, topOverdue, months: monthList, payables, cashOutlook: outlook.finish() };
}
