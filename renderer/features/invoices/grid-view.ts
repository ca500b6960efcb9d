/**
 * The rules of a grid's view for any resource (customer invoices, supplier invoices, ...): what is
 * persisted per company, the query it becomes (for the service, or for the company's local copy
 * once it is ready), sorting and the toolbar's changes. A resource gives its lists (columns,
 * filters, sort and search fields, what only the copy answers) in a ViewSpec; createViewLogic
 * binds the rules to it. No React here, so the rules are unit-tested directly (view.ts binds the
 * customer invoices' spec under the names the grid always had).
 */
import type { DateBounds, DateRange, SortOrder } from '../../../electron/common/invoices';
import { normaliseDateRange, resolveDateRange } from './date-range';

/**
 * Who answers the grid: 'local', the company's local copy of the resource (ready, and the setting
 * on: every column sorts, one search box, due dates, currency, sums), or 'service', the accounting
 * service itself (its own sort fields, if any, and its search fields). Named like the page's `source`.
 */
export type GridMode = 'local' | 'service';

/** The id types of one resource's view: its column ids, filters, sort fields, search fields and the overview's scopes. */
export interface ViewTypes {
  column: string;
  filter: string;
  sort: string;
  search: string;
  /** What a link of the overview narrows the rows to (the customer grid's 'owed', the supplier grid's 'topay', ...). */
  scope: string;
}

/**
 * One company's view of one resource's grid. The resource-specific narrowings live beside the
 * common parts (the customer grid's receivables-overview scope, customer and FinalPayDate bounds;
 * the supplier grid's one supplier); a spec's `extras` says which it keeps.
 */
export interface GridViewOf<V extends ViewTypes> {
  sortby?: V['sort'];
  sortorder?: SortOrder;
  filter?: V['filter'];
  /** The service's one search field (without a local copy). */
  search: { field: V['search']; value: string };
  /** Invoice-date range. */
  dateRange?: DateRange;
  /** The local copy's one search box, due-date range and currency (kept while the copy is off). */
  text?: string;
  dueRange?: DateRange;
  currency?: string;
  /** Set by a link of the overview: the resource's own scopes. */
  scope?: V['scope'];
  /** Customer invoices: set by a link of the receivables overview. */
  customer?: string;
  finalPayRange?: DateBounds;
  /** Customer invoices: the expected date's bounds (due date + the customer's habit), set by the cash outlook. */
  expectedRange?: DateBounds;
  /** Supplier invoices: one supplier, by its exact number. */
  supplier?: string;
  limit: number;
  /** Visible columns in their order. */
  columns: V['column'][];
}

/** A view as the grid saves it: only set fields (the contract's schemas are strict). */
export type SavedViewOf<V extends ViewTypes> = Omit<GridViewOf<V>, 'search'> & { search?: GridViewOf<V>['search'] };

/** A view as it is stored (loose: written by an older version, or by anyone). */
export interface StoredView {
  sortby?: string;
  sortorder?: string;
  filter?: string;
  search?: { field: string; value: string };
  dateRange?: DateRange;
  text?: string;
  dueRange?: DateRange;
  currency?: string;
  scope?: string;
  customer?: string;
  finalPayRange?: DateBounds;
  expectedRange?: DateBounds;
  supplier?: string;
  limit: number;
  columns: string[];
}

/** The query a view becomes (the resource's list channel's query; the main process validates it again). */
export interface ViewQuery<V extends ViewTypes> {
  page: number;
  limit: number;
  sortby?: V['sort'];
  sortorder?: SortOrder;
  filter?: V['filter'];
  fromdate?: string;
  todate?: string;
  search?: { field: V['search']; value: string };
  text?: string;
  fromduedate?: string;
  toduedate?: string;
  currency?: string;
  scope?: V['scope'];
  customer?: string;
  fromfinalpaydate?: string;
  tofinalpaydate?: string;
  fromexpecteddate?: string;
  toexpecteddate?: string;
  supplier?: string;
}

