// One company's supplier invoices: the records in GivenNumber order (the list's only order, so no
// sort index is needed), lookups by GivenNumber and by the scan's FileId, and the changes the
// control object makes (each stamps the record's last-modified time with the service clock).

import { dayFormatter, dayOf, parseDay } from './dates';
import type { StoredSupplierInvoice, SupplierInvoiceSource } from './supplier-data';
import { COST_ACCOUNTS } from './supplier-registry';
import { randomUUID } from 'node:crypto';
import type { SandboxSupplierInvoice, SupplierInvoicePatch, SupplierScan, SupplierScanSpec } from './types';

/** The largest file a test may ask the archive for: room above any client's cap, not a memory hog. */
export const MAX_SCAN_SIZE = 64 * 1024 * 1024;

const DEFAULT_SCAN_NAMES: Record<SupplierScan['ContentType'], string> = {
  'application/pdf': 'scan.pdf',
  'image/png': 'scan.png',
  'image/jpeg': 'scan.jpg',
  'image/tiff': 'scan.tif',
};

const PATCHABLE = new Set<string>([
  'SupplierNumber', 'SupplierName', 'InvoiceNumber', 'InvoiceDate', 'DueDate', 'FinalPayDate', 'Total', 'Balance',
  'Currency', 'CurrencyRate', 'CurrencyUnit', 'Booked', 'Cancelled', 'OCR', 'CostCenter', 'Project',
  'ExternalInvoiceNumber', 'ExternalInvoiceSeries', 'AuthorizerName', 'AuthorizePending', 'PaymentPending', 'Vouchers',
]);

/** Only the fields a patch may change (never GivenNumber, the scan or the internal ones); arrays copied. */
function pick(patch: SupplierInvoicePatch): SupplierInvoicePatch {
  const picked = Object.fromEntries(Object.entries(patch).filter(([key, value]) => PATCHABLE.has(key) && value !== undefined)) as SupplierInvoicePatch;
  if (picked.Vouchers) picked.Vouchers = picked.Vouchers.map((voucher) => ({ ...voucher }));
  return picked;
}

export class SupplierBook {
  private loaded: StoredSupplierInvoice[] | undefined;
  private readonly byNumber = new Map<string, StoredSupplierInvoice>();
  private readonly byFileId = new Map<string, StoredSupplierInvoice>();

  constructor(private readonly source: SupplierInvoiceSource) {}

  /** In GivenNumber order: generated in order, added with the next number. */
  get records(): readonly StoredSupplierInvoice[] {
    if (!this.loaded) {
      this.loaded = this.source.records();
      for (const record of this.loaded) this.index(record);
    }
    return this.loaded;
  }

  get size(): number {
    return this.loaded ? this.loaded.length : this.source.count;
  }

  private index(record: StoredSupplierInvoice): void {
    this.byNumber.set(record.GivenNumber, record);
    if (record.Scan) this.byFileId.set(record.Scan.FileId, record);
  }

  get(givenNumber: string): StoredSupplierInvoice | undefined {
    void this.records; // the lookup maps are filled when the records are loaded
    return this.byNumber.get(givenNumber);
  }

  /** The supplier invoice whose scan is this archive file. */
  byFile(fileId: string): StoredSupplierInvoice | undefined {
    void this.records;
    return this.byFileId.get(fileId);
  }

  /** Generates the records a step per macrotask (the event loop is never blocked for long). */
  warmUp(): () => void {
    let cancelled = false;
    const step = (): void => {
      if (cancelled || this.loaded !== undefined) return;
      if (this.source.generateSome()) void this.records;
      else setImmediate(step);
    };
    setImmediate(step);
    return () => {
      cancelled = true;
    };
  }

  update(givenNumber: string, patch: SupplierInvoicePatch, now: number): void {
    const record = this.get(givenNumber);
    if (!record) throw new RangeError(`no supplier invoice with GivenNumber ${givenNumber}`);
    Object.assign(record, pick(patch));
    record.lastModifiedMs = now;
  }

