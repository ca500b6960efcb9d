/**
 * The part of a list's view rules (a ViewSpec) that its registry description says: its columns in
 * their default order and those shown by default, its filters, each column's sort field on the
 * copy and at the service, its search fields and the query keys only the copy answers. A list's resource adds what
 * is its grid's own choice (its default sort, search field, page sizes and the overview's
 * narrowings).
 */
import { keysOf, localOnlyKeysOf, localSortFieldsOf, serviceFiltersOf, serviceSortFieldsOf, type AnyListDescription } from '../../../electron/common/lists/list-description';
import { columnIdsOf, lists, type ChoiceOf, type ColumnOf, type FilterOf, type SearchFieldOf, type SortFieldOf } from '../../../electron/common/lists/registry';
import type { ResourceId } from '../../../electron/common/resources';
import { listColumns } from './list-columns';
import type { ViewSpec, ViewTypes } from './view-spec';

/** A list's id types (ViewTypes), its description's: its columns, filters, the copy's sort fields, search fields and the overview's scopes. */
export interface ListViewTypes<R extends ResourceId> {
  column: ColumnOf<R>;
  filter: FilterOf<R>;
  sort: SortFieldOf<R>;
  search: SearchFieldOf<R>;
  scope: ChoiceOf<R, 'scope'>;
}

type FromRegistry = 'dated' | 'allColumns' | 'defaultColumns' | 'filters' | 'localOnlyFilters' | 'localSortFieldOf' | 'serviceSortFieldOf' | 'localSortFields' | 'serviceSortFields' | 'searchFields' | 'localOnlyQueryKeys';

export function registryViewSpec<V extends ViewTypes>(id: ResourceId): Pick<ViewSpec<V>, FromRegistry> {
  const list: AnyListDescription = lists[id];
  const columns = listColumns(id) as Record<string, { localSortField?: string; sortField?: string }>;
  return {
    dated: list.dated,
    allColumns: columnIdsOf(id) as V['column'][],
    defaultColumns: list.defaultColumns as V['column'][],
    filters: Object.keys(list.filters) as V['filter'][],
    localOnlyFilters: Object.keys(list.filters).filter((name) => !serviceFiltersOf(list).includes(name)) as V['filter'][],
    localSortFieldOf: (column) => columns[column]?.localSortField as V['sort'] | undefined,
    serviceSortFieldOf: (column) => columns[column]?.sortField as V['sort'] | undefined,
    localSortFields: localSortFieldsOf(list) as V['sort'][],
    serviceSortFields: serviceSortFieldsOf(list) as V['sort'][],
    // The service's search fields (a list whose service searches by fewer says which).
    searchFields: keysOf(list.searchFields) as V['search'][],
    localOnlyQueryKeys: localOnlyKeysOf(list),
  };
}
