// One company's payments on one side: built from its invoices on first use (never per request),
// kept in Number order (so the number order needs no index and a single payment is a binary
// search away), an index by InvoiceNumber built on first need, and the PaymentDate order cached
// until a payment is added or removed. The control object's changes stamp the service clock's now.

import { dayFormatter } from './dates';
import { encodePayment, storedPayment, type PayableInvoice, type PaymentSide, type StoredPayment } from './payment-fields';
import type { PaymentFields, SandboxPayment } from './payment-types';

export const PAYMENT_SORT_FIELDS = ['paymentdate', 'number'] as const;
export type PaymentSortField = (typeof PAYMENT_SORT_FIELDS)[number];

/** Fields a test may not set: the URL is the service's address of the payment, LastModified no API field. */
const NOT_SETTABLE = new Set(['@url', 'LastModified']);
/** Room for 2^26 payments in the packed sort keys (rank * 2^26 + index stays an exact float). */
const INDEX_SPAN = 2 ** 26;

/** The default order: PaymentDate ascending, then Number. */
export function comparePayments(a: StoredPayment, b: StoredPayment): number {
  return a.dateKey < b.dateKey ? -1 : a.dateKey > b.dateKey ? 1 : a.number - b.number;
}

/** A number a test gave for a payment's identity: a whole positive number, or digits. */
function identityOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value)) return Number(value);
  return null;
}

export function toSandboxPayment(record: StoredPayment): SandboxPayment {
  return { ...structuredClone(record.fields), LastModified: new Date(record.lastModifiedMs).toISOString() };
}

export class PaymentBook {
  private loaded: StoredPayment[] | undefined;
  private byInvoice: Map<string, StoredPayment[]> | undefined;
  private byDate: Int32Array | undefined;

  /** `build` reads the invoices once, when the payments are first needed (it generates them if need be). */
  constructor(
    readonly side: PaymentSide,
    private readonly build: () => StoredPayment[],
  ) {}

  /** In Number order. */
  get records(): readonly StoredPayment[] {
    this.loaded ??= this.build();
    return this.loaded;
  }

  private get list(): StoredPayment[] {
    return this.records as StoredPayment[];
  }

