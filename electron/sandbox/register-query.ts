// The query of a register's list (GET /3/customers, GET /3/suppliers; docs/service.md, Customers
// and Supplier register): the global paging, sortorder and lastmodified parameters read exactly as
// for invoices (list-params.ts), `filter=active|inactive` and `sortby=<number>|name`. Invalid values
// get the invoice list's answers: 2000587 for a filter, 2000588 for anything else; a repeated known
// parameter is a 400. One search parameter at a time, the register's own (a case-insensitive part
// of the field, as the invoice list's customername); two at once are refused as there. Other
// parameters are ignored.

import { ERROR_CODES, errorReply, invalidParameter } from './errors';
import type { Reply } from './http';
import { lastModifiedParam, pagingParams, repeatedParameter, searchParam, sortOrderParam, type Paging } from './list-params';
import type { RegisterBook, RegisterEntry } from './register-book';

export const REGISTER_FILTERS = ['active', 'inactive'] as const;
export type RegisterFilter = (typeof REGISTER_FILTERS)[number];

/** A register's search parameters, each with the field it searches ({ name: 'Name', customernumber: 'CustomerNumber' }). */
export type RegisterSearch = Readonly<Record<string, string>>;

export interface RegisterQuery<Sort extends string> extends Paging {
  /** One of the book's sortFields (its number's by default). */
  sortby: Sort;
  descending: boolean;
  filter: RegisterFilter | null;
  lastModifiedMs: number | null;
  /** The searched field's name and the text, lower-cased. */
  search: { field: string; text: string } | null;
}

/** The parameters in the invoice list's order of checking, so the first invalid one is the one named. */
export function parseRegisterQuery<Sort extends string>(params: URLSearchParams, sortFields: readonly [Sort, ...Sort[]], searches: RegisterSearch): { query: RegisterQuery<Sort> } | { error: Reply } {
  const searchNames = Object.keys(searches);
  const repeated = repeatedParameter(params, new Set(['page', 'limit', 'offset', 'sortby', 'sortorder', 'filter', 'lastmodified', ...searchNames]));
  if (repeated) return { error: repeated };
  const get = (name: string): string | null => params.get(name);
  const paging = pagingParams(get);
  if ('error' in paging) return paging;

  let sortby = sortFields[0];
  const sortText = get('sortby');
  if (sortText !== null) {
    const named = sortFields.find((field) => field === sortText);
    if (named === undefined) return { error: invalidParameter('sortby', sortFields.join(', ')) };
    sortby = named;
  }
  const descending = sortOrderParam(get);
  if ('error' in descending) return descending;

  let filter: RegisterFilter | null = null;
  const filterText = get('filter');
  if (filterText !== null) {
    if (!(REGISTER_FILTERS as readonly string[]).includes(filterText)) {
      return { error: errorReply(400, ERROR_CODES.invalidFilter, 'Ett ogiltigt filter har använts.') };
    }
    filter = filterText as RegisterFilter;
  }
  const lastModified = lastModifiedParam(get);
  if ('error' in lastModified) return lastModified;
  const search = searchParam(params, searchNames);
  if ('error' in search) return search;
  const searched = search.value && { field: searches[search.value.kind] as string, text: search.value.text };
  return { query: { ...paging.value, sortby, descending: descending.value, filter, lastModifiedMs: lastModified.value, search: searched } };
}

/**
 * The page and its counts, by the invoice list's rules (invoices-route.ts runInvoiceQuery): `offset`
 * skips that many matches, @TotalPages counts the pages after it (0 when none match).
 */
export function runRegisterQuery<N extends string>(book: RegisterBook<N>, query: RegisterQuery<N | 'name'>): { total: number; totalPages: number; page: RegisterEntry[] } {
  const order = book.ordering(query.sortby);
  const n = order.length;
  const { filter, lastModifiedMs: since, search } = query;
  const start = query.offset + (query.page - 1) * query.limit;
  const page: RegisterEntry[] = [];
  let total = 0;
  for (let i = 0; i < n; i += 1) {
    const record = order[query.descending ? n - 1 - i : i] as RegisterEntry;
    if (filter !== null && record.active !== (filter === 'active')) continue;
    if (since !== null && record.lastModifiedMs < since) continue;
    if (search !== null && !String(record.fields[search.field] ?? '').toLowerCase().includes(search.text)) continue;
    if (total >= start && page.length < query.limit) page.push(record);
    total += 1;
  }
  return { total, totalPages: Math.ceil(Math.max(0, total - query.offset) / query.limit), page };
}
