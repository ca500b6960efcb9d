// One company's invoices: the records, lookups by DocumentNumber, and one precomputed ordering per
// `sortby` field so a page of 50,000 invoices costs a scan of an index array, not a sort.
// Orderings are built on first use or by the background warm-up, and dropped when an invoice changes.

import { dayFormatter, dayOf, parseDay } from './dates';
import type { InvoiceSource, StoredInvoice } from './data';
import { ocrFor } from './luhn';
import type { InvoicePatch, SandboxInvoice } from './types';

export const SORT_FIELDS = ['documentnumber', 'customername', 'customernumber', 'invoicedate', 'ocr', 'total'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

const COLLATOR = new Intl.Collator('sv');
/** Room for 2^26 (67 million) invoices per company in the packed sort keys; rank * 2^26 + index stays an exact float. */
const INDEX_SPAN = 2 ** 26;

/**
 * Ranks of string values: equal strings (by `compare`) share a rank. Only the distinct values are
 * sorted; without `compare` the engine's native (ordinal, UTF-16) string sort is used, which is
 * several times faster than any comparator.
 */
function stringRanks(values: readonly string[], compare?: (a: string, b: string) => number): Float64Array {
  const unique = compare ? [...new Set(values)].sort(compare) : [...new Set(values)].sort();
  const rankOf = new Map<string, number>();
  let rank = 0;
  unique.forEach((value, i) => {
    if (i > 0 && compare && compare(unique[i - 1] as string, value) !== 0) rank += 1;
    else if (i > 0 && !compare) rank += 1; // distinct values are never equal ordinally
    rankOf.set(value, rank);
  });
  return Float64Array.from(values, (value) => rankOf.get(value) ?? 0);
}

/** Ranks of numbers: a native sort of the values, then a binary search for each one. */
function numberRanks(values: Float64Array): Float64Array {
  const sorted = Float64Array.from(values).sort();
  return values.map((value) => {
    let low = 0;
    let high = sorted.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((sorted[mid] as number) < value) low = mid + 1;
      else high = mid;
    }
    // The first position of the value: equal values share it, so it works as a rank.
    return low;
  });
}

/** Numbers stored as digit strings sort numerically; anything else (patched in by a test) sorts last. */
function numeric(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Number.MAX_VALUE;
}

export class InvoiceBook {
  private loaded: StoredInvoice[] | undefined;
  private readonly byNumber = new Map<string, StoredInvoice>();
  private readonly orderings = new Map<SortField, Int32Array>();
  /** Bumped by every change, so a warm-up step can tell its half-built ordering is stale. */
  private version = 0;

  /**
   * The records come from `source` on first use (or from warmUp, in steps), so a book exists, and
   * reports its size, before they are generated.
   */
  constructor(private readonly source: InvoiceSource) {}

  private get invoices(): StoredInvoice[] {
    if (!this.loaded) {
      this.loaded = this.source.invoices();
      for (const invoice of this.loaded) this.byNumber.set(invoice.DocumentNumber, invoice);
    }
    return this.loaded;
  }

  get size(): number {
    return this.loaded ? this.loaded.length : this.source.invoiceCount;
  }

  /** Every record in DocumentNumber order (generated now if need be): the customer register reads them once. */
  get records(): readonly StoredInvoice[] {
    return this.invoices;
  }

  at(index: number): StoredInvoice {
    return this.invoices[index] as StoredInvoice;
  }

  get(documentNumber: string): StoredInvoice | undefined {
    void this.invoices; // the lookup map is filled when the records are loaded
    return this.byNumber.get(documentNumber);
  }

  /**
   * Indices of the invoices in ascending order of the field, ties broken on DocumentNumber
   * (numerically), so every page boundary is stable. Descending is this order reversed.
   */
  ordering(field: SortField): Int32Array {
    let order = this.orderings.get(field);
    if (!order) {
      order = this.buildOrdering(field);
      this.orderings.set(field, order);
    }
    return order;
  }

