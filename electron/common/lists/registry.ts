/**
 * The list registry: every list resource's one description (list-description.ts), by its id, in
 * sync order (common/resources.ts). The list client, the copy's queries, the export and its CSV,
 * the IPC schemas, the grid and the labels loop over it; a new list is an entry here (and its
 * parser, its schema step and what truly is its own).
 */
import { resourceIds, type ResourceId } from '../resources';
import { customersList } from './customers';
import { invoicesList } from './invoices';
import { invoicePaymentsList, supplierPaymentsList } from './payments';
import type { AnyListDescription, ListDescription } from './list-description';
import { supplierinvoicesList } from './supplierinvoices';
import { suppliersList } from './suppliers';

export const lists = {
  invoices: invoicesList,
  supplierinvoices: supplierinvoicesList,
  customers: customersList,
  suppliers: suppliersList,
  invoicepayments: invoicePaymentsList,
  supplierinvoicepayments: supplierPaymentsList,
} as const satisfies { [R in ResourceId]: AnyListDescription };

export type Lists = typeof lists;

/* eslint-disable @typescript-eslint/no-explicit-any -- inferring a list's id types from its description */
/** A list's column ids, statuses, filters and service search fields, by its id. */
export type ColumnOf<R extends ResourceId> = R extends ResourceId ? (Lists[R] extends ListDescription<any, any, infer C, any, any, any> ? C : never) : never;
export type StatusOf<R extends ResourceId> = R extends ResourceId ? (Lists[R] extends ListDescription<any, any, any, infer S, any, any> ? S : never) : never;
export type FilterOf<R extends ResourceId> = R extends ResourceId ? (Lists[R] extends ListDescription<any, any, any, any, infer F, any> ? F : never) : never;
export type SearchFieldOf<R extends ResourceId> = R extends ResourceId ? (Lists[R] extends ListDescription<any, any, any, any, any, infer Q> ? Q : never) : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The lists in sync order, with their ids. */
export function eachList(): Array<{ id: ResourceId; list: AnyListDescription }> {
  return resourceIds.map((id) => ({ id, list: lists[id] }));
}

/** A list's column ids in their default order (the CSV's and the column menu's). */
export function columnIdsOf<R extends ResourceId>(id: R): ColumnOf<R>[] {
  return Object.keys(lists[id].fields) as ColumnOf<R>[];
}
