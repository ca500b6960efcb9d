/**
 * A view's sort and the table's sorting state: which column a sort field belongs to, the arrow the
 * table shows (the sort actually sent in this mode), the view sorted as the table asks, and which
 * columns sort in each mode. Apart because it is the one place the table's column ids and the
 * query's sort fields meet.
 */
import { effectiveSort, type GridMode } from './grid-mode';
import type { GridViewOf, ViewSpec, ViewTypes } from './view-spec';
import { isColumnId } from './view-state';

export interface ColumnSort<C extends string = string> {
  id: C;
  desc: boolean;
}

/** The column the local copy sorts by the field (every sort field has one). */
export function columnOfSortField<V extends ViewTypes>(spec: ViewSpec<V>, field: V['sort']): V['column'] {
  const column = spec.allColumns.find((id) => spec.localSortFieldOf(id) === field);
  if (column === undefined) throw new Error(`no column sorts by ${field}`);
  return column;
}

/** The table's sorting state: the sort the query carries in this mode (so the arrow shows what was sent). */
export function sortingOf<V extends ViewTypes>(spec: ViewSpec<V>, view: GridViewOf<V>, mode: GridMode = 'service'): ColumnSort<V['column']>[] {
  const { sortby, sortorder } = effectiveSort(spec, view, mode);
  return sortby ? [{ id: columnOfSortField(spec, sortby), desc: sortorder === 'descending' }] : [];
}

/** The view sorted as the table asks; `fieldOf` says which columns sort in this mode (undefined: none). */
export function withSorting<V extends ViewTypes>(
  spec: ViewSpec<V>,
  view: GridViewOf<V>,
  sorting: readonly { id: string; desc: boolean }[],
  fieldOf: (id: V['column']) => V['sort'] | undefined,
): GridViewOf<V> {
  const first = sorting[0];
  const field = first && isColumnId(spec, first.id) ? fieldOf(first.id) : undefined;
  const { sortby: _s, sortorder: _o, ...rest } = view;
  if (!first || !field) return rest;
  return { ...rest, sortby: field, sortorder: first.desc ? 'descending' : 'ascending' };
}

/** The sort field of a column in this mode (undefined: it does not sort there). */
export const sortFieldIn =
  <V extends ViewTypes>(spec: ViewSpec<V>, mode: GridMode) =>
  (column: V['column']): V['sort'] | undefined =>
    mode === 'local' ? spec.localSortFieldOf(column) : spec.serviceSortFieldOf(column);
