/**
 * The statement's and DSO/DPO's rules written out again for tests, independently of common/statement.ts and
 * common/days-outstanding.ts: a customer's balance as at a day and DSO/DPO by countback, from the
 * sandbox's own invoices and payments (their raw values, either side's JSON types).
 */
import type { SandboxInvoice, SandboxPayment, SandboxSupplierInvoice } from '../../electron/sandbox/types';

export const ISO = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A payment's amount in its invoice's currency (either side's JSON types): AmountCurrency when it is
 * a number; else Amount, which is in SEK, at the payment's own rate per unit when its currency is
 * another (0 without a rate).
 */
export const amountOf = (p: SandboxPayment): number => {
  const given = p['AmountCurrency'];
  if ((typeof given === 'number' || (typeof given === 'string' && given.trim() !== '')) && Number.isFinite(Number(given))) return Number(given);
  const sek = Number(String(p['Amount'] ?? 0).replace(',', '.'));
  if ((p['Currency'] ?? 'SEK') === 'SEK') return sek;
  const rate = Number(String(p['CurrencyRate'] ?? 0).replace(',', '.'));
  const unit = Number(p['CurrencyUnit'] ?? 1);
  return rate > 0 && unit > 0 ? Math.round((sek / rate) * unit * 100) / 100 : 0;
};
const dateOf = (p: SandboxPayment): string => (typeof p['PaymentDate'] === 'string' ? p['PaymentDate'] : '');
export const ore = (value: number): number => Math.round(value * 100);

export interface Counted {
  number: string;
  date: string;
  dueDate: string;
  total: number;
  currency: string;
  sek: number;
}

/** balance(D) per currency in öre: the statement's rule over the counted invoices and their payments dated on or before D. */
export function recountStatement(invoices: readonly Counted[], payments: readonly SandboxPayment[], asOf: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const invoice of invoices) {
    if (invoice.date > asOf) continue;
    const paid = payments.filter((p) => String(p['InvoiceNumber']) === invoice.number && ISO.test(dateOf(p)) && dateOf(p) <= asOf).reduce((sum, p) => sum + ore(amountOf(p)), 0);
    out.set(invoice.currency, (out.get(invoice.currency) ?? 0) + ore(invoice.total) - paid);
  }
  return out;
}

const lastDay = (month: string): string => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
const monthBefore = (month: string): string => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 1));
  return d.toISOString().slice(0, 7);
};

/** DSO or DPO at the 12 month ends by the countback rule, from the counted invoices and payments (SEK at each invoice's rate). */
export function recountDays(invoices: readonly Counted[], payments: readonly SandboxPayment[], today: string): Array<{ month: string; days: number }> {
  const months = [today.slice(0, 7)];
  while (months.length < 12) months.unshift(monthBefore(months[0] as string));
  const byNumber = new Map(invoices.map((i) => [i.number, i]));
  return months.map((month) => {
    const end = month === today.slice(0, 7) ? today : lastDay(month);
    let balance = 0;
    for (const i of invoices) if (ISO.test(i.date) && i.date <= end) balance += i.sek;
    for (const p of payments) {
      const invoice = byNumber.get(String(p['InvoiceNumber']));
      if (invoice && ISO.test(invoice.date) && invoice.date <= end && ISO.test(dateOf(p)) && dateOf(p) <= end) balance -= (amountOf(p) * invoice.sek) / invoice.total;
    }
    // In öre, as the statement's amounts are: a month explaining the balance exactly compares equal.
    let left = Math.round(balance * 100);
    let days = 0;
    if (left > 0) {
      let m = month;
      let upTo = end;
      while (days < 365) {
        const length = Number(upTo.slice(8, 10));
        const invoiced = Math.round(invoices.filter((i) => i.date.slice(0, 7) === m && i.date <= upTo).reduce((sum, i) => sum + i.sek, 0) * 100);
        if (invoiced <= 0) days += length;
        else if (left >= invoiced) {
          left -= invoiced;
          days += length;
          if (left <= 0) break;
        } else {
          days += (left / invoiced) * length;
          break;
        }
        m = monthBefore(m);
        upTo = lastDay(m);
      }
    }
    return { month, days: Math.round(Math.min(days, 365) * 10) / 10 };
  });
}

export const sekOf = (total: number, rate: string | number, unit: number): number => (total * (Number(rate) > 0 ? Number(rate) : 1)) / (unit > 0 ? unit : 1);


/** Booked, not cancelled customer invoices with a date (those DSO and a statement count); `customer` narrows to one. */
export function countedInvoices(invoices: readonly SandboxInvoice[], customer?: string): Counted[] {
  return invoices
    .filter((i) => (customer === undefined || i.CustomerNumber === customer) && i.Booked && !i.Cancelled && ISO.test(i.InvoiceDate))
    .map((i) => ({ number: i.DocumentNumber, date: i.InvoiceDate, dueDate: i.DueDate, total: i.Total, currency: i.Currency, sek: sekOf(i.Total, i.CurrencyRate, i.CurrencyUnit) }));
}

/** Supplier invoices not cancelled, booked or not, with a date (those DPO counts). */
export function countedBills(bills: readonly SandboxSupplierInvoice[]): Counted[] {
  return bills
    .filter((i) => !i.Cancelled && ISO.test(i.InvoiceDate))
    .map((i) => ({ number: i.GivenNumber, date: i.InvoiceDate, dueDate: i.DueDate, total: i.Total, currency: i.Currency, sek: sekOf(i.Total, i.CurrencyRate, i.CurrencyUnit) }));
}

/** The invoices that made up a balance at `day`: counted, dated on or before it, Total less their payments by then not 0. */
export function openAt(invoices: readonly Counted[], payments: readonly SandboxPayment[], day: string): string[] {
  const paid = new Map<string, number>();
  for (const p of payments) {
    if (!ISO.test(dateOf(p)) || dateOf(p) > day) continue;
    const number = String(p['InvoiceNumber']);
    paid.set(number, (paid.get(number) ?? 0) + ore(amountOf(p)));
  }
  return invoices.filter((i) => i.date <= day && ore(i.total) - (paid.get(i.number) ?? 0) !== 0).map((i) => i.number);
}