  /** The position of this Number in the records, or where it would go (~position - 1 when absent). */
  private position(number: number): number {
    const list = this.list;
    let low = 0;
    let high = list.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = (list[mid] as StoredPayment).number;
      if (at === number) return mid;
      if (at < number) low = mid + 1;
      else high = mid - 1;
    }
    return -(low + 1);
  }

  get(number: string): StoredPayment | undefined {
    if (!/^[1-9]\d{0,14}$/.test(number)) return undefined;
    const at = this.position(Number(number));
    return at >= 0 ? this.list[at] : undefined;
  }

  /** The payments whose InvoiceNumber is exactly this (as text), in the default order. */
  ofInvoice(invoiceKey: string): readonly StoredPayment[] {
    if (!this.byInvoice) {
      const index = new Map<string, StoredPayment[]>();
      for (const record of this.records) {
        if (record.invoiceKey === null) continue;
        const list = index.get(record.invoiceKey);
        if (list) list.push(record);
        else index.set(record.invoiceKey, [record]);
      }
      // Most invoices have one payment; the others' come in Number order, which a change may have
      // made differ from the PaymentDate order.
      for (const list of index.values()) if (list.length > 1) list.sort(comparePayments);
      this.byInvoice = index;
    }
    return this.byInvoice.get(invoiceKey) ?? [];
  }

  private indexed(record: StoredPayment): void {
    if (!this.byInvoice || record.invoiceKey === null) return;
    const list = this.byInvoice.get(record.invoiceKey);
    if (!list) this.byInvoice.set(record.invoiceKey, [record]);
    else {
      list.push(record);
      list.sort(comparePayments);
    }
  }

  /** Indices of the records in PaymentDate order, ties on Number (their index); descending is this reversed. */
  dateOrdering(): Int32Array {
    if (!this.byDate) {
      const list = this.records;
      const ranks = new Map<string, number>();
      [...new Set(list.map((record) => record.dateKey))].sort().forEach((date, rank) => ranks.set(date, rank));
      // Packed rank and index, one native numeric sort without a comparator (as invoice-book.ts does).
      const packed = new Float64Array(list.length);
      for (let i = 0; i < list.length; i += 1) packed[i] = (ranks.get((list[i] as StoredPayment).dateKey) ?? 0) * INDEX_SPAN + i;
      packed.sort();
      this.byDate = Int32Array.from(packed, (key) => key % INDEX_SPAN);
    }
    return this.byDate;
  }

  private nextNumber(): number {
    const last = this.list[this.list.length - 1];
    return (last?.number ?? 0) + 1;
  }

  private insert(record: StoredPayment): StoredPayment {
    const at = this.position(record.number);
    if (at >= 0) throw new RangeError(`payment number ${record.number} is already in use`);
    this.list.splice(-(at + 1), 0, record);
    this.indexed(record);
    this.byDate = undefined;
    return record;
  }

  private remove(record: StoredPayment): void {
    const at = this.position(record.number);
    if (at >= 0) this.list.splice(at, 1);
    const mine = record.invoiceKey === null ? undefined : this.byInvoice?.get(record.invoiceKey);
    if (mine) mine.splice(mine.indexOf(record), 1);
    this.byDate = undefined;
  }

  /**
   * A payment as a test gives it, changing no invoice: plausible defaults (the next Number, today, 100
   * SEK on `defaults`' invoice), then `fields` as raw values over them (`undefined` removes one). Its
   * identity is `fields.Number` when that is a free whole number, else the next number.
   */
  add(fields: PaymentFields, defaults: { invoiceKey: string; party: string; today: string }, now: number): StoredPayment {
    const given = fields['Number'];
    const number = given === undefined ? this.nextNumber() : (identityOf(given) ?? this.nextNumber());
    if (this.position(number) >= 0) throw new RangeError(`payment number ${number} is already in use`);
    const on = { key: defaults.invoiceKey, party: defaults.party, currency: 'SEK', rate: '1', unit: 1 };
    const base = encodePayment(this.side, number, defaults.today, { on, amountOre: 10_000, booked: true, source: 'manual', mode: 'BG' });
    for (const [key, value] of Object.entries(fields)) {
      if (NOT_SETTABLE.has(key)) throw new RangeError(`a payment's ${key} cannot be set`);
      // A copy, so a test that reuses its object afterwards does not change the record behind our back.
      if (value === undefined) delete base[key];
      else base[key] = structuredClone(value);
    }
    return this.insert(storedPayment(number, base, false, 0, now));
  }

  /**
   * Brings the invoice's own payments back in step with it (after a change of its Total, Balance,
   * Cancelled or Booked): they must add up to its paid amount (0 for a draft or a cancelled one).
   * The oldest are kept while their sum stays within the paid amount; the newer ones are removed;
   * the rest is one new payment, dated the invoice's FinalPayDate when that settles it (not after
   * today, not before a kept payment), else today. Raw and not-placed payments are left alone.
   */
  settle(invoice: PayableInvoice, now: number, today: number): void {
    const target = invoice.paidOre;
    const mine = this.ofInvoice(invoice.key).filter((record) => record.managed);
    let sum = 0;
    let kept = 0;
    for (const record of mine) {
      const next = sum + record.amountOre;
      if (target === 0 || Math.sign(next) * Math.sign(target) < 0 || Math.abs(next) > Math.abs(target)) break;
      sum = next;
      kept += 1;
    }
    for (const record of mine.slice(kept)) this.remove(record);
    const rest = target - sum;
    if (rest === 0) return;
    const lastKept = kept > 0 ? (mine[kept - 1] as StoredPayment).dateKey : '';
    const fmt = dayFormatter();
    const final = invoice.settled && invoice.finalPayDay !== null && invoice.finalPayDay <= today ? fmt(invoice.finalPayDay) : null;
    const date = final !== null && final >= lastKept ? final : fmt(today);
    const number = this.nextNumber();
    const fields = encodePayment(this.side, number, date, { on: invoice, amountOre: rest, booked: true, source: 'manual', mode: 'BG' });
    this.insert(storedPayment(number, fields, true, rest, now));
  }

  /** Copies in the list's default order. */
  snapshot(): SandboxPayment[] {
    const list = this.records;
    return Array.from(this.dateOrdering(), (i) => toSandboxPayment(list[i] as StoredPayment));
  }
}

