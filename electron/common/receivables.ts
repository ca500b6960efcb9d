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

import { createOutlook, paymentHabits, type CashOutlook, type PaymentHabit } from './cash-outlook';
import type { Invoice } from './invoices';
import { valueInSek } from './value-in-sek';
import { computePayables, type PayableInput, type PayablesReport } from './payables';
import { isDraft, isOwed } from './owed';
import { addToCurrency, bucketOf, emptyCurrency, round2, roundCurrencies, type AgeingBucket, type CurrencyDrafts, type CurrencyReceivables } from './ageing';
import { currencyTable } from './currency-table';
import type { DaysOutstanding } from './days-outstanding';

export { isDraft, isOverdue, isOwed } from './owed';
// The ageing and per-currency sums, shared with payables (common/ageing.ts; re-exported for their users).
export { ageingBuckets, bucketDays, bucketOf, bucketDueRange, round2, emptyCurrency, addToCurrency, roundCurrencies, type AgeingBucket, type CurrencyReceivables, type CurrencyDrafts } from './ageing';

/** The fields the definitions read: an invoice of the list, or a local-copy row. The rate
 * (SEK per `currencyUnit` units of the currency) ranks customers across currencies. */
export type ReceivableInput = Pick<
  Invoice,
  'documentNumber' | 'customerNumber' | 'customerName' | 'invoiceDate' | 'dueDate' | 'total' | 'balance' | 'currency' | 'booked' | 'cancelled' | 'finalPayDate' | 'currencyRate' | 'currencyUnit'
>;

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
  /** DSO and DPO at the last 12 month ends; each null while its payments are not known. */
  days: DaysOutstanding;
  /** When the copy was last synced (ISO), as the sidebar says it. */
  syncedAt: string | null;
}

