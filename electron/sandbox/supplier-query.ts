// The query of GET /3/supplierinvoices (docs/service.md, Supplier invoices): the global parameters as
// for invoices, seven filters, four search fields, and NO sorting: no source shows a sort field
// for this resource, so the sandbox takes the strict reading of the app's assumption and refuses
// `sortby` (400, code 2000588); the list always comes in GivenNumber order. `sortorder` is checked
// like any global parameter but changes nothing (the only order is ascending).

import { ERROR_CODES, errorReply, invalidParameter } from './errors';
import type { Reply } from './http';
import { dateRangeParams, invoiceDateTest, lastModifiedParam, pagingParams, repeatedParameter, searchParam, sortOrderParam, type DateRange, type Paging } from './list-params';
import type { StoredSupplierInvoice } from './supplier-data';

/**
 * The seven filters (the service does not define them; these are the sandbox's semantics):
 * - cancelled:        Cancelled
 * - unbooked:         !Cancelled && !Booked
 * - unpaid:           !Cancelled && Balance != 0   (booked or not, partly paid and unsettled credits included)
 * - unpaidoverdue:    unpaid && DueDate < today (the service clock's Swedish date)
 * - fullypaid:        !Cancelled && Balance == 0
 * - authorizepending: !Cancelled && AuthorizePending   (awaiting approval)
 * - pendingpayment:   !Cancelled && PaymentPending     (a payment under way)
 */
export const SUPPLIER_FILTERS = ['cancelled', 'fullypaid', 'unpaid', 'unpaidoverdue', 'unbooked', 'pendingpayment', 'authorizepending'] as const;
export type SupplierFilter = (typeof SUPPLIER_FILTERS)[number];

/** Resource-specific search fields (substring, case-insensitive): one per request. */
export const SUPPLIER_SEARCH = ['suppliernumber', 'ocr', 'project', 'costcenter'] as const;
type SupplierSearch = { kind: (typeof SUPPLIER_SEARCH)[number]; text: string };

export interface SupplierQuery extends Paging, DateRange {
  filter: SupplierFilter | null;
  lastModifiedMs: number | null;
  search: SupplierSearch | null;
}

const KNOWN = new Set<string>(['page', 'limit', 'offset', 'sortby', 'sortorder', 'filter', 'lastmodified', 'fromdate', 'todate', ...SUPPLIER_SEARCH]);

export function parseSupplierQuery(params: URLSearchParams): { query: SupplierQuery } | { error: Reply } {
  const repeated = repeatedParameter(params, KNOWN);
  if (repeated) return { error: repeated };
  const get = (name: string): string | null => params.get(name);
  const paging = pagingParams(get);
  if ('error' in paging) return paging;
  if (params.has('sortby')) return { error: invalidParameter('sortby', 'leverantörsfakturor kan inte sorteras') };
  const order = sortOrderParam(get);
  if ('error' in order) return order;

  let filter: SupplierFilter | null = null;
  const filterText = get('filter');
  if (filterText !== null) {
    if (!(SUPPLIER_FILTERS as readonly string[]).includes(filterText)) {
      return { error: errorReply(400, ERROR_CODES.invalidFilter, 'Ett ogiltigt filter har använts.') };
    }
    filter = filterText as SupplierFilter;
  }
  const lastModified = lastModifiedParam(get);
  if ('error' in lastModified) return lastModified;
  const dates = dateRangeParams(get);
  if ('error' in dates) return dates;
  const search = searchParam(params, SUPPLIER_SEARCH);
  if ('error' in search) return search;
  return { query: { ...paging.value, ...dates.value, filter, lastModifiedMs: lastModified.value, search: search.value } };
}

export function matchesSupplierFilter(record: StoredSupplierInvoice, filter: SupplierFilter, today: string): boolean {
  if (record.Cancelled) return filter === 'cancelled';
  switch (filter) {
    case 'cancelled':
      return false;
    case 'unbooked':
      return !record.Booked;
    case 'unpaid':
      return record.Balance !== 0;
    case 'unpaidoverdue':
      return record.Balance !== 0 && record.DueDate < today;
    case 'fullypaid':
      return record.Balance === 0;
    case 'authorizepending':
      return record.AuthorizePending;
    case 'pendingpayment':
      return record.PaymentPending;
  }
}

function searchTest(search: SupplierSearch): (record: StoredSupplierInvoice) => boolean {
  const field = { suppliernumber: 'SupplierNumber', ocr: 'OCR', project: 'Project', costcenter: 'CostCenter' } as const;
  const key = field[search.kind];
  return (record) => record[key].toLowerCase().includes(search.text);
}

/** The page of a query and its counts, by the same rules as the invoice list (see invoice-query.ts). */
export function runSupplierQuery(records: readonly StoredSupplierInvoice[], query: SupplierQuery, today: string): { total: number; totalPages: number; page: StoredSupplierInvoice[] } {
  const { filter, lastModifiedMs: since } = query;
  const search = query.search ? searchTest(query.search) : null;
  const dates = invoiceDateTest<StoredSupplierInvoice>(query);
  const start = query.offset + (query.page - 1) * query.limit;
  const page: StoredSupplierInvoice[] = [];
  let total = 0;
  for (const record of records) {
    if (filter !== null && !matchesSupplierFilter(record, filter, today)) continue;
    if (since !== null && record.lastModifiedMs < since) continue;
    if (dates !== null && !dates(record)) continue;
    if (search !== null && !search(record)) continue;
    if (total >= start && page.length < query.limit) page.push(record);
    total += 1;
  }
  return { total, totalPages: Math.ceil(Math.max(0, total - query.offset) / query.limit), page };
}
