/**
 * The list resources the app keeps and shows (customer invoices, supplier invoices, the customer
 * and supplier registers, the payments on both sides), by id: their ids (resource-ids.ts) and each one's types,
 * derived from its registry description (common/lists).
 */
import type { ListPageView } from './list-primitives';
import type { GridQueryOf, ViewStateOf } from './lists/grid-types';
import type { ColumnOf, ItemOf, RowOf } from './lists/registry';
import type { ResourceId } from './resource-ids';

export { isResourceId, resourceIds, type ResourceId } from './resource-ids';

export type ResourceItems = { [R in ResourceId]: ItemOf<R> };

/** Each list's grid: the query it is asked, a row it shows, the page it answers, the view it keeps and its column ids. */
export type ResourceViews = { [R in ResourceId]: { query: GridQueryOf<R>; row: RowOf<R>; page: ListPageView<RowOf<R>>; view: ViewStateOf<R>; column: ColumnOf<R> } };
