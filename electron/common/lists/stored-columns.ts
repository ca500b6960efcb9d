/**
 * The copy's columns both kinds of invoice share, and the small conversions every list's stored
 * columns use. Pure: the registry's descriptions (invoices.ts, supplierinvoices.ts) build on them.
 */
import type { Invoice } from '../invoices';
import { valueInSek } from '../value-in-sek';
import type { StoredColumn } from './list-description';

/** DocumentNumber, GivenNumber and customer/supplier numbers order numerically when they are digits (as at the service). */
export function numericKey(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Number.MAX_VALUE;
}

export const bit = (value: boolean): number => (value ? 1 : 0);
const rate = (value: number): number => (Number.isFinite(value) ? value : 1);
const unit = (value: number): number => (Number.isFinite(value) && value !== 0 ? value : 1);

/** The fields both kinds of invoice have, under the same names: their dates, amounts (and their
 * value in SEK at the invoice's own rate, schema steps 2 and 3: Total and Balance sort by what they
 * are worth), currency, state and bookkeeping dimensions. */
type InvoiceLike = Pick<Invoice, 'invoiceDate' | 'dueDate' | 'total' | 'balance' | 'currency' | 'currencyRate' | 'currencyUnit' | 'booked' | 'cancelled' | 'project' | 'costCenter' | 'finalPayDate'>;

/** What views of either kind of invoice narrow by: their state (common/owed.ts), amounts, due and invoice dates, currency, paid date. */
export const INVOICE_COVERED = ['booked', 'cancelled', 'balance', 'total', 'due_date', 'currency', 'invoice_date', 'final_pay_date'] as const;

export function invoiceColumns<T extends InvoiceLike>(): StoredColumn<T>[] {
  return [
    { name: 'invoice_date', type: 'TEXT', value: (i) => i.invoiceDate },
    { name: 'due_date', type: 'TEXT', value: (i) => i.dueDate },
    { name: 'total', type: 'REAL', value: (i) => i.total },
    { name: 'balance', type: 'REAL', value: (i) => i.balance },
    { name: 'currency', type: 'TEXT', value: (i) => i.currency },
    { name: 'booked', type: 'INTEGER', value: (i) => bit(i.booked) },
    { name: 'cancelled', type: 'INTEGER', value: (i) => bit(i.cancelled) },
    { name: 'project', type: 'TEXT', value: (i) => i.project },
    { name: 'cost_center', type: 'TEXT', value: (i) => i.costCenter },
    { name: 'final_pay_date', type: 'TEXT', nullable: true, value: (i) => i.finalPayDate },
    { name: 'currency_rate', type: 'REAL', value: (i) => rate(i.currencyRate) },
    { name: 'currency_unit', type: 'REAL', value: (i) => unit(i.currencyUnit) },
    { name: 'total_sek', type: 'REAL', value: (i) => valueInSek(i.total, rate(i.currencyRate), unit(i.currencyUnit)) },
    { name: 'balance_sek', type: 'REAL', value: (i) => valueInSek(i.balance, rate(i.currencyRate), unit(i.currencyUnit)) },
  ];
}