/** Every connected company's owed and overdue per currency, and the totals per currency. */
export interface AllReceivables {
  asOf: string;
  companies: Array<{ companyId: string; name: string; ready: boolean; payablesKnown: boolean; currencies: Record<string, CompanyCurrencyFigures>; dso: number | null; dpo: number | null }>;
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

/** The twelve months ending with today's, oldest first (YYYY-MM). */
export function lastTwelveMonths(today: string): string[] {
  const year = +today.slice(0, 4);
  const month = +today.slice(5, 7) - 1;
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 11 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}

/** Owed customer invoices of one customer, currency and due date (one invoice, or a group of them). */
export interface OwedGroup {
  customerNumber: string;
  currency: string;
  dueDate: string;
  count: number;
  balance: number;
  /** The balance in SEK at each invoice's own rate (ranks customers across currencies). */
  balanceSek: number;
}

/**
 * The receivables' builder: each figure's definition, fed either invoice by invoice
 * (computeReceivables) or by groups the copy keeps or groups in SQL (mirror-query.ts). Either way
 * the same code decides buckets, the outlook and the ranking. The caller decides what is owed, a
 * draft, invoiced or paid (common/owed.ts, or its SQL, tested to agree).
 */
export function createReceivablesBuilder(today: string, habits: ReadonlyMap<string, PaymentHabit>, payablesKnown: boolean) {
  const outlook = createOutlook(today, habits, payablesKnown);
  const currencies = currencyTable<CurrencyReceivables>();
  const drafts = currencyTable<CurrencyDrafts>();
  const customers = new Map<string, Omit<OverdueCustomer, 'customerName'> & { rank: number }>();
  const months = lastTwelveMonths(today);
  const firstDay = `${months[0] as string}-01`;
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
  function owedByDueDate(group: Pick<OwedGroup, 'currency' | 'dueDate' | 'count' | 'balance'>): void {
    outlook.addDue(group);
    const figures = (currencies[group.currency] ??= emptyCurrency());
    // Owed and not yet due, or overdue (isOverdue): the bucket says which.
    const bucket = bucketFor(group.dueDate);
    addToCurrency(figures, bucket, group);
  }
  function overdueOf(group: { customerNumber: string; currency: string; amount: number; count: number; oldestDueDate: string; rank: number }): void {
    const key = `${group.customerNumber}\u0000${group.currency}`;
    const customer = customers.get(key) ?? { customerNumber: group.customerNumber, currency: group.currency, amount: 0, count: 0, oldestDueDate: group.oldestDueDate, usualDaysLate: habits.get(group.customerNumber)?.days ?? 0, rank: 0 };
    customer.amount += group.amount;
    customer.rank += group.rank;
    customer.count += group.count;
    if (group.oldestDueDate < customer.oldestDueDate) customer.oldestDueDate = group.oldestDueDate;
    customers.set(key, customer);
  }
  return {
    /** Not cancelled, invoiced on `day`: counts in its month when within the last twelve, not after today. */
    invoiced(currency: string, day: string, count: number, total: number): void {
      if (day < firstDay || day > today) return;
      const figures = monthOf(day.slice(0, 7), currency);
      figures.invoiced += total;
      figures.invoicedCount += count;
    },
    /** Not cancelled, balance 0, paid in full on `day` (FinalPayDate). */
    paid(currency: string, day: string, count: number, total: number): void {
      if (day < firstDay || day > today) return;
      const figures = monthOf(day.slice(0, 7), currency);
      figures.paid += total;
      figures.paidCount += count;
    },
    draft(currency: string, count: number, total: number): void {
      const draft = (drafts[currency] ??= { amount: 0, count: 0 });
      draft.amount += total;
      draft.count += count;
    },
    /** An owed invoice (or a group of one customer, currency and due date): every figure it is in. */
    owed(group: OwedGroup): void {
      owedByDueDate(group);
      outlook.addExpectedOf(group);
      if (bucketFor(group.dueDate) !== 'notDue') overdueOf({ customerNumber: group.customerNumber, currency: group.currency, amount: group.balance, count: group.count, oldestDueDate: group.dueDate, rank: group.balanceSek });
    },
    /** Owed invoices of one currency and due date: owed, overdue, the buckets and money in by due date. */
    owedByDueDate,
    /** Owed invoices expected in week `index` of the outlook (cash-outlook.ts addExpected). */
    expected: outlook.addExpected,
    /** A customer's overdue invoices in one currency (for the top list): their sum, count, oldest due date and SEK value. */
    overdueOf,
    /** Money out of the outlook (supplier invoices to pay). */
    toPay: outlook.addOut,
    /** The report; `nameOf` names the ten customers of the top list (asked only for them). */
    finish(nameOf: (customerNumber: string) => string, payables: PayablesReport | null): ReceivablesReport {
      roundCurrencies(currencies);
      for (const draft of Object.values(drafts)) draft.amount = round2(draft.amount);
      const topOverdue = [...customers.values()]
        .sort((a, b) => b.rank - a.rank || a.customerNumber.localeCompare(b.customerNumber))
        .slice(0, 10)
        .map(({ rank: _rank, ...customer }) => ({ customerNumber: customer.customerNumber, customerName: nameOf(customer.customerNumber), currency: customer.currency, amount: round2(customer.amount), count: customer.count, oldestDueDate: customer.oldestDueDate, usualDaysLate: customer.usualDaysLate }));
      const monthList = [...monthly.values()]
        .map((m) => ({ ...m, invoiced: round2(m.invoiced), paid: round2(m.paid) }))
        .sort((a, b) => a.currency.localeCompare(b.currency) || a.month.localeCompare(b.month));
      return { asOf: today, currencies, drafts, topOverdue, months: monthList, payables, cashOutlook: outlook.finish() };
    },
  };
}

/**
 * The whole overview from invoices one by one (the definition in full: tests recount with it, and
 * it is what the copy's tallies must equal): receivables from the customer invoices, payables from
 * the supplier invoices (null: not known), and the cash outlook of both. `habits` are the
 * customers' payment habits (common/cash-outlook.ts); without them they are computed from
 * `invoices`, which must then be iterable twice (an array).
 */
export function computeReceivables(
  invoices: Iterable<ReceivableInput>,
  today: string,
  supplierInvoices: Iterable<PayableInput> | null = null,
  habits: ReadonlyMap<string, PaymentHabit> = paymentHabits(invoices, today),
): ReceivablesReport {
  const builder = createReceivablesBuilder(today, habits, supplierInvoices !== null);
  const names = new Map<string, string>();
  for (const invoice of invoices) {
    if (!invoice.cancelled) {
      builder.invoiced(invoice.currency, invoice.invoiceDate, 1, invoice.total);
      if (invoice.finalPayDate && invoice.balance === 0) builder.paid(invoice.currency, invoice.finalPayDate, 1, invoice.total);
    }
    if (isDraft(invoice)) builder.draft(invoice.currency, 1, invoice.total);
    else if (isOwed(invoice)) {
      builder.owed({ customerNumber: invoice.customerNumber, currency: invoice.currency, dueDate: invoice.dueDate, count: 1, balance: invoice.balance, balanceSek: valueInSek(invoice.balance, invoice.currencyRate, invoice.currencyUnit) });
      if (!names.has(invoice.customerNumber)) names.set(invoice.customerNumber, invoice.customerName);
    }
  }
  const payables = supplierInvoices === null ? null : computePayables(supplierInvoices, today, builder.toPay);
  return builder.finish((customer) => names.get(customer) ?? '', payables);
}
