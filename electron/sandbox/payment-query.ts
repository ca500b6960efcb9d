// The query of GET /3/invoicepayments and /3/supplierinvoicepayments (docs/service.md, Payments): the
// global paging, sortorder and lastmodified parameters read exactly as for invoices
// (list-params.ts), `sortby=paymentdate|number` (another: the invoice list's 400, code 2000588) and
// `invoicenumber=<n>`, an EXACT match (an invoice's payments, not every number containing the
// digits). The resource has no filters in any source, so a `filter` is refused as an invalid one
// (2000587), strictly, so a client that believes it filtered learns it did not. A repeated known
// parameter is a 400; other parameters (fromdate/todate: documents only) are ignored.

import { ERROR_CODES, errorReply, invalidParameter } from './errors';
import type { Reply } from './http';
import { lastModifiedParam, pagingParams, repeatedParameter, sortOrderParam, type Paging } from './list-params';
import { comparePayments, PAYMENT_SORT_FIELDS, type PaymentBook, type PaymentSortField } from './payment-book';
import type { StoredPayment } from './payment-fields';

export interface PaymentQuery extends Paging {
  sortby: PaymentSortField;
  descending: boolean;
  lastModifiedMs: number | null;
  /** invoicenumber=: the InvoiceNumber as text, matched exactly. */
  invoiceNumber: string | null;
}

const KNOWN = new Set<string>(['page', 'limit', 'offset', 'sortby', 'sortorder', 'filter', 'lastmodified', 'invoicenumber']);

/** The parameters in the invoice list's order of checking, so the first invalid one is the one named. */
export function parsePaymentQuery(params: URLSearchParams): { query: PaymentQuery } | { error: Reply } {
  const repeated = repeatedParameter(params, KNOWN);
  if (repeated) return { error: repeated };
  const get = (name: string): string | null => params.get(name);
  const paging = pagingParams(get);
  if ('error' in paging) return paging;

  let sortby: PaymentSortField = 'paymentdate';
  const sortText = get('sortby');
  if (sortText !== null) {
    if (!(PAYMENT_SORT_FIELDS as readonly string[]).includes(sortText)) return { error: invalidParameter('sortby', PAYMENT_SORT_FIELDS.join(', ')) };
    sortby = sortText as PaymentSortField;
  }
  const descending = sortOrderParam(get);
  if ('error' in descending) return descending;
  if (params.has('filter')) return { error: errorReply(400, ERROR_CODES.invalidFilter, 'Ett ogiltigt filter har använts.') };
  const lastModified = lastModifiedParam(get);
  if ('error' in lastModified) return lastModified;
  const invoiceNumber = get('invoicenumber');
  // An invoice number is digits (DocumentNumber, GivenNumber); anything else cannot name one.
  if (invoiceNumber !== null && !/^\d{1,15}$/.test(invoiceNumber)) return { error: invalidParameter('invoicenumber', 'ett fakturanummer') };
  return { query: { ...paging.value, sortby, descending: descending.value, lastModifiedMs: lastModified.value, invoiceNumber } };
}

/**
 * The page and its counts, by the invoice list's rules (invoices-route.ts runInvoiceQuery): `offset`
 * skips that many matches, @TotalPages counts the pages after it (0 when none match). A whole list
 * walks the cached order; an invoice's payments come from the index, so neither scans the invoices.
 */
export function runPaymentQuery(book: PaymentBook, query: PaymentQuery): { total: number; totalPages: number; page: StoredPayment[] } {
  const since = query.lastModifiedMs;
  const start = query.offset + (query.page - 1) * query.limit;
  const page: StoredPayment[] = [];
  let total = 0;
  const take = (record: StoredPayment): void => {
    if (since !== null && record.lastModifiedMs < since) return;
    if (total >= start && page.length < query.limit) page.push(record);
    total += 1;
  };
  if (query.invoiceNumber !== null) {
    const mine = [...book.ofInvoice(query.invoiceNumber)];
    if (query.sortby === 'number') mine.sort((a, b) => a.number - b.number);
    else mine.sort(comparePayments);
    if (query.descending) mine.reverse();
    mine.forEach(take);
  } else {
    const records = book.records;
    const n = records.length;
    const order = query.sortby === 'paymentdate' ? book.dateOrdering() : null;
    const at = (i: number): StoredPayment => records[order ? (order[i] as number) : i] as StoredPayment;
    if (since === null) {
      // Every record matches: cut the page straight out of the order.
      total = n;
      for (let i = start; i < Math.min(n, start + query.limit); i += 1) page.push(at(query.descending ? n - 1 - i : i));
    } else {
      for (let i = 0; i < n; i += 1) take(at(query.descending ? n - 1 - i : i));
    }
  }
  return { total, totalPages: Math.ceil(Math.max(0, total - query.offset) / query.limit), page };
}
