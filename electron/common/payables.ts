/**
 * Payables: what the owner must pay, to whom, and how late, by the rule of common/owed.ts (a
 * supplier invoice is to pay when it is not cancelled and its balance is not 0, booked or not).
 * Computed on the local copy (mirror/mirror-query.ts) for the overview, its links and the report
 * CLI; pure, so the renderer and the tests import it too.
 *
 *  - toPay per currency, with the receivables' shape (owed = to pay, overdue, the same ageing buckets);
 *  - awaiting approval ("Att attestera"): to pay and awaiting approval, their balance; part of to pay
 *    and also shown on its own;
 *  - payment under way ("Betalning pågår"): to pay and a payment started; still to pay (the money has
 *    not left), marked;
 *  - the ten suppliers to pay soonest: ranked by what is overdue plus what falls due within 30 days
 *    (today up to and including today + 30), in SEK at each invoice's own rate; both amounts shown.
 */
import { valueInSek } from './invoices';
import { isToPay } from './owed';
import { addDays } from './calendar';
import { ageingBuckets, bucketOf, type AgeingBucket, type CurrencyDrafts, type CurrencyReceivables } from './receivables';

/** "Falls due soon": within this many days from today, today included. */
export const DUE_SOON_DAYS = 30;

/** The fields the payables read: a supplier invoice of the list, or a local-copy row. */
export interface PayableInput {
  supplierNumber: string;
  supplierName: string;
  dueDate: string;
  balance: number;
  currency: string;
  currencyRate: number;
  currencyUnit: number;
  cancelled: boolean;
  authorizePending: boolean;
  paymentPending: boolean;
}

export interface SupplierToPay {
  supplierNumber: string;
  supplierName: string;
  currency: string;
  /** Overdue (due before today), in `currency`. */
  overdue: number;
  overdueCount: number;
  /** Falling due from today up to and including today + 30 days, in `currency`. */
  dueSoon: number;
  dueSoonCount: number;
  /** The earliest due date among the two. */
  firstDueDate: string;
}

export interface PayablesReport {
  /** To pay per currency, the receivables' shape: `owed` is what is to pay. */
  currencies: Record<string, CurrencyReceivables>;
  /** To pay and awaiting approval ("Att attestera"), per currency: their balance and count. */
  awaitingApproval: Record<string, CurrencyDrafts>;
  /** To pay with a payment under way ("Betalning pågår"), per currency. */
  paymentPending: Record<string, CurrencyDrafts>;
  /** The ten suppliers to pay soonest. */
  soonest: SupplierToPay[];
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
const emptyCurrency = (): CurrencyReceivables => ({
  owed: 0,
  overdue: 0,
  buckets: { notDue: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 },
  counts: { owed: 0, overdue: 0, notDue: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 },
});

/** The last due date that counts as "falls due soon" on `today`. */
export const dueSoonEnd = (today: string): string => addDays(today, DUE_SOON_DAYS);

/** The whole payables report from the supplier invoices, in one pass (rows that are not to pay are skipped); `onToPay` sees each one to pay (the cash outlook's money out). */
export function computePayables(invoices: Iterable<PayableInput>, today: string, onToPay?: (invoice: PayableInput) => void): PayablesReport {
  const currencies: Record<string, CurrencyReceivables> = {};
  const awaitingApproval: Record<string, CurrencyDrafts> = {};
  const paymentPending: Record<string, CurrencyDrafts> = {};
  const suppliers = new Map<string, SupplierToPay & { rank: number }>();
  const soonEnd = dueSoonEnd(today);
  const buckets = new Map<string, AgeingBucket>();
  for (const invoice of invoices) {
    if (!isToPay(invoice)) continue;
    onToPay?.(invoice);
    let bucket = buckets.get(invoice.dueDate);
    if (bucket === undefined) buckets.set(invoice.dueDate, (bucket = bucketOf(invoice.dueDate, today)));
    const figures = (currencies[invoice.currency] ??= emptyCurrency());
    figures.owed += invoice.balance;
    figures.counts.owed += 1;
    figures.buckets[bucket] += invoice.balance;
    figures.counts[bucket] += 1;
    const overdue = bucket !== 'notDue';
    if (overdue) {
      figures.overdue += invoice.balance;
      figures.counts.overdue += 1;
    }
    if (invoice.authorizePending) {
      const a = (awaitingApproval[invoice.currency] ??= { amount: 0, count: 0 });
      a.amount += invoice.balance;
      a.count += 1;
    }
    if (invoice.paymentPending) {
      const p = (paymentPending[invoice.currency] ??= { amount: 0, count: 0 });
      p.amount += invoice.balance;
      p.count += 1;
    }
    const soon = !overdue && /^\d{4}-\d{2}-\d{2}$/.test(invoice.dueDate) && invoice.dueDate <= soonEnd;
    if (!overdue && !soon) continue;
    const key = `${invoice.supplierNumber}\u0000${invoice.currency}`;
    const supplier = suppliers.get(key) ?? { supplierNumber: invoice.supplierNumber, supplierName: invoice.supplierName, currency: invoice.currency, overdue: 0, overdueCount: 0, dueSoon: 0, dueSoonCount: 0, firstDueDate: invoice.dueDate, rank: 0 };
    if (overdue) {
      supplier.overdue += invoice.balance;
      supplier.overdueCount += 1;
    } else {
      supplier.dueSoon += invoice.balance;
      supplier.dueSoonCount += 1;
    }
    supplier.rank += valueInSek(invoice.balance, invoice.currencyRate, invoice.currencyUnit);
    if (invoice.dueDate < supplier.firstDueDate) supplier.firstDueDate = invoice.dueDate;
    suppliers.set(key, supplier);
  }
  for (const figures of Object.values(currencies)) {
    figures.owed = round2(figures.owed);
    figures.overdue = round2(figures.overdue);
    for (const bucket of ageingBuckets) figures.buckets[bucket] = round2(figures.buckets[bucket]);
  }
  for (const sum of [...Object.values(awaitingApproval), ...Object.values(paymentPending)]) sum.amount = round2(sum.amount);
  const soonest = [...suppliers.values()]
    .filter((s) => s.rank > 0)
    .sort((a, b) => b.rank - a.rank || a.firstDueDate.localeCompare(b.firstDueDate) || a.supplierNumber.localeCompare(b.supplierNumber))
    .slice(0, 10)
    .map(({ rank: _rank, ...s }) => ({ ...s, overdue: round2(s.overdue), dueSoon: round2(s.dueSoon) }));
  return { currencies, awaitingApproval, paymentPending, soonest };
}
