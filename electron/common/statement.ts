/**
 * A customer's statement (kontoutdrag) as at a date D, per currency: rebuilt from dates,
 * never from today's balance. Its rows are the invoices that the balance counts (booked, not
 * cancelled, dated on or before D) and their payments dated on or before D, in date order (on one
 * day an invoice before its payments, then by number), with a running balance; a row is `credit`
 * when its Total is below 0. Amounts are in the invoice's currency.
 *
 *   balance(D) = Σ over the counted invoices of (Total − their payments dated on or before D)
 *
 * A payment the statement cannot place is listed apart ("not placed"), never silently dropped: one
 * of a draft or a cancelled invoice, of an invoice the copy does not know (a payment names its
 * invoice only, so it may be this customer's or another's), without a date, or dated on or before D
 * for an invoice dated after D. A payment dated after D is simply not yet (listed nowhere). At most
 * NOT_PLACED_LIMIT are listed, the rest counted (`notPlacedMore`): a copy may hold any number of
 * payments whose invoice it does not know, and every statement would list them all.
 *
 * Under it the ageing of that balance as at D (the overview's buckets, days past due counted to D).
 * Pure: the copy, the CLI and the renderer compute and show the same.
 */
import { ageingBuckets, bucketOf, type AgeingBucket } from './ageing';
import { currencyTable } from './currency-table';
import type { IpcError } from './errors';

export interface StatementInvoice {
  documentNumber: string;
  invoiceDate: string;
  dueDate: string;
  total: number;
  currency: string;
  booked: boolean;
  cancelled: boolean;
}

export interface StatementPayment {
  number: string;
  invoiceNumber: string;
  /** '' when the service sent none. */
  paymentDate: string;
  /** In the invoice's currency (common/payments.ts). */
  amount: number;
  currency: string;
}

export interface StatementRow {
  date: string;
  kind: 'invoice' | 'credit' | 'payment';
  /** The invoice's number (a payment's: the invoice it pays). */
  documentNumber: string;
  /** A payment's own number; absent on an invoice row. */
  paymentNumber?: string;
  /** An invoice's Total (a credit's negative); a payment negative (it lowers the balance). */
  amount: number;
  /** The running balance after this row. */
  balance: number;
}

export type NotPlacedReason = 'draft' | 'cancelled' | 'invoice-unknown' | 'no-date' | 'invoice-later' | 'invoice-no-date';

export interface NotPlacedPayment extends StatementPayment {
  reason: NotPlacedReason;
}

export interface CurrencyStatement {
  balance: number;
  rows: StatementRow[];
  ageing: Record<AgeingBucket, number>;
  notPlaced: NotPlacedPayment[];
}

export interface CustomerStatement {
  customerNumber: string;
  /** The register's name, else the newest invoice's customer name ('' when neither is known). */
  name: string;
  asOf: string;
  /** By currency code, in code order. */
  currencies: Record<string, CurrencyStatement>;
  /** Payments not placed beyond the NOT_PLACED_LIMIT listed, in any currency: counted, not listed. */
  notPlacedMore: number;
}

/**
 * Who a statement is for. The owner's lists the payments whose invoice the copy does not know (they
 * may be this customer's); the customer's (the file the owner sends) never does: they may be anyone's.
 */
export type StatementAudience = 'owner' | 'customer';

/** How many payments a statement lists as not placed, at most. */
export const NOT_PLACED_LIMIT = 100;

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Rounded to öre, half away from zero (the values are sums of two-decimal amounts; the nudge absorbs float error). */
export const ore = (value: number): number => {
  const cents = Math.round(Math.abs(value) * 100 + 5e-7);
  return (value < 0 ? -cents : cents) / 100 || 0;
};

/** Numbers in numeric order when both are digits (10 after 9), else as text. */
const byNumber = (a: string, b: string): number => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0);

const emptyAgeing = (): Record<AgeingBucket, number> => Object.fromEntries(ageingBuckets.map((b) => [b, 0])) as Record<AgeingBucket, number>;

/**
 * The statement of one customer's invoices and payments as at `asOf`, per currency. `payments` are
 * those of the customer's invoices plus any whose invoice the copy does not know.
 */
