/**
 * A grid's view as it is kept per company: the default a new company gets, a stored view made
 * usable (whatever version wrote it), and what is saved. Apart from the query (view-query.ts):
 * this is what the user chose, not what is asked of the service or the local copy.
 */
import { normaliseDateRange } from './date-range';
import type { GridViewOf, SavedViewOf, StoredView, ViewSpec, ViewTypes } from './view-spec';
import { isCurrencyCode, MAX_SEARCH_LENGTH, oneOf } from './view-values';

/** Whether `value` is one of the resource's column ids. */
export const isColumnId = <V extends ViewTypes>(spec: ViewSpec<V>, value: unknown): value is V['column'] => oneOf(spec.allColumns, value);

/** A new company's view (a fresh copy each time). */
function freshDefaultView<V extends ViewTypes>(spec: ViewSpec<V>): GridViewOf<V> {
  return { ...(spec.defaultSort ?? {}), search: { field: spec.defaultSearchField, value: '' }, limit: spec.defaultPageSize, columns: [...spec.defaultColumns] };
}

/** A new company's view, frozen (shared: copy it to change it). */
export function defaultViewOf<V extends ViewTypes>(spec: ViewSpec<V>): GridViewOf<V> {
  const view = freshDefaultView(spec);
  return Object.freeze({ ...view, search: Object.freeze(view.search) }) as GridViewOf<V>;
}

/**
 * A persisted view as the grid can use it. The main process validates what it stores, but a view
 * saved by an older version (a column since removed, a page size no longer offered) must not
 * break the grid: anything unknown falls back to the default. The local copy's parts are kept
 * whatever the mode: they come back when the copy does.
 */
export function normaliseView<V extends ViewTypes>(spec: ViewSpec<V>, view: StoredView | null | undefined): GridViewOf<V> {
  if (!view) return freshDefaultView(spec);
  const columns = [...new Set(view.columns.filter((id) => isColumnId(spec, id)))];
  const out: GridViewOf<V> = {
    limit: oneOf(spec.pageSizes, view.limit) ? view.limit : spec.defaultPageSize,
    columns: columns.length > 0 ? columns : [...spec.defaultColumns],
    search: {
      field: oneOf(spec.searchFields, view.search?.field) ? view.search.field : spec.defaultSearchField,
      value: (view.search?.value ?? '').slice(0, MAX_SEARCH_LENGTH),
    },
  };
  if (oneOf(spec.localSortFields, view.sortby)) {
    out.sortby = view.sortby;
    out.sortorder = view.sortorder === 'descending' ? 'descending' : 'ascending';
  }
  if (oneOf(spec.filters, view.filter)) out.filter = view.filter;
  if (typeof view.text === 'string' && view.text !== '') out.text = view.text.slice(0, MAX_SEARCH_LENGTH);
  // A register (customers) has no dates or currencies to narrow by: such keys of a stored view are dropped.
  if (spec.dated) {
    const dateRange = normaliseDateRange(view.dateRange);
    if (dateRange) out.dateRange = dateRange;
    const dueRange = normaliseDateRange(view.dueRange);
    if (dueRange) out.dueRange = dueRange;
    if (isCurrencyCode(view.currency)) out.currency = view.currency;
  }
  Object.assign(out, spec.extras.normalise(view));
  return out;
}

/** What the view channel stores: only set fields (the contract's schema is strict). */
export function toViewState<V extends ViewTypes>(spec: ViewSpec<V>, view: GridViewOf<V>): SavedViewOf<V> {
  const state: SavedViewOf<V> = { limit: view.limit, columns: [...view.columns] };
  if (view.sortby) {
    state.sortby = view.sortby;
    state.sortorder = view.sortorder ?? 'ascending';
  }
  if (view.filter) state.filter = view.filter;
  if (view.search.value.trim() !== '' || view.search.field !== spec.defaultSearchField) {
    state.search = { field: view.search.field, value: view.search.value.slice(0, MAX_SEARCH_LENGTH) };
  }
  if (view.text !== undefined && view.text.trim() !== '') state.text = view.text.slice(0, MAX_SEARCH_LENGTH);
  if (spec.dated) {
    const dateRange = normaliseDateRange(view.dateRange);
    if (dateRange) state.dateRange = dateRange;
    const dueRange = normaliseDateRange(view.dueRange);
    if (dueRange) state.dueRange = dueRange;
    if (isCurrencyCode(view.currency)) state.currency = view.currency;
  }
  Object.assign(state, spec.extras.normalise(view));
  return state;
}
