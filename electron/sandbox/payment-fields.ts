// What a payment is in the sandbox, for either side: the stored record, the invoice it is paid on
// seen the same way for customer and supplier invoices, and the fields in each side's encoding.
//
// The two public sources disagree on the JSON types (docs/service.md, Payments), so the sandbox sends
// both readings: the CUSTOMER side (/3/invoicepayments) has Number, InvoiceNumber, Amount and
// AmountCurrency as JSON numbers, the SUPPLIER side (/3/supplierinvoicepayments) as strings
// ("1250.5"), as its supplier invoices send their amounts. CurrencyRate is a string on both, as
// the invoices send it. A client must read either.

import { parseDay } from './dates';
import type { StoredInvoice } from './data';
import type { StoredSupplierInvoice } from './supplier-data';

export type PaymentSide = 'customer' | 'supplier';

/** One payment as stored. */
export interface StoredPayment {
  /** Its identity: the number it was created with (its `@url`, the single GET, the number order). */
  number: number;
  /** The API fields as sent, raw (see payment-types.ts); a field absent here is not sent. */
  fields: Record<string, unknown>;
  /** Its InvoiceNumber as text (what invoicenumber= matches exactly), null when that is no number or text. */
  invoiceKey: string | null;
  /** Its PaymentDate when that is text, else '' (sorts before every date). */
  dateKey: string;
  /**
   * Kept in step with its invoice: generated for it, or added by a change of it. Payments a test
   * added raw (control.addPayment) and the generated "not placed" ones are never touched or counted.
   */
  managed: boolean;
  /** AmountCurrency in öre (hundredths of the invoice's currency): what the invariant adds up. */
  amountOre: number;
  lastModifiedMs: number;
}

/** A customer or supplier invoice as the payments see it. */
export interface PayableInvoice {
  /** DocumentNumber or GivenNumber: what its payments' InvoiceNumber says. */
  key: string;
  /** CustomerNumber or SupplierNumber (the single payment's field). */
  party: string;
  /** Total − Balance in öre when payments may exist (booked, not cancelled), else 0. */
  paidOre: number;
  /** Balance is 0: fully settled. */
  settled: boolean;
  currency: string;
  rate: string;
  unit: number;
  invoiceDay: number | null;
  dueDay: number | null;
  finalPayDay: number | null;
}

function toOre(amount: number): number {
  return Number.isFinite(amount) ? Math.round(amount * 100) : 0;
}

/** Half away from zero, as the invoices' arithmetic rounds (a credit rounds like a debit). */
function roundOre(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** Reads 'YYYY-MM-DD' to a day number (null when it is none). */
export type DayReader = (text: string) => number | null;

/** Memoises parseDay: a company's 500,000 invoices name only a few thousand days. */
export function dayReader(): DayReader {
  const cache = new Map<string, number | null>();
  return (text) => {
    let day = cache.get(text);
    if (day === undefined) {
      day = parseDay(text);
      cache.set(text, day);
    }
    return day;
  };
}

interface InvoiceFields {
  Total: number;
  Balance: number;
  Booked: boolean;
  Cancelled: boolean;
  Currency: string;
  CurrencyRate: string;
  CurrencyUnit: number;
  InvoiceDate: string;
  DueDate: string;
  FinalPayDate: string | null;
}

function payable(key: string, party: string, invoice: InvoiceFields, day: DayReader): PayableInvoice {
  // Drafts and cancelled invoices have no payments, whatever their balance says.
  const open = invoice.Booked && !invoice.Cancelled;
  const balance = toOre(invoice.Balance);
  const paidOre = open ? toOre(invoice.Total) - balance : 0;
  // The days matter only to an invoice with something paid (most of 500,000 are read for that alone).
  const paid = paidOre !== 0;
  return {
    key,
    party,
    paidOre,
    settled: balance === 0,
    currency: invoice.Currency,
    rate: invoice.CurrencyRate,
    unit: invoice.CurrencyUnit,
    invoiceDay: paid ? day(invoice.InvoiceDate) : null,
    dueDay: paid ? day(invoice.DueDate) : null,
    // null on an invoice, '' on a supplier invoice, until it is fully paid.
    finalPayDay: paid && invoice.FinalPayDate !== null ? day(invoice.FinalPayDate) : null,
  };
}

export function payableInvoice(invoice: StoredInvoice, day: DayReader = parseDay): PayableInvoice {
  return payable(invoice.DocumentNumber, invoice.CustomerNumber, invoice, day);
}

export function payableSupplierInvoice(record: StoredSupplierInvoice, day: DayReader = parseDay): PayableInvoice {
  return payable(record.GivenNumber, record.SupplierNumber, record, day);
}

/** What a payment is made of, besides its Number and PaymentDate, before it is written in a side's encoding. */
export interface PaymentSpec {
  /** The invoice's number, payer and currency (one object shared by the parts of a payment). */
  on: Pick<PayableInvoice, 'key' | 'party' | 'currency' | 'rate' | 'unit'>;
  /** AmountCurrency in öre. */
  amountOre: number;
  booked: boolean;
  source: 'manual' | 'direct';
  mode: string;
}

/** Amount in SEK: AmountCurrency × CurrencyRate / CurrencyUnit, rounded to the öre. */
function sekOre(amountOre: number, rate: string, unit: number): number {
  const r = Number(rate);
  const u = Number.isFinite(unit) && unit > 0 ? unit : 1;
  return roundOre((amountOre * (Number.isFinite(r) && r > 0 ? r : 1)) / u);
}

/** Digits as a JSON number (the customer side's Number and InvoiceNumber); anything else as it is. */
function wholeNumber(text: string): number | string {
  return /^\d{1,15}$/.test(text) ? Number(text) : text;
}

/**
 * The fields in the side's encoding, keys in code-unit order (as the service sends them). Two plain
 * literals, one per side, so the 500,000 payments of the largest company share two object shapes.
 */
export function encodePayment(side: PaymentSide, number: number, date: string, spec: PaymentSpec): Record<string, unknown> {
  const { on } = spec;
  const sek = sekOre(spec.amountOre, on.rate, on.unit);
  if (side === 'customer') {
    return {
      Amount: sek / 100,
      AmountCurrency: spec.amountOre / 100,
      Booked: spec.booked,
      Currency: on.currency,
      CurrencyRate: on.rate,
      CurrencyUnit: on.unit,
      CustomerNumber: on.party,
      InvoiceNumber: wholeNumber(on.key),
      ModeOfPayment: spec.mode,
      Number: number,
      PaymentDate: date,
      Source: spec.source,
      WriteOffExist: false,
    };
  }
  return {
    Amount: String(sek / 100),
    AmountCurrency: String(spec.amountOre / 100),
    Booked: spec.booked,
    Currency: on.currency,
    CurrencyRate: on.rate,
    CurrencyUnit: on.unit,
    InvoiceNumber: on.key,
    ModeOfPayment: spec.mode,
    Number: String(number),
    PaymentDate: date,
    Source: spec.source,
    SupplierNumber: on.party,
    WriteOffExist: false,
  };
}

/** The index key of an InvoiceNumber value: digits or text as text; anything else none. */
function invoiceKeyOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function storedPayment(number: number, fields: Record<string, unknown>, managed: boolean, amountOre: number, lastModifiedMs: number): StoredPayment {
  const date = fields['PaymentDate'];
  return { number, fields, invoiceKey: invoiceKeyOf(fields['InvoiceNumber']), dateKey: typeof date === 'string' ? date : '', managed, amountOre, lastModifiedMs };
}
