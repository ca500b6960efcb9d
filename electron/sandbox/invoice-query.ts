// Reads and validates the query of GET /3/invoices (docs/service.md, Invoice list and Query parameters).
// Every invalid value is a 400 with ErrorInformation: code 2000587 for an unknown filter, 2000588
// for anything else. Unknown parameters are ignored, as web APIs usually do.

import { ERROR_CODES, errorReply, invalidParameter } from './errors';
import type { Reply } from './http';
import { SORT_FIELDS, type SortField } from './invoice-book';
import { dateRangeParams, lastModifiedParam, pagingParams, repeatedParameter, searchParam, sortOrderParam } from './list-params';

/**
 * The five filters and their meaning in the sandbox (the seed leaves them unexplained):
 * - cancelled:      Cancelled
 * - unbooked:       !Cancelled && !Booked                       (drafts)
 * - unpaid:         !Cancelled && Booked && Balance > 0          (partly paid included)
 * - unpaidoverdue:  unpaid && DueDate < today (the service clock's Swedish date)
 * - fullypaid:      !Cancelled && Booked && Balance == 0
 */
export const FILTERS = ['unpaid', 'cancelled', 'fullypaid', 'unpaidoverdue', 'unbooked'] as const;
export type InvoiceFilter = (typeof FILTERS)[number];

/** Resource-specific SEARCH parameters: only one of them per request. */
export const SEARCH_PARAMETERS = ['customername', 'customernumber', 'documentnumber', 'ocr'] as const;
/** GLOBAL parameters (docs/service.md, Query parameters): an inclusive InvoiceDate range, usable together and
 * with a filter and one search parameter. */
export const DATE_PARAMETERS = ['fromdate', 'todate'] as const;

export interface Search {
  kind: (typeof SEARCH_PARAMETERS)[number];
  text: string;
}

export interface InvoiceQuery {
  page: number;
  limit: number;
  offset: number;
  sortby: SortField;
  descending: boolean;
  filter: InvoiceFilter | null;
  lastModifiedMs: number | null;
  /** Inclusive InvoiceDate bounds (days since the epoch), null when absent. */
  fromDay: number | null;
  toDay: number | null;
  search: Search | null;
}

const KNOWN = new Set<string>(['page', 'limit', 'offset', 'sortby', 'sortorder', 'filter', 'lastmodified', ...DATE_PARAMETERS, ...SEARCH_PARAMETERS]);

export function parseInvoiceQuery(params: URLSearchParams): { query: InvoiceQuery } | { error: Reply } {
  const repeated = repeatedParameter(params, KNOWN);
  if (repeated) return { error: repeated };
  const get = (name: string): string | null => params.get(name);

  const paging = pagingParams(get);
  if ('error' in paging) return paging;

  let sortby: SortField = 'documentnumber';
  const sortText = get('sortby');
  if (sortText !== null) {
    if (!(SORT_FIELDS as readonly string[]).includes(sortText)) return { error: invalidParameter('sortby', SORT_FIELDS.join(', ')) };
    sortby = sortText as SortField;
  }

  const descending = sortOrderParam(get);
  if ('error' in descending) return descending;

  let filter: InvoiceFilter | null = null;
  const filterText = get('filter');
  if (filterText !== null) {
    if (!(FILTERS as readonly string[]).includes(filterText)) {
      return { error: errorReply(400, ERROR_CODES.invalidFilter, 'Ett ogiltigt filter har använts.') };
    }
    filter = filterText as InvoiceFilter;
  }

  const lastModified = lastModifiedParam(get);
  if ('error' in lastModified) return lastModified;
  // fromdate and todate are global: they combine with each other, a filter and one search.
  const dates = dateRangeParams(get);
  if ('error' in dates) return dates;
  const search = searchParam(params, SEARCH_PARAMETERS);
  if ('error' in search) return search;

  return {
    query: {
      ...paging.value,
      sortby,
      descending: descending.value,
      filter,
      lastModifiedMs: lastModified.value,
      ...dates.value,
      search: search.value,
    },
  };
}
