/**
 * Payables: what the owner must pay, to whom, and how late, by the rule of common/owed.ts (a
 * supplier invoice is to pay when it is not cancelled and its balance is not 0, booked or not).
 * Computed on the local copy (mirror/queries/mirror-query.ts) for the overview, its links and the report
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
import { valueInSek } from './value-in-sek';
import { isToPay } from './owed';
import { addDays } from './calendar';
import { addToCurrency, bucketOf, emptyCurrency, round2, roundCurrencies, type AgeingBucket, type CurrencyDrafts, type CurrencyReceivables } from './ageing';
import { currencyTable, type CurrencyTable } from './currency-table';

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


/** The last due date that counts as "falls due soon" on `today`. */
export const dueSoonEnd = (today: string): string => addDays(today, DUE_SOON_DAYS);

/** Supplier invoices to pay of one supplier, currency, due date and state (one invoice, or a group). */
export interface ToPayGroup {
  supplierNumber: string;
  currency: string;
  dueDate: string;
  count: number;
  balance: number;
  /** The balance in SEK at each invoice's own rate (ranks suppliers across currencies). */
  balanceSek: number;
  authorizePending: boolean;
  paymentPending: boolean;
}

/** The payables' builder: fed invoice by invoice (computePayables) or by groups (mirror-query.ts); the caller decides what is to pay. */
export function createPayablesBuilder(today: string) {
  const currencies = currencyTable<CurrencyReceivables>();
  const awaitingApproval = currencyTable<CurrencyDrafts>();
  const paymentPending = currencyTable<CurrencyDrafts>();
  const suppliers = new Map<string, Omit<SupplierToPay, 'supplierName'> & { rank: number }>();
  const soonEnd = dueSoonEnd(today);
  const buckets = new Map<string, AgeingBucket>();
  const sumOf = (sums: CurrencyTable<CurrencyDrafts>, group: ToPayGroup): void => {
    const sum = (sums[group.currency] ??= { amount: 0, count: 0 });
    sum.amount += group.balance;
    sum.count += group.count;
  };
  return {
    toPay(group: ToPayGroup): void {
      let bucket = buckets.get(group.dueDate);
      if (bucket === undefined) buckets.set(group.dueDate, (bucket = bucketOf(group.dueDate, today)));
      addToCurrency((currencies[group.currency] ??= emptyCurrency()), bucket, group);
      const overdue = bucket !== 'notDue';
      if (group.authorizePending) sumOf(awaitingApproval, group);
      if (group.paymentPending) sumOf(paymentPending, group);
      const soon = !overdue && /^\d{4}-\d{2}-\d{2}$/.test(group.dueDate) && group.dueDate <= soonEnd;
      if (!overdue && !soon) return;
      const key = `${group.supplierNumber}\u0000${group.currency}`;
      const supplier = suppliers.get(key) ?? { supplierNumber: group.supplierNumber, currency: group.currency, overdue: 0, overdueCount: 0, dueSoon: 0, dueSoonCount: 0, firstDueDate: group.dueDate, rank: 0 };
      if (overdue) {
        supplier.overdue += group.balance;
        supplier.overdueCount += group.count;
      } else {
        supplier.dueSoon += group.balance;
        supplier.dueSoonCount += group.count;
      }
      supplier.rank += group.balanceSek;
      if (group.dueDate < supplier.firstDueDate) supplier.firstDueDate = group.dueDate;
      suppliers.set(key, supplier);
    },
    /** The report; `nameOf` names the ten suppliers of the list (asked only for them). */
    finish(nameOf: (supplierNumber: string) => string): PayablesReport {
      roundCurrencies(currencies);
      for (const sum of [...Object.values(awaitingApproval), ...Object.values(paymentPending)]) sum.amount = round2(sum.amount);
      // Ranked in SEK; ties (equal sums) to the earliest due date, then the supplier number.
      const soonest = [...suppliers.values()]
        .filter((s) => s.rank > 1e-9)
        .sort((a, b) => b.rank - a.rank || a.firstDueDate.localeCompare(b.firstDueDate) || a.supplierNumber.localeCompare(b.supplierNumber))
        .slice(0, 10)
        .map(({ rank: _rank, ...s }) => ({ supplierNumber: s.supplierNumber, supplierName: nameOf(s.supplierNumber), currency: s.currency, overdue: round2(s.overdue), overdueCount: s.overdueCount, dueSoon: round2(s.dueSoon), dueSoonCount: s.dueSoonCount, firstDueDate: s.firstDueDate }));
      return { currencies, awaitingApproval, paymentPending, soonest };
    },
  };
}

/** The whole payables report from the supplier invoices one by one (rows that are not to pay are skipped); `onToPay` sees each one to pay (the cash outlook's money out). */
export function computePayables(invoices: Iterable<PayableInput>, today: string, onToPay?: (invoice: PayableInput) => void): PayablesReport {
  const builder = createPayablesBuilder(today);
  const names = new Map<string, string>();
  for (const invoice of invoices) {
    if (!isToPay(invoice)) continue;
    onToPay?.(invoice);
    builder.toPay({ ...invoice, count: 1, balanceSek: valueInSek(invoice.balance, invoice.currencyRate, invoice.currencyUnit) });
    if (!names.has(invoice.supplierNumber)) names.set(invoice.supplierNumber, invoice.supplierName);
  }
  return builder.finish((supplier) => names.get(supplier) ?? '');
}
