/**
 * The ids of the list resources the app keeps and shows, in sync order: the list every layer keys
 * on (the registry's descriptions, the API's endpoints, the local copy's tables). Customer invoices
 * first: what the owner is owed is the grid they open on.
 */
export const resourceIds = ['invoices', 'supplierinvoices', 'customers', 'suppliers', 'invoicepayments', 'supplierinvoicepayments'] as const;
export type ResourceId = (typeof resourceIds)[number];

export function isResourceId(value: unknown): value is ResourceId {
  return typeof value === 'string' && (resourceIds as readonly string[]).includes(value);
}