export function buildStatement(invoices: readonly StatementInvoice[], payments: readonly StatementPayment[], asOf: string): Record<string, CurrencyStatement> {
  const known = new Map(invoices.map((i) => [i.documentNumber, i]));
  const counts = (i: StatementInvoice): boolean => i.booked && !i.cancelled && ISO.test(i.invoiceDate) && i.invoiceDate <= asOf;
  const out = currencyTable<CurrencyStatement>();
  const of = (currency: string): CurrencyStatement => (out[currency] ??= { balance: 0, rows: [], ageing: emptyAgeing(), notPlaced: [] });
  const paid = new Map<string, number>();
  interface Entry { date: string; order: 0 | 1; number: string; second: string; currency: string; row: Omit<StatementRow, 'balance'> }
  const entries: Entry[] = [];
  for (const invoice of invoices) {
    if (!counts(invoice)) continue;
    of(invoice.currency);
    entries.push({ date: invoice.invoiceDate, order: 0, number: invoice.documentNumber, second: '', currency: invoice.currency, row: { date: invoice.invoiceDate, kind: invoice.total < 0 ? 'credit' : 'invoice', documentNumber: invoice.documentNumber, amount: ore(invoice.total) } });
  }
  for (const payment of payments) {
    const invoice = known.get(payment.invoiceNumber);
    const reason: NotPlacedReason | null = !invoice
      ? 'invoice-unknown'
      : invoice.cancelled
        ? 'cancelled'
        : !invoice.booked
          ? 'draft'
          : !ISO.test(payment.paymentDate)
            ? 'no-date'
            : payment.paymentDate > asOf
              ? null
              : !ISO.test(invoice.invoiceDate)
                ? 'invoice-no-date'
                : !counts(invoice)
                  ? 'invoice-later'
                  : null;
    // A payment dated after D had not happened as at D: listed on no statement of that day.
    if (reason && reason !== 'no-date' && ISO.test(payment.paymentDate) && payment.paymentDate > asOf) continue;
    if (reason) {
      of(invoice?.currency ?? payment.currency).notPlaced.push({ ...payment, reason });
      continue;
    }
    if (!invoice || payment.paymentDate > asOf) continue; // not yet, as at D
    paid.set(invoice.documentNumber, (paid.get(invoice.documentNumber) ?? 0) + payment.amount);
    entries.push({ date: payment.paymentDate, order: 1, number: invoice.documentNumber, second: payment.number, currency: invoice.currency, row: { date: payment.paymentDate, kind: 'payment', documentNumber: invoice.documentNumber, paymentNumber: payment.number, amount: ore(-payment.amount) } });
  }
  entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || a.order - b.order || byNumber(a.number, b.number) || byNumber(a.second, b.second));
  for (const entry of entries) {
    const statement = of(entry.currency);
    statement.balance = ore(statement.balance + entry.row.amount);
    statement.rows.push({ ...entry.row, balance: statement.balance });
  }
  for (const invoice of invoices) {
    if (!counts(invoice)) continue;
    const left = ore(invoice.total - (paid.get(invoice.documentNumber) ?? 0));
    if (left === 0) continue;
    const ageing = of(invoice.currency).ageing;
    const bucket = bucketOf(invoice.dueDate, asOf);
    ageing[bucket] = ore(ageing[bucket] + left);
  }
  for (const statement of Object.values(out)) statement.notPlaced.sort((a, b) => (a.paymentDate < b.paymentDate ? -1 : a.paymentDate > b.paymentDate ? 1 : 0) || byNumber(a.number, b.number));
  const sorted = currencyTable<CurrencyStatement>();
  for (const code of Object.keys(out).sort()) sorted[code] = out[code] as CurrencyStatement;
  return sorted;
}

/**
 * Keeps at most `limit` of the statement's not-placed payments, across currencies, and returns how
 * many it took out. The customer's own (of a draft, of a cancelled invoice, ...) are kept before
 * those whose invoice the copy does not know (which may be anyone's), each by date and number. A
 * currency that only such payments brought in goes with its last one.
 */
export function limitNotPlaced(currencies: Record<string, CurrencyStatement>, limit: number = NOT_PLACED_LIMIT): number {
  const all: Array<{ statement: CurrencyStatement; payment: NotPlacedPayment }> = [];
  for (const statement of Object.values(currencies)) for (const payment of statement.notPlaced) all.push({ statement, payment });
  if (all.length <= limit) return 0;
  const unknownLast = (p: NotPlacedPayment): number => (p.reason === 'invoice-unknown' ? 1 : 0);
  all.sort((a, b) => unknownLast(a.payment) - unknownLast(b.payment) || (a.payment.paymentDate < b.payment.paymentDate ? -1 : a.payment.paymentDate > b.payment.paymentDate ? 1 : 0) || byNumber(a.payment.number, b.payment.number));
  const kept = new Set(all.slice(0, limit).map((entry) => entry.payment));
  for (const [code, statement] of Object.entries(currencies)) {
    statement.notPlaced = statement.notPlaced.filter((payment) => kept.has(payment));
    if (statement.rows.length === 0 && statement.notPlaced.length === 0) delete currencies[code];
  }
  return all.length - limit;
}

/**
 * What the window is answered for a statement: the statement, or why there is none yet. The
 * payments are needed (a balance without them would be today's, not the day's): `waiting` names
 * the list not read yet, with that list's own error when it cannot be read (a missing scope).
 */
export type StatementAnswer =
  | { state: 'ready'; statement: CustomerStatement }
  | { state: 'unknown-customer' }
  | { state: 'waiting'; resource: 'invoices' | 'invoicepayments'; error?: IpcError };