  /**
   * Connects `spec` as the invoice's scan in place of its own (null: none). Not a change of the
   * invoice: its last-modified time stays. A FileId already another scan's is refused.
   */
  setScan(givenNumber: string, spec: SupplierScanSpec | null): SupplierScan | null {
    const record = this.get(givenNumber);
    if (!record) throw new RangeError(`no supplier invoice with GivenNumber ${givenNumber}`);
    let scan: SupplierScan | null = null;
    if (spec) {
      if (spec.Size !== undefined && !(Number.isInteger(spec.Size) && spec.Size >= 0 && spec.Size <= MAX_SCAN_SIZE)) {
        throw new RangeError(`a scan's Size is a whole number of bytes up to 64 MB (got ${spec.Size})`);
      }
      const fileId = spec.FileId ?? randomUUID();
      const holder = this.byFileId.get(fileId);
      if (holder && holder !== record) throw new RangeError(`FileId ${fileId} is already the scan of supplier invoice ${holder.GivenNumber}`);
      scan = { FileId: fileId, Name: spec.Name ?? DEFAULT_SCAN_NAMES[spec.ContentType], ContentType: spec.ContentType, ...(spec.Size !== undefined ? { Size: spec.Size } : {}) };
    }
    if (record.Scan) this.byFileId.delete(record.Scan.FileId);
    record.Scan = scan;
    if (scan) this.byFileId.set(scan.FileId, record);
    return scan ? { ...scan } : null;
  }

  /** Deletes an unbooked one. A booked supplier invoice cannot be deleted at the service, only credited. */
  remove(givenNumber: string): void {
    const record = this.get(givenNumber);
    if (!record) throw new RangeError(`no supplier invoice with GivenNumber ${givenNumber}`);
    if (record.Booked) throw new RangeError(`supplier invoice ${givenNumber} is booked: only an unbooked one can be deleted`);
    this.loaded?.splice(this.loaded.indexOf(record), 1);
    this.byNumber.delete(givenNumber);
    if (record.Scan) this.byFileId.delete(record.Scan.FileId);
  }

  /** A new unbooked, unpaid supplier invoice with the next GivenNumber, dated today unless the partial says otherwise. */
  add(partial: SupplierInvoicePatch, now: number): string {
    const list = this.records as StoredSupplierInvoice[];
    const givenNo = list.reduce((max, record) => Math.max(max, record.givenNo), 0) + 1;
    const fmt = dayFormatter();
    const invoiceDate = partial.InvoiceDate ?? fmt(dayOf(now));
    const invoiceDay = parseDay(invoiceDate) ?? dayOf(now);
    const total = partial.Total ?? 1000;
    const last = list[list.length - 1];
    const record: StoredSupplierInvoice = {
      GivenNumber: String(givenNo),
      SupplierNumber: last?.SupplierNumber ?? '1',
      SupplierName: last?.SupplierName ?? 'Nordkraft Energi AB',
      InvoiceNumber: String(100_000 + givenNo),
      InvoiceDate: invoiceDate,
      DueDate: fmt(invoiceDay + 30),
      FinalPayDate: '',
      Total: total,
      Balance: total,
      Currency: 'SEK',
      CurrencyRate: '1',
      CurrencyUnit: 1,
      Booked: false,
      Cancelled: false,
      OCR: '',
      CostCenter: '',
      Project: '',
      ExternalInvoiceNumber: '',
      ExternalInvoiceSeries: '',
      AuthorizerName: '',
      AuthorizePending: false,
      PaymentPending: false,
      Vouchers: [],
      Scan: null,
      ...pick(partial),
      lastModifiedMs: now,
      givenNo,
      costAccount: last?.costAccount ?? (COST_ACCOUNTS[0]?.account as number),
    };
    list.push(record);
    this.index(record);
    return record.GivenNumber;
  }

  snapshot(): SandboxSupplierInvoice[] {
    return this.records.map(toSandboxSupplierInvoice);
  }
}

export function toSandboxSupplierInvoice(record: StoredSupplierInvoice): SandboxSupplierInvoice {
  const { lastModifiedMs, givenNo: _givenNo, costAccount: _costAccount, ...fields } = record;
  return {
    ...fields,
    Vouchers: fields.Vouchers.map((voucher) => ({ ...voucher })),
    Scan: fields.Scan ? { ...fields.Scan } : null,
    LastModified: new Date(lastModifiedMs).toISOString(),
  };
}