/** The resource-specific narrowings of a view (`GridViewOf`'s extras) and the query keys they become. */
export type ViewExtras<V extends ViewTypes = ViewTypes> = Pick<GridViewOf<V>, 'scope' | 'customer' | 'finalPayRange' | 'expectedRange' | 'supplier'>;
export type ExtraQuery<V extends ViewTypes = ViewTypes> = Pick<ViewQuery<V>, 'scope' | 'customer' | 'fromfinalpaydate' | 'tofinalpaydate' | 'fromexpecteddate' | 'toexpecteddate' | 'supplier'>;

export interface ViewSpec<V extends ViewTypes> {
  /** Every column, in the column menu's default order. */
  allColumns: readonly V['column'][];
  /** Shown on a new company. */
  defaultColumns: readonly V['column'][];
  filters: readonly V['filter'][];
  /** The local copy's sort field of a column (every column has one, or nearly: undefined where none). */
  localSortFieldOf: (column: V['column']) => V['sort'] | undefined;
  /** The service's sort field of a column (none for a resource the service cannot sort). */
  serviceSortFieldOf: (column: V['column']) => V['sort'] | undefined;
  localSortFields: readonly V['sort'][];
  /** The sort fields the service accepts (empty: it lists the resource in its own order only). */
  serviceSortFields: readonly V['sort'][];
  /** The service's search fields the grid offers without a local copy (one at a time). */
  searchFields: readonly V['search'][];
  defaultSearchField: V['search'];
  /** A new company's sort. */
  defaultSort?: { sortby: V['sort']; sortorder: SortOrder };
  /** What the service is asked for instead of a sort only the copy can do; undefined: its own order. */
  serviceSort?: { sortby: V['sort']; sortorder: SortOrder };
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** The query's parts only the local copy answers (the service gets none of them). */
  localOnlyQueryKeys: readonly string[];
  /** The valid resource-specific narrowings of a stored view, and their query keys. */
  extras: {
    normalise: (view: StoredView) => ViewExtras<V>;
    toQuery: (extras: ViewExtras<V>) => ExtraQuery<V>;
    /** Whether the view is narrowed by them (the empty grid's hint says so). */
    narrowed: (extras: ViewExtras<V>) => boolean;
  };
}

export const MAX_SEARCH_LENGTH = 200;
const CURRENCY_CODE = /^[A-Z]{3}$/;

const oneOf = <T extends string | number>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value);

/** A currency the query may carry (what the main process accepts: three capital letters). */
export const isCurrencyCode = (value: unknown): value is string => typeof value === 'string' && CURRENCY_CODE.test(value);

export interface ColumnSort<C extends string = string> {
  id: C;
  desc: boolean;
}

