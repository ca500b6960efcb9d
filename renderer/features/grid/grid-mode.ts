/**
 * Who answers a grid, the accounting service or the company's local copy, and what the service
 * may be asked: the sorts it can do (its fallback instead of one only the copy can) and the query
 * without the copy's parts. Apart because the hooks, the toolbar and the sync status name the mode
 * without needing the rest of the view's rules.
 */
import type { GridViewOf, ViewQuery, ViewSpec, ViewTypes } from './view-spec';
import { oneOf } from './view-values';

/**
 * Who answers the grid: 'local', the company's local copy of the resource (ready, and the setting
 * on: every column sorts, one search box, due dates, currency, sums), or 'service', the accounting
 * service itself (its own sort fields, if any, and its search fields). Named like the page's `source`.
 */
export type GridMode = 'local' | 'service';

/** Whether the service itself can sort by the field. */
export const isServiceSortField = <V extends ViewTypes>(spec: ViewSpec<V>, field: V['sort']): boolean => oneOf(spec.serviceSortFields, field);

/**
 * The sort a query carries: the view's own; for the service, its fallback instead of one it
 * cannot do (a sort by due date saved while the local copy answered), or none at all for a
 * resource it lists in its own order only.
 */
export function effectiveSort<V extends ViewTypes>(spec: ViewSpec<V>, view: GridViewOf<V>, mode: GridMode): Pick<ViewQuery<V>, 'sortby' | 'sortorder'> {
  if (!view.sortby) return {};
  if (mode === 'local' || isServiceSortField(spec, view.sortby)) return { sortby: view.sortby, sortorder: view.sortorder ?? 'ascending' };
  return spec.serviceSort ? { ...spec.serviceSort } : {};
}

/** The query without what only the local copy answers (the service gets none of it). */
export function withoutLocalParts<V extends ViewTypes, Q extends Omit<ViewQuery<V>, 'page'>>(spec: ViewSpec<V>, query: Q): Q {
  const out = { ...query };
  // The sort first: a sort the service cannot do goes with its order (a resource may list sortby as local-only).
  if (out.sortby !== undefined && !isServiceSortField(spec, out.sortby)) {
    delete out.sortby;
    delete out.sortorder;
    if (spec.serviceSort) Object.assign(out, spec.serviceSort);
  }
  for (const key of spec.localOnlyQueryKeys) delete (out as Record<string, unknown>)[key];
  if (out.filter !== undefined && oneOf(spec.localOnlyFilters, out.filter)) delete out.filter;
  if (out.search !== undefined && !oneOf(spec.searchFields, out.search.field)) delete out.search;
  return out;
}
