/**
 * How each list resource is kept in the local copy, as the store, the sync and the queries read
 * it: the registry's description of it (common/lists, StoredShape) with the list's id and identity.
 * A new list adds its description there and a schema step (mirror-schema.ts).
 */
import type { StoredShape } from '../../common/lists/list-description';
import { lists } from '../../common/lists/registry';
import { resourceIds, type ResourceId, type ResourceItems } from '../../common/resources';

export interface StoredResource<T> extends StoredShape<T> {
  id: ResourceId;
  /** The item's identity (the value of the `identity` column). */
  identityOf(item: T): string;
}

function storedOf<R extends ResourceId>(id: R): StoredResource<ResourceItems[R]> {
  const list = lists[id] as unknown as { stored: StoredShape<ResourceItems[R]>; identity(item: ResourceItems[R]): string };
  return { id, ...list.stored, identityOf: (item) => list.identity(item) };
}

export const storedResources = Object.fromEntries(resourceIds.map((id) => [id, storedOf(id)])) as { [R in ResourceId]: StoredResource<ResourceItems[R]> };
