/**
 * Each list's query validators, from its registry description (common/lists): as the service takes
 * it (its own sort fields, which may be none, its filters and search fields) and as the local copy
 * takes it (every field the copy sorts by). The list rules themselves are list-query.ts's, one
 * implementation for every list.
 */
import { localSortFieldsOf, serviceFiltersOf, serviceSortFieldsOf, type AnyListDescription } from '../common/lists/list-description';
import { lists } from '../common/lists/registry';
import { resourceIds, type ResourceId } from '../common/resources';
import { listQueryValidator, type ListQuery } from './list-query';

export type QueryValidator = (input: unknown) => ListQuery;

function validators(list: AnyListDescription): { service: QueryValidator; local: QueryValidator } {
  const spec = { noun: list.noun, searchFields: Object.keys(list.searchFields) };
  // The service is never sent a filter only the copy has (the customers' "with overdue").
  return {
    service: listQueryValidator({ ...spec, filters: serviceFiltersOf(list), sortFields: serviceSortFieldsOf(list) }),
    local: listQueryValidator({ ...spec, filters: Object.keys(list.filters), sortFields: localSortFieldsOf(list) }),
  };
}

const byList = Object.fromEntries(resourceIds.map((id) => [id, validators(lists[id])])) as Record<ResourceId, { service: QueryValidator; local: QueryValidator }>;

/** Validates a list's query for the service, from an untrusted caller (IPC, CLI); throws ApiError('bad-request') naming the field. */
export const serviceQueryOf = (id: ResourceId): QueryValidator => byList[id].service;
/** Validates a list's query for the local copy (the CLI with --mirror: the copy sorts by any field it keeps). */
export const localQueryOf = (id: ResourceId): QueryValidator => byList[id].local;
