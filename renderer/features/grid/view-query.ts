/**
 * The query a view becomes, for the service or for the local copy: the grid's page, the export's
 * rows, whether two views ask for the same rows, and whether a view narrows them. Apart from the
 * view's state (view-state.ts): this is what is asked, resolved against today's date and the mode.
 */
import { resolveDateRange } from './date-range';
import { effectiveSort, withoutLocalParts, type GridMode } from './grid-mode';
import type { GridViewOf, ViewQuery, ViewSpec, ViewTypes } from './view-spec';
import { isCurrencyCode, MAX_SEARCH_LENGTH } from './view-values';

/**
 * The query of a view: the date range (resolved against `today`, the user's local calendar) goes
 * with the filter and the search. For the service: one search parameter at most (its rule), none
 * when the box is empty, and none of the local copy's parts. For the local copy: the one search
 * box as `text`, the due-date range, the currency, the resource's narrowings, and any column's
 * sort. `page` is 1-based like the service's.
 */
export function toGridQuery<V extends ViewTypes>(spec: ViewSpec<V>, view: GridViewOf<V>, page: number, today: Date = new Date(), mode: GridMode = 'service'): ViewQuery<V> {
  const query: ViewQuery<V> = { page: Math.max(1, Math.trunc(page)), limit: view.limit, ...effectiveSort(spec, view, mode) };
  if (view.filter) query.filter = view.filter;
  const dates = view.dateRange ? resolveDateRange(view.dateRange, today) : {};
  if (dates.from) query.fromdate = dates.from;
  if (dates.to) query.todate = dates.to;
  if (mode === 'service') {
    const value = view.search.value.trim();
    if (value !== '') query.search = { field: view.search.field, value: value.slice(0, MAX_SEARCH_LENGTH) };
    return withoutLocalParts(spec, query);
  }
  const text = (view.text ?? '').trim();
  if (text !== '') query.text = text.slice(0, MAX_SEARCH_LENGTH);
  const due = view.dueRange ? resolveDateRange(view.dueRange, today) : {};
  if (due.from) query.fromduedate = due.from;
  if (due.to) query.toduedate = due.to;
  if (isCurrencyCode(view.currency)) query.currency = view.currency;
  Object.assign(query, spec.extras.toQuery(spec.extras.normalise(view)));
  return query;
}

/** The export's query: the view without the page. */
export function toExportQuery<V extends ViewTypes>(spec: ViewSpec<V>, view: GridViewOf<V>, today: Date = new Date(), mode: GridMode = 'service'): Omit<ViewQuery<V>, 'page'> {
  const { page: _page, ...rest } = toGridQuery(spec, view, 1, today, mode);
  return rest;
}

/** True when two views ask for the same rows, from the service and from the local copy alike (columns do not matter). */
export function sameRows<V extends ViewTypes>(spec: ViewSpec<V>, a: GridViewOf<V>, b: GridViewOf<V>, today: Date = new Date()): boolean {
  const rowsOf = (view: GridViewOf<V>) => JSON.stringify([toExportQuery(spec, view, today, 'service'), toExportQuery(spec, view, today, 'local')]);
  return rowsOf(a) === rowsOf(b);
}

/** Whether the view narrows the rows by more than its filter chip and search (the empty grid's hint). */
export const narrowed = <V extends ViewTypes>(spec: ViewSpec<V>, view: GridViewOf<V>): boolean => spec.extras.narrowed(spec.extras.normalise(view));
