/**
 * The list resources the app keeps and shows: customer invoices and supplier invoices (later
 * customers and payments). Each has a description in the layer that needs one (the API's
 * endpoints, the local copy's tables, the grid's columns); this is the list they all key on.
 */
import type { Invoice } from './invoices';
import type { SupplierInvoice } from './supplier-invoices';

/** In sync order: customer invoices first (what the owner is owed is the grid they open on). */
export const resourceIds = ['invoices', 'supplierinvoices'] as const;
export type ResourceId = (typeof resourceIds)[number];

export interface ResourceItems {
  invoices: Invoice;
  supplierinvoices: SupplierInvoice;
}

export function isResourceId(value: unknown): value is ResourceId {
  return typeof value === 'string' && (resourceIds as readonly string[]).includes(value);
}
