/**
 * How each list resource is kept in the local copy: its tables, its identity, the columns its list
 * item fills (for WHERE and ORDER BY; the whole item is kept as JSON beside them), the name ranked
 * for sorting, the words the search box finds it by, and its sync state's key. The store, the sync
 * and the queries read this description; a new resource adds one here and a schema step.
 */
import type { SQLInputValue } from 'node:sqlite';
import { valueInSek, type Invoice } from '../common/invoices';
import type { ResourceId, ResourceItems } from '../common/resources';
import type { SupplierInvoice } from '../common/supplier-invoices';

/** DocumentNumber, GivenNumber and customer/supplier numbers order numerically when they are digits (as at the service). */
export function numericKey(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Number.MAX_VALUE;
}

export interface StoredColumn<T> {
  name: string;
  value(item: T): SQLInputValue;
  /** Not in the list item (known from the invoice's details): an empty value never overwrites a known one.
   * The item's field of that name gets the kept value before its JSON and search words are written. */
  keepKnown?: { field: string };
}

export interface StoredResource<T> {
  id: ResourceId;
  table: string;
  /** The whole item as JSON, a row per rowid of `table` (so scans and sorts stay narrow). */
  dataTable: string;
  /** FTS5 over searchWords, a row per rowid of `table`. */
  wordsTable: string;
  /** Distinct names with their Swedish rank (name_rank in `table`). */
  namesTable: string;
  /** The meta keys of its sync state and of its names needing a re-rank. */
  stateKey: string;
  namesDirtyKey: string;
  /** The identity column (UNIQUE) and the item's identity. */
  identity: string;
  identityOf(item: T): string;
  /** Its numeric order key column (the fixed read order, the default sort, the tie-breaker). */
  orderKey: string;
  nameOf(item: T): string;
  /** The column nameOf fills (ranked in namesTable). */
  nameColumn: string;
  columns: readonly StoredColumn<T>[];
  searchWords(item: T): string;
  /** Columns whose values the sync keeps apart from the list item (read with the JSON to build a row). */
  extraColumns: readonly string[];
}

const bit = (value: boolean): number => (value ? 1 : 0);
const rate = (value: number): number => (Number.isFinite(value) ? value : 1);
const unit = (value: number): number => (Number.isFinite(value) && value !== 0 ? value : 1);

/** The fields both kinds of invoice have, under the same names: their dates, amounts (and their
 * value in SEK at the invoice's own rate, schema steps 2 and 3: Total and Balance sort by what they
 * are worth), currency, state and bookkeeping dimensions. */
type InvoiceLike = Pick<Invoice, 'invoiceDate' | 'dueDate' | 'total' | 'balance' | 'currency' | 'currencyRate' | 'currencyUnit' | 'booked' | 'cancelled' | 'project' | 'costCenter' | 'finalPayDate'>;

function invoiceColumns<T extends InvoiceLike>(): StoredColumn<T>[] {
  return [
    { name: 'invoice_date', value: (i) => i.invoiceDate },
    { name: 'due_date', value: (i) => i.dueDate },
    { name: 'total', value: (i) => i.total },
    { name: 'balance', value: (i) => i.balance },
    { name: 'currency', value: (i) => i.currency },
    { name: 'booked', value: (i) => bit(i.booked) },
    { name: 'cancelled', value: (i) => bit(i.cancelled) },
    { name: 'project', value: (i) => i.project },
    { name: 'cost_center', value: (i) => i.costCenter },
    { name: 'final_pay_date', value: (i) => i.finalPayDate },
    { name: 'currency_rate', value: (i) => rate(i.currencyRate) },
    { name: 'currency_unit', value: (i) => unit(i.currencyUnit) },
    { name: 'total_sek', value: (i) => valueInSek(i.total, rate(i.currencyRate), unit(i.currencyUnit)) },
    { name: 'balance_sek', value: (i) => valueInSek(i.balance, rate(i.currencyRate), unit(i.currencyUnit)) },
  ];
}

export const storedInvoices: StoredResource<Invoice> = {
  id: 'invoices',
  table: 'invoices',
  dataTable: 'invoice_data',
  wordsTable: 'invoice_words',
  namesTable: 'customer_names',
  // The names of schema 1, unchanged: copies on users' disks keep their checkpoint.
  stateKey: 'sync',
  namesDirtyKey: 'namesDirty',
  identity: 'document_number',
  identityOf: (invoice) => invoice.documentNumber,
  orderKey: 'doc_no',
  nameOf: (invoice) => invoice.customerName,
  nameColumn: 'customer_name',
  columns: [
    { name: 'document_number', value: (i) => i.documentNumber },
    { name: 'doc_no', value: (i) => numericKey(i.documentNumber) },
    { name: 'customer_number', value: (i) => i.customerNumber },
    { name: 'customer_number_key', value: (i) => numericKey(i.customerNumber) },
    { name: 'customer_name', value: (i) => i.customerName },
    { name: 'sent', value: (i) => bit(i.sent) },
    { name: 'ocr', value: (i) => i.ocr },
    { name: 'invoice_type', value: (i) => i.invoiceType },
    ...invoiceColumns<Invoice>(),
  ],
  searchWords: (i) => [i.customerName, i.customerNumber, i.documentNumber, i.ocr, i.externalInvoiceReference1, i.externalInvoiceReference2].join(' '),
  extraColumns: [],
};

export const storedSupplierInvoices: StoredResource<SupplierInvoice> = {
  id: 'supplierinvoices',
  table: 'supplier_invoices',
  dataTable: 'supplier_invoice_data',
  wordsTable: 'supplier_invoice_words',
  namesTable: 'supplier_names',
  stateKey: 'sync:supplierinvoices',
  namesDirtyKey: 'namesDirty:supplierinvoices',
  identity: 'given_number',
  identityOf: (invoice) => invoice.givenNumber,
  orderKey: 'given_no',
  nameOf: (invoice) => invoice.supplierName,
  nameColumn: 'supplier_name',
  columns: [
    { name: 'given_number', value: (i) => i.givenNumber },
    { name: 'given_no', value: (i) => numericKey(i.givenNumber) },
    { name: 'supplier_number', value: (i) => i.supplierNumber },
    { name: 'supplier_number_key', value: (i) => numericKey(i.supplierNumber) },
    { name: 'supplier_name', value: (i) => i.supplierName },
    { name: 'invoice_number', value: (i) => i.invoiceNumber },
    { name: 'credit', value: (i) => bit(i.credit) },
    ...invoiceColumns<SupplierInvoice>(),
    // The list item has no OCR (api-facts); the details have it. A list page never forgets a known one.
    { name: 'ocr', value: (i) => i.ocr, keepKnown: { field: 'ocr' } },
  ],
  searchWords: (i) => [i.supplierName, i.supplierNumber, i.givenNumber, i.invoiceNumber, i.ocr, i.externalInvoiceNumber].join(' '),
  // Kept from the filtered lists (authorizepending, pendingpayment) and the details (OCR).
  extraColumns: ['ocr', 'authorize_pending', 'payment_pending'],
};

export const storedResources: { [R in ResourceId]: StoredResource<ResourceItems[R]> } = {
  invoices: storedInvoices,
  supplierinvoices: storedSupplierInvoices,
};