  /**
   * Generates the records (a few thousand per step) and builds the orderings not built yet, one
   * step per macrotask, so the first request of each sort is as fast as the others and the event
   * loop is never blocked for long. A request that needs the data earlier generates the rest at
   * once. Returns a cancel function.
   */
  warmUp(): () => void {
    let cancelled = false;
    const pendingRanks = new Map<SortField, { ranks: Float64Array; version: number }>();
    const steps: Array<() => boolean> = [
      () => this.loaded !== undefined || this.source.generateSome(),
      // Each ordering in two steps (ranks, then the sort), each a few ms on 50,000 records.
      ...SORT_FIELDS.flatMap((field) => [
        () => (this.orderings.has(field) || pendingRanks.set(field, { ranks: this.ranks(field), version: this.version }), true),
        () => {
          const pending = pendingRanks.get(field);
          pendingRanks.delete(field);
          // A change since the ranks were computed makes them stale: ordering() rebuilds on use.
          if (pending && pending.version === this.version && !this.orderings.has(field)) {
            this.orderings.set(field, this.buildOrdering(field, pending.ranks));
          }
          return true;
        },
      ]),
    ];
    const step = (): void => {
      const next = steps[0];
      if (cancelled || next === undefined) return;
      if (next()) steps.shift(); // a step that is not finished runs again next time
      setImmediate(step);
    };
    setImmediate(step);
    return () => {
      cancelled = true;
    };
  }

  /** The sort key of every record as a rank (equal values share one). */
  private ranks(field: SortField): Float64Array {
    const list = this.invoices;
    let ranks: Float64Array;
    switch (field) {
      case 'documentnumber':
        ranks = new Float64Array(list.length); // all equal: the tie-breaker alone orders them
        break;
      case 'customernumber':
        ranks = numberRanks(Float64Array.from(list, (invoice) => numeric(invoice.CustomerNumber)));
        break;
      case 'total':
        ranks = numberRanks(Float64Array.from(list, (invoice) => invoice.Total));
        break;
      case 'invoicedate':
        // 'YYYY-MM-DD' strings order like the dates they name.
        ranks = stringRanks(list.map((invoice) => invoice.InvoiceDate));
        break;
      case 'ocr':
        ranks = stringRanks(list.map((invoice) => invoice.OCR));
        break;
      case 'customername':
        // Swedish collation: å, ä, ö after z, as a Swedish user expects.
        ranks = stringRanks(list.map((invoice) => invoice.CustomerName), (a, b) => COLLATOR.compare(a, b));
        break;
    }
    return ranks;
  }

  private buildOrdering(field: SortField, ranks = this.ranks(field)): Int32Array {
    const list = this.invoices;
    // Records are kept in DocumentNumber order (generated in order, added with the next number),
    // so the index is the numeric DocumentNumber tie-breaker. Packing rank and index into one
    // float lets the native numeric sort do the work without a comparator (~10x faster).
    const packed = new Float64Array(list.length);
    for (let i = 0; i < list.length; i += 1) packed[i] = (ranks[i] as number) * INDEX_SPAN + i;
    packed.sort();
    const order = new Int32Array(list.length);
    for (let i = 0; i < list.length; i += 1) order[i] = (packed[i] as number) % INDEX_SPAN;
    return order;
  }

  update(documentNumber: string, patch: InvoicePatch, now: number): void {
    const invoice = this.get(documentNumber);
    if (!invoice) throw new RangeError(`no invoice with DocumentNumber ${documentNumber}`);
    Object.assign(invoice, pickInvoiceFields(patch));
    invoice.nameLower = invoice.CustomerName.toLowerCase();
    invoice.lastModifiedMs = now;
    this.orderings.clear();
    this.version += 1;
  }

