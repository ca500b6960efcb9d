/**
 * The list registry: every list resource's one description (list-description.ts), by its id, in
 * sync order (common/resource-ids.ts). The list client, the copy's queries, the export and its CSV,
 * the IPC schemas, the grid and the labels loop over it; a new list is an entry here (and its
 * parser, its schema step and what truly is its own). A list's id types are its description's.
 */
import { resourceIds, type ResourceId } from '../resource-ids';
import { customersList } from './customers';
import { invoicesList } from './invoices';
import { invoicePaymentsList, supplierPaymentsList } from './payments';
import { keysOf, localSortFieldsOf, serviceSortFieldsOf, type AnyListDescription, type ListDescription } from './list-description';
import { supplierinvoicesList } from './supplierinvoices';
import { suppliersList } from './suppliers';

/** Each list's description as written: the types of its ids are derived from these (grid-types.ts too). */
const descriptions = {
  invoices: invoicesList,
  supplierinvoices: supplierinvoicesList,
  customers: customersList,
  suppliers: suppliersList,
  invoicepayments: invoicePaymentsList,
  supplierinvoicepayments: supplierPaymentsList,
} as const satisfies { [R in ResourceId]: AnyListDescription };

export type Descriptions = typeof descriptions;

// Each by a list's id, and over a union of ids the union of each list's own (not their common part).
/** A list's column ids, statuses, filters and service search fields: the keys of its records. */
export type ColumnOf<R extends ResourceId> = R extends ResourceId ? Extract<keyof Descriptions[R]['fields'], string> : never;
export type StatusOf<R extends ResourceId> = R extends ResourceId ? Extract<keyof Descriptions[R]['statuses'], string> : never;
export type FilterOf<R extends ResourceId> = R extends ResourceId ? Extract<keyof Descriptions[R]['filters'], string> : never;
export type SearchFieldOf<R extends ResourceId> = R extends ResourceId ? Extract<keyof Descriptions[R]['searchFields'], string> : never;

type Fields<R extends ResourceId> = Descriptions[R]['fields'];
/** The local copy's sort fields of a list: each sorted field's `sort.field`. */
export type SortFieldOf<R extends ResourceId> = R extends ResourceId ? { [K in keyof Fields<R>]: Fields<R>[K] extends { sort: { field: infer S extends string } } ? S : never }[keyof Fields<R>] : never;
/** The sort fields the service takes too (the fields that say `serviceSorts`); never for a list it sorts by nothing. */
export type ServiceSortFieldOf<R extends ResourceId> = R extends ResourceId
  ? { [K in keyof Fields<R>]: Fields<R>[K] extends { sort: { field: infer S extends string }; serviceSorts: true } ? S : never }[keyof Fields<R>]
  : never;
/** The values of a list's own choice key (the overview's `scope`); never for a list without it. */
export type ChoiceOf<R extends ResourceId, K extends string> = R extends ResourceId ? (Descriptions[R]['own']['query'] extends { readonly [P in K]: { kind: 'choice'; values: readonly (infer V)[] } } ? V : never) : never;

/** A list's item (what its parser reads, the row's identity is read from) and its row (what the grid and the CSV show). */
export type ItemOf<R extends ResourceId> = R extends ResourceId ? Parameters<Descriptions[R]['identity']>[0] : never;
export type RowOf<R extends ResourceId> = R extends ResourceId ? (Fields<R>[ColumnOf<R>] extends { value(row: infer Row): unknown } ? Row : never) : never;

/** A list's description as every layer reads it: a ListDescription of its own types. */
export type ListOf<R extends ResourceId> = ListDescription<ItemOf<R>, RowOf<R>, ColumnOf<R>, StatusOf<R>, FilterOf<R>, SearchFieldOf<R>>;

export const lists: { readonly [R in ResourceId]: ListOf<R> } = descriptions;

/** The lists in sync order, with their ids. */
export function eachList(): Array<{ id: ResourceId; list: AnyListDescription }> {
  return resourceIds.map((id) => ({ id, list: lists[id] }));
}

/** A list's column ids in their default order (the CSV's and the column menu's). */
export function columnIdsOf<R extends ResourceId>(id: R): ColumnOf<R>[] {
  return Object.keys(lists[id].fields) as ColumnOf<R>[];
}

/** A list's filters, search fields, the copy's sort fields and the service's, in their order, typed as the list's own. */
export function filterIdsOf<R extends ResourceId>(id: R): FilterOf<R>[] {
  return keysOf(lists[id].filters) as FilterOf<R>[];
}
export function searchFieldsOf<R extends ResourceId>(id: R): SearchFieldOf<R>[] {
  return keysOf(lists[id].searchFields) as SearchFieldOf<R>[];
}
export function sortFieldsOf<R extends ResourceId>(id: R): SortFieldOf<R>[] {
  return localSortFieldsOf(lists[id]) as SortFieldOf<R>[];
}
export function serviceSortsOf<R extends ResourceId>(id: R): ServiceSortFieldOf<R>[] {
  return serviceSortFieldsOf(lists[id]) as ServiceSortFieldOf<R>[];
}
