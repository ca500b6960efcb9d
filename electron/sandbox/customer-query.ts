// The query of GET /3/customers (docs/service.md, Customers): the global paging, sortorder and
// lastmodified parameters read exactly as for invoices (list-params.ts), `filter=active|inactive`
// and `sortby=customernumber|name`. Invalid values get the invoice list's answers: 2000587 for a
// filter, 2000588 for anything else; a repeated known parameter is a 400. One search parameter at a
// time, `name` or `customernumber` (a case-insensitive part of the field, as the invoice list's
// customername); two at once are refused as there. Other parameters are ignored.

import { CUSTOMER_SORT_FIELDS, type CustomerBook, type CustomerSortField } from './customer-book';
import type { StoredCustomer } from './customer-data';
import { ERROR_CODES, errorReply, invalidParameter } from './errors';
import type { Reply } from './http';
import { lastModifiedParam, pagingParams, repeatedParameter, searchParam, sortOrderParam, type Paging } from './list-params';

export const CUSTOMER_SEARCH_PARAMETERS = ['name', 'customernumber'] as const;

export const CUSTOMER_FILTERS = ['active', 'inactive'] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];

export interface CustomerQuery extends Paging {
  sortby: CustomerSortField;
  descending: boolean;
  filter: CustomerFilter | null;
  lastModifiedMs: number | null;
  search: { kind: (typeof CUSTOMER_SEARCH_PARAMETERS)[number]; text: string } | null;
}

const KNOWN = new Set<string>(['page', 'limit', 'offset', 'sortby', 'sortorder', 'filter', 'lastmodified', ...CUSTOMER_SEARCH_PARAMETERS]);

/** The parameters in the invoice list's order of checking, so the first invalid one is the one named. */
export function parseCustomerQuery(params: URLSearchParams): { query: CustomerQuery } | { error: Reply } {
  const repeated = repeatedParameter(params, KNOWN);
  if (repeated) return { error: repeated };
  const get = (name: string): string | null => params.get(name);
  const paging = pagingParams(get);
  if ('error' in paging) return paging;

  let sortby: CustomerSortField = 'customernumber';
  const sortText = get('sortby');
  if (sortText !== null) {
    if (!(CUSTOMER_SORT_FIELDS as readonly string[]).includes(sortText)) return { error: invalidParameter('sortby', CUSTOMER_SORT_FIELDS.join(', ')) };
    sortby = sortText as CustomerSortField;
  }
  const descending = sortOrderParam(get);
  if ('error' in descending) return descending;

  let filter: CustomerFilter | null = null;
  const filterText = get('filter');
  if (filterText !== null) {
    if (!(CUSTOMER_FILTERS as readonly string[]).includes(filterText)) {
      return { error: errorReply(400, ERROR_CODES.invalidFilter, 'Ett ogiltigt filter har använts.') };
    }
    filter = filterText as CustomerFilter;
  }
  const lastModified = lastModifiedParam(get);
  if ('error' in lastModified) return lastModified;
  const search = searchParam(params, CUSTOMER_SEARCH_PARAMETERS);
  if ('error' in search) return search;
  return { query: { ...paging.value, sortby, descending: descending.value, filter, lastModifiedMs: lastModified.value, search: search.value } };
}

/**
 * The page and its counts, by the invoice list's rules (invoices-route.ts runInvoiceQuery): `offset`
 * skips that many matches, @TotalPages counts the pages after it (0 when none match).
 */
export function runCustomerQuery(book: CustomerBook, query: CustomerQuery): { total: number; totalPages: number; page: StoredCustomer[] } {
  const order = book.ordering(query.sortby);
  const n = order.length;
  const { filter, lastModifiedMs: since, search } = query;
  const field = search?.kind === 'customernumber' ? 'CustomerNumber' : 'Name';
  const start = query.offset + (query.page - 1) * query.limit;
  const page: StoredCustomer[] = [];
  let total = 0;
  for (let i = 0; i < n; i += 1) {
    const record = order[query.descending ? n - 1 - i : i] as StoredCustomer;
    if (filter !== null && record.active !== (filter === 'active')) continue;
    if (since !== null && record.lastModifiedMs < since) continue;
    if (search !== null && !String(record.fields[field] ?? '').toLowerCase().includes(search.text)) continue;
    if (total >= start && page.length < query.limit) page.push(record);
    total += 1;
  }
  return { total, totalPages: Math.ceil(Math.max(0, total - query.offset) / query.limit), page };
}
