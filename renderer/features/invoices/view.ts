/**
 * The grid's view state and the pure logic around it: what is persisted per company, the server
 * query it becomes, the pager's arithmetic and the column menu's moves. No React here, so the
 * rules are unit-tested directly.
 */
import { dateRangePresets } from '../../../electron/common/invoices';
import type { DateRange, DateRangePreset, ExportColumnId, GridQuery, ViewState } from '../../../electron/ipc/contract';
import {
  columnOfSortField,
  defaultColumnIds,
  defaultPageSize,
  filterIds,
  isColumnId,
  pageSizes,
  searchFields,
  sortFields,
  type FilterId,
  type SearchField,
  type SortField,
} from './columns';

/** ViewState with its loose parts tightened (columns as ids, search always present). */
export interface GridView {
  sortby?: SortField;
  sortorder?: 'ascending' | 'descending';
  filter?: FilterId;
  search: { field: SearchField; value: string };
  /** An invoice-date range; absent means all dates. */
  dateRange?: DateRange;
  limit: number;
  columns: ExportColumnId[];
}

export const MAX_SEARCH_LENGTH = 200;

/** A company's first view: the newest invoices first (what came in, what is owed), not document 1 of 2023. */
export const defaultView: GridView = Object.freeze({
  sortby: 'invoicedate' as const,
  sortorder: 'descending' as const,
  search: Object.freeze({ field: 'customername' as const, value: '' }),
  limit: defaultPageSize,
  columns: [...defaultColumnIds],
}) as GridView;

const oneOf = <T extends string | number>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value);

/**
 * A persisted view as the grid can use it. The main process validates what it stores, but a view
 * saved by an older version (a column since removed, a page size no longer offered) must not
 * break the grid: anything unknown falls back to the default.
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
  if (oneOf(sortFields, view.sortby)) {
    out.sortby = view.sortby;
    out.sortorder = view.sortorder === 'descending' ? 'descending' : 'ascending';
  }
  if (oneOf(filterIds, view.filter)) out.filter = view.filter;
  const dateRange = normaliseDateRange(view.dateRange);
  if (dateRange) out.dateRange = dateRange;
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
  return state;
}

/**
 * The server query of a view: one search parameter at most (the service's rule), and none when
 * the box is empty; the date range (resolved against `today`, the user's local calendar) goes
 * with the filter and the search. `page` is 1-based like the service's.
 */
export function toGridQuery(view: GridView, page: number, today: Date = new Date()): GridQuery {
  const query: GridQuery = { page: Math.max(1, Math.trunc(page)), limit: view.limit };
  if (view.sortby) {
    query.sortby = view.sortby;
    query.sortorder = view.sortorder ?? 'ascending';
  }
  if (view.filter) query.filter = view.filter;
  const dates = view.dateRange ? resolveDateRange(view.dateRange, today) : {};
  if (dates.from) query.fromdate = dates.from;
  if (dates.to) query.todate = dates.to;
  const value = view.search.value.trim();
  if (value !== '') query.search = { field: view.search.field, value: value.slice(0, MAX_SEARCH_LENGTH) };
  return query;
}

/** The export's query: the view without the page. */
export function toExportQuery(view: GridView, today: Date = new Date()): Omit<GridQuery, 'page'> {
  const { page: _page, ...rest } = toGridQuery(view, 1, today);
  return rest;
}

/** True when two views ask the server for the same rows (columns do not matter). */
export function sameRows(a: GridView, b: GridView): boolean {
  return JSON.stringify(toExportQuery(a)) === JSON.stringify(toExportQuery(b));
}

export function withFilter(view: GridView, filter: FilterId | undefined): GridView {
  const { filter: _old, ...rest } = view;
  return filter ? { ...rest, filter } : rest;
}

// Date range ------------------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (what `<input type="date">` gives, and the service takes). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A local calendar day as YYYY-MM-DD (not toISOString: that is UTC, the day before east of Greenwich at midnight). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The inclusive dates of a range on the user's local calendar; a custom range keeps the bounds it has. */
export function resolveDateRange(range: DateRange, today: Date): { from?: string; to?: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  switch (range.preset) {
    case 'thismonth':
      return { from: localDay(new Date(y, m, 1)), to: localDay(new Date(y, m + 1, 0)) };
    case 'lastmonth':
      return { from: localDay(new Date(y, m - 1, 1)), to: localDay(new Date(y, m, 0)) };
    case 'thisyear':
      return { from: localDay(new Date(y, 0, 1)), to: localDay(new Date(y, 11, 31)) };
    case 'custom': {
      const out: { from?: string; to?: string } = {};
      if (range.from) out.from = range.from;
      if (range.to) out.to = range.to;
      return out;
    }
  }
}

