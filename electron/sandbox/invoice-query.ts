// Reads and validates the query of GET /3/invoices (seed 4.4, api-facts "Query parameters").
// Every invalid value is a 400 with ErrorInformation: code 2000587 for an unknown filter, 2000588
// for anything else. Unknown parameters are ignored, as web APIs usually do.

import { parseDay, parseLastModified } from './dates';
import { ERROR_CODES, errorReply, invalidParameter } from './errors';
import type { Reply } from './http';
import { SORT_FIELDS, type SortField } from './invoice-book';

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
/** GLOBAL parameters (api-facts "More facts"): an inclusive InvoiceDate range, usable together and
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

function integer(text: string): number | null {
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

export function parseInvoiceQuery(params: URLSearchParams): { query: InvoiceQuery } | { error: Reply } {
  // A repeated parameter is ambiguous (which one wins?); refusing it surfaces client bugs.
  for (const name of new Set(params.keys())) {
    if (KNOWN.has(name) && params.getAll(name).length > 1) return { error: invalidParameter(name, 'angiven flera gånger') };
  }
  const get = (name: string): string | null => params.get(name);

  let page = 1;
  const pageText = get('page');
  if (pageText !== null) {
    const value = integer(pageText);
    if (value === null || value < 1) return { error: invalidParameter('page', 'ett heltal från 1') };
    page = value;
  }

  let limit = 100;
  const limitText = get('limit');
  if (limitText !== null) {
    const value = integer(limitText);
    if (value === null || value < 1 || value > 500) return { error: invalidParameter('limit', 'ett heltal 1-500') };
    limit = value;
  }

  let offset = 0;
  const offsetText = get('offset');
  if (offsetText !== null) {
    const value = integer(offsetText);
    if (value === null) return { error: invalidParameter('offset', 'ett heltal från 0') };
    offset = value;
  }

  let sortby: SortField = 'documentnumber';
  const sortText = get('sortby');
  if (sortText !== null) {
    if (!(SORT_FIELDS as readonly string[]).includes(sortText)) return { error: invalidParameter('sortby', SORT_FIELDS.join(', ')) };
    sortby = sortText as SortField;
  }

  let descending = false;
  const orderText = get('sortorder');
  if (orderText !== null) {
    if (orderText !== 'ascending' && orderText !== 'descending') return { error: invalidParameter('sortorder', 'ascending, descending') };
    descending = orderText === 'descending';
  }

  let filter: InvoiceFilter | null = null;
  const filterText = get('filter');
  if (filterText !== null) {
    if (!(FILTERS as readonly string[]).includes(filterText)) {
      return { error: errorReply(400, ERROR_CODES.invalidFilter, 'Ett ogiltigt filter har använts.') };
    }
    filter = filterText as InvoiceFilter;
  }

  let lastModifiedMs: number | null = null;
  const lastModifiedText = get('lastmodified');
  if (lastModifiedText !== null) {
    lastModifiedMs = parseLastModified(lastModifiedText);
    if (lastModifiedMs === null) return { error: invalidParameter('lastmodified', 'YYYY-MM-DD HH:mm:ss, YYYY-MM-DD HH:mm eller YYYY-MM-DD') };
  }

  // fromdate and todate are global: they combine with each other, a filter and one search.
  const day = (name: string): number | null | 'invalid' => {
    const text = get(name);
    if (text === null) return null;
    return parseDay(text) ?? 'invalid';
  };
  const fromDay = day('fromdate');
  const toDay = day('todate');
  if (fromDay === 'invalid') return { error: invalidParameter('fromdate', 'YYYY-MM-DD') };
  if (toDay === 'invalid') return { error: invalidParameter('todate', 'YYYY-MM-DD') };

  const given = SEARCH_PARAMETERS.filter((name) => params.has(name));
  if (given.length > 1) return { error: invalidParameter(given.join(', '), 'endast en sökparameter åt gången') };
  const name = given[0];
  const search: Search | null = name === undefined ? null : { kind: name, text: (get(name) ?? '').toLowerCase() };

  return { query: { page, limit, offset, sortby, descending, filter, lastModifiedMs, fromDay, toDay, search } };
}
