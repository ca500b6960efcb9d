/**
 * The grid's view state and the pure logic around it: what is persisted per company, the server
 * query it becomes, the pager's arithmetic and the column menu's moves. No React here, so the
 * rules are unit-tested directly.
 */
import type { ExportColumnId, GridQuery, ViewState } from '../../../electron/ipc/contract';
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
  return state;
}

/**
 * The server query of a view: one search parameter at most (the service's rule), and none when
 * the box is empty. `page` is 1-based like the service's.
 */
export function toGridQuery(view: GridView, page: number): GridQuery {
  const query: GridQuery = { page: Math.max(1, Math.trunc(page)), limit: view.limit };
  if (view.sortby) {
    query.sortby = view.sortby;
    query.sortorder = view.sortorder ?? 'ascending';
  }
  if (view.filter) query.filter = view.filter;
  const value = view.search.value.trim();
  if (value !== '') query.search = { field: view.search.field, value: value.slice(0, MAX_SEARCH_LENGTH) };
  return query;
}

/** The export's query: the view without the page. */
export function toExportQuery(view: GridView): Omit<GridQuery, 'page'> {
  const { page: _page, ...rest } = toGridQuery(view, 1);
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