  /** Deletes a draft. Booked invoices cannot be deleted at the service (only cancelled). */
  remove(documentNumber: string): void {
    const invoice = this.get(documentNumber);
    if (!invoice) throw new RangeError(`no invoice with DocumentNumber ${documentNumber}`);
    if (invoice.Booked) throw new RangeError(`invoice ${documentNumber} is booked: only a draft can be deleted`);
    // Records stay in DocumentNumber order, so the index remains every ordering's tie-breaker.
    this.invoices.splice(this.invoices.indexOf(invoice), 1);
    this.byNumber.delete(documentNumber);
    this.orderings.clear();
    this.version += 1;
  }

  /** A new invoice with the next DocumentNumber: an unbooked draft dated today unless the partial says otherwise. */
  add(partial: InvoicePatch, now: number): string {
    const docNo = this.invoices.reduce((max, invoice) => Math.max(max, invoice.docNo), 0) + 1;
    const fmt = dayFormatter();
    const today = dayOf(now);
    const terms = Number(partial.TermsOfPayment ?? '30');
    const invoiceDate = partial.InvoiceDate ?? fmt(today);
    const invoiceDay = parseDay(invoiceDate) ?? today;
    const total = partial.Total ?? 1000;
    const last = this.invoices[this.invoices.length - 1];
    const invoice: StoredInvoice = {
      Balance: total,
      Booked: false,
      Cancelled: false,
      CostCenter: '',
      Currency: 'SEK',
      CurrencyRate: '1',
      CurrencyUnit: 1,
      CustomerName: last?.CustomerName ?? 'Åkesson Bygg AB',
      CustomerNumber: last?.CustomerNumber ?? '1',
      DocumentNumber: String(docNo),
      DueDate: fmt(invoiceDay + (Number.isFinite(terms) ? terms : 30)),
      ExternalInvoiceReference1: '',
      ExternalInvoiceReference2: '',
      InvoiceDate: invoiceDate,
      InvoiceType: 'INVOICE',
      NoxFinans: false,
      OCR: ocrFor(String(docNo)),
      VoucherNumber: null,
      VoucherSeries: null,
      VoucherYear: null,
      WayOfDelivery: 'EMAIL',
      TermsOfPayment: String(Number.isFinite(terms) ? terms : 30),
      Project: '',
      Sent: false,
      Total: total,
      FinalPayDate: null,
      ...pickInvoiceFields(partial),
      lastModifiedMs: now,
      docNo,
      nameLower: '',
    };
    invoice.nameLower = invoice.CustomerName.toLowerCase();
    this.invoices.push(invoice);
    this.byNumber.set(invoice.DocumentNumber, invoice);
    this.orderings.clear();
    this.version += 1;
    return invoice.DocumentNumber;
  }

  snapshot(): SandboxInvoice[] {
    return this.invoices.map(toSandboxInvoice);
  }
}

const PATCHABLE = new Set<string>([
  'Balance', 'Booked', 'Cancelled', 'CostCenter', 'Currency', 'CurrencyRate', 'CurrencyUnit', 'CustomerName',
  'CustomerNumber', 'DueDate', 'ExternalInvoiceReference1', 'ExternalInvoiceReference2', 'InvoiceDate',
  'InvoiceType', 'NoxFinans', 'OCR', 'VoucherNumber', 'VoucherSeries', 'VoucherYear', 'WayOfDelivery',
  'TermsOfPayment', 'Project', 'Sent', 'Total', 'FinalPayDate',
]);

/** Only the API fields a patch may change (never DocumentNumber or the internal ones). */
function pickInvoiceFields(patch: InvoicePatch): InvoicePatch {
  return Object.fromEntries(Object.entries(patch).filter(([key, value]) => PATCHABLE.has(key) && value !== undefined)) as InvoicePatch;
}

export function toSandboxInvoice(invoice: StoredInvoice): SandboxInvoice {
  const { lastModifiedMs, docNo: _docNo, nameLower: _nameLower, ...fields } = invoice;
  return { ...fields, LastModified: new Date(lastModifiedMs).toISOString() };
}