/** Why a custom range cannot be sent, or null: a bound that is no date, or from after to. */
export function dateRangeProblem(from: string, to: string): 'from' | 'to' | 'order' | null {
  if (from !== '' && !isIsoDate(from)) return 'from';
  if (to !== '' && !isIsoDate(to)) return 'to';
  if (from !== '' && to !== '' && from > to) return 'order';
  return null;
}

/** A saved range the grid can use, or undefined (all dates): an unknown preset, or a custom range
 * with a bound that is no date or whose from is after its to, is dropped rather than sent. A
 * custom range without bounds stays (the inputs stay open) and asks for every date. */
export function normaliseDateRange(range: DateRange | null | undefined): DateRange | undefined {
  if (!range || !oneOf(dateRangePresets, range.preset)) return undefined;
  if (range.preset !== 'custom') return { preset: range.preset };
  const from = range.from ?? '';
  const to = range.to ?? '';
  if (dateRangeProblem(from, to) !== null) return undefined;
  const out: DateRange = { preset: 'custom' };
  if (from) out.from = from;
  if (to) out.to = to;
  return out;
}

export function withDateRange(view: GridView, range: DateRange | undefined): GridView {
  const { dateRange: _old, ...rest } = view;
  const next = normaliseDateRange(range);
  return next ? { ...rest, dateRange: next } : rest;
}

export type { DateRangePreset };

// Sorting ---------------------------------------------------------------------------------------

export interface ColumnSort {
  id: ExportColumnId;
  desc: boolean;
}

export function sortingOf(view: GridView): ColumnSort[] {
  return view.sortby ? [{ id: columnOfSortField(view.sortby), desc: view.sortorder === 'descending' }] : [];
}

export function withSorting(view: GridView, sorting: readonly { id: string; desc: boolean }[], fieldOf: (id: ExportColumnId) => SortField | undefined): GridView {
  const first = sorting[0];
  const field = first && isColumnId(first.id) ? fieldOf(first.id) : undefined;
  const { sortby: _s, sortorder: _o, ...rest } = view;
  if (!first || !field) return rest;
  return { ...rest, sortby: field, sortorder: first.desc ? 'descending' : 'ascending' };
}

// Pager -----------------------------------------------------------------------------------------

/** "rows x–y of N" for a page; null when there is nothing to show. */
export function rowRange(page: number, limit: number, rowsOnPage: number, totalResources: number): { from: number; to: number; total: number } | null {
  if (totalResources <= 0 || rowsOnPage <= 0) return null;
  const from = (page - 1) * limit + 1;
  return { from, to: from + rowsOnPage - 1, total: totalResources };
}

/** A page the pager may ask for: 1..totalPages (1 when there are none: totalPages is 0 when empty). */
export function clampPage(page: number, totalPages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, totalPages));
}

/**
 * A page range as the user types it: "2–7", "2-7", "2 - 7", "7" (one page). Pages outside
 * 1..totalPages are refused, not clamped (the user asked for something that does not exist).
 */
export function parsePageRange(text: string, totalPages: number): { from: number; to: number } | { error: 'format' | 'order' | 'bounds' } {
  const match = /^\s*(\d{1,7})\s*(?:[-–—]\s*(\d{1,7})\s*)?$/.exec(text);
  if (!match) return { error: 'format' };
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  if (from > to) return { error: 'order' };
  if (from < 1 || to > totalPages) return { error: 'bounds' };
  return { from, to };
}

// Columns ---------------------------------------------------------------------------------------

/** Shows or hides a column; the last visible column cannot be hidden. A shown column goes last. */
export function toggleColumn(columns: readonly ExportColumnId[], id: ExportColumnId): ExportColumnId[] {
  if (columns.includes(id)) return columns.length > 1 ? columns.filter((c) => c !== id) : [...columns];
  return [...columns, id];
}

/** Moves a visible column one step left (-1) or right (+1); out of range is a no-op. */
export function moveColumn(columns: readonly ExportColumnId[], id: ExportColumnId, delta: -1 | 1): ExportColumnId[] {
  const next = [...columns];
  const at = next.indexOf(id);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= next.length) return next;
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** The menu's list: visible columns in their order, then the hidden ones in their default order. */
export function columnMenuOrder(columns: readonly ExportColumnId[], all: readonly ExportColumnId[]): ExportColumnId[] {
  return [...columns, ...all.filter((id) => !columns.includes(id))];
}
