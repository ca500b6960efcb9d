/**
 * Every list resource's endpoint, from its registry description: its path, its query rules and its
 * response parser (its item reading, item-readers.ts). A company session reads any of them the
 * same way (pages in order, read-ahead, the service's clock).
 */
import type { AnyListDescription } from '../common/lists/list-description';
import { lists } from '../common/lists/registry';
import { resourceIds, type ResourceId, type ResourceItems } from '../common/resources';
import { readingParser } from './item-readers';
import { serviceQueryOf } from './list-queries';
import { listQueryParams, type ListQuery } from './list-query';
import { listNumbersReader, type ListPage, type PageNumbers, type ParseOptions } from './list-response';

export interface ListEndpoint<T> {
  path: string;
  /** Throws ApiError('bad-request') naming the field; nothing is sent before this passes. */
  validate(input: unknown): ListQuery;
  params(query: ListQuery): URLSearchParams;
  parse(json: unknown, options?: ParseOptions): ListPage<T>;
  /** The page numbers alone, the shape checked as `parse` checks it. */
  numbers(json: unknown): PageNumbers;
}

function endpointOf<R extends ResourceId>(id: R): ListEndpoint<ResourceItems[R]> {
  // The registry's entry for `id` reads `id`'s items.
  const { api, noun }: AnyListDescription = lists[id];
  return {
    path: api.path,
    validate: serviceQueryOf(id),
    params: listQueryParams,
    parse: readingParser<ResourceItems[R]>(noun, api.wrapperKey, api.item),
    numbers: listNumbersReader(noun, api.wrapperKey),
  };
}

export const listEndpoints = Object.fromEntries(resourceIds.map((id) => [id, endpointOf(id)])) as { [R in ResourceId]: ListEndpoint<ResourceItems[R]> };