/** The rules of one resource's view, bound to its spec. */
export function createViewLogic<V extends ViewTypes>(spec: ViewSpec<V>) {
  type View = GridViewOf<V>;
  type Query = ViewQuery<V>;

  const isColumnId = (value: unknown): value is V['column'] => oneOf(spec.allColumns, value);
  const isServiceSortField = (field: V['sort']): boolean => oneOf(spec.serviceSortFields, field);
  const columnOfSortField = (field: V['sort']): V['column'] => {
    const column = spec.allColumns.find((id) => spec.localSortFieldOf(id) === field);
    if (column === undefined) throw new Error(`no column sorts by ${field}`);
    return column;
  };

  const defaultView: View = Object.freeze({
    ...(spec.defaultSort ?? {}),
    search: Object.freeze({ field: spec.defaultSearchField, value: '' }),
    limit: spec.defaultPageSize,
    columns: [...spec.defaultColumns],
  }) as View;

  /**
   * A persisted view as the grid can use it. The main process validates what it stores, but a view
   * saved by an older version (a column since removed, a page size no longer offered) must not
   * break the grid: anything unknown falls back to the default. The local copy's parts are kept
   * whatever the mode: they come back when the copy does.
   */
  function normaliseView(view: StoredView | null | undefined): View {
    if (!view) return { ...defaultView, search: { ...defaultView.search }, columns: [...defaultView.columns] };
    const columns = [...new Set(view.columns.filter(isColumnId))];
    const out: View = {
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
    const dateRange = normaliseDateRange(view.dateRange);
    if (dateRange) out.dateRange = dateRange;
    if (typeof view.text === 'string' && view.text !== '') out.text = view.text.slice(0, MAX_SEARCH_LENGTH);
    const dueRange = normaliseDateRange(view.dueRange);
    if (dueRange) out.dueRange = dueRange;
    if (isCurrencyCode(view.currency)) out.currency = view.currency;
    Object.assign(out, spec.extras.normalise(view));
    return out;
  }

  /** What the view channel stores: only set fields (the contract's schema is strict). */
  function toViewState(view: View): SavedViewOf<V> {
    const state: SavedViewOf<V> = { limit: view.limit, columns: [...view.columns] };
    if (view.sortby) {
      state.sortby = view.sortby;
      state.sortorder = view.sortorder ?? 'ascending';
    }
    if (view.filter) state.filter = view.filter;
    if (view.search.value.trim() !== '' || view.search.field !== spec.defaultSearchField) {
      state.search = { field: view.search.field, value: view.search.value.slice(0, MAX_SEARCH_LENGTH) };
    }
    const dateRange = normaliseDateRange(view.dateRange);
    if (dateRange) state.dateRange = dateRange;
    if (view.text !== undefined && view.text.trim() !== '') state.text = view.text.slice(0, MAX_SEARCH_LENGTH);
    const dueRange = normaliseDateRange(view.dueRange);
    if (dueRange) state.dueRange = dueRange;
    if (isCurrencyCode(view.currency)) state.currency = view.currency;
    Object.assign(state, spec.extras.normalise(view));
    return state;
  }

  /**
   * The sort a query carries: the view's own; for the service, its fallback instead of one it
   * cannot do (a sort by due date saved while the local copy answered), or none at all for a
   * resource it lists in its own order only.
   */
  function effectiveSort(view: View, mode: GridMode): Pick<Query, 'sortby' | 'sortorder'> {
    if (!view.sortby) return {};
    if (mode === 'local' || isServiceSortField(view.sortby)) return { sortby: view.sortby, sortorder: view.sortorder ?? 'ascending' };
    return spec.serviceSort ? { ...spec.serviceSort } : {};
  }

  /** The query without what only the local copy answers (the service gets none of it). */
  function withoutLocalParts<Q extends Omit<Query, 'page'>>(query: Q): Q {
    const out = { ...query };
    // The sort first: a sort the service cannot do goes with its order (a resource may list sortby as local-only).
    if (out.sortby !== undefined && !isServiceSortField(out.sortby)) {
      delete out.sortby;
      delete out.sortorder;
      if (spec.serviceSort) Object.assign(out, spec.serviceSort);
    }
    for (const key of spec.localOnlyQueryKeys) delete (out as Record<string, unknown>)[key];
    if (out.search !== undefined && !oneOf(spec.searchFields, out.search.field)) delete out.search;
    return out;
  }

  /**
   * The query of a view: the date range (resolved against `today`, the user's local calendar) goes
   * with the filter and the search. For the service: one search parameter at most (its rule), none
   * when the box is empty, and none of the local copy's parts. For the local copy: the one search
   * box as `text`, the due-date range, the currency, the resource's narrowings, and any column's
   * sort. `page` is 1-based like the service's.
   */
  function toGridQuery(view: View, page: number, today: Date = new Date(), mode: GridMode = 'service'): Query {
    const query: Query = { page: Math.max(1, Math.trunc(page)), limit: view.limit, ...effectiveSort(view, mode) };
    if (view.filter) query.filter = view.filter;
    const dates = view.dateRange ? resolveDateRange(view.dateRange, today) : {};
    if (dates.from) query.fromdate = dates.from;
    if (dates.to) query.todate = dates.to;
    if (mode === 'service') {
      const value = view.search.value.trim();
      if (value !== '') query.search = { field: view.search.field, value: value.slice(0, MAX_SEARCH_LENGTH) };
      return withoutLocalParts(query);
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
  function toExportQuery(view: View, today: Date = new Date(), mode: GridMode = 'service'): Omit<Query, 'page'> {
    const { page: _page, ...rest } = toGridQuery(view, 1, today, mode);
    return rest;
  }

  /** True when two views ask for the same rows, from the service and from the local copy alike (columns do not matter). */
  function sameRows(a: View, b: View, today: Date = new Date()): boolean {
    const rowsOf = (view: View) => JSON.stringify([toExportQuery(view, today, 'service'), toExportQuery(view, today, 'local')]);
    return rowsOf(a) === rowsOf(b);
  }

  /** The table's sorting state: the sort the query carries in this mode (so the arrow shows what was sent). */
  function sortingOf(view: View, mode: GridMode = 'service'): ColumnSort<V['column']>[] {
    const { sortby, sortorder } = effectiveSort(view, mode);
    return sortby ? [{ id: columnOfSortField(sortby), desc: sortorder === 'descending' }] : [];
  }

  /** The view sorted as the table asks; `fieldOf` says which columns sort in this mode (undefined: none). */
  function withSorting(view: View, sorting: readonly { id: string; desc: boolean }[], fieldOf: (id: V['column']) => V['sort'] | undefined): View {
    const first = sorting[0];
    const field = first && isColumnId(first.id) ? fieldOf(first.id) : undefined;
    const { sortby: _s, sortorder: _o, ...rest } = view;
    if (!first || !field) return rest;
    return { ...rest, sortby: field, sortorder: first.desc ? 'descending' : 'ascending' };
  }

  /** The sort field of a column in this mode (undefined: it does not sort there). */
  const sortFieldIn = (mode: GridMode) => (column: V['column']): V['sort'] | undefined => (mode === 'local' ? spec.localSortFieldOf(column) : spec.serviceSortFieldOf(column));
  /** Whether the column sorts in this mode (every column on the copy; the service's few, or none). */
  const canSort = (column: V['column'], mode: GridMode): boolean => sortFieldIn(mode)(column) !== undefined;

  /** Whether the view narrows the rows by more than its filter chip and search (the empty grid's hint). */
  const narrowed = (view: View): boolean => spec.extras.narrowed(spec.extras.normalise(view));

  return {
    spec,
    defaultView,
    isColumnId,
    isServiceSortField,
    columnOfSortField,
    normaliseView,
    toViewState,
    effectiveSort,
    withoutLocalParts,
    toGridQuery,
    toExportQuery,
    sameRows,
    sortingOf,
    withSorting,
    canSort,
    sortFieldIn,
    narrowed,
  };
}

export type ViewLogic<V extends ViewTypes> = ReturnType<typeof createViewLogic<V>>;

// The toolbar's changes: the same for every resource -----------------------------------------

export function withFilter<View extends { filter?: string }>(view: View, filter: View['filter'] | undefined): View {
  const { filter: _old, ...rest } = view;
  return (filter ? { ...rest, filter } : rest) as View;
}

export function withDateRange<View extends { dateRange?: DateRange }>(view: View, range: DateRange | undefined): View {
  const { dateRange: _old, ...rest } = view;
  const next = normaliseDateRange(range);
  return (next ? { ...rest, dateRange: next } : rest) as View;
}

export function withDueRange<View extends { dueRange?: DateRange }>(view: View, range: DateRange | undefined): View {
  const { dueRange: _old, ...rest } = view;
  const next = normaliseDateRange(range);
  return (next ? { ...rest, dueRange: next } : rest) as View;
}

export function withText<View extends { text?: string }>(view: View, text: string): View {
  const { text: _old, ...rest } = view;
  return (text === '' ? rest : { ...rest, text: text.slice(0, MAX_SEARCH_LENGTH) }) as View;
}

export function withCurrency<View extends { currency?: string }>(view: View, currency: string | undefined): View {
  const { currency: _old, ...rest } = view;
  return (isCurrencyCode(currency) ? { ...rest, currency } : rest) as View;
}
