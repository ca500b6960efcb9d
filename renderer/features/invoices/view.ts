/**
 * The grid's view state and the pure logic around it: what is persisted per company, the query it
 * becomes (for the service, or for the company's local copy once it is ready), the pager's
 * arithmetic and the column menu's moves. No React here, so the rules are unit-tested directly.
 */
import { invoiceScopes, localOnlyQueryKeys } from '../../../electron/common/invoices';
import type { DateRange, ExportColumnId, GridQuery, ViewState } from '../../../electron/ipc/contract';
import {
  columnOfSortField,
  defaultColumnIds,
  defaultPageSize,
  filterIds,
  isColumnId,
  localSortFields,
  pageSizes,
  searchFields,
  sortFields,
  type FilterId,
  type LocalSortField,
  type SearchField,
  type SortField,
} from './columns';
import { normaliseDateRange, resolveDateRange } from './date-range';

export * from './date-range';
export * from './pager-math';
export * from './column-order';

/**
 * Who answers the grid: 'local', the company's local copy (ready, and the setting on: every column
 * sorts, one search box, due dates, currency, sums), or 'service', the accounting service itself
 * (six sort fields, one search field at a time). Named like InvoicePageView's `source`.
 */
export type GridMode = 'local' | 'service';

/**
 * ViewState with its loose parts tightened: columns as ids, search always present. The rest is
 * ViewState's own (the local copy's search box, due dates and currency; the receivables overview's
 * scope, customer and FinalPayDate bounds, shown as one chip).
 */
export type GridView = Omit<ViewState, 'search' | 'columns'> & {
  search: { field: SearchField; value: string };
  columns: ExportColumnId[];
};

export type { DateBounds } from '../../../electron/common/invoices';

export const MAX_SEARCH_LENGTH = 200;
/** The longest customer number the main process accepts. */
export const MAX_CUSTOMER_LENGTH = 50;
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** A company's first view: the newest invoices first (what came in, what is owed), not document 1 of 2023. */
export const defaultView: GridView = Object.freeze({
  sortby: 'invoicedate' as const,
  sortorder: 'descending' as const,
  search: Object.freeze({ field: 'customername' as const, value: '' }),
  limit: defaultPageSize,
  columns: [...defaultColumnIds],
}) as GridView;

const oneOf = <T extends string | number>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value);

/** A currency the query may carry (what the main process accepts: three capital letters). */
export const isCurrencyCode = (value: unknown): value is string => typeof value === 'string' && CURRENCY_CODE.test(value);

/** Whether the service itself can sort by the field (six of the local copy's sixteen). */
export const isServiceSortField = (field: LocalSortField): field is SortField => oneOf(sortFields, field);

/**
 * A persisted view as the grid can use it. The main process validates what it stores, but a view
 * saved by an older version (a column since removed, a page size no longer offered) must not
 * break the grid: anything unknown falls back to the default. The local copy's parts are kept
 * whatever the mode: they come back when the copy does.
 */
export function normaliseView(view: ViewState | null | undefined): GridView {
  if (!view) return { ...defaultView, search: { ...defaultView.search }, columns: [...defaultView.columns] };
  const columns = [...new Set(view.columns.filter(isColumnId))];
  const out: GridView = {
    limit: oneOf(pageSizes, view.limit) ? view.limit : defaultPageSize,
    columns: columns.length > 0 ? columns : [...defaultColumnIds],
    search: {
      field: oneOf(searchFields, view.search?.field) ? view.search.field : 'customername',
      value: (view.search?.value ?? '').slice(0, MAX_SEARCH_LENGTH),
    },
  };
  if (oneOf(localSortFields, view.sortby)) {
    out.sortby = view.sortby;
    out.sortorder = view.sortorder === 'descending' ? 'descending' : 'ascending';
  }
  if (oneOf(filterIds, view.filter)) out.filter = view.filter;
  const dateRange = normaliseDateRange(view.dateRange);
  if (dateRange) out.dateRange = dateRange;
  if (typeof view.text === 'string' && view.text !== '') out.text = view.text.slice(0, MAX_SEARCH_LENGTH);
  const dueRange = normaliseDateRange(view.dueRange);
  if (dueRange) out.dueRange = dueRange;
  if (isCurrencyCode(view.currency)) out.currency = view.currency;
  Object.assign(out, overviewParts(view));
  return out;
}

/** The overview's parts of a view, those that are valid (a scope, a customer, FinalPayDate bounds). */
function overviewParts(view: Pick<ViewState, 'scope' | 'customer' | 'finalPayRange'>): Pick<GridView, 'scope' | 'customer' | 'finalPayRange'> {
  const out: Pick<GridView, 'scope' | 'customer' | 'finalPayRange'> = {};
  if (oneOf(invoiceScopes, view.scope)) out.scope = view.scope;
  if (typeof view.customer === 'string' && view.customer !== '' && view.customer.length <= MAX_CUSTOMER_LENGTH) out.customer = view.customer;
  const pay = normaliseDateRange(view.finalPayRange ? { preset: 'custom', ...view.finalPayRange } : undefined);
  if (pay && (pay.from || pay.to)) out.finalPayRange = { ...(pay.from ? { from: pay.from } : {}), ...(pay.to ? { to: pay.to } : {}) };
  return out;
}

