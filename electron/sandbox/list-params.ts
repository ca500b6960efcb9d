// The service's GLOBAL list parameters (docs/service.md, Invoice list and Query parameters),
// read the same way for every list resource (invoices, supplier invoices, file connections):
// paging, sortorder, lastmodified and the fromdate/todate range. Each reader returns its value or
// the 400 (code 2000588) that refuses it; the resource's parser calls them in its own order, so
// the first invalid parameter named in the answer stays what it was.

import { formatDay, parseDay, parseLastModified } from './dates';
import { invalidParameter } from './errors';
import type { Reply } from './http';

export type Param<T> = { value: T } | { error: Reply };
type Get = (name: string) => string | null;

function integer(text: string): number | null {
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** A repeated known parameter is ambiguous (which one wins?); refusing it surfaces client bugs. */
export function repeatedParameter(params: URLSearchParams, known: ReadonlySet<string>): Reply | null {
  for (const name of new Set(params.keys())) {
    if (known.has(name) && params.getAll(name).length > 1) return invalidParameter(name, 'angiven flera gånger');
  }
  return null;
}

export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

/** page (≥ 1, default 1), limit (1..500, default 100), offset (≥ 0, default 0). */
export function pagingParams(get: Get): Param<Paging> {
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
  return { value: { page, limit, offset } };
}

/** sortorder: `ascending` (default) or `descending`, exactly (the names are lower case). Value: descending? */
export function sortOrderParam(get: Get): Param<boolean> {
  const text = get('sortorder');
  if (text === null) return { value: false };
  if (text !== 'ascending' && text !== 'descending') return { error: invalidParameter('sortorder', 'ascending, descending') };
  return { value: text === 'descending' };
}

/** lastmodified in the three formats of docs/service.md (Query parameters), Swedish wall-clock time; epoch ms or null. */
export function lastModifiedParam(get: Get): Param<number | null> {
  const text = get('lastmodified');
  if (text === null) return { value: null };
  const ms = parseLastModified(text);
  if (ms === null) return { error: invalidParameter('lastmodified', 'YYYY-MM-DD HH:mm:ss, YYYY-MM-DD HH:mm eller YYYY-MM-DD') };
  return { value: ms };
}

export interface DateRange {
  /** Inclusive InvoiceDate bounds (days since the epoch), null when absent. */
  fromDay: number | null;
  toDay: number | null;
}

/** fromdate and todate are global: dates only, either alone or both, with a filter and one search. */
export function dateRangeParams(get: Get): Param<DateRange> {
  const day = (name: string): number | null | 'invalid' => {
    const text = get(name);
    if (text === null) return null;
    return parseDay(text) ?? 'invalid';
  };
  const fromDay = day('fromdate');
  const toDay = day('todate');
  if (fromDay === 'invalid') return { error: invalidParameter('fromdate', 'YYYY-MM-DD') };
  if (toDay === 'invalid') return { error: invalidParameter('todate', 'YYYY-MM-DD') };
  return { value: { fromDay, toDay } };
}

/** The one resource-specific search parameter given (two or more: 400), its text lower-cased. */
export function searchParam<K extends string>(params: URLSearchParams, names: readonly K[]): Param<{ kind: K; text: string } | null> {
  const given = names.filter((name) => params.has(name));
  if (given.length > 1) return { error: invalidParameter(given.join(', '), 'endast en sökparameter åt gången') };
  const name = given[0];
  return { value: name === undefined ? null : { kind: name, text: (params.get(name) ?? '').toLowerCase() } };
}

/** A test of the inclusive InvoiceDate range, or null without bounds; 'YYYY-MM-DD' strings compare like the dates. */
export function invoiceDateTest<T extends { InvoiceDate: string }>(range: DateRange): ((record: T) => boolean) | null {
  if (range.fromDay === null && range.toDay === null) return null;
  const from = range.fromDay === null ? '' : formatDay(range.fromDay);
  const to = range.toDay === null ? '\uffff' : formatDay(range.toDay);
  return (record) => record.InvoiceDate >= from && record.InvoiceDate <= to;
}

/** The strict reading of "one resource-specific parameter" (ResponseQuirks.oneResourceParameter). */
export function filterWithSearchRefused(strict: boolean | undefined, query: { filter: unknown; search: unknown }): Reply | null {
  return strict && query.filter !== null && query.search !== null ? invalidParameter('filter', 'endast en resursspecifik parameter åt gången') : null;
}
