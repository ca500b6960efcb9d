/**
 * The rules of a grid's view for any resource (customer invoices, supplier invoices, ...), bound
 * to one resource's spec: a resource gives its lists (columns, filters, sort and search fields,
 * what only the copy answers) in a ViewSpec (view-spec.ts) and createViewLogic binds the rules of
 * view-state.ts, grid-mode.ts, view-query.ts and view-sorting.ts to it. Apart so a resource and
 * its grid get one object with every rule, and the rules themselves stay in files named for their
 * job. No React here, so the rules are unit-tested directly (view.ts binds the customer invoices'
 * spec under the names the grid always had).
 */
import { effectiveSort, isServiceSortField, withoutLocalParts, type GridMode } from './grid-mode';
import { narrowed, sameRows, toExportQuery, toGridQuery } from './view-query';
import { columnOfSortField, sortFieldIn, sortingOf, withSorting } from './view-sorting';
import type { GridViewOf, StoredView, ViewQuery, ViewSpec, ViewTypes } from './view-spec';
import { defaultViewOf, isColumnId, normaliseView, toViewState } from './view-state';

/** The rules of one resource's view, bound to its spec. */
export function createViewLogic<V extends ViewTypes>(spec: ViewSpec<V>) {
  type View = GridViewOf<V>;
  type Query = ViewQuery<V>;
  const fieldIn = (mode: GridMode) => sortFieldIn(spec, mode);

  return {
    spec,
    /** A new company's view (frozen). */
    defaultView: defaultViewOf(spec),
    isColumnId: (value: unknown): value is V['column'] => isColumnId(spec, value),
    isServiceSortField: (field: V['sort']) => isServiceSortField(spec, field),
    columnOfSortField: (field: V['sort']) => columnOfSortField(spec, field),
    normaliseView: (view: StoredView | null | undefined) => normaliseView(spec, view),
    toViewState: (view: View) => toViewState(spec, view),
    effectiveSort: (view: View, mode: GridMode) => effectiveSort(spec, view, mode),
    withoutLocalParts: <Q extends Omit<Query, 'page'>>(query: Q): Q => withoutLocalParts(spec, query),
    toGridQuery: (view: View, page: number, today: Date = new Date(), mode: GridMode = 'service') => toGridQuery(spec, view, page, today, mode),
    toExportQuery: (view: View, today: Date = new Date(), mode: GridMode = 'service') => toExportQuery(spec, view, today, mode),
    sameRows: (a: View, b: View, today: Date = new Date()) => sameRows(spec, a, b, today),
    sortingOf: (view: View, mode: GridMode = 'service') => sortingOf(spec, view, mode),
    withSorting: (view: View, sorting: readonly { id: string; desc: boolean }[], fieldOf: (id: V['column']) => V['sort'] | undefined) => withSorting(spec, view, sorting, fieldOf),
    /** Whether the column sorts in this mode (every column on the copy; the service's few, or none). */
    canSort: (column: V['column'], mode: GridMode): boolean => fieldIn(mode)(column) !== undefined,
    /** The sort field of a column in this mode (undefined: it does not sort there). */
    sortFieldIn: fieldIn,
    narrowed: (view: View) => narrowed(spec, view),
  };
}

export type ViewLogic<V extends ViewTypes> = ReturnType<typeof createViewLogic<V>>;