/** What view.save stores: only set fields (the contract's schema is strict). */
export function toViewState(view: GridView): ViewState {
  const state: ViewState = { limit: view.limit, columns: [...view.columns] };
  if (view.sortby) {
    state.sortby = view.sortby;
    state.sortorder = view.sortorder ?? 'ascending';
  }
  if (view.filter) state.filter = view.filter;
  if (view.search.value.trim() !== '' || view.search.field !== 'customername') {
    state.search = { field: view.search.field, value: view.search.value.slice(0, MAX_SEARCH_LENGTH) };
  }
  const dateRange = normaliseDateRange(view.dateRange);
  if (dateRange) state.dateRange = dateRange;
  if (view.text !== undefined && view.text.trim() !== '') state.text = view.text.slice(0, MAX_SEARCH_LENGTH);
  const dueRange = normaliseDateRange(view.dueRange);
  if (dueRange) state.dueRange = dueRange;
  if (isCurrencyCode(view.currency)) state.currency = view.currency;
  Object.assign(state, overviewParts(view));
  return state;
}

/**
 * The sort a query carries: the view's own; for the service, the default sort instead of one it
 * cannot do (a sort by due date saved while the local copy answered).
 */
export function effectiveSort(view: GridView, mode: GridMode): Pick<GridQuery, 'sortby' | 'sortorder'> {
  if (!view.sortby) return {};
  if (mode === 'local' || isServiceSortField(view.sortby)) return { sortby: view.sortby, sortorder: view.sortorder ?? 'ascending' };
  return { sortby: defaultView.sortby!, sortorder: defaultView.sortorder! };
}

/**
 * The query of a view: the date range (resolved against `today`, the user's local calendar) goes
 * with the filter and the search. For the service: one search parameter at most (its rule), none
 * when the box is empty, and none of the local copy's parts (`localOnlyQueryKeys`). For the local
 * copy: the one search box as `text`, the due-date range and the currency, and any column's sort.
 * `page` is 1-based like the service's.
 */
export function toGridQuery(view: GridView, page: number, today: Date = new Date(), mode: GridMode = 'service'): GridQuery {
  const query: GridQuery = { page: Math.max(1, Math.trunc(page)), limit: view.limit, ...effectiveSort(view, mode) };
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
  const overview = overviewParts(view);
  if (overview.scope) query.scope = overview.scope;
  if (overview.customer !== undefined) query.customer = overview.customer;
  if (overview.finalPayRange?.from) query.fromfinalpaydate = overview.finalPayRange.from;
  if (overview.finalPayRange?.to) query.tofinalpaydate = overview.finalPayRange.to;
  return query;
}

/** The query without what only the local copy answers (the service gets none of it). */
export function withoutLocalParts<Q extends Omit<GridQuery, 'page'>>(query: Q): Q {
  const out = { ...query };
  for (const key of localOnlyQueryKeys) delete out[key];
  if (out.sortby !== undefined && !isServiceSortField(out.sortby)) {
    out.sortby = defaultView.sortby;
    out.sortorder = defaultView.sortorder;
  }
  return out;
}

/** The export's query: the view without the page. */
export function toExportQuery(view: GridView, today: Date = new Date(), mode: GridMode = 'service'): Omit<GridQuery, 'page'> {
  const { page: _page, ...rest } = toGridQuery(view, 1, today, mode);
  return rest;
}

/** True when two views ask for the same rows, from the service and from the local copy alike (columns do not matter). */
export function sameRows(a: GridView, b: GridView, today: Date = new Date()): boolean {
  const rowsOf = (view: GridView) => JSON.stringify([toExportQuery(view, today, 'service'), toExportQuery(view, today, 'local')]);
  return rowsOf(a) === rowsOf(b);
}

export function withFilter(view: GridView, filter: FilterId | undefined): GridView {
  const { filter: _old, ...rest } = view;
  return filter ? { ...rest, filter } : rest;
}

export function withDateRange(view: GridView, range: DateRange | undefined): GridView {
  const { dateRange: _old, ...rest } = view;
  const next = normaliseDateRange(range);
  return next ? { ...rest, dateRange: next } : rest;
}

export function withDueRange(view: GridView, range: DateRange | undefined): GridView {
  const { dueRange: _old, ...rest } = view;
  const next = normaliseDateRange(range);
  return next ? { ...rest, dueRange: next } : rest;
}

export function withText(view: GridView, text: string): GridView {
  const { text: _old, ...rest } = view;
  return text === '' ? rest : { ...rest, text: text.slice(0, MAX_SEARCH_LENGTH) };
}

export function withCurrency(view: GridView, currency: string | undefined): GridView {
  const { currency: _old, ...rest } = view;
  return isCurrencyCode(currency) ? { ...rest, currency } : rest;
}

// Sorting ---------------------------------------------------------------------------------------

export interface ColumnSort {
  id: ExportColumnId;
  desc: boolean;
}

/** The table's sorting state: the sort the query carries in this mode (so the arrow shows what was sent). */
export function sortingOf(view: GridView, mode: GridMode = 'service'): ColumnSort[] {
  const { sortby, sortorder } = effectiveSort(view, mode);
  return sortby ? [{ id: columnOfSortField(sortby), desc: sortorder === 'descending' }] : [];
}

/** The view sorted as the table asks; `fieldOf` says which columns sort in this mode (undefined: none). */
export function withSorting(view: GridView, sorting: readonly { id: string; desc: boolean }[], fieldOf: (id: ExportColumnId) => LocalSortField | undefined): GridView {
  const first = sorting[0];
  const field = first && isColumnId(first.id) ? fieldOf(first.id) : undefined;
  const { sortby: _s, sortorder: _o, ...rest } = view;
  if (!first || !field) return rest;
  return { ...rest, sortby: field, sortorder: first.desc ? 'descending' : 'ascending' };
}
